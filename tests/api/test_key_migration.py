"""Games stored under untagged keys are renamed to the tagged names and play on."""

from __future__ import annotations

import redis

from services.play.moves import create_game, game_for, perform
from services.store.games import GameStore
from services.store.key_migration import migrate_untagged


def test_untagged_games_are_renamed_and_play_on(settings, own_prefix):
    client = redis.Redis.from_url(settings.redis_url)
    store = GameStore(client, prefix=own_prefix)
    new = create_game(store, "tour", 1, {}, seed=2)
    gid = new.record.id
    perform(store, gid, 0, game_for("tour").legal_actions(new.record.state, 0)[0])
    # lay the game out under the untagged names
    for tagged, plain in ((store.record_key(gid), f"{own_prefix}game:{gid}"),
                          (store.log_key(gid), f"{own_prefix}game:{gid}:log"),
                          (store.events_key(gid), f"{own_prefix}game:{gid}:events")):  # fmt: skip
        client.rename(tagged, plain)
    ttl = client.ttl(f"{own_prefix}game:{gid}")
    assert not client.exists(store.record_key(gid))

    assert migrate_untagged(client, own_prefix) == 3
    assert migrate_untagged(client, own_prefix) == 0  # again: nothing left to do
    record = store.get(gid)
    assert record.version == 2 and len(store.log(gid)) == 1
    assert client.xlen(store.events_key(gid)) == 1
    assert 0 < client.ttl(store.record_key(gid)) <= ttl
    perform(store, gid, 0, game_for("tour").legal_actions(record.state, 0)[0])
    assert store.get(gid).version == 3
