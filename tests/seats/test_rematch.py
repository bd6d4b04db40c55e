"""Rematch: the next game with the same seats and options; each player picks up a fresh
token with their old one, the same token every time."""

from __future__ import annotations

import threading
import time

from seat_helpers import auth, claim, create, play_first_legal


def _finish(client, gid: str, host: str) -> None:
    for _ in range(2000):
        if play_first_legal(client, gid, host) == 0:
            break
    assert client.get(f"/v1/games/{gid}").get_json()["status"] == "finished"


def _finished_pair(client) -> tuple[dict, str]:
    created = create(client, "tour", 2, open_seats=[1], names=["Ann"], options={"mode": "versus"})
    bob = claim(client, created["id"], 1, "Bob").get_json()["token"]
    _finish(client, created["id"], created["host_token"])
    return created, bob


def test_rematch_keeps_seats_and_options_and_tokens_are_fresh_and_idempotent(client, store):
    old, bob = _finished_pair(client)
    gid, ann, host = old["id"], old["seat_tokens"][0], old["host_token"]
    before = client.get(f"/v1/games/{gid}").get_json()["version"]

    first = client.post(f"/v1/games/{gid}/rematch", headers=auth(bob))
    assert first.status_code == 200, first.get_json()
    made = first.get_json()
    assert made["created"] is True and made["seat"] == 1 and made["host_token"] is None
    new_id, bob_new = made["id"], made["token"]
    assert new_id != gid and bob_new not in (bob, ann, host)

    # every view of the old game names it, and its version moved so waiting clients learn it
    for token in (ann, bob, host, None):
        view = client.get(f"/v1/games/{gid}", headers=auth(token)).get_json()
        assert view["rematch"] == new_id and view["version"] == before + 1

    new_view = client.get(f"/v1/games/{new_id}", headers=auth(bob_new)).get_json()
    assert new_view["seat"] == 1 and new_view["status"] == "running"
    assert [(s["name"], s["kind"], s["joined"]) for s in new_view["seating"]] == [
        ("Ann", "human", False),
        ("Bob", "human", True),
    ]
    old_record, new_record = store.get(gid), store.get(new_id)
    assert new_record.options == old_record.options == {"mode": "versus"}
    assert new_record.game == "tour" and new_record.players == 2

    # asking again gives the same token; the other player gets a token of their own
    again = client.post(f"/v1/games/{gid}/rematch", headers=auth(bob)).get_json()
    assert again["id"] == new_id and again["token"] == bob_new and again["created"] is False
    ann_made = client.post(f"/v1/games/{gid}/rematch", headers=auth(ann)).get_json()
    ann_new = ann_made["token"]
    assert ann_made["seat"] == 0 and ann_new not in (bob_new, ann)
    assert client.get(f"/v1/games/{new_id}", headers=auth(ann_new)).get_json()["seat"] == 0
    seating = client.get(f"/v1/games/{new_id}").get_json()["seating"]
    assert all(s["joined"] for s in seating)
    # the old tokens do not act in the new game
    assert client.get(f"/v1/games/{new_id}", headers=auth(ann)).status_code == 401

    # the host picks up the new host token, also idempotently
    h1 = client.post(f"/v1/games/{gid}/rematch", headers=auth(host)).get_json()
    h2 = client.post(f"/v1/games/{gid}/rematch", headers=auth(host)).get_json()
    assert h1["host_token"] == h2["host_token"] and h1["token"] is None
    assert play_first_legal(client, new_id, h1["host_token"]) == 200


def test_rematch_needs_a_finished_game_and_a_players_token(client):
    running = create(client, "tour", 2, options={"mode": "versus"})
    gid = running["id"]
    r = client.post(f"/v1/games/{gid}/rematch", headers=auth(running["seat_tokens"][0]))
    assert r.status_code == 409 and r.get_json()["code"] == "game_not_finished"
    old, _ = _finished_pair(client)
    assert client.post(f"/v1/games/{old['id']}/rematch").status_code == 401
    assert client.post(f"/v1/games/{old['id']}/rematch", headers=auth("x")).status_code == 401
    assert client.post("/v1/games/nope/rematch", headers=auth("x")).status_code == 404


def test_concurrent_first_requests_make_one_rematch(app):
    client = app.test_client()
    old, bob = _finished_pair(client)
    tokens = [old["seat_tokens"][0], bob, old["host_token"]] * 2
    barrier = threading.Barrier(len(tokens))
    answers: list[dict] = []
    lock = threading.Lock()

    def ask(token: str) -> None:
        c = app.test_client()
        barrier.wait()
        r = c.post(f"/v1/games/{old['id']}/rematch", headers=auth(token))
        with lock:
            answers.append(r.get_json() | {"status": r.status_code})

    threads = [threading.Thread(target=ask, args=(t,)) for t in tokens]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert {a["status"] for a in answers} == {200}
    assert len({a["id"] for a in answers}) == 1
    assert sum(a["created"] for a in answers) == 1
    # the same caller got the same token both times
    by_seat: dict = {}
    for a in answers:
        by_seat.setdefault((a["seat"], a["host_token"] is not None), set()).add(
            a["token"] or a["host_token"]
        )
    assert all(len(v) == 1 for v in by_seat.values()) and len(by_seat) == 3


def test_a_rematch_keeps_its_bots_playing(client, store, worker):
    created = create(client, "tempo-muse", 2, open_seats=[1], names=["Hu"])
    gid, me, host = created["id"], created["seat_tokens"][0], created["host_token"]
    r = client.post(f"/v1/games/{gid}/seats/1/bot", json={"name": "Robo"}, headers=auth(host))
    assert r.status_code == 200
    deadline = time.monotonic() + 120
    while store.get(gid).status != "finished" and time.monotonic() < deadline:
        if play_first_legal(client, gid, me) == 0:
            time.sleep(0.05)
    assert store.get(gid).status == "finished"
    made = client.post(f"/v1/games/{gid}/rematch", headers=auth(me)).get_json()
    view = client.get(f"/v1/games/{made['id']}", headers=auth(made["token"])).get_json()
    assert [(s["name"], s["kind"]) for s in view["seating"]] == [("Hu", "human"), ("Robo", "bot")]
    while time.monotonic() < deadline:
        if any(e["seat"] == 1 for e in store.log(made["id"])):
            break
        if play_first_legal(client, made["id"], made["token"]) == 0:
            time.sleep(0.05)
    assert any(e["seat"] == 1 for e in store.log(made["id"])), "the bot never moved"
