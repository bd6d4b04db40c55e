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
    for name in ("redis", "api", "worker"):
        assert "healthcheck" in services[name]
    # api and worker share one image, and their commands are this project's console scripts
    assert services["api"]["image"] == services["worker"]["image"]
    pyproject = (ROOT / "pyproject.toml").read_text()
    for name in ("api", "worker"):
        script = services[name]["command"][0]
        assert f"{script} =" in pyproject
