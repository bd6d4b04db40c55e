"""/v1/health: liveness plus Redis and queue status."""

from __future__ import annotations

import time

import redis
from flask.views import MethodView
from rq import Worker

from api.backend import backend
from api.blueprint import Blueprint
from api.errors import ApiError, error_responses
from services import liveness

blp = Blueprint("health", __name__, url_prefix="/v1/health", description="Service health")


@blp.route("")
class Health(MethodView):
    @blp.response(200)
    @error_responses(blp, 503)
    def get(self):
        """Liveness, Redis round trip, queue depth and workers, and what is down: 503 when
        Redis is; ``degraded`` when no worker has beaten in the last seconds"""
        be = backend()
        start = time.perf_counter()
        try:
            be.redis.ping()
        except (redis.ConnectionError, redis.TimeoutError):
            message = "the game store is unavailable; retry shortly"
            down = {"down": ["redis"]}
            retry = {"Retry-After": "1"}
            raise ApiError(503, "backend_unavailable", message, down, retry) from None
        latency_ms = (time.perf_counter() - start) * 1000
        alive = liveness.alive(be.redis, be.queue.name)
        down = [] if alive else ["workers"]
        return {
            "status": "degraded" if down else "ok",
            "down": down,
            "redis": {"ok": True, "latency_ms": round(latency_ms, 3)},
            "queue": {
                "name": be.queue.name,
                "depth": be.queue.count,
                # RQ's registrations, which outlive a killed worker for minutes
                "workers": Worker.count(queue=be.queue),
                "workers_alive": alive,
            },
        }
