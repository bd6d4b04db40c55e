"""Property: any sequence of claims, invites and bots leaves the seating as a simple model
predicts: each answer's status, every view's seating, the stored token hashes, the version
and the lobby all agree with it."""

from __future__ import annotations

import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from seat_helpers import auth, claim, create

from services.store.games import hash_token

SEATS = 4
#: never claimed nor given a bot (only invited), so the game never starts: no bot moves
#: can bump the version under the model's feet
KEPT_OPEN = SEATS - 1
names = st.text(alphabet=string.ascii_letters, min_size=1, max_size=6)
ops = st.lists(
    st.tuples(
        st.sampled_from(["claim", "invite", "bot", "claim_with_invite", "claim_wrong_invite"]),
        st.integers(0, SEATS),  # SEATS itself is no seat: a 404
        names,
    ),
    max_size=10,
)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(steps=ops)
def test_seating_follows_the_model(client, store, steps):
    created = create(client, "beat", SEATS, open_seats=True, listed=True)
    gid, host = created["id"], auth(created["host_token"])
    kinds = ["open"] * SEATS
    model_names: list[str | None] = [None] * SEATS
    invites: dict[int, str] = {}
    tokens: dict[int, str] = {}
    version = 1
    for op, seat, name in steps:
        if op != "invite" and seat == KEPT_OPEN:
            seat = SEATS  # no such seat: a 404
        exists = seat < SEATS
        free = exists and kinds[seat] == "open"
        if op == "invite":
            r = client.post(f"/v1/games/{gid}/seats/{seat}/invite", headers=host)
            expected = 201 if free else 404 if not exists else 409
            if r.status_code == 201:
                invites[seat] = r.get_json()["invite"]
        elif op == "bot":
            r = client.post(f"/v1/games/{gid}/seats/{seat}/bot", json={"name": name},
                            headers=host)  # fmt: skip
            expected = 200 if free else 404 if not exists else 409
            if r.status_code == 200:
                kinds[seat], model_names[seat] = "bot", name
                invites.pop(seat, None)
        else:
            secret = {
                "claim": None,
                "claim_with_invite": invites.get(seat, "none-minted"),
                "claim_wrong_invite": "not-the-invite",
            }[op]
            r = claim(client, gid, seat, name, secret)
            if not exists:
                expected = 404
            elif not free:
                expected = 409
            elif seat in invites:
                expected = 200 if secret == invites[seat] else 403
            else:
                expected = 200 if secret is None else 403
            if r.status_code == 200:
                kinds[seat], model_names[seat] = "human", name
                tokens[seat] = r.get_json()["token"]
                invites.pop(seat, None)
        assert r.status_code == expected, (op, seat, r.get_json())
        version += r.status_code in (200, 201)

    view = client.get(f"/v1/games/{gid}").get_json()
    assert view["version"] == version
    assert [s["kind"] for s in view["seating"]] == kinds
    assert [s["name"] for s in view["seating"]] == model_names
    assert [s["invited"] for s in view["seating"]] == [i in invites for i in range(SEATS)]
    record = store.get(gid)
    for i in range(SEATS):
        expected_hash = hash_token(tokens[i]) if i in tokens else ""
        assert record.seat_hashes[i] == expected_hash
    listed = {g["id"] for g in client.get("/v1/games?game=beat&limit=100").get_json()["games"]}
    publicly_open = any(k == "open" and i not in invites for i, k in enumerate(kinds))
    assert (gid in listed) == publicly_open
    client.delete(f"/v1/games/{gid}", headers=host)
