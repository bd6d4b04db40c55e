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
    targets = scrape["scrape_configs"][0]["static_configs"][0]["targets"]
    assert targets == ["api:8000"] and scrape["scrape_configs"][0]["metrics_path"] == "/metrics"
    # api and worker share one image, and their commands are this project's console scripts
    assert services["api"]["image"] == services["worker"]["image"]
    pyproject = (ROOT / "pyproject.toml").read_text()
    for name in ("api", "worker"):
        script = services[name]["command"][0]
        assert f"{script} =" in pyproject
