"""GET /v1/games/{id}/stream and the long-poll, over real HTTP against two API processes.

Moves go through one server and streams are read from the other, so every
notification crosses processes through Redis only.
"""

from __future__ import annotations

import threading
import time

import httpx
import pytest
from live_stack import Listener

from greenroom.client import Client, GreenroomError
from services.store.stream_tickets import TicketStore

GAME = {"game": "tempo-muse", "players": 2}


def create(client: Client, seed: int = 5, **body):
    return client.create(GAME["game"], GAME["players"], seed=seed, **body)


def host_move(client: Client, created) -> tuple[int, dict]:
    """One legal move for whichever seat is to act; returns (seat, POST answer)."""
    listing = client.actions(created.id, created.host_token)
    step = listing["actions"][0]
    answer = client.act(created.id, created.host_token, step["action"], seat=step["seat"])
    return step["seat"], answer


def test_first_event_is_the_view_then_one_per_move_with_the_movers_events(clients):
    mover_api, stream_api = clients
    g = create(mover_api)
    seat0 = Listener(stream_api, g.id, g.seat_tokens[0])
    seat1 = Listener(stream_api, g.id, g.seat_tokens[1])
    spectator = Listener(stream_api, g.id)
    for who, listener in ((0, seat0), (1, seat1), (None, spectator)):
        first = listener.next()
        assert first.event == "view" and first.id == 1 and first.moves == []
        token = g.seat_tokens[who] if who is not None else None
        assert first.view == stream_api.view(g.id, token)
    answers = []
    for _ in range(4):
        seat, answer = host_move(mover_api, g)
        answers.append((seat, answer))
    for who, listener in ((0, seat0), (1, seat1), (None, spectator)):
        seen: dict[int, dict] = {}
        last = None
        while len(seen) < 4:
            event = listener.next()
            assert event.event == "view"
            assert event.view["seat"] == who
            for move in event.moves:
                seen[move["version"]] = move
            last = event
        assert sorted(seen) == [2, 3, 4, 5]
        token = g.seat_tokens[who] if who is not None else None
        assert last.view == stream_api.view(g.id, token)
        for (seat, answer), version in zip(answers, [2, 3, 4, 5]):
            move = seen[version]
            assert move["seat"] == seat
            # a seat sees the events of its own moves, as its POST answer showed them
            assert move["events"] == (answer["events"] if who == seat else [])


def test_resume_with_last_event_id_misses_no_version(clients):
    mover_api, stream_api = clients
    g = create(mover_api, seed=8)
    moves = [host_move(mover_api, g) for _ in range(3)]  # versions 2..4
    token = g.seat_tokens[0]
    resumed = Listener(stream_api, g.id, token, last_event_id=1)
    event = resumed.next()
    assert event.event == "view" and event.id == 4
    assert [m["version"] for m in event.moves] == [2, 3, 4]
    assert event.data["complete"] is True
    for move, (seat, answer) in zip(event.moves, moves):
        assert move["events"] == (answer["events"] if seat == 0 else [])
    assert event.view == stream_api.view(g.id, token)


def test_the_client_resumes_by_itself_when_the_server_closes(settings, clients):
    """This server closes every stream after a second; the client reconnects with
    Last-Event-ID and still sees every version exactly once, in order."""
    from live_stack import api_servers

    g = create(clients[0], seed=12)
    with api_servers(settings, 1, STREAM_MAX_SECONDS="1") as (base,):
        short = Client(base)
        listener = Listener(short, g.id, g.seat_tokens[0])
        assert listener.next().id == 1
        versions: list[int] = []
        for expected in (2, 3, 4):
            time.sleep(1.5)  # at least one server-side close between moves
            host_move(clients[0], g)
            while expected not in versions:
                versions += [m["version"] for m in listener.next().moves]
        short.close()
    assert versions == [2, 3, 4]


def test_the_client_waits_out_a_rate_limit_and_resumes_where_it_was(settings, clients):
    """A stream refused with 429 is retried after its Retry-After from the same
    Last-Event-ID, so the moves made meanwhile still arrive; a Retry-After longer
    than the client's bound is raised."""
    from live_stack import api_servers

    g = create(clients[0], seed=14)
    for _ in range(2):
        host_move(clients[0], g)  # versions 2 and 3, through an unlimited server
    token = g.seat_tokens[0]
    limits = {"RATE_LIMIT_TOKEN": "3 per 5 seconds", "RATE_LIMIT_LOOPBACK": ""}
    with api_servers(settings, 1, **limits) as (base,):
        statuses: list[int] = []

        def note(response: httpx.Response) -> None:
            if response.request.url.path.endswith("/stream"):
                statuses.append(response.status_code)

        http = httpx.Client(base_url=base, timeout=20, event_hooks={"response": [note]})
        limited = Client(base, http=http)
        auth = {"Authorization": f"Bearer {token}"}
        while http.get(f"/v1/games/{g.id}", headers=auth).status_code != 429:
            pass  # use up the token's window
        impatient = Client(base, max_retry_after=0, http=http)
        with pytest.raises(GreenroomError) as err:
            next(iter(impatient.stream(g.id, token)))
        assert err.value.status == 429 and err.value.code == "rate_limited"

        first = next(iter(limited.stream(g.id, token, last_event_id=1)))
        http.close()
    assert statuses[:2] == [429, 429] and statuses[-1] == 200
    assert first.event == "view" and first.id == 3
    assert [m["version"] for m in first.moves] == [2, 3] and first.data["complete"]


def test_deleting_the_game_ends_its_streams(clients):
    mover_api, stream_api = clients
    g = create(mover_api)
    listener = Listener(stream_api, g.id)
    assert listener.next().event == "view"
    mover_api.delete(g.id, g.host_token)
    end = listener.next()
    assert end.event == "end" and end.data == {"reason": "deleted"}


def test_idle_streams_get_heartbeats(servers):
    g = create(Client(servers[0]))
    lines = []
    with httpx.stream("GET", f"{servers[1]}/v1/games/{g.id}/stream", timeout=10) as r:
        assert r.headers["content-type"].startswith("text/event-stream")
        for line in r.iter_lines():
            lines.append(line)
            if line.startswith(": keep-alive"):
                break
    assert lines[0] == "retry: 2000"
    assert "event: view" in lines


def _first_data(api, game_id: str, **params) -> tuple[int, str]:
    """The stream's status and its first ``data:`` line (or its error body)."""
    with httpx.stream("GET", f"{api.base_url}/v1/games/{game_id}/stream", params=params) as r:
        if r.status_code != 200:
            return r.status_code, r.read().decode()
        for line in r.iter_lines():
            if line.startswith("data:"):
                return r.status_code, line
    raise AssertionError("the stream ended without data")


def test_a_ticket_opens_the_stream_as_its_seat_once(clients):
    api = clients[1]
    g = create(clients[0])
    ticket = api.stream_ticket(g.id, g.seat_tokens[1])
    assert ticket["expires_s"] > 0 and g.seat_tokens[1] not in ticket["ticket"]
    status, line = _first_data(api, g.id, ticket=ticket["ticket"])
    assert status == 200 and '"seat":1' in line and '"hand":' in line
    status, body = _first_data(api, g.id, ticket=ticket["ticket"])  # used up
    assert status == 401 and '"invalid_ticket"' in body


def test_a_ticket_works_for_its_own_game_only(clients):
    api = clients[1]
    mine, other = create(clients[0]), create(clients[0], seed=6)
    ticket = api.stream_ticket(mine.id, mine.seat_tokens[0])["ticket"]
    status, body = _first_data(api, other.id, ticket=ticket)
    assert status == 401 and '"invalid_ticket"' in body
    status, line = _first_data(api, mine.id, ticket=ticket)  # not burnt by the wrong game
    assert status == 200 and '"seat":0' in line


def test_a_ticket_lives_only_its_ttl_in_redis(settings, clients, store):
    api = clients[1]
    g = create(clients[0])
    ticket = api.stream_ticket(g.id, g.seat_tokens[0])
    key = TicketStore(store.redis, settings.prefix)._key(g.id, ticket["ticket"])
    assert 0 < store.redis.ttl(key) <= ticket["expires_s"]
    # the token itself is never stored, only its hash
    assert store.redis.get(key).decode() != g.seat_tokens[0]


def test_an_expired_ticket_is_refused(settings, store):
    tickets = TicketStore(store.redis, settings.prefix, ttl_s=1)
    ticket = tickets.issue("somegame", "hash")
    time.sleep(1.2)
    assert tickets.redeem("somegame", ticket) is None


def test_only_one_of_racing_redeems_gets_a_ticket(settings, store):
    tickets = TicketStore(store.redis, settings.prefix)
    for _ in range(20):
        ticket = tickets.issue("somegame", "hash")
        got: list[str | None] = []

        def redeem(ticket: str = ticket, got: list = got) -> None:
            got.append(tickets.redeem("somegame", ticket))

        racers = [threading.Thread(target=redeem) for _ in range(4)]
        for t in racers:
            t.start()
        for t in racers:
            t.join()
        assert got.count("hash") == 1 and got.count(None) == 3


def test_a_token_in_the_query_is_refused_and_spectators_need_nothing(clients):
    api = clients[1]
    g = create(clients[0])
    status, body = _first_data(api, g.id, token=g.seat_tokens[1])
    assert status == 400 and '"token_in_url"' in body
    status, line = _first_data(api, g.id)
    assert status == 200 and '"seat":null' in line and '"hand":' not in line


def test_a_ticket_needs_a_seat_or_host_token(clients):
    api = clients[1]
    g = create(clients[0])
    r = httpx.post(f"{api.base_url}/v1/games/{g.id}/stream-tickets")
    assert r.status_code == 401 and r.json()["code"] == "token_required"
    r = httpx.post(
        f"{api.base_url}/v1/games/{g.id}/stream-tickets", headers={"Authorization": "Bearer x"}
    )
    assert r.status_code == 401 and r.json()["code"] == "invalid_token"
    host = api.stream_ticket(g.id, g.host_token)["ticket"]
    status, line = _first_data(api, g.id, ticket=host, seat=1)
    assert status == 200 and '"seat":1' in line


@pytest.mark.parametrize(
    ("params", "headers", "status", "code"),
    [
        ({"token": "not-a-token"}, {}, 400, "token_in_url"),
        ({"ticket": "not-a-ticket"}, {}, 401, "invalid_ticket"),
        ({"ticket": "t"}, {"Authorization": "Bearer x"}, 400, "ticket_and_token"),
        ({"seat": 0}, {}, 401, "token_required"),
        ({}, {"Last-Event-ID": "seven"}, 400, "bad_last_event_id"),
        ({"last_event_id": -3}, {}, 400, "invalid_request"),
    ],
)
def test_stream_refuses_what_a_view_refuses(clients, params, headers, status, code):
    api = clients[1]
    g = create(clients[0])
    r = httpx.get(f"{api.base_url}/v1/games/{g.id}/stream", params=params, headers=headers)
    assert r.status_code == status and r.json()["code"] == code


def test_stream_of_another_seat_is_forbidden_and_unknown_games_404(clients):
    api = clients[1]
    g = create(clients[0])
    with pytest.raises(GreenroomError) as err:
        next(iter(api.stream(g.id, g.seat_tokens[0], seat=1)))
    assert err.value.status == 403
    with pytest.raises(GreenroomError) as err:
        next(iter(api.stream("nosuchgame")))
    assert err.value.status == 404


def test_long_poll_answers_as_soon_as_the_version_moves(clients):
    mover_api, poll_api = clients
    g = create(mover_api)
    timer = threading.Timer(0.5, host_move, args=(mover_api, g))
    timer.start()
    t0 = time.monotonic()
    view = poll_api.wait_for_change(g.id, 1, g.seat_tokens[0], wait=20)
    elapsed = time.monotonic() - t0
    timer.join()
    assert view is not None and view["version"] == 2 and view["seat"] == 0
    assert elapsed < 15  # woken by the move, not by the end of the wait


def test_long_poll_answers_304_when_nothing_moves(clients):
    api = clients[1]
    g = create(clients[0])
    r = httpx.get(
        f"{api.base_url}/v1/games/{g.id}", headers={"If-None-Match": '"1"', "Prefer": "wait=1"}
    )
    assert r.status_code == 304
    assert r.headers["ETag"] == '"1"' and r.headers["Preference-Applied"] == "wait=1"
    # without Prefer it is a plain conditional GET; another version is answered at once
    r = httpx.get(f"{api.base_url}/v1/games/{g.id}", headers={"If-None-Match": '"1"'})
    assert r.status_code == 304
    r = httpx.get(
        f"{api.base_url}/v1/games/{g.id}", headers={"If-None-Match": '"0"', "Prefer": "wait=5"}
    )
    assert r.status_code == 200 and r.json()["version"] == 1


def test_a_seat_claim_reaches_every_stream_as_a_public_event(clients):
    host_api, stream_api = clients
    g = host_api.create("tempo-muse", 2, seed=3, open_seats=[1])
    watchers = {"seat 0": Listener(stream_api, g.id, g.seat_tokens[0]),
                "spectator": Listener(stream_api, g.id)}  # fmt: skip
    for w in watchers.values():
        assert w.next().id == 1
    host_api.join(g.id, 1, "bea")
    for name, w in watchers.items():
        event = w.next()
        assert event.id == 2, name
        (move,) = event.moves
        assert move["events"] and move["events"][0]["seat"] == 1, (name, move)
        assert event.view["seating"][1]["name"] == "bea"


def test_a_version_without_a_notification_still_arrives_by_the_heartbeat(clients, store):
    """Notifications are only a wake-up: a stream re-reads the version at every heartbeat
    (1 s on these servers), so a change whose PUBLISH never arrived is still pushed."""
    api = clients[1]
    g = create(clients[0])
    listener = Listener(api, g.id)
    assert listener.next().id == 1
    # a write that bypasses the commit script: no events entry, no PUBLISH
    store.redis.hset(store.record_key(g.id), "version", 2)
    event = listener.next(timeout=10)
    assert event.event == "view" and event.id == 2
    assert event.moves == [] and event.data["complete"] is False


def test_the_host_of_a_puzzle_sees_every_move_s_events_and_a_seat_only_its_own(clients):
    """Puzzle mode is open information: the host's stream carries all events (as its
    view shows everything); a seat token still gets only the events of its own moves."""
    mover_api, stream_api = clients
    g = mover_api.create("beat", 3, options={"venue": "red_rocks", "mode": "puzzle"}, seed=3)
    host = Listener(stream_api, g.id, g.host_token)
    seat0 = Listener(stream_api, g.id, g.seat_tokens[0])
    assert host.next().id == 1 and seat0.next().id == 1
    answers = {}
    for _ in range(4):
        seat, answer = host_move(mover_api, g)
        answers[answer["version"]] = (seat, answer["events"])
    final = max(answers)
    for who, listener in (("host", host), (0, seat0)):
        moves = [m for e in listener.until_version(final) for m in e.moves]
        assert [m["version"] for m in moves] == sorted(answers)
        for m in moves:
            seat, events = answers[m["version"]]
            assert m["events"] == (events if who in ("host", seat) else []), (who, m)
    assert any(events for _, events in answers.values())  # the probe saw real events
