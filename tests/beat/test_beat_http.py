"""The Beat through HTTP: four clients with their own tokens, and a puzzle played by the host."""

from __future__ import annotations

import random

from beat_leaks import card_ids_in, forbidden_for

from services.play.moves import replay

MAX_STEPS = 2000


def create(client, players: int, options: dict, seed: int) -> dict:
    r = client.post(
        "/v1/games", json={"game": "beat", "players": players, "seed": seed, "options": options}
    )
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def test_four_clients_play_a_live_venue_and_never_see_each_others_cards(client, bearer, store):
    created = create(client, 4, {"venue": "garage"}, seed=12)
    gid, tokens = created["id"], created["seat_tokens"]
    rng = random.Random(5)
    for _ in range(MAX_STEPS):
        state = store.get(gid).state
        for seat, token in enumerate(tokens):
            view = client.get(f"/v1/games/{gid}", headers=bearer(token)).get_json()
            assert view["seat"] == seat
            assert not card_ids_in(view) & forbidden_for(state, seat)
        spectator = client.get(f"/v1/games/{gid}").get_json()
        assert not card_ids_in(spectator) & forbidden_for(state, None)
        if spectator["status"] == "finished":
            break
        # the live log would reveal face-down plays: only the host may read it
        assert client.get(f"/v1/games/{gid}/log", headers=bearer(tokens[0])).status_code == 403
        movers = []
        for seat, token in enumerate(tokens):
            listing = client.get(f"/v1/games/{gid}/actions", headers=bearer(token)).get_json()
            if listing["actions"]:
                movers.append((seat, listing))
        assert movers, "a running venue offers some seat an action"
        seat, listing = rng.choice(movers)
        r = client.post(
            f"/v1/games/{gid}/actions",
            json=rng.choice(listing["actions"]),
            headers={**bearer(tokens[seat]), "If-Match": f'"{listing["version"]}"'},
        )
        assert r.status_code == 200, r.get_json()
    else:
        raise AssertionError("the venue did not end")
    outcome = spectator["outcome"]
    assert outcome["winners"] in ([], [0, 1, 2, 3])
    record = store.get(gid)
    assert replay(record, store.log(gid)) == record.state


def test_host_plays_a_puzzle_alone_and_sees_everything(client, bearer, store):
    created = create(client, 3, {"venue": "red_rocks", "mode": "puzzle"}, seed=3)
    gid, host = created["id"], created["host_token"]
    rng = random.Random(8)
    for _ in range(MAX_STEPS):
        view = client.get(f"/v1/games/{gid}", headers=bearer(host)).get_json()
        if view["status"] == "finished":
            break
        # open information: the host's view shows every seat's hand
        state = store.get(gid).state
        for seat in range(3):
            assert set(state["seats"][seat]["hand"]) <= card_ids_in(view)
        listing = client.get(f"/v1/games/{gid}/actions", headers=bearer(host)).get_json()
        assert listing["actions"]
        choice = rng.choice(listing["actions"])
        r = client.post(f"/v1/games/{gid}/actions", json=choice, headers=bearer(host))
        assert r.status_code == 200, r.get_json()
    else:
        raise AssertionError("the puzzle did not end")
    assert view["outcome"] is not None
    # puzzle games are open: anyone may read the log, and it replays exactly
    log = client.get(f"/v1/games/{gid}/log").get_json()
    record = store.get(gid)
    assert replay(record, log["entries"]) == record.state
