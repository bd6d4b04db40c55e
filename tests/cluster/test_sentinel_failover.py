"""The game store and queue on a Sentinel-watched Redis: kill the master, the service resumes.

One master, one replica and three Sentinels run on loopback (tests/redis_servers.py).
The app finds the master only through REDIS_SENTINELS / REDIS_SENTINEL_MASTER (its
REDIS_URL names no server that answers).  Replication is asynchronous, so a crash may
lose the moves the replica had not yet received; ``min-replicas-to-write 1`` with
``min-replicas-max-lag 1`` on the master bounds that: it takes writes only while the
replica has acknowledged within the last second, so at most about a second of
acknowledged moves can be lost.  The test holds the service to exactly that bound.
"""

from __future__ import annotations

import time
import uuid
from dataclasses import replace

import pytest
from redis_servers import need_server, start_watched, wait_for

from api.app import create_app

MAX_LAG_S = 1


@pytest.fixture
def watched(tmp_path):
    need_server()
    servers = start_watched(tmp_path, max_lag_s=MAX_LAG_S)
    yield servers
    servers.stop()


def _move(client, gid: str, auth: dict) -> int | None:
    """The first listed action's new version, or None when the game offers none."""
    listing = client.get(f"/v1/games/{gid}/actions", headers=auth).get_json()
    if not listing.get("actions"):
        return None
    r = client.post(f"/v1/games/{gid}/actions", json=listing["actions"][0], headers=auth)
    assert r.status_code == 200, r.get_json()
    return r.get_json()["version"]


def test_killing_the_master_loses_no_move_beyond_the_replication_bound(settings, watched):
    tag = uuid.uuid4().hex[:8]
    own = replace(
        settings,
        redis_url="redis://127.0.0.1:1/0",  # never used: Sentinel names the master
        redis_sentinels=watched.sentinel_nodes,
        redis_sentinel_master=watched.name,
        prefix=f"{settings.prefix}failover-{tag}:",
        queue=f"{settings.queue}-failover-{tag}",
    )
    app = create_app(own)
    client = app.test_client()
    created = client.post("/v1/games", json={"game": "beat", "players": 2}).get_json()
    gid, auth = created["id"], {"Authorization": f"Bearer {created['host_token']}"}
    acked: list[tuple[float, int]] = []
    for _ in range(6):
        version = _move(client, gid, auth)
        if version is None:
            break
        acked.append((time.monotonic(), version))
    assert acked, "the game offered no move"
    watched.master.kill()
    killed = time.monotonic()

    def answers() -> bool:
        return client.get(f"/v1/games/{gid}", headers=auth).status_code == 200

    wait_for(answers, 30, "the service to answer after the failover")
    version = client.get(f"/v1/games/{gid}", headers=auth).get_json()["version"]
    safe = [v for t, v in acked if t <= killed - MAX_LAG_S]
    assert version >= (safe[-1] if safe else created["version"])
    assert version <= acked[-1][1]
    # it takes moves again, on the promoted replica
    assert _move(client, gid, auth) in (version + 1, None)
    health = client.get("/v1/health").get_json()
    # no worker runs on this test's queue: only the workers may be down
    assert health["redis"]["ok"] and health["down"] == ["workers"]
    assert health["queue"]["name"] == own.queue
