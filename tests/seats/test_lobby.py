"""The lobby: listed games with a free seat, paginated, and nothing hidden in it."""

from __future__ import annotations

import time
import uuid

import pytest
from seat_helpers import auth, claim, create

from services.store.connections import connect
from services.store.games import GameStore
from services.store.seats import SeatStore

LOBBY_KEYS = {
    "id", "game", "title", "players", "options", "seats", "open_seats", "taken", "created",
    "updated",
}  # fmt: skip
SEAT_KEYS = {"seat", "name", "kind", "open", "invited", "joined"}


def _listed_ids(client, **query) -> list[str]:
    r = client.get("/v1/games", query_string=query)
    assert r.status_code == 200, r.get_json()
    return [g["id"] for g in r.get_json()["games"]]


def test_only_listed_games_with_a_free_seat_are_listed(client):
    listed = create(client, "beat", 3, open_seats=[1, 2], listed=True, names=["Ann"])
    unlisted = create(client, "beat", 3, open_seats=[1, 2])
    full = create(client, "beat", 3, listed=True)
    ids = _listed_ids(client, game="beat", limit=100)
    assert listed["id"] in ids
    assert unlisted["id"] not in ids and full["id"] not in ids
    entry = next(
        g for g in client.get("/v1/games?game=beat&limit=100").get_json()["games"]
        if g["id"] == listed["id"]
    )  # fmt: skip
    assert entry["open_seats"] == [1, 2] and entry["taken"] == 1 and entry["players"] == 3
    assert entry["seats"][0]["name"] == "Ann"
    # the game kind filter
    assert listed["id"] not in _listed_ids(client, game="tour", limit=100)
    assert listed["id"] in _listed_ids(client, limit=100)


def test_a_game_leaves_the_lobby_when_its_seats_are_taken_or_invited(client):
    created = create(client, "beat", 3, open_seats=[1, 2], listed=True)
    gid = created["id"]
    assert claim(client, gid, 1, "Bob").status_code == 200
    entry = next(
        g for g in client.get("/v1/games?game=beat&limit=100").get_json()["games"]
        if g["id"] == gid
    )  # fmt: skip
    assert entry["open_seats"] == [2] and entry["seats"][1]["name"] == "Bob"
    # an invited seat is kept for its invite: not free for the lobby
    host = auth(created["host_token"])
    assert client.post(f"/v1/games/{gid}/seats/2/invite", headers=host).status_code == 201
    assert gid not in _listed_ids(client, game="beat", limit=100)


def test_deleted_games_drop_out(client):
    created = create(client, "tour", 2, open_seats=[1], listed=True)
    gid = created["id"]
    assert gid in _listed_ids(client, game="tour", limit=100)
    assert client.delete(f"/v1/games/{gid}", headers=auth(created["host_token"])).status_code == 204
    assert gid not in _listed_ids(client, game="tour", limit=100)


def test_the_listing_shows_nothing_hidden(client):
    created = create(client, "beat", 3, open_seats=[2], listed=True, seed=12345)
    gid = created["id"]
    host = auth(created["host_token"])
    invite = client.post(f"/v1/games/{gid}/seats/1/invite", headers=host)
    assert invite.status_code == 409  # seat 1 is the creator's
    body = client.get("/v1/games?game=beat&limit=100").get_json()
    entry = next(g for g in body["games"] if g["id"] == gid)
    assert set(entry) == LOBBY_KEYS
    assert all(set(s) == SEAT_KEYS for s in entry["seats"])
    text = str(entry)
    for secret in (created["host_token"], *filter(None, created["seat_tokens"])):
        assert secret not in text
    # options are the creator's public settings; the seed and the state never appear
    assert entry["options"] == {}


def test_pagination_walks_every_listed_game_once(client):
    game = "composition"
    made = {create(client, game, 2, open_seats=[1], listed=True)["id"] for _ in range(5)}
    seen: list[str] = []
    offset = 0
    while offset is not None:
        r = client.get("/v1/games", query_string={"game": game, "limit": 2, "offset": offset})
        body = r.get_json()
        assert len(body["games"]) <= 2 and body["limit"] == 2
        seen += [g["id"] for g in body["games"]]
        offset = body["next_offset"]
    assert made <= set(seen) and len(seen) == len(set(seen))
    assert body["total"] == len(seen)


@pytest.mark.parametrize(
    "query", [{"status": "finished"}, {"limit": 0}, {"limit": 101}, {"offset": -1}]
)
def test_bad_lobby_queries_are_400(client, query):
    assert client.get("/v1/games", query_string=query).status_code == 400


def test_lobby_entries_leave_with_their_game(settings):
    """A game idle too long ends, and the lobby drops it; when Redis drops the game, its
    index entry is gone too."""
    client = connect(settings.game_redis())
    prefix = f"{settings.prefix}lobby-{uuid.uuid4().hex[:6]}:"
    store = GameStore(client, prefix=prefix, idle_ttl_s=1, finished_ttl_s=1)
    seats = SeatStore(store)
    seating = [{"kind": "human", "name": None}, {"kind": "open", "name": None, "invite": None}]
    record = store.create("tour", 2, 1, {}, {"players": 2}, "running", seating=seating,
                          seat_tokens=["t", None]).record  # fmt: skip
    seats.list_new(record)
    try:
        assert [g["id"] for g in seats.lobby(None, 0, 10).games] == [record.id]
        time.sleep(1.2)
        assert store.get(record.id).ended["reason"] == "idle"
        page = seats.lobby(None, 0, 10)
        assert page.games == [] and page.total == 0
        time.sleep(1.0)
        assert not client.exists(store.record_key(record.id))
        assert seats.lobby(None, 0, 10).games == []
    finally:
        for key in client.scan_iter(match=f"{prefix}*"):
            client.delete(key)
