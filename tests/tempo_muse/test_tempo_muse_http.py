"""Tempo Muse through HTTP: two seat tokens play whole games, by hand and by hints."""

from __future__ import annotations

import random

import pytest

from services.play.moves import replay


def _create(client, options: dict, seed: int) -> dict:
    r = client.post(
        "/v1/games", json={"game": "tempo-muse", "players": 2, "seed": seed, "options": options}
    )
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def _seat_to_act(client, bearer, gid: str, tokens: list[str]) -> int | None:
    """Ask each seat (with its own token) for its actions; exactly one may have any."""
    acting = []
    for seat, token in enumerate(tokens):
        actions = client.get(f"/v1/games/{gid}/actions", headers=bearer(token)).get_json()
        if actions["actions"]:
            acting.append(seat)
    assert len(acting) <= 1
    return acting[0] if acting else None


def test_full_game_with_two_seat_tokens(client, bearer, store):
    created = _create(client, {"round_limit": 8}, seed=21)
    gid, tokens = created["id"], created["seat_tokens"]
    assert len(tokens) == 2
    rng = random.Random(4)
    for _ in range(1000):
        views = [client.get(f"/v1/games/{gid}", headers=bearer(t)).get_json() for t in tokens]
        if views[0]["status"] == "finished":
            break
        # each token sees as its own seat, never the other hand or the deck
        for seat, view in enumerate(views):
            assert view["seat"] == seat
            assert "hands" not in view and "deck" not in view
            # cards drawn in a Cycle are shown only to the seat that drew them
            assert "cycle_drawn" not in view or view["cycle_pending"] == seat
        seat = _seat_to_act(client, bearer, gid, tokens)
        assert seat is not None, "a running game offers one seat its actions"
        listing = client.get(f"/v1/games/{gid}/actions", headers=bearer(tokens[seat]))
        choice = rng.choice(listing.get_json()["actions"])
        # the other seat's token may not post it
        r = client.post(f"/v1/games/{gid}/actions", json=choice, headers=bearer(tokens[1 - seat]))
        assert r.status_code == 403
        r = client.post(
            f"/v1/games/{gid}/actions",
            json=choice,
            headers={**bearer(tokens[seat]), "If-Match": listing.headers["ETag"]},
        )
        assert r.status_code == 200, r.get_json()
    final = client.get(f"/v1/games/{gid}", headers=bearer(tokens[1])).get_json()
    assert final["status"] == "finished"
    assert set(final["outcome"]["winners"]) <= {0, 1} and final["outcome"]["winners"]
    assert final["outcome"]["rounds"] <= 8
    # an illegal move after the end is a 422 with the rules' code
    r = client.post(
        f"/v1/games/{gid}/actions",
        json={"action": {"type": "discard", "card": 1}},
        headers=bearer(tokens[0]),
    )
    assert r.status_code == 422 and r.get_json()["code"] == "game_over"
    log = client.get(f"/v1/games/{gid}/log").get_json()
    record = store.get(gid)
    assert replay(record, log["entries"]) == record.state


def _play_by_hints(client, bearer, gid: str, tokens: list[str], limit: int) -> int:
    """Ask the seat to act for a hint job and post its actions, ``limit`` times at most."""
    done = 0
    while done < limit:
        seat = _seat_to_act(client, bearer, gid, tokens)
        if seat is None:
            break
        r = client.post(f"/v1/games/{gid}/hints", json={}, headers=bearer(tokens[seat]))
        assert r.status_code == 202, r.get_json()
        job = client.get(r.headers["Location"], headers={"Prefer": "wait=20"}).get_json()
        assert job["status"] == "finished", job
        assert job["result"]["actions"] and job["result"]["explanation"]
        for step in job["result"]["actions"]:
            r = client.post(f"/v1/games/{gid}/actions", json=step, headers=bearer(tokens[seat]))
            assert r.status_code == 200, r.get_json()
        done += 1
    return done


def test_hints_through_the_job_queue_are_postable_as_they_are(client, bearer, worker):
    created = _create(client, {"round_limit": 5}, seed=5)
    gid, tokens = created["id"], created["seat_tokens"]
    assert _play_by_hints(client, bearer, gid, tokens, 8) == 8
    rng = random.Random(2)
    while (seat := _seat_to_act(client, bearer, gid, tokens)) is not None:
        listing = client.get(f"/v1/games/{gid}/actions", headers=bearer(tokens[seat]))
        choice = rng.choice(listing.get_json()["actions"])
        r = client.post(f"/v1/games/{gid}/actions", json=choice, headers=bearer(tokens[seat]))
        assert r.status_code == 200, r.get_json()
    assert client.get(f"/v1/games/{gid}").get_json()["status"] == "finished"


@pytest.mark.slow
def test_a_whole_game_played_by_asking_for_hints(client, bearer, worker):
    created = _create(client, {"round_limit": 12}, seed=5)
    gid, tokens = created["id"], created["seat_tokens"]
    _play_by_hints(client, bearer, gid, tokens, 600)
    view = client.get(f"/v1/games/{gid}").get_json()
    assert view["status"] == "finished" and view["outcome"]["winners"]


def test_each_seat_token_sees_its_own_hand(client, bearer):
    created = _create(client, {}, seed=3)
    gid, tokens = created["id"], created["seat_tokens"]
    for seat, token in enumerate(tokens):
        view = client.get(f"/v1/games/{gid}", headers=bearer(token)).get_json()
        assert len(view["hand"]) == view["hand_counts"][seat] == 7
        assert "hands" not in view and "deck" not in view
    spectator = client.get(f"/v1/games/{gid}").get_json()
    assert "hand" not in spectator and spectator["hand_counts"] == [7, 7]
