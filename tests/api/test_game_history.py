"""GET /v1/games/{id}/history: each step's view exactly as the caller read it then, and
only the moves the caller may know (its own seat's; all for the host or once finished)."""

from __future__ import annotations

from api.auth import Principal
from api.games.history import story_entries
from services.play.records import GameRecord


def _seat_views_while_playing(client, bearer, created, moves: int) -> dict[int, dict]:
    """Play ``moves`` listed actions (the seats taking turns where both may move) with the
    host token; seat 0's view as GET showed it after each one, by version."""
    gid, host = created["id"], bearer(created["host_token"])
    seen = {}
    for i in range(moves):
        listing = client.get(f"/v1/games/{gid}/actions", headers=host).get_json()["actions"]
        if not listing:
            break
        turn = [sa for sa in listing if sa["seat"] == (i // 2) % 2] or listing
        r = client.post(f"/v1/games/{gid}/actions", json=turn[0], headers=host)
        assert r.status_code == 200, r.get_json()
        view = client.get(f"/v1/games/{gid}", headers=bearer(created["seat_tokens"][0]))
        seen[view.get_json()["version"]] = view.get_json()
    return seen


def _beat(client) -> dict:
    body = {"game": "beat", "players": 2, "seed": 21, "options": {"venue": "garage"}}
    return client.post("/v1/games", json=body).get_json()


def test_a_seat_reads_its_views_as_they_were_and_only_its_own_moves(client, bearer):
    created = _beat(client)
    seen = _seat_views_while_playing(client, bearer, created, 6)
    gid = created["id"]
    r = client.get(f"/v1/games/{gid}/history", headers=bearer(created["seat_tokens"][0]))
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    assert body["start"]["version"] == 1 and not body["more"]
    assert [e["version"] for e in body["entries"]] == sorted(seen)
    for entry in body["entries"]:
        assert entry["view"] == seen[entry["version"]]
        if entry["seat"] == 0:
            assert entry["action"] is not None
        else:  # the bandmate's card stays hidden while the venue runs
            assert entry["action"] is None and entry["events"] == []
    assert {e["seat"] for e in body["entries"]} == {0, 1}
    # after a version: the view at that version first, then the later steps only
    later = client.get(
        f"/v1/games/{gid}/history?after=3", headers=bearer(created["seat_tokens"][0])
    ).get_json()
    assert later["start"] == seen[3]
    assert [e["version"] for e in later["entries"]] == [v for v in sorted(seen) if v > 3]


def test_spectators_see_no_move_of_a_running_game_and_every_move_once_it_ends(client, bearer):
    created = _beat(client)
    _seat_views_while_playing(client, bearer, created, 3)
    gid = created["id"]
    running = client.get(f"/v1/games/{gid}/history").get_json()
    assert running["entries"] and all(e["action"] is None for e in running["entries"])
    assert all(e["view"]["seat"] is None for e in running["entries"])
    host = client.get(f"/v1/games/{gid}/history", headers=bearer(created["host_token"]))
    assert all(e["action"] is not None for e in host.get_json()["entries"])
    # a spectator may not ask for a seat's view; a seat may not ask for another's
    assert client.get(f"/v1/games/{gid}/history?seat=0").status_code == 401
    other = bearer(created["seat_tokens"][1])
    assert client.get(f"/v1/games/{gid}/history?seat=0", headers=other).status_code == 403
    _seat_views_while_playing(client, bearer, created, 400)
    done = client.get(f"/v1/games/{gid}/history").get_json()
    assert done["entries"][-1]["view"]["status"] == "finished"
    assert all(e["action"] is not None for e in done["entries"])


def test_a_long_story_comes_in_pages(client, bearer, app):
    created = _beat(client)
    _seat_views_while_playing(client, bearer, created, 7)
    gid = created["id"]
    with app.app_context():
        from api.backend import backend

        store = backend().store
        record: GameRecord = store.get(gid)
        log = store.log(gid)
        seat0 = Principal(frozenset({0}))
        after, versions = 0, []
        while True:
            part = story_entries(record, log, seat0, 0, after, page=3)
            assert len(part["entries"]) <= 3
            versions += [e["version"] for e in part["entries"]]
            if not part["more"]:
                break
            after = part["entries"][-1]["version"]
    assert versions == [e["v"] for e in log]
