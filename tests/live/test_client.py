"""greenroom.client over real HTTP: every method against a gevent API server, jobs on a
real RQ worker, errors as GreenroomError with the API's codes."""

from __future__ import annotations

import pytest

from greenroom.client import GreenroomError, parse_sse


def test_create_view_actions_and_act_with_if_match(clients):
    api = clients[0]
    g = api.create("tour", 1, options={"mode": "solo"}, seed=4)
    assert g.version == 1 and len(g.seat_tokens) == 1
    token = g.seat_tokens[0]
    view = api.view(g.id, token)
    assert view["id"] == g.id and view["seat"] == 0
    listing = api.actions(g.id, token)
    step = listing["actions"][0]
    answer = api.act(g.id, token, step["action"], version=listing["version"])
    assert answer["version"] == 2
    # the same version again is stale now: 412 with the API's code
    with pytest.raises(GreenroomError) as err:
        api.act(g.id, token, api.actions(g.id, token)["actions"][0]["action"], version=1)
    assert err.value.status == 412 and err.value.code == "version_conflict"
    assert [e["v"] for e in api.log(g.id, g.host_token)["entries"]] == [2]


def test_lobby_and_join_and_a_taken_seat(clients):
    api = clients[0]
    g = api.create("tempo-muse", 2, open_seats=[1], listed=True, seed=2)
    assert g.seat_tokens[1] is None
    page = api.lobby("tempo-muse", limit=100)
    (entry,) = [e for e in page["games"] if e["id"] == g.id]
    assert entry["open_seats"] == [1]
    me = api.join(g.id, 1, "bea")
    assert me.seat == 1 and me.view()["seat"] == 1
    with pytest.raises(GreenroomError) as err:
        api.join(g.id, 1, "cy")
    assert err.value.status == 409
    assert all(e["id"] != g.id for e in api.lobby("tempo-muse", limit=100)["games"])


def test_hint_and_solve_wait_for_the_worker(clients, worker):
    api = clients[1]
    g = api.create("tour", 1, options={"mode": "solo"}, seed=9)
    job = api.hint(g.id, g.seat_tokens[0], budget_s=0.5, wait=60)
    assert job["status"] == "finished", job
    step = job["result"]["actions"][0]
    assert api.act(g.id, g.seat_tokens[0], step["action"], seat=step["seat"])["version"] == 2
    solved = api.solve(
        "composition/best-words", {"cards": ["c02", "n10", "n28", "n06"], "k": 1}, wait=60
    )
    assert solved["status"] == "finished" and solved["result"]["words"], solved


def test_errors_carry_the_api_code(clients):
    with pytest.raises(GreenroomError) as err:
        clients[0].view("no-such-game")
    assert err.value.status == 404 and err.value.code


def test_parse_sse_reads_events_ids_retry_and_skips_comments():
    lines = ["retry: 1500", "", ": keep-alive", "", "event: view", "id: 3",
             'data: {"version": 3,', 'data:  "moves": []}', "", "event: end", "id: 4",
             'data: {"version": 4}', ""]  # fmt: skip
    events = list(parse_sse(iter(lines)))
    assert [(e.event, e.id) for e in events] == [("retry", None), ("view", 3), ("end", 4)]
    assert events[0].data == {"ms": 1500}
    assert events[1].data == {"version": 3, "moves": []} and events[1].version == 3


def test_views_and_moves_wait_out_a_rate_limit(settings, clients):
    """A request refused with 429 is sent again after its Retry-After (the limit is
    checked before anything happens, so a move is never applied twice); a
    Retry-After longer than ``max_retry_after`` is raised."""
    import httpx
    from live_stack import api_servers

    from greenroom.client import Client

    g = clients[0].create("tour", 1, options={"mode": "solo"}, seed=4)
    token = g.seat_tokens[0]
    limits = {"RATE_LIMIT_TOKEN": "2 per 3 seconds", "RATE_LIMIT_LOOPBACK": ""}
    with api_servers(settings, 1, **limits) as (base,):
        statuses: list[int] = []
        http = httpx.Client(
            base_url=base,
            timeout=20,
            event_hooks={"response": [lambda r: statuses.append(r.status_code)]},
        )
        auth = {"Authorization": f"Bearer {token}"}
        while http.get(f"/v1/games/{g.id}", headers=auth).status_code != 429:
            pass  # use up the token's window
        with pytest.raises(GreenroomError) as err:
            Client(base, max_retry_after=0, http=http).view(g.id, token)
        assert err.value.status == 429 and err.value.code == "rate_limited"

        patient = Client(base, http=http)
        statuses.clear()
        step = patient.actions(g.id, token)["actions"][0]
        assert statuses[0] == 429 and statuses[-1] == 200
        answer = patient.act(g.id, token, step["action"], version=g.version)
        http.close()
    assert answer["version"] == g.version + 1
    assert [e["v"] for e in clients[0].log(g.id, g.host_token)["entries"]] == [2]
