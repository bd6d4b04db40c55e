"""Open seats: claiming by name, invites, names in views, and no move before all are seated."""

from __future__ import annotations

import threading

from seat_helpers import auth, claim, create, play_first_legal


def test_open_seats_get_no_token_and_show_in_every_view(client):
    created = create(client, "tour", 2, open_seats=[1], names=["Ann"])
    assert created["seat_tokens"][0] and created["seat_tokens"][1] is None
    gid = created["id"]
    r = claim(client, gid, 1, "  Bob   B. ")
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    assert body["seat"] == 1 and body["name"] == "Bob B." and body["token"]
    expected = [
        {"seat": 0, "name": "Ann", "kind": "human", "open": False, "invited": False,
         "joined": True},
        {"seat": 1, "name": "Bob B.", "kind": "human", "open": False, "invited": False,
         "joined": True},
    ]  # fmt: skip
    views = [
        client.get(f"/v1/games/{gid}", headers=auth(created["seat_tokens"][0])),
        client.get(f"/v1/games/{gid}", headers=auth(body["token"])),
        client.get(f"/v1/games/{gid}", headers=auth(created["host_token"])),
        client.get(f"/v1/games/{gid}"),  # a spectator
    ]
    for view in views:
        assert view.status_code == 200
        assert view.get_json()["seating"] == expected
    # the claimed token acts for exactly that seat
    assert client.get(f"/v1/games/{gid}", headers=auth(body["token"])).get_json()["seat"] == 1


def test_a_claim_bumps_the_version_so_etags_move(client):
    created = create(client, "tour", 2, open_seats=True)
    gid = created["id"]
    before = client.get(f"/v1/games/{gid}").headers["ETag"]
    assert claim(client, gid, 0, "Ann").status_code == 200
    after = client.get(f"/v1/games/{gid}")
    assert after.headers["ETag"] != before
    assert after.get_json()["seating"][0]["name"] == "Ann"


def test_moves_are_refused_while_a_seat_is_open(client):
    created = create(client, "tour", 2, open_seats=[1])
    gid, mine = created["id"], created["seat_tokens"][0]
    listing = client.get(f"/v1/games/{gid}/actions", headers=auth(mine)).get_json()
    assert listing["actions"] == []
    # the host could name an action of the rules; it is still refused while seat 1 is open
    host = auth(created["host_token"])
    state_actions = client.get(f"/v1/games/{gid}/actions", headers=host).get_json()["actions"]
    assert state_actions == []
    move = {"seat": 0, "action": {"type": "choose_offer", "index": 0}}
    r = client.post(f"/v1/games/{gid}/actions", json=move, headers=host)
    assert r.status_code == 409 and r.get_json()["code"] == "seats_open"
    assert r.get_json()["message"]
    assert claim(client, gid, 1, "Bob").status_code == 200
    assert play_first_legal(client, gid, created["host_token"]) == 200


def test_claims_of_taken_or_missing_seats_and_bad_names(client):
    created = create(client, "tour", 2, open_seats=[1])
    gid = created["id"]
    assert claim(client, gid, 0, "Eve").status_code == 409  # the creator's seat
    assert claim(client, gid, 0, "Eve").get_json()["code"] == "seat_taken"
    assert claim(client, gid, 2, "Eve").status_code == 404
    assert claim(client, gid, 1, "   ").status_code == 422
    assert client.post(f"/v1/games/{gid}/seats/1", json={}).status_code == 400
    assert claim(client, "nope", 0, "Eve").status_code == 404
    assert claim(client, gid, 1, "Bob").status_code == 200
    again = claim(client, gid, 1, "Mallory")
    assert again.status_code == 409 and again.get_json()["code"] == "seat_taken"


def test_bad_open_seat_lists_are_refused(client):
    base = {"game": "tour", "players": 2, "options": {"mode": "versus"}}
    for bad in ([2], [0, 0], [-1], "all", [True]):
        r = client.post("/v1/games", json={**base, "open_seats": bad})
        assert r.status_code in (400, 422), bad
    r = client.post("/v1/games", json={**base, "names": ["a", "b", "c"]})
    assert r.status_code == 422


def test_concurrent_claims_of_one_seat_have_exactly_one_winner(app):
    client = app.test_client()
    created = create(client, "beat", 3, open_seats=[1, 2])
    gid = created["id"]
    contenders = 10
    barrier = threading.Barrier(contenders)
    results: list[tuple[int, dict]] = []
    lock = threading.Lock()

    def contend(i: int) -> None:
        c = app.test_client()
        barrier.wait()
        r = claim(c, gid, 1, f"player {i}")
        with lock:
            results.append((r.status_code, r.get_json()))

    threads = [threading.Thread(target=contend, args=(i,)) for i in range(contenders)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    statuses = sorted(s for s, _ in results)
    assert statuses == [200] + [409] * (contenders - 1)
    winner = next(body for s, body in results if s == 200)
    view = client.get(f"/v1/games/{gid}", headers=auth(winner["token"])).get_json()
    assert view["seat"] == 1
    assert view["seating"][1]["name"] == winner["name"]
    # the losers' would-be tokens were never stored: only the winner's works
    assert view["seating"][2]["open"] is True


def test_invites_claim_exactly_their_seat_once(client):
    created = create(client, "beat", 3, open_seats=[1, 2])
    gid, host = created["id"], auth(created["host_token"])
    # only the host mints invites
    assert client.post(f"/v1/games/{gid}/seats/1/invite").status_code == 403
    seat_token = auth(created["seat_tokens"][0])
    assert client.post(f"/v1/games/{gid}/seats/1/invite", headers=seat_token).status_code == 403
    r = client.post(f"/v1/games/{gid}/seats/1/invite", headers=host)
    assert r.status_code == 201
    invite = r.get_json()
    assert invite["url"].endswith(f"#/join/{gid}/1?invite={invite['invite']}")
    secret = invite["invite"]
    view = client.get(f"/v1/games/{gid}").get_json()
    assert view["seating"][1]["invited"] is True and secret not in str(view)
    # kept for the invite: no claim without it, none with it for another seat
    assert claim(client, gid, 1, "Eve").get_json()["code"] == "invite_required"
    assert claim(client, gid, 1, "Eve", "wrong").get_json()["code"] == "invalid_invite"
    assert claim(client, gid, 2, "Eve", secret).get_json()["code"] == "invalid_invite"
    ok = claim(client, gid, 1, "Friend", secret)
    assert ok.status_code == 200 and ok.get_json()["seat"] == 1
    assert claim(client, gid, 1, "Friend", secret).status_code == 409  # used up
    # a newer invite replaces the older one
    first = client.post(f"/v1/games/{gid}/seats/2/invite", headers=host).get_json()["invite"]
    second = client.post(f"/v1/games/{gid}/seats/2/invite", headers=host).get_json()["invite"]
    assert claim(client, gid, 2, "Late", first).get_json()["code"] == "invalid_invite"
    assert claim(client, gid, 2, "Late", second).status_code == 200
    assert client.post(f"/v1/games/{gid}/seats/2/invite", headers=host).status_code == 409


def test_a_finished_game_takes_no_seat_changes(client):
    created = create(client, "tour", 2, options={"mode": "versus"}, names=["Ann", "Bob"])
    gid, host = created["id"], created["host_token"]
    while play_first_legal(client, gid, host):
        pass
    view = client.get(f"/v1/games/{gid}").get_json()
    assert view["status"] == "finished"
    assert [s["name"] for s in view["seating"]] == ["Ann", "Bob"]
    assert claim(client, gid, 1, "Late").status_code == 409
    r = client.post(f"/v1/games/{gid}/seats/1/bot", json={}, headers=auth(host))
    assert r.status_code == 409 and r.get_json()["code"] == "game_over"


def test_games_without_open_seats_behave_as_before(client):
    created = create(client, "tour", 2, options={"mode": "versus"})
    assert all(created["seat_tokens"])
    view = client.get(f"/v1/games/{created['id']}").get_json()
    assert [s["kind"] for s in view["seating"]] == ["human", "human"]
    assert view["rematch"] is None
    assert play_first_legal(client, created["id"], created["seat_tokens"][0]) == 200
