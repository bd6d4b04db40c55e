"""The lobby index follows a seat change as a step of its own: a crash between the seat
script and that step leaves the index behind, and the listing and the next change mend it."""

from __future__ import annotations

import uuid

import pytest

from services.store.connections import connect
from services.store.games import GameStore
from services.store.seats import SeatStore

OPEN = {"kind": "open", "name": None, "invite": None}
HUMAN = {"kind": "human", "name": "Ann"}


class Crash(Exception):
    """The process died after the seat script, before the lobby step."""


@pytest.fixture
def seats(settings):
    client = connect(settings.game_redis())
    prefix = f"{settings.prefix}follow-{uuid.uuid4().hex[:6]}:"
    yield SeatStore(GameStore(client, prefix=prefix))
    keys = list(client.scan_iter(match=f"{prefix}*"))
    if keys:
        client.delete(*keys)


def _game(seats: SeatStore, seating: list[dict]):
    tokens = ["t" if s["kind"] != "open" else None for s in seating]
    record = seats.store.create("tour", len(seating), 1, {}, {"players": len(seating)},
                                "running", seating=seating, seat_tokens=tokens).record  # fmt: skip
    return record


def _crash(*_args, **_kwargs):
    raise Crash


def test_a_game_filled_before_a_crash_leaves_the_listing(seats, monkeypatch):
    record = _game(seats, [HUMAN, OPEN])
    seats.list_new(record)
    assert [g["id"] for g in seats.lobby("tour", 0, 10).games] == [record.id]
    monkeypatch.setattr(SeatStore, "index", _crash)
    with pytest.raises(Crash):
        seats.change(record, ["a", "b"], [HUMAN, {"kind": "human", "name": "Bo"}], {"seat": 1})
    monkeypatch.undo()
    # the seat script ran (the game is full) but the index still names it
    assert seats.redis.zscore(seats.lobby_key("tour"), record.id) is not None
    for game in (None, "tour"):
        page = seats.lobby(game, 0, 10)
        assert page.games == [] and page.total == 0
    assert seats.redis.zscore(seats.lobby_key(), record.id) is None
    assert seats.redis.zscore(seats.lobby_key("tour"), record.id) is None


def test_a_listing_lost_to_a_crash_comes_back_with_the_next_change(seats, monkeypatch):
    record = _game(seats, [HUMAN, OPEN, OPEN])
    monkeypatch.setattr(SeatStore, "index", _crash)
    with pytest.raises(Crash):
        seats.list_new(record)
    monkeypatch.undo()
    assert seats.lobby("tour", 0, 10).games == []  # listed in its hash, not yet indexed
    record = seats.store.get(record.id)
    seats.change(record, ["t", "u", ""], [HUMAN, {"kind": "human", "name": "Bo"}, OPEN],
                 {"seat": 1})  # fmt: skip
    assert [g["id"] for g in seats.lobby("tour", 0, 10).games] == [record.id]
