"""A write whose reply is lost on a dropped connection is applied exactly once.

A small TCP relay sits between the store and the real Redis and, once armed, closes
the client's connection right after Redis has run the commit script, before its reply
gets through: the move is stored, the client sees a connection error and sends the
script again on a new connection.  Before the commit carried an id, that resend met
the version it had itself made, answered "version moved on", and the move was
re-applied to the state it had already produced (a play refused as already played; an
action that is legal twice would have been applied twice).
"""

from __future__ import annotations

from urllib.parse import urlparse

import pytest
import redis
from tcp_relay import Relay

from api.ratelimit import Limit, RateLimiter
from services.play.joining import claim_seat
from services.play.moves import create_game, game_for, perform, replay
from services.play.seating import initial_seating
from services.store.games import GameStore, hash_token
from services.store.seats import SeatStore


@pytest.fixture
def relayed_store(settings):
    url = urlparse(settings.redis_url)
    relay = Relay(url.hostname or "127.0.0.1", url.port or 6379)
    client = redis.Redis(host="127.0.0.1", port=relay.port, db=int(url.path.lstrip("/") or 0))
    store = GameStore(client, prefix=f"{settings.prefix}lost-reply:")
    yield store, relay
    keys = list(client.scan_iter(match=f"{settings.prefix}lost-reply:*"))
    if keys:
        client.delete(*keys)
    client.close()
    relay.close()


def _arm_for(relay, script) -> None:
    """Arm the relay for ``script``'s next call, with the script already on the server: on
    a server that has not seen it, the reply lost would be NOSCRIPT's, the script would
    then run once with its reply delivered, and the test would prove nothing."""
    script.registered_client.script_load(script.script)
    relay.arm(script.sha.encode())


def test_a_commit_whose_reply_is_lost_is_applied_once(relayed_store):
    store, relay = relayed_store
    record = create_game(store, "beat", 2, {"venue": "garage"}, seed=3).record
    seat = game_for("beat").seats_to_act(record.state)[0]
    play = next(
        a for a in game_for("beat").legal_actions(record.state, seat) if a["type"] == "play"
    )
    _arm_for(relay, store._commit)
    result = perform(store, record.id, seat, play)
    assert relay.dropped == 1
    assert result.record.version == record.version + 1
    log = store.log(record.id)
    assert [(e["seat"], e["action"]) for e in log] == [(seat, play)]
    stored = store.get(record.id)
    assert stored.version == record.version + 1
    assert stored.state == replay(stored, log) == result.record.state


def test_a_seat_claim_whose_reply_is_lost_keeps_its_token(relayed_store):
    """The seat change script resent after a lost reply: the claimant still gets the
    seat and its token works (not 409 ``seat_taken`` from its own claim, which would
    lose the one-time token and leave the seat held by nobody who can use it)."""
    store, relay = relayed_store
    seating = initial_seating(2, [1], [None, None])
    record = create_game(store, "beat", 2, {"venue": "garage"}, seed=3, seating=seating).record
    seats = SeatStore(store)
    _arm_for(relay, seats._change)
    result = claim_seat(seats, record.id, 1, "bea")
    assert relay.dropped == 1
    stored = store.get(record.id)
    assert stored.version == record.version + 1 == result.record.version
    assert stored.seat_hashes[1] == hash_token(result.secret)
    assert stored.seating[1]["name"] == "bea"


def test_a_one_trip_move_whose_reply_is_lost_is_applied_once(relayed_store):
    """The limits-and-commit script of a move on a process's copy (``GameStore.commit``
    with a gate), resent
    after its reply was lost: stored once, and the resend answers the version it made."""
    store, relay = relayed_store
    limiter = RateLimiter(store.redis, store.prefix, Limit(100, 60), None)
    record = create_game(store, "beat", 2, {"venue": "garage"}, seed=3).record
    seat = game_for("beat").seats_to_act(record.state)[0]
    play = next(
        a for a in game_for("beat").legal_actions(record.state, seat) if a["type"] == "play"
    )
    _arm_for(relay, store._commit)
    gate = limiter.admission(limiter.windows_for("192.0.2.9", None))
    done = perform(store, record.id, seat, play, record=record, gate=gate, copy=True)
    assert relay.dropped == 1
    assert RateLimiter.verdict(gate.reply).admitted
    assert done.record.version == record.version + 1
    log = store.log(record.id)
    assert [(e["seat"], e["action"]) for e in log] == [(seat, play)]
    stored = store.get(record.id)
    assert stored.version == record.version + 1
    assert stored.state == replay(stored, log) == done.record.state
