"""The checked-in spec and deployment files stay true to the code."""

from __future__ import annotations

from pathlib import Path

import yaml

from api.openapi import spec_yaml

ROOT = Path(__file__).resolve().parents[2]


def test_openapi_yaml_matches_the_app():
    committed = (ROOT / "openapi.yaml").read_text()
    assert committed == spec_yaml(), "openapi.yaml is stale: run `make openapi` and commit it"


def test_compose_runs_redis_with_aof_api_and_scaled_workers():
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    services = compose["services"]
    assert {"redis", "api", "worker"} <= set(services)
    redis_cmd = services["redis"]["command"]
    assert "--appendonly" in redis_cmd and redis_cmd[redis_cmd.index("--appendonly") + 1] == "yes"
    assert services["worker"]["deploy"]["replicas"] >= 1
    for name in ("redis", "api", "worker", "prometheus"):
        assert "healthcheck" in services[name]
    # metrics: the API aggregates its processes and Prometheus scrapes it
    assert "PROMETHEUS_MULTIPROC_DIR" in services["api"]["environment"]
    mount = services["prometheus"]["volumes"][0].split(":")[0]
    scrape = yaml.safe_load((ROOT / mount).read_text())
    sd = scrape["scrape_configs"][0]["dns_sd_configs"][0]
    assert (sd["names"], sd["port"]) == (["api"], 8000)  # every API container, however many
    assert scrape["scrape_configs"][0]["metrics_path"] == "/metrics"
    # api and worker share one image, and their commands are this project's console scripts
    assert services["api"]["image"] == services["worker"]["image"]
    pyproject = (ROOT / "pyproject.toml").read_text()
    for name in ("api", "worker"):
        script = services[name]["command"][0]
        assert f"{script} =" in pyproject


def _compose() -> dict:
    return yaml.safe_load((ROOT / "compose.yaml").read_text())


def test_api_containers_scale_behind_one_load_balancer():
    services = _compose()["services"]
    api, lb = services["api"], services["lb"]
    assert "ports" not in api, "a fixed host port per API container cannot be scaled"
    assert api["environment"]["TRUSTED_PROXIES"] == "1"
    assert lb["ports"] == ["8000:8000"]
    mount, target = lb["volumes"][0].split(":")[:2]
    assert target == "/usr/local/etc/haproxy/haproxy.cfg"
    cfg = (ROOT / mount).read_text()
    # the backend follows the api service through Docker's DNS and checks its health
    assert "server-template api " in cfg and " api:8000 " in cfg and "resolvers docker" in cfg
    assert "httpchk GET /v1/health" in cfg and "option forwardfor" in cfg
    # exactly one hop sets X-Forwarded-For
    assert sum(1 for s in services.values() if "ports" in s and "8000:8000" in s["ports"]) == 1


def test_the_cluster_profile_names_what_the_app_reads():
    from services.store.connections import parse_nodes, specs_from_env

    services = _compose()["services"]
    cluster = {n for n, s in services.items() if "cluster" in s.get("profiles", [])}
    nodes = {n for n in cluster if n.startswith("redis-node-")}
    assert len(nodes) == 6  # 3 masters with a replica each
    init = " ".join(services["redis-cluster-init"]["command"])
    assert "--cluster-replicas 1" in init and all(f"{n}:6379" in init for n in nodes)
    assert {"queue-redis", "queue-replica", "sentinel-1", "sentinel-2", "sentinel-3"} <= cluster
    for name in nodes | {"queue-redis", "queue-replica"}:
        assert "healthcheck" in services[name]
    env = dict(
        line.split("=", 1)
        for line in (ROOT / "deploy/cluster.env").read_text().splitlines()
        if line and not line.startswith("#")
    )
    game, queue = specs_from_env({"REDIS_URL": "redis://redis:6379/0", **env})
    assert game.clustered and {h for h, _ in game.cluster_nodes} <= nodes
    assert queue.watched and {h for h, _ in parse_nodes(env["REDIS_SENTINELS"])} <= cluster
    sentinel = (ROOT / "deploy/sentinel.conf").read_text()
    assert f"sentinel monitor {queue.sentinel_master} queue-redis 6379 2" in sentinel
    # the API and the workers take every one of those from the environment
    for name in ("api", "worker"):
        assert set(env) <= set(services[name]["environment"])
