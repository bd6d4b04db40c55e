"""Health, catalog, the error format and the request limits."""

from __future__ import annotations

import uuid

from live_stack import app_with

from services.registry import GAMES
from services.store import liveness


def test_health_reports_redis_and_queue(client, settings):
    r = client.get("/v1/health")
    assert r.status_code == 200
    body = r.get_json()
    assert body["status"] == ("ok" if body["down"] == [] else "degraded")
    assert body["redis"]["ok"] is True
    assert body["queue"]["name"] == settings.queue


def test_health_names_the_workers_down_until_one_beats(settings):
    own = app_with(settings, queue=f"{settings.queue}-health-{uuid.uuid4().hex[:6]}")
    body = own.test_client().get("/v1/health").get_json()
    assert body["status"] == "degraded" and body["down"] == ["workers"]
    assert body["queue"]["workers_alive"] == 0
    client = own.extensions["greenroom"].queue_redis
    liveness.beat(client, own.extensions["greenroom"].queue.name, "a-worker")
    try:
        body = own.test_client().get("/v1/health").get_json()
        assert body["status"] == "ok" and body["down"] == []
        assert body["queue"]["workers_alive"] == 1
    finally:
        client.delete(liveness.liveness_key(own.extensions["greenroom"].queue.name))


def test_catalog_lists_every_registered_game(client):
    body = client.get("/v1/catalog").get_json()
    names = {g["game"] for g in body["games"]}
    assert names == set(GAMES)
    for entry in body["games"]:
        assert 1 <= entry["min_players"] <= entry["max_players"]
        assert isinstance(entry["options"], dict)


def test_catalog_unknown_game_and_section_are_404(client):
    r = client.get("/v1/catalog/chess")
    assert r.status_code == 404
    assert r.get_json()["code"] == "unknown_game"
    r = client.get("/v1/catalog/tour/nothing-here")
    assert r.status_code == 404
    assert r.get_json()["code"] == "unknown_section"


def test_unknown_game_id_is_404_in_error_format(client):
    r = client.get("/v1/games/does-not-exist")
    assert r.status_code == 404
    assert set(r.get_json()) == {"code", "message", "errors", "request_id"}
    assert r.get_json()["code"] == "game_not_found"


def test_unknown_route_is_404_in_error_format(client):
    r = client.get("/v1/nowhere")
    assert r.status_code == 404
    assert r.get_json()["code"] == "not_found"


def test_malformed_json_is_400(client):
    r = client.post("/v1/games", data="{not json", content_type="application/json")
    assert r.status_code == 400
    assert r.get_json()["code"] in {"invalid_request", "bad_request"}


def test_body_missing_fields_is_400_with_field_errors(client):
    r = client.post("/v1/games", json={"players": 1})
    assert r.status_code == 400
    body = r.get_json()
    assert body["code"] == "invalid_request"
    assert "game" in str(body["errors"])


def test_unknown_game_name_is_422(client):
    r = client.post("/v1/games", json={"game": "chess", "players": 2})
    assert r.status_code == 422
    assert r.get_json()["code"] == "unknown_game"


def test_oversize_body_is_413(client, settings):
    blob = "x" * (settings.max_body_bytes + 10)
    r = client.post("/v1/games", json={"game": "tour", "players": 1, "options": {"pad": blob}})
    assert r.status_code == 413
    assert r.get_json()["code"] == "payload_too_large"


def test_unknown_job_is_404(client):
    r = client.get("/v1/jobs/0123456789abcdef")
    assert r.status_code == 404
    assert r.get_json()["code"] == "job_not_found"


def test_unknown_solver_problem_is_404(client):
    r = client.post("/v1/solver/no/such-problem", json={})
    assert r.status_code == 404
    assert r.get_json()["code"] == "unknown_problem"


def test_docs_are_served(client):
    assert client.get("/openapi.json").status_code == 200
    assert client.get("/docs").status_code == 200


def test_solver_budget_cannot_be_raised_past_its_cap(client):
    from solver.registry import PROBLEMS

    for name, problem in PROBLEMS.items():
        r = client.post(f"/v1/solver/{name}", json={"budget_s": problem.max_budget_s + 1})
        assert r.status_code == 422, name
        assert r.get_json()["code"] == "budget_too_large"
        assert r.get_json()["errors"]["max_budget_s"] == problem.max_budget_s


def test_solver_problems_are_listed(client):
    from solver.registry import PROBLEMS

    listed = client.get("/v1/solver").get_json()["problems"]
    assert {p["problem"] for p in listed} == set(PROBLEMS)
