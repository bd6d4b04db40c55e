"""A table left idle past GAME_IDLE_TTL ends with an outcome that says so, on a real API
server, instead of vanishing mid-game."""

from __future__ import annotations

import time

import httpx
from live_stack import api_servers

IDLE_S = 2


def test_an_idle_table_ends_with_a_documented_outcome_and_stays_readable(settings, app):
    with api_servers(settings, 1, GAME_IDLE_TTL=str(IDLE_S), GAME_FINISHED_TTL="60") as bases:
        api = httpx.Client(base_url=bases[0], timeout=20)
        body = {"game": "tour", "players": 2, "options": {"mode": "versus"}, "seed": 2,
                "open_seats": [1], "listed": True}  # fmt: skip
        created = api.post("/v1/games", json=body).json()
        gid, auth = created["id"], {"Authorization": f"Bearer {created['seat_tokens'][0]}"}
        claimed = api.post(f"/v1/games/{gid}/seats/1", json={"name": "Late"})
        assert claimed.status_code == 200
        read = api.get(f"/v1/games/{gid}", headers=auth)  # a copy the server keeps
        before = read.json()
        assert before["status"] == "running"
        action = api.get(f"/v1/games/{gid}/actions", headers=auth).json()["actions"][0]
        waiting = api.post("/v1/games", json=body).json()["id"]  # its seat 1 stays open
        assert waiting in [g["id"] for g in api.get("/v1/games").json()["games"]]
        time.sleep(IDLE_S + 0.5)

        # a client holding the running view is not told it is unchanged: the end is news
        again = api.get(f"/v1/games/{gid}", headers={**auth, "If-None-Match": read.headers["ETag"]})
        assert again.status_code == 200 and again.headers["ETag"] != read.headers["ETag"]
        held = {**auth, "If-None-Match": again.headers["ETag"]}
        assert api.get(f"/v1/games/{gid}", headers=held).status_code == 304
        view = again.json()
        assert view["status"] == "finished" and view["version"] == before["version"]
        assert view["outcome"]["ended"] == "idle"
        assert view["outcome"]["at"] <= time.time()
        assert api.get(f"/v1/games/{gid}/actions", headers=auth).json()["actions"] == []
        refused = api.post(f"/v1/games/{gid}/actions", json=action, headers=auth)
        assert (refused.status_code, refused.json()["code"]) == (422, "game_over")
        # the ended game's own tag, echoed as If-Match, is understood: still game over
        echoed = {**auth, "If-Match": again.headers["ETag"]}
        refused = api.post(f"/v1/games/{gid}/actions", json=action, headers=echoed)
        assert (refused.status_code, refused.json()["code"]) == (422, "game_over")
        # nobody can join an ended table
        assert waiting not in [g["id"] for g in api.get("/v1/games").json()["games"]]
        late = api.post(f"/v1/games/{waiting}/seats/1", json={"name": "Too late"})
        assert (late.status_code, late.json()["code"]) == (409, "game_over")
        api.close()
