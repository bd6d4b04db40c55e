"""Request ids, metrics and rate limits."""

from __future__ import annotations

import re
import uuid

from api.app import create_app
from api.config import Settings


def test_request_id_is_echoed_and_in_error_bodies(client):
    r = client.get("/v1/games/nope", headers={"X-Request-ID": "trace-12345678"})
    assert r.headers["X-Request-ID"] == "trace-12345678"
    assert r.get_json()["request_id"] == "trace-12345678"
    r = client.get("/v1/games/nope", headers={"X-Request-ID": "bad id with spaces"})
    assert r.headers["X-Request-ID"] != "bad id with spaces"
    assert r.get_json()["request_id"] == r.headers["X-Request-ID"]
    # a fresh id is 32 hex digits, new for every request
    fresh = {client.get("/v1/games/nope").headers["X-Request-ID"] for _ in range(20)}
    assert len(fresh) == 20 and all(re.fullmatch(r"[0-9a-f]{32}", i) for i in fresh)


def test_metrics_endpoint_exports_requests_and_queue(client, settings):
    client.get("/v1/health")
    client.get("/v1/games/no-such-game")
    text = client.get("/metrics").get_data(as_text=True)
    assert "flask_http_request_duration_seconds" in text
    health = 'method="GET",status="200",url_rule="/v1/health"'
    assert f"flask_http_request_total{{{health}}}" in text
    assert f"flask_http_request_duration_seconds_count{{{health}}}" in text
    assert 'status="404",url_rule="/v1/games/<game_id>"' in text
    assert 'url_rule="/metrics"' not in text
    assert f'greenroom_queue_depth{{queue="{settings.queue}"}}' in text
    assert 'greenroom_jobs{queue="' in text


def test_rate_limit_per_token_answers_429_with_retry_after(settings):
    own = Settings(
        redis_url=settings.redis_url,
        prefix=f"{settings.prefix}rl-{uuid.uuid4().hex[:6]}:",
        queue=settings.queue,
        rate_limit_address="1000/minute",
        rate_limit_token="5/minute",
    )
    app = create_app(own)
    client = app.test_client()
    created = client.post("/v1/games", json={"game": "tour", "players": 2}).get_json()
    t0, t1 = created["seat_tokens"]
    gid = created["id"]
    statuses = [
        client.get(f"/v1/games/{gid}", headers={"Authorization": f"Bearer {t0}"}).status_code
        for _ in range(8)
    ]
    assert statuses[:5] == [200] * 5
    assert statuses[5:] == [429] * 3
    r = client.get(f"/v1/games/{gid}", headers={"Authorization": f"Bearer {t0}"})
    assert r.get_json()["code"] == "rate_limited"
    assert int(r.headers["Retry-After"]) > 0
    # another token from the same address still has its own allowance
    assert (
        client.get(f"/v1/games/{gid}", headers={"Authorization": f"Bearer {t1}"}).status_code == 200
    )
    # health is never limited
    assert all(client.get("/v1/health").status_code == 200 for _ in range(10))


def test_rate_limit_per_address(settings):
    own = Settings(
        redis_url=settings.redis_url,
        prefix=f"{settings.prefix}rl-{uuid.uuid4().hex[:6]}:",
        queue=settings.queue,
        rate_limit_address="3/minute",
        rate_limit_token="",
    )
    client = create_app(own).test_client()
    statuses = [client.get("/v1/catalog").status_code for _ in range(5)]
    assert statuses == [200, 200, 200, 429, 429]
    other = client.get("/v1/catalog", environ_base={"REMOTE_ADDR": "10.9.8.7"})
    assert other.status_code == 200
