"""/v1/health: liveness plus Redis and queue status."""

from __future__ import annotations

import time

import redis
from flask.views import MethodView
from rq import Worker

from api.backend import backend
from api.blueprint import Blueprint
from api.errors import error_responses
from services.connections import node_clients

blp = Blueprint("health", __name__, url_prefix="/v1/health", description="Service health")


@blp.route("")
class Health(MethodView):
    @blp.response(200)
    @error_responses(blp, 503)
    def get(self):
        """Liveness, Redis round trip, queue depth and live workers; 503 when Redis is down"""
        be = backend()
        nodes = [_ping(name, client) for name, client in node_clients(be.redis)]
        if not any(n["ok"] for n in nodes):
            raise redis.ConnectionError("no Redis node of the game store answers")
        slowest = max(n["latency_ms"] for n in nodes if n["ok"])
        workers = Worker.count(queue=be.queue)
        return {
            "status": "ok" if all(n["ok"] for n in nodes) else "degraded",
            "redis": {"ok": all(n["ok"] for n in nodes), "latency_ms": slowest},
            "nodes": nodes,
            "queue": {"name": be.queue.name, "depth": be.queue.count, "workers": workers},
        }


def _ping(name: str, client) -> dict:
    """One server's answer to PING: its round trip, or why it did not answer."""
    start = time.perf_counter()
    try:
        client.ping()
    except redis.RedisError as e:
        return {"name": name, "ok": False, "latency_ms": None, "error": type(e).__name__}
    return {"name": name, "ok": True, "latency_ms": round((time.perf_counter() - start) * 1000, 3)}
