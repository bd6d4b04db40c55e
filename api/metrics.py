"""Prometheus metrics at ``/metrics``: requests and latencies from prometheus-flask-exporter,
queue depth and job outcomes read from RQ's registries at scrape time.

Under gunicorn with several processes set ``PROMETHEUS_MULTIPROC_DIR`` so the
request metrics of every process are aggregated (prometheus_client's
multiprocess mode); without it each process reports its own.
"""

from __future__ import annotations

import os

from flask import Flask, Response
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_flask_exporter import PrometheusMetrics
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


def install_metrics(app: Flask, queue: Queue) -> PrometheusMetrics:
    """Request metrics from prometheus-flask-exporter; ``/metrics`` adds the queue gauges.

    In multiprocess mode each scrape reads every process's files through a
    fresh ``MultiProcessCollector`` (the exporter's own endpoint would drop
    our queue collector there), so the view is ours.
    """
    registry = CollectorRegistry()
    metrics = PrometheusMetrics(app, path=None, registry=registry, group_by="url_rule")
    queue_collector = QueueCollector(queue)
    registry.register(queue_collector)

    def scrape() -> Response:
        if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
            scraped = CollectorRegistry()
            MultiProcessCollector(scraped)
            scraped.register(queue_collector)
        else:
            scraped = registry
        return Response(generate_latest(scraped), mimetype=CONTENT_TYPE_LATEST)

    app.add_url_rule("/metrics", "metrics", metrics.do_not_track()(scrape))
    return metrics
