"""Prometheus metrics at ``/metrics``: request counts and latencies per route and status,
queue depth and job outcomes read from RQ's registries at scrape time.

The request metrics are two prometheus_client series observed in one ``after_request``
hook (prometheus-flask-exporter did the same in three hooks at about twice the cost).

Under gunicorn with several processes set ``PROMETHEUS_MULTIPROC_DIR`` so the
request metrics of every process are aggregated (prometheus_client's
multiprocess mode); without it each process reports its own.
"""

from __future__ import annotations

import os
import time
from typing import Any

from flask import Flask, Response, g, request
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.multiprocess import MultiProcessCollector
from rq import Queue
from rq.registry import FailedJobRegistry, FinishedJobRegistry, StartedJobRegistry


class QueueCollector:
    """Reads the queue's state from Redis whenever Prometheus scrapes."""

    def __init__(self, queue: Queue):
        self.queue = queue

    def collect(self):
        depth = GaugeMetricFamily("greenroom_queue_depth", "jobs waiting", labels=["queue"])
        jobs = GaugeMetricFamily(
            "greenroom_jobs", "jobs by state in RQ's registries", labels=["queue", "state"]
        )
        name = self.queue.name
        conn = self.queue.connection
        try:
            depth.add_metric([name], self.queue.count)
            for state, registry in (
                ("started", StartedJobRegistry),
                ("finished", FinishedJobRegistry),
                ("failed", FailedJobRegistry),
            ):
                jobs.add_metric([name, state], registry(name, connection=conn).count)
        except Exception:  # noqa: BLE001 - a scrape must not fail because Redis is down
            return
        yield depth
        yield jobs


class RequestMetrics:
    """The two request series; observed by Flask's hook and by the fast path alike."""

    def __init__(self, registry: CollectorRegistry):
        labels = ["method", "url_rule", "status"]
        self.duration = Histogram(
            "flask_http_request_duration_seconds",
            "request duration by route and status",
            labels,
            registry=registry,
        )
        self.total = Counter(
            "flask_http_request", "requests by route and status", labels, registry=registry
        )
        # the labelled series of each (method, route, status), looked up once: the
        # client's own lookup validates and locks on every call
        self._series: dict[tuple[str, str, int], tuple[Any, Any]] = {}

    def observe(self, method: str, rule: str, status: int, started: float | None) -> None:
        series = self._series.get((method, rule, status))
        if series is None:
            key = (method, rule, str(status))
            series = self.duration.labels(*key), self.total.labels(*key)
            self._series[(method, rule, status)] = series
        if started is not None:
            series[0].observe(time.perf_counter() - started)
        series[1].inc()


def install_metrics(app: Flask, queue: Queue) -> CollectorRegistry:
    """Request metrics for every route but ``/metrics``; ``/metrics`` adds the queue gauges.

    In multiprocess mode each scrape reads every process's files through a fresh
    ``MultiProcessCollector``, with the queue collector beside it.
    """
    registry = CollectorRegistry()
    metrics = app.extensions["greenroom_metrics"] = RequestMetrics(registry)
    queue_collector = QueueCollector(queue)
    registry.register(queue_collector)

    @app.after_request
    def _observe(response: Response) -> Response:
        req = request._get_current_object()
        if req.endpoint != "metrics":
            rule = req.url_rule.rule if req.url_rule is not None else "unmatched"
            started = g._get_current_object().get("started")
            metrics.observe(req.method, rule, response.status_code, started)
        return response

    def scrape() -> Response:
        if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
            scraped = CollectorRegistry()
            MultiProcessCollector(scraped)
            scraped.register(queue_collector)
        else:
            scraped = registry
        return Response(generate_latest(scraped), mimetype=CONTENT_TYPE_LATEST)

    app.add_url_rule("/metrics", "metrics", scrape)
    return registry
