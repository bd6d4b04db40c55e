"""Where each Redis is and how to connect to it: one plain server, a Sentinel-watched
master, or a Redis Cluster.

One way names a cluster: ``REDIS_CLUSTER_NODES``, a comma-separated list of ``host:port``
seed nodes (any few of the cluster's nodes; the client learns the rest and the slot map
from them).  A Sentinel-watched master is named by ``REDIS_SENTINELS`` (``host:port``
list) and ``REDIS_SENTINEL_MASTER`` (its name); the database and password then come from
``REDIS_URL``, whose host is not used.  Otherwise ``REDIS_URL`` is the server.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import redis
from redis.backoff import ExponentialBackoff
from redis.cluster import ClusterNode, RedisCluster
from redis.connection import parse_url
from redis.retry import Retry
from redis.sentinel import Sentinel

#: Redis connections per client per process, and how long a request waits for a free one
POOL_SIZE = 64
POOL_WAIT_S = 5.0

Nodes = tuple[tuple[str, int], ...]


def parse_nodes(text: str) -> Nodes:
    """``"h1:7000,h2:7001"`` as ((h1, 7000), (h2, 7001)); a bad entry fails at start-up."""
    nodes = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        host, sep, port = item.rpartition(":")
        if not sep or not host or not port.isdigit():
            raise ValueError(f"not a host:port: {item!r}")
        nodes.append((host.strip("[]"), int(port)))
    return tuple(nodes)


@dataclass(frozen=True)
class RedisSpec:
    """One Redis as configuration names it (hashable: processes keep one hub per spec)."""

    url: str = "redis://127.0.0.1:6379/0"
    cluster_nodes: Nodes = ()
    sentinels: Nodes = ()
    sentinel_master: str = ""

    @property
    def clustered(self) -> bool:
        return bool(self.cluster_nodes)

    @property
    def watched(self) -> bool:
        return bool(self.sentinels) and not self.cluster_nodes

    def describe(self) -> str:
        """Where it is, for logs and health (never a password)."""
        if self.clustered:
            return "cluster " + ",".join(f"{h}:{p}" for h, p in self.cluster_nodes)
        if self.watched:
            return f"sentinel master {self.sentinel_master}"
        kw = parse_url(self.url)
        return f"{kw.get('host', kw.get('path', '?'))}:{kw.get('port', '')}".rstrip(":")


def _retry() -> Retry:
    return Retry(ExponentialBackoff(cap=0.25, base=0.02), 2)


def connect(spec: RedisSpec, socket_timeout: float | None = 5.0, pool_size: int = POOL_SIZE) -> Any:
    """A client that retries briefly with backoff, then fails fast (``redis.Redis``, or
    ``RedisCluster`` for a cluster).

    A few quick retries ride over a blip; beyond that the request gets a 503 at once
    instead of hanging, and the client reconnects by itself once Redis is back (after a
    Sentinel failover, to the promoted replica), so no restart is needed.
    """
    common: dict[str, Any] = {
        "socket_connect_timeout": 1.0,
        "socket_timeout": socket_timeout,
        "retry": _retry(),
        "retry_on_error": [redis.ConnectionError, redis.TimeoutError],
    }
    if spec.clustered:
        return RedisCluster(
            startup_nodes=[ClusterNode(h, p) for h, p in spec.cluster_nodes],
            max_connections=pool_size,
            **common,
        )
    if spec.watched:
        kw = parse_url(spec.url)
        auth = {k: kw[k] for k in ("db", "password", "username") if k in kw}
        sentinel = Sentinel(
            list(spec.sentinels),
            socket_connect_timeout=1.0,
            socket_timeout=1.0,
        )
        return sentinel.master_for(spec.sentinel_master, health_check_interval=15, **auth, **common)
    pool = redis.BlockingConnectionPool.from_url(
        spec.url,
        # under gevent hundreds of greenlets (streams, long polls) may call at once:
        # they queue for a connection instead of failing with "Too many connections"
        max_connections=pool_size,
        timeout=POOL_WAIT_S,
        health_check_interval=15,
        **common,
    )
    return redis.Redis(connection_pool=pool)


def node_clients(client: Any) -> list[tuple[str, Any]]:
    """``(name, client)`` for every server behind ``client``: each node of a cluster
    (masters and replicas), else the one server."""
    if isinstance(client, RedisCluster):
        out = []
        for node in client.get_nodes():
            conn = node.redis_connection or client.get_redis_connection(node)
            out.append((f"{node.host}:{node.port} {node.server_type}", conn))
        return out
    return [("redis", client)]


def specs_from_env(environ: Any) -> tuple[RedisSpec, RedisSpec]:
    """The game store's and the job queue's Redis as the environment names them
    (``REDIS_URL``, ``REDIS_CLUSTER_NODES``, ``REDIS_SENTINELS``, ``REDIS_SENTINEL_MASTER``,
    ``QUEUE_REDIS_URL``), for processes without the API's settings (workers)."""
    main = RedisSpec(
        url=environ.get("REDIS_URL", RedisSpec.url),
        sentinels=parse_nodes(environ.get("REDIS_SENTINELS", "")),
        sentinel_master=environ.get("REDIS_SENTINEL_MASTER", "greenroom"),
    )
    cluster = parse_nodes(environ.get("REDIS_CLUSTER_NODES", ""))
    game = RedisSpec(url=main.url, cluster_nodes=cluster) if cluster else main
    queue_url = environ.get("QUEUE_REDIS_URL", "")
    return game, (RedisSpec(url=queue_url) if queue_url else main)
