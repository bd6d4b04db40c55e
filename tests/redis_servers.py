"""Real Redis servers on free loopback ports for the cluster and failover tiers: a
3-master Redis Cluster, and a master with a replica watched by three Sentinels.

Debian's ``redis-server`` (``.ci/run`` installs it when missing) runs each server in a
folder of its own under pytest's temporary directory, with no persistence; the servers
are killed at the end and nothing else is touched.
"""

from __future__ import annotations

import random
import shutil
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import redis

SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"
SLOTS = 16384


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_port() -> int:
    """A free loopback port whose cluster bus port (10000 above) is free too: a cluster
    node takes both, so the port stays below 55536."""
    rng = random.Random()
    for _ in range(200):
        port = rng.randrange(20000, 55536)
        if _free(port) and _free(port + 10000):
            return port
    raise RuntimeError("no free port pair on loopback")


@dataclass
class Server:
    port: int
    proc: subprocess.Popen
    folder: Path

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def client(self, **kw) -> redis.Redis:
        return redis.Redis(port=self.port, socket_connect_timeout=0.5, **kw)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def start_server(folder: Path, *args: str) -> Server:
    """One server on a free port; waits until it answers PING."""
    port = free_port()
    folder.mkdir(parents=True, exist_ok=True)
    base = ["--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder),
            "--save", "", "--appendonly", "no", "--logfile", "redis.log"]  # fmt: skip
    cmd = [SERVER, *base, *args]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    server = Server(port, proc, folder)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"redis-server exited; see {folder / 'redis.log'}")
        try:
            if server.client().ping():
                return server
        except redis.ConnectionError:
            time.sleep(0.02)
    server.kill()
    raise RuntimeError("redis-server did not answer in time")


def wait_for(check, timeout_s: float = 15.0, what: str = "condition") -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except redis.RedisError:
            pass
        time.sleep(0.05)
    raise RuntimeError(f"timed out waiting for {what}")


@dataclass
class Cluster:
    masters: list[Server] = field(default_factory=list)

    @property
    def nodes(self) -> str:
        """``REDIS_CLUSTER_NODES`` for this cluster."""
        return ",".join(f"127.0.0.1:{s.port}" for s in self.masters)

    def stop(self) -> None:
        for s in self.masters:
            s.kill()


def start_cluster(folder: Path, masters: int = 3) -> Cluster:
    """``masters`` cluster-enabled servers, the slots split evenly among them, met."""
    cluster = Cluster()
    try:
        for i in range(masters):
            cluster.masters.append(
                start_server(
                    folder / f"node{i}",
                    "--cluster-enabled",
                    "yes",
                    "--cluster-config-file",
                    "nodes.conf",
                    "--cluster-node-timeout",
                    "2000",
                )  # fmt: skip
            )
        share = SLOTS // masters
        for i, s in enumerate(cluster.masters):
            last = SLOTS - 1 if i == masters - 1 else (i + 1) * share - 1
            s.client().execute_command("CLUSTER", "ADDSLOTSRANGE", i * share, last)
        first = cluster.masters[0].client()
        for s in cluster.masters[1:]:
            first.execute_command("CLUSTER", "MEET", "127.0.0.1", s.port)
        for s in cluster.masters:
            c = s.client()
            wait_for(lambda c=c: c.cluster("info")["cluster_state"] == "ok", what="cluster ok")
            wait_for(lambda c=c: len(c.cluster("nodes")) == masters, what="nodes known")
    except BaseException:
        cluster.stop()
        raise
    return cluster


def need_server() -> None:
    if not Path(SERVER).exists():
        pytest.skip("redis-server is not installed (.ci/run installs it)")


@dataclass
class Watched:
    """A master and its replica, watched by Sentinels under ``name``."""

    master: Server
    replica: Server
    sentinels: list[Server]
    name: str = "greenroom"

    @property
    def sentinel_nodes(self) -> str:
        """``REDIS_SENTINELS`` for these Sentinels."""
        return ",".join(f"127.0.0.1:{s.port}" for s in self.sentinels)

    def stop(self) -> None:
        for s in [*self.sentinels, self.replica, self.master]:
            s.kill()


def start_watched(folder: Path, sentinels: int = 3, max_lag_s: int = 1) -> Watched:
    """A master that takes writes only while its replica is at most ``max_lag_s`` behind
    (``min-replicas-to-write 1``, ``min-replicas-max-lag``), the replica, and Sentinels
    that agree (quorum 2) on a failover one second after the master stops answering."""
    servers: list[Server] = []
    try:
        master = start_server(folder / "master", "--min-replicas-to-write", "1",
                              "--min-replicas-max-lag", str(max_lag_s))  # fmt: skip
        servers.append(master)
        # (not on the replica: promoted with no replica of its own, it must take writes)
        replica = start_server(folder / "replica", "--replicaof", "127.0.0.1", str(master.port))
        servers.append(replica)
        wait_for(lambda: master.client().info("replication").get("min_slaves_good_slaves") == 1,
                 what="the replica to sync")  # fmt: skip
        watchers = []
        for i in range(sentinels):
            sub = folder / f"sentinel{i}"
            sub.mkdir(parents=True, exist_ok=True)
            (sub / "sentinel.conf").write_text(
                f"sentinel monitor greenroom 127.0.0.1 {master.port} 2\n"
                "sentinel down-after-milliseconds greenroom 1000\n"
                "sentinel failover-timeout greenroom 4000\n"
                "sentinel parallel-syncs greenroom 1\n"
            )
            watchers.append(start_sentinel(sub))
            servers.append(watchers[-1])
        for s in watchers:
            wait_for(lambda s=s: _sees_peers(s, sentinels - 1), what="sentinels to meet")
        return Watched(master, replica, watchers)
    except BaseException:
        for s in servers:
            s.kill()
        raise


def start_sentinel(folder: Path) -> Server:
    """A Sentinel on a free port, with the config file already in ``folder``."""
    port = free_port()
    cmd = [SERVER, str(folder / "sentinel.conf"), "--sentinel", "--port", str(port),
           "--bind", "127.0.0.1", "--dir", str(folder), "--logfile", "sentinel.log"]  # fmt: skip
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    server = Server(port, proc, folder)
    wait_for(lambda: server.client().ping(), 10, "the sentinel")
    return server


def _sees_peers(sentinel: Server, peers: int) -> bool:
    fields = sentinel.client().sentinel_master("greenroom")
    return int(fields["num-other-sentinels"]) >= peers and int(fields["num-slaves"]) >= 1
