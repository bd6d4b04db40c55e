"""/v1/health: liveness plus Redis and queue status."""

from __future__ import annotations

import time

from flask.views import MethodView
from rq import Worker

from api.backend import backend
from api.blueprint import Blueprint
from api.errors import error_responses

blp = Blueprint("health", __name__, url_prefix="/v1/health", description="Service health")


@blp.route("")
class Health(MethodView):
    @blp.response(200)
    @error_responses(blp, 503)
    def get(self):
        """Liveness, Redis round trip, queue depth and live workers; 503 when Redis is down"""
        be = backend()
        start = time.perf_counter()
        be.redis.ping()
        latency_ms = (time.perf_counter() - start) * 1000
        workers = Worker.count(queue=be.queue)
        return {
            "status": "ok",
            "redis": {"ok": True, "latency_ms": round(latency_ms, 3)},
            "queue": {"name": be.queue.name, "depth": be.queue.count, "workers": workers},
        }
