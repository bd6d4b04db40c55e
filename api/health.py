"""/v1/health: liveness plus Redis and queue status."""

from __future__ import annotations

import time

import redis
from flask.views import MethodView
from rq import Worker

from api.backend import backend
from api.blueprint import Blueprint
from api.errors import ApiError, error_responses
from services.store import liveness
from services.store.connections import node_clients

blp = Blueprint("health", __name__, url_prefix="/v1/health", description="Service health")


@blp.route("")
class Health(MethodView):
    @blp.response(200)
    @error_responses(blp, 503)
    def get(self):
        """Liveness, Redis round trip, queue depth and workers, and what is down: 503 when
        no game-store node answers; ``degraded`` when one node does not or no worker
        has beaten in the last seconds"""
        be = backend()
        nodes = [_ping(name, client) for name, client in node_clients(be.redis)]
        if not any(n["ok"] for n in nodes):
            message = "the game store is unavailable; retry shortly"
            down = {"down": ["redis"]}
            retry = {"Retry-After": "1"}
            raise ApiError(503, "backend_unavailable", message, down, retry)
        slowest = max(n["latency_ms"] for n in nodes if n["ok"])
        # workers beat on the queue's Redis, which is where they take jobs from
        alive = liveness.alive(be.queue_redis, be.queue.name)
        down = [n["name"] for n in nodes if not n["ok"]] + ([] if alive else ["workers"])
        return {
            "status": "degraded" if down else "ok",
            "down": down,
            "redis": {"ok": all(n["ok"] for n in nodes), "latency_ms": slowest},
            "nodes": nodes,
            "queue": {
                "name": be.queue.name,
                "depth": be.queue.count,
                # RQ's registrations, which outlive a killed worker for minutes
                "workers": Worker.count(queue=be.queue),
                "workers_alive": alive,
            },
        }


def _ping(name: str, client) -> dict:
    """One server's answer to PING: its round trip, or why it did not answer."""
    start = time.perf_counter()
    try:
        client.ping()
    except redis.RedisError as e:
        return {"name": name, "ok": False, "latency_ms": None, "error": type(e).__name__}
    return {"name": name, "ok": True, "latency_ms": round((time.perf_counter() - start) * 1000, 3)}
