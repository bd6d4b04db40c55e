"""The fast path (api.fastpath) answers exactly as the Flask path does.

Two apps on the same Redis, one with ``fast_path`` and one without, each on its own key
prefix, hold twin games (same id, seed and tokens).  Every request goes to both, with the
same ``X-Request-ID``, and the answers must be equal: status, headers (in order) and body
bytes.  Only ``X-RateLimit-Reset`` may differ, by the second the two requests straddle.
"""

from __future__ import annotations

import logging
import random
import secrets
import uuid
from dataclasses import replace

import pytest
import redis

from api.app import create_app
from api.config import Settings
from api.fastpath import FastPath
from api.observability import current_request_id
from services.play.moves import status_of
from services.registry import GAMES, get_game


def _apps(settings: Settings, **changes):
    tag = uuid.uuid4().hex[:8]
    made = []
    for fast in (True, False):
        s = replace(
            settings, prefix=f"{settings.prefix}fp-{tag}-{int(fast)}:", fast_path=fast, **changes
        )
        app = create_app(s)
        app.config["TESTING"] = True
        made.append(app)
    return made


@pytest.fixture(scope="module")
def pair(settings):
    fast, slow = _apps(settings)
    assert isinstance(fast.wsgi_app, FastPath) and not isinstance(slow.wsgi_app, FastPath)
    yield fast, slow
    _clean(settings)


def _clean(settings: Settings) -> None:
    client = redis.Redis.from_url(settings.redis_url)
    keys = list(client.scan_iter(match=f"{settings.prefix}fp-*", count=1000))
    if keys:
        client.delete(*keys)


class Twins:
    """One game made on both apps: same id, seed, options and tokens."""

    def __init__(self, apps, name: str, players: int, seed: int):
        self.apps = apps
        self.id = secrets.token_urlsafe(9)
        self.host = secrets.token_urlsafe(32)
        self.seats = [secrets.token_urlsafe(32) for _ in range(players)]
        self.game = get_game(name)
        state = self.game.new(players, {}, seed)
        for app in apps:
            app.extensions["greenroom"].store.create(
                name, players, seed, {}, state, status_of(self.game, state),
                game_id=self.id, host_token=self.host, seat_tokens=self.seats,
            )  # fmt: skip

    def state(self):
        return self.apps[0].extensions["greenroom"].store.get(self.id).state


def _both(apps, method: str, path: str, token: str | None = None, headers=None, **kw):
    """The same request to both apps; asserts equal answers and returns the fast one."""
    sent = {"X-Request-ID": uuid.uuid4().hex, **(headers or {})}
    if token is not None:
        sent["Authorization"] = token if " " in token else f"Bearer {token}"
    answers = []
    for app in apps:
        answers.append(app.test_client().open(path, method=method, headers=sent, **kw))
    fast, slow = answers
    where = f"{method} {path} {sent} {kw}"
    assert fast.status == slow.status, where
    assert fast.data == slow.data, where
    fh = [(k, v) for k, v in fast.headers.items() if k != "X-RateLimit-Reset"]
    sh = [(k, v) for k, v in slow.headers.items() if k != "X-RateLimit-Reset"]
    assert fh == sh, where
    fr, sr = fast.headers.get("X-RateLimit-Reset"), slow.headers.get("X-RateLimit-Reset")
    assert (fr is None) == (sr is None) and (fr is None or abs(int(fr) - int(sr)) <= 1), where
    return fast


def _views(apps, t: Twins) -> None:
    url = f"/v1/games/{t.id}"
    players = len(t.seats)
    for token in (None, t.host, *t.seats, "not-a-token", "Basic abc", "Bearer "):
        for query in ("", "?seat=0", f"?seat={players - 1}", f"?seat={players}", "?seat=x"):
            r = _both(apps, "GET", url + query, token)
        version = _both(apps, "GET", url, token).headers.get("ETag")
        for inm in (version, '"999"', "*", 'W/"1", "2"'):
            if inm:
                _both(apps, "GET", url, token, {"If-None-Match": inm})
    r = _both(apps, "GET", f"/v1/games/{t.id}x")  # unknown game
    assert r.status_code == 404


def _moves(apps, t: Twins, rng: random.Random, steps: int) -> int:
    url = f"/v1/games/{t.id}/actions"
    made = 0
    for _ in range(steps):
        state = t.state()
        if t.game.outcome(state) is not None:
            break
        to_act = t.game.seats_to_act(state)
        if not to_act:
            break
        seat = rng.choice(to_act)
        legal = t.game.legal_actions(state, seat)
        if not legal:
            break
        action = rng.choice(legal)
        others = [s for s in range(len(t.seats)) if s != seat]
        # refusals first: none changes the game
        _both(apps, "POST", url, None, json={"action": action})
        _both(apps, "POST", url, "not-a-token", json={"action": action})
        if others:
            _both(apps, "POST", url, t.seats[others[0]], json={"action": action})
            _both(apps, "POST", url, t.seats[others[0]], json={"seat": seat, "action": action})
        _both(apps, "POST", url, t.seats[seat], json={"action": {"type": "no-such-move"}})
        _both(
            apps, "POST", url, t.seats[seat], headers={"If-Match": '"999"'}, json={"action": action}
        )
        _both(
            apps, "POST", url, t.seats[seat], headers={"If-Match": "nope"}, json={"action": action}
        )
        _both(apps, "POST", url, t.seats[seat], data=b"{not json", content_type="application/json")
        _both(apps, "POST", url, t.seats[seat], json={"action": action, "extra": 1})
        _both(apps, "POST", url, t.seats[seat], json={"seat": "0", "action": action})
        _both(apps, "POST", url, t.seats[seat], json={"seat": True, "action": action})
        _both(apps, "POST", url, t.seats[seat], json=[action])
        _both(apps, "POST", url, t.seats[seat], json={"action": "x"})
        _both(apps, "POST", url, t.seats[seat], data=b"", content_type="application/json")
        _both(apps, "POST", url, t.seats[seat], data=b'{"action": {}}', content_type="text/plain")
        _both(apps, "POST", f"/v1/games/{t.id}x/actions", t.seats[seat], json={"action": action})
        # then the move itself, one of four ways (a listed action some rule still refuses
        # is compared like any other answer; the next one is tried)
        how = made % 4
        version = t.apps[0].extensions["greenroom"].store.get(t.id).version
        for action in [action, *legal[:8]]:  # noqa: B020
            body = {"seat": seat, "action": action}
            if how == 0:
                r = _both(apps, "POST", url, t.seats[seat], json={"action": action})
            elif how == 1:
                r = _both(apps, "POST", url, t.seats[seat], {"If-Match": f'"{version}"'}, json=body)
            elif how == 2:  # a host naming no seat acts for the one seat that may act
                r = _both(apps, "POST", url, t.host, json={"action": action})
                if len(to_act) > 1:
                    assert r.status_code == 400, r.get_json()
                    r = _both(apps, "POST", url, t.host, json=body)
            else:
                r = _both(apps, "POST", url, t.host, {"If-Match": str(version)}, json=body)
            if r.status_code == 200:
                break
            assert r.status_code == 422, r.get_json()
        else:
            break
        made += 1
        _views(apps, t) if made == 1 else _both(apps, "GET", f"/v1/games/{t.id}", t.seats[seat])
    return made


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_fast_path_answers_every_view_and_move_as_flask_does(pair, name):
    game = get_game(name)
    players = max(game.min_players, min(2, game.max_players))
    rng = random.Random(f"fast-path-{name}")
    t = Twins(pair, name, players, rng.randrange(2**31))
    served, sent = pair[0].wsgi_app.served, pair[0].wsgi_app.sent_on_copy
    _views(pair, t)
    assert _moves(pair, t, rng, steps=4) >= 1
    # the comparison was not vacuous: the fast app answered many of them itself, and
    # moves went in one round trip (their limits and commit in one script)
    assert pair[0].wsgi_app.served - served > 50
    assert pair[0].wsgi_app.sent_on_copy > sent


def test_the_fast_path_refuses_over_the_limit_as_flask_does(settings):
    apps = _apps(settings, rate_limit_token="4/minute")
    try:
        t = Twins(apps, "beat", 2, 7)
        answers = [_both(apps, "GET", f"/v1/games/{t.id}", t.seats[0]) for _ in range(6)]
        assert [r.status_code for r in answers] == [200] * 4 + [429] * 2
        assert answers[-1].headers["Retry-After"]
        r = _both(apps, "POST", f"/v1/games/{t.id}/actions", t.seats[0], json={"action": {}})
        assert r.status_code == 429
        assert apps[0].wsgi_app.served >= 7
    finally:
        _clean(settings)


def test_requests_it_does_not_know_go_to_flask_untouched(pair):
    fast = pair[0].wsgi_app
    t = Twins(pair, "beat", 2, 11)
    served = fast.served
    url = f"/v1/games/{t.id}"
    _both(pair, "GET", url + "?seat=0&x=1", t.host)
    _both(pair, "HEAD", url, t.host)
    _both(pair, "GET", url, t.host, {"If-None-Match": '"1"', "Prefer": "wait=1"})
    _both(pair, "GET", url + "/actions", t.seats[0])
    _both(pair, "GET", url + "/log", t.host)
    _both(pair, "POST", url + "/actions", t.seats[0], data=b"{", content_type="application/json")
    assert fast.served == served


def test_metrics_and_the_access_log_see_the_same_request(pair, caplog):
    t = Twins(pair, "tour", 1, 5)
    seen: list[tuple] = []

    class Grab(logging.Filter):
        def filter(self, record: logging.LogRecord) -> bool:
            seen.append((record.method, record.path, record.status, current_request_id()))
            return True

    def counts(status: str) -> list[float]:
        return [
            app.extensions["greenroom_metrics"]
            .total.labels("GET", "/v1/games/<game_id>", status)
            ._value.get()
            for app in pair
        ]

    access = logging.getLogger("greenroom.access")
    grab = Grab()
    access.addFilter(grab)
    caplog.set_level(logging.INFO, logger="greenroom.access")
    before = counts("401")
    try:
        _both(pair, "GET", f"/v1/games/{t.id}", "wrong", {"X-Request-ID": "fast-path-id-1"})
    finally:
        access.removeFilter(grab)
    assert [c - b for c, b in zip(counts("401"), before, strict=True)] == [1, 1]
    path = f"/v1/games/{t.id}"
    assert seen == [("GET", path, 401, "fast-path-id-1")] * 2


def test_fast_path_setting_reads_the_environment(monkeypatch):
    for raw, want in (("0", False), ("off", False), ("1", True), ("", True)):
        monkeypatch.setenv("FAST_PATH", raw)
        assert Settings.from_env().fast_path is want
    monkeypatch.setenv("FAST_PATH", "maybe")
    with pytest.raises(ValueError):
        Settings.from_env()
