"""Hostile bodies on every route of a real API server (gunicorn, gevent worker): deep
nesting, over-limit bodies declared or chunked, wrong types and generated junk.  Never a
5xx; each refusal in the error format with its machine-readable code."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.body import MAX_DEPTH

ROOT = Path(__file__).resolve().parents[2]
SPEC = yaml.safe_load((ROOT / "openapi.yaml").read_text())
OPERATIONS = [
    (method.upper(), path, "requestBody" in op)
    for path, ops in SPEC["paths"].items()
    for method, op in ops.items()
    if method in ("get", "post", "delete")
]
BODY_ROUTES = [(m, p) for m, p, body in OPERATIONS if body]


@pytest.fixture(scope="module")
def api(servers):
    """A client of one server, and a running game to aim the game routes at."""
    client = httpx.Client(base_url=servers[0], timeout=30)
    created = client.post(
        "/v1/games", json={"game": "tour", "players": 2, "open_seats": [1], "seed": 3}
    ).json()
    problem = client.get("/v1/solver").json()["problems"][0]["problem"]
    names = {"game_id": created["id"], "seat": "1", "step": "0", "job_id": "nojob",
             "game": "tour", "section": "rules", "problem": problem}  # fmt: skip
    auth = {"Authorization": f"Bearer {created['host_token']}"}
    yield client, names, auth
    client.close()


def url(path: str, names: dict[str, str]) -> str:
    return path.format(**names)


def nested(depth: int) -> bytes:
    """A JSON object whose ``action`` nests ``depth`` containers, alternating kinds."""
    inner = "".join("[" if i % 2 else '{"k":' for i in range(depth))
    close = "".join("]" if i % 2 else "}" for i in reversed(range(depth)))
    return ('{"action":' + inner + "1" + close + "}").encode()


def send(client, method, path, names, auth, content, **headers):
    return client.request(
        method, url(path, names), content=content,
        headers={"Content-Type": "application/json", **auth, **headers},
    )  # fmt: skip


def assert_error(r: httpx.Response, status: int, code: str) -> None:
    assert r.status_code == status, (r.request.method, r.request.url, r.status_code, r.text)
    assert r.json()["code"] == code


@pytest.mark.parametrize(("method", "path"), BODY_ROUTES)
@pytest.mark.parametrize("depth", [MAX_DEPTH, 300, 1100, 12_000])
def test_too_deep_json_is_a_400_with_its_code(api, method, path, depth):
    client, names, auth = api
    r = send(client, method, path, names, auth, nested(depth))
    assert r.status_code < 500, r.text
    if depth > MAX_DEPTH - 1:  # the body's own object is one more level
        assert_error(r, 400, "json_too_deep")
        assert r.json()["errors"]["max_depth"] == MAX_DEPTH
    else:
        assert r.json().get("code") != "json_too_deep"


@pytest.mark.parametrize(("method", "path"), BODY_ROUTES)
def test_a_body_at_the_depth_limit_is_parsed(api, method, path):
    client, names, auth = api
    r = send(client, method, path, names, auth, nested(MAX_DEPTH - 1))
    assert r.status_code < 500 and r.json().get("code") != "json_too_deep", r.text


@pytest.mark.parametrize(("method", "path", "has_body"), OPERATIONS)
@pytest.mark.parametrize("chunked", [False, True], ids=["declared", "chunked"])
def test_an_over_limit_body_is_a_413_on_every_route(api, method, path, has_body, chunked):
    client, names, auth = api
    body = b'{"pad": "' + b"x" * (64 * 1024) + b'"}'
    content = iter([body[i : i + 4096] for i in range(0, len(body), 4096)]) if chunked else body
    r = send(client, method, path, names, auth, content)
    assert_error(r, 413, "payload_too_large")


@pytest.mark.parametrize(("method", "path"), BODY_ROUTES)
def test_a_chunked_body_within_the_limit_is_read(api, method, path):
    client, names, auth = api
    r = send(client, method, path, names, auth, iter([b'{"budget_s":', b' "0.5"}']))
    assert_error(r, 400, "invalid_request")  # judged on its content, not lost


WRONG = {
    "POST /v1/games": [{"game": "tour", "players": "2"}, {"game": "tour", "players": True},
                       {"game": 5, "players": 2}, {"game": "tour", "players": 2, "seed": 1.5},
                       {"game": "tour", "players": 2, "listed": "yes"}],
    "POST /v1/games/{game_id}/hints": [{"budget_s": "0.5"}, {"budget_s": True},
                                       {"seat": "0"}],
    "POST /v1/solver/{problem}": [{"budget_s": "0.5"}, {"budget_s": [1]}],
    "POST /v1/games/{game_id}/actions": [{"action": "pass"}, {"action": {}, "seat": "0"},
                                         {"action": {}, "seat": False}],
    "POST /v1/games/{game_id}/seats/{seat}": [{"name": 7}, {"name": ["a"]}],
    "POST /v1/games/{game_id}/seats/{seat}/bot": [{"name": False}],
}  # fmt: skip


@pytest.mark.parametrize(
    ("route", "body"), [(route, body) for route, bodies in WRONG.items() for body in bodies]
)
def test_a_value_of_the_wrong_type_is_refused(api, route, body):
    client, names, auth = api
    method, path = route.split(" ")
    r = send(client, method, path, names, auth, json.dumps(body).encode())
    assert_error(r, 400, "invalid_request")
    assert set(r.json()["errors"]["json"]) & set(body), r.json()


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=30,
)
FIELDS = ["game", "players", "seed", "options", "open_seats", "names", "listed", "seat",
          "action", "budget_s", "name", "invite"]  # fmt: skip
BODIES = st.one_of(
    JSON.map(lambda v: json.dumps(v).encode()),
    st.dictionaries(st.sampled_from(FIELDS), JSON).map(lambda v: json.dumps(v).encode()),
    st.binary(max_size=64),
    st.integers(1, 5000).map(nested),
)


@pytest.mark.parametrize(("method", "path"), BODY_ROUTES)
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(body=BODIES)
def test_generated_bodies_never_meet_a_5xx(api, method, path, body):
    client, names, auth = api
    r = send(client, method, path, names, auth, body)
    assert r.status_code < 500, (method, path, body[:200], r.status_code, r.text)
    if r.status_code >= 400:
        assert isinstance(r.json()["code"], str)
