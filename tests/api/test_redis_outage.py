"""Redis going away: 503 in the error format at once, and recovery with no restart."""

from __future__ import annotations

import time

from api.app import create_app
from api.config import Settings
from api.embedded_redis import EmbeddedRedis


def test_redis_down_is_503_and_the_app_recovers_by_itself(tmp_path):
    server = EmbeddedRedis(tmp_path, aof=True).start()
    app = create_app(Settings(redis_url=server.url, prefix="outage-test:"))
    client = app.test_client()
    try:
        created = client.post("/v1/games", json={"game": "tour", "players": 1, "seed": 1})
        assert created.status_code == 201
        gid = created.get_json()["id"]
        time.sleep(1.5)  # appendfsync everysec: only writes a second old are promised

        server.process.kill()
        server.process.wait()
        started = time.monotonic()
        for path in ("/v1/health", f"/v1/games/{gid}", "/v1/catalog"):
            r = client.get(path)
            if path == "/v1/catalog":
                assert r.status_code == 200  # content needs no Redis
                continue
            assert r.status_code == 503
            body = r.get_json()
            assert body["code"] == "backend_unavailable" and body["message"]
            assert r.headers["Retry-After"]
        assert time.monotonic() - started < 10, "a dead Redis must not make requests hang"

        # the same server comes back on the same port with its append-only file
        server.start()
        r = client.get(f"/v1/games/{gid}")
        assert r.status_code == 200
        assert r.get_json()["id"] == gid
    finally:
        server.stop()
