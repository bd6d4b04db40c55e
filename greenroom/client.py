"""A typed Python client for the Greenroom HTTP API (httpx, synchronous).

    from greenroom.client import Client

    gr = Client("http://127.0.0.1:8000")
    game = gr.create("beat", 3, options={"venue": "garage"}, open_seats=True, listed=True)
    me = gr.join(game.id, 0, "ada")                 # a Player: this seat's token bound in
    for event in me.stream():                       # resumes by itself after a drop
        listing = me.actions() if event.event == "view" else {"actions": []}
        if listing["actions"]:
            try:
                me.act(listing["actions"][0]["action"], version=listing["version"])
            except GreenroomError:                  # seats still open (409), or stale (412)
                pass                                # the next pushed view says what now

See examples/random_bot.py for a whole bot.

Every non-2xx answer raises ``GreenroomError`` with the API's machine-readable
``code``.  Nothing here depends on the server's code: it speaks only the
public API (see openapi.yaml).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx

JSON = dict[str, Any]


class GreenroomError(Exception):
    """An error answer: ``status``, ``code`` (machine-readable), ``message``, ``errors``."""

    def __init__(self, status: int, code: str, message: str, errors: JSON | None = None):
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors or {}


@dataclass(frozen=True)
class CreatedGame:
    """The answer to ``create``: the ids and the secrets, shown only this once."""

    id: str
    game: str
    players: int
    version: int
    host_token: str
    seat_tokens: list[str | None]
    raw: JSON = field(repr=False)


@dataclass(frozen=True)
class StreamEvent:
    """One Server-Sent Event of a game stream: ``view`` (with ``view`` and ``moves``) or ``end``."""

    event: str
    id: int | None
    data: JSON

    @property
    def version(self) -> int | None:
        return self.data.get("version", self.id)

    @property
    def view(self) -> JSON | None:
        return self.data.get("view")

    @property
    def moves(self) -> list[JSON]:
        return self.data.get("moves", [])

    @property
    def rematch(self) -> str | None:
        """The next game's id, once a rematch was asked for (``end`` and views name it)."""
        if "rematch" in self.data:
            return self.data["rematch"]
        return (self.view or {}).get("rematch")


def _bearer(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


class Client:
    """One API server; safe to share within a thread (it holds an httpx connection pool)."""

    def __init__(
        self,
        base_url: str,
        *,
        timeout: float = 30.0,
        retries: int = 5,
        max_retry_after: float = 60.0,
        http: httpx.Client | None = None,
    ):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        #: reconnect attempts of a stream in a row, and resends of a request refused
        #: with 429, before giving up
        self.retries = retries
        #: the longest ``Retry-After`` of a 429 that is waited out (a longer one is raised)
        self.max_retry_after = max_retry_after
        self.http = http or httpx.Client(base_url=self.base_url, timeout=timeout)

    def close(self) -> None:
        self.http.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- plumbing -------------------------------------------------------------
    def _request(
        self,
        method: str,
        path: str,
        *,
        token: str | None = None,
        headers: dict[str, str] | None = None,
        timeout: float | None = None,
        ok: tuple[int, ...] = (200, 201, 202, 204),
        **kwargs: Any,
    ) -> httpx.Response:
        # A 429 is answered before the request does anything (the limits are
        # checked ahead of every route), so sending it again is safe even for a move.
        for attempt in range(self.retries + 1):
            r = self.http.request(
                method,
                path,
                headers={**_bearer(token), **(headers or {})},
                timeout=timeout if timeout is not None else self.timeout,
                **kwargs,
            )
            wait = _retry_after(r) if r.status_code == 429 else None
            if wait is None or wait > self.max_retry_after or attempt == self.retries:
                break
            time.sleep(wait)
        if r.status_code not in ok:
            raise _error(r)
        return r

    # -- games ------------------------------------------------------------------
    def create(
        self,
        game: str,
        players: int,
        *,
        options: JSON | None = None,
        seed: int | None = None,
        open_seats: bool | list[int] | None = None,
        listed: bool | None = None,
    ) -> CreatedGame:
        """Create a game; seats left open (``open_seats``) get no token until joined."""
        body: JSON = {"game": game, "players": players, "options": options or {}}
        if seed is not None:
            body["seed"] = seed
        if open_seats is not None:
            body["open_seats"] = open_seats
        if listed is not None:
            body["listed"] = listed
        raw = self._request("POST", "/v1/games", json=body).json()
        return CreatedGame(
            id=raw["id"],
            game=raw["game"],
            players=raw["players"],
            version=raw["version"],
            host_token=raw["host_token"],
            seat_tokens=raw["seat_tokens"],
            raw=raw,
        )

    def lobby(self, game: str | None = None, *, status: str = "open", **params: Any) -> JSON:
        """Listed games with open seats: ``{"games": [...], "total", "next_offset", ...}``.

        ``params`` pass through (``limit``, ``offset``)."""
        query = {"status": status, **params}
        if game is not None:
            query["game"] = game
        return self._request("GET", "/v1/games", params=query).json()

    def join(self, game_id: str, seat: int, name: str, *, invite: str | None = None) -> Player:
        """Claim an open seat (409 when taken); its token, shown once, is bound into the Player."""
        body: JSON = {"name": name}
        if invite is not None:
            body["invite"] = invite
        raw = self._request("POST", f"/v1/games/{game_id}/seats/{seat}", json=body).json()
        return Player(self, game_id, raw["token"], seat)

    def player(self, game_id: str, token: str, seat: int | None = None) -> Player:
        return Player(self, game_id, token, seat)

    def view(self, game_id: str, token: str | None = None, *, seat: int | None = None) -> JSON:
        params = {"seat": seat} if seat is not None else None
        return self._request("GET", f"/v1/games/{game_id}", token=token, params=params).json()

    def wait_for_change(
        self, game_id: str, version: int, token: str | None = None, *, wait: int = 25
    ) -> JSON | None:
        """Long-poll: the view once the game moves past ``version``, or None after ``wait`` s."""
        r = self._request(
            "GET",
            f"/v1/games/{game_id}",
            token=token,
            headers={"If-None-Match": f'"{version}"', "Prefer": f"wait={wait}"},
            timeout=wait + self.timeout,
            ok=(200, 304),
        )
        return None if r.status_code == 304 else r.json()

    def actions(self, game_id: str, token: str) -> JSON:
        """``{"version", "actions": [{"seat", "action"}], "forms"}`` for the token's seats."""
        return self._request("GET", f"/v1/games/{game_id}/actions", token=token).json()

    def act(
        self,
        game_id: str,
        token: str,
        action: JSON,
        *,
        seat: int | None = None,
        version: int | None = None,
    ) -> JSON:
        """Post an action; with ``version`` it is sent as If-Match (412 when stale)."""
        body: JSON = {"action": action}
        if seat is not None:
            body["seat"] = seat
        headers = {"If-Match": f'"{version}"'} if version is not None else None
        path = f"/v1/games/{game_id}/actions"
        return self._request("POST", path, token=token, json=body, headers=headers).json()

    def rematch(self, game_id: str, token: str) -> JSON:
        """Make (or find) the rematch of a finished game: ``{"id", "token" | "host_token", ...}``
        with the caller's own new token (the same one every time)."""
        return self._request("POST", f"/v1/games/{game_id}/rematch", token=token).json()

    def wait_for_rematch(
        self, game_id: str, token: str | None = None, *, wait: float = 60.0
    ) -> str | None:
        """The id of a finished game's rematch, waiting up to ``wait`` s for someone to ask.

        A game's stream ends with the game; asking for a rematch later moves the old
        game's version, so this long-polls its view until ``rematch`` is set.
        """
        deadline = time.monotonic() + wait
        view = self.view(game_id, token)
        while view["rematch"] is None:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            step = max(1, min(25, int(left)))
            view = self.wait_for_change(game_id, view["version"], token, wait=step) or view
        return view["rematch"]

    def log(self, game_id: str, token: str | None = None) -> JSON:
        return self._request("GET", f"/v1/games/{game_id}/log", token=token).json()

    def delete(self, game_id: str, host_token: str) -> None:
        self._request("DELETE", f"/v1/games/{game_id}", token=host_token)

    # -- solver work ---------------------------------------------------------------
    def hint(
        self,
        game_id: str,
        token: str,
        *,
        seat: int | None = None,
        budget_s: float | None = None,
        wait: float = 60.0,
    ) -> JSON:
        """Ask for a hint and wait for the finished job (its ``result`` has ``actions``)."""
        body: JSON = {}
        if seat is not None:
            body["seat"] = seat
        if budget_s is not None:
            body["budget_s"] = budget_s
        r = self._request("POST", f"/v1/games/{game_id}/hints", token=token, json=body)
        return self.wait_job(r.headers["Location"], wait=wait)

    def solve(self, problem: str, body: JSON, *, wait: float = 60.0) -> JSON:
        """Submit a solver problem (``POST /v1/solver/{problem}``) and wait for the job."""
        r = self._request("POST", f"/v1/solver/{problem}", json=body)
        return self.wait_job(r.headers["Location"], wait=wait)

    def job(self, job_id_or_location: str, *, wait: int = 0) -> JSON:
        path = job_id_or_location
        if not path.startswith("/"):
            path = f"/v1/jobs/{path}"
        headers = {"Prefer": f"wait={wait}"} if wait else None
        return self._request("GET", path, headers=headers, timeout=wait + self.timeout).json()

    def wait_job(self, location: str, *, wait: float = 60.0) -> JSON:
        """Poll a job with ``Prefer: wait`` until it ends or ``wait`` seconds pass."""
        deadline = time.monotonic() + wait
        while True:
            left = deadline - time.monotonic()
            job = self.job(location, wait=max(1, min(20, int(left))))
            if job["status"] in ("finished", "failed") or left <= 0:
                return job

    # -- live ---------------------------------------------------------------------
    def stream_ticket(self, game_id: str, token: str) -> JSON:
        """``{"ticket", "expires_s"}``: a single-use stand-in for ``token`` in a stream URL
        (``/v1/games/{id}/stream?ticket=…``), for a reader that cannot send headers;
        :meth:`stream` itself sends the token in the Authorization header."""
        return self._request("POST", f"/v1/games/{game_id}/stream-tickets", token=token).json()

    def stream(
        self,
        game_id: str,
        token: str | None = None,
        *,
        seat: int | None = None,
        last_event_id: int | None = None,
        read_timeout: float = 45.0,
    ) -> Iterator[StreamEvent]:
        """The game's events as they happen, until its ``end`` event.

        A dropped connection (or the server's periodic close) is resumed with
        ``Last-Event-ID``, so no version is missed; ``retries`` failures in a
        row give up with the last error.  A 429 (rate limit) is waited out for
        its ``Retry-After`` (up to ``max_retry_after`` seconds; it counts as a
        failure) and resumed the same way.  Any other error answer (4xx) is
        raised at once.
        """
        params = {"seat": seat} if seat is not None else None
        failures = 0
        delay = 0.5
        while True:
            headers = {**_bearer(token), "Accept": "text/event-stream"}
            if last_event_id is not None:
                headers["Last-Event-ID"] = str(last_event_id)
            timeout = httpx.Timeout(self.timeout, read=read_timeout)
            pause = delay
            try:
                with self.http.stream(
                    "GET",
                    f"/v1/games/{game_id}/stream",
                    headers=headers,
                    params=params,
                    timeout=timeout,
                ) as r:
                    if r.status_code != 200:
                        r.read()
                        if r.status_code >= 500:
                            raise httpx.TransportError(f"stream answered {r.status_code}")
                        wait = _retry_after(r) if r.status_code == 429 else None
                        failures += 1
                        if wait is None or wait > self.max_retry_after or failures > self.retries:
                            raise _error(r)
                        pause = wait  # then reconnect from the same Last-Event-ID
                    else:
                        for event in parse_sse(r.iter_lines()):
                            failures = 0
                            if event.id is not None:
                                last_event_id = event.id
                            if event.event == "retry":
                                delay = pause = event.data["ms"] / 1000
                                continue
                            yield event
                            if event.event == "end":
                                return
            except httpx.TransportError:
                failures += 1
                if failures > self.retries:
                    raise
            time.sleep(pause)


@dataclass
class Player:
    """One seat of one game: the client with this seat's token bound in."""

    client: Client
    game_id: str
    token: str
    seat: int | None = None

    def view(self) -> JSON:
        return self.client.view(self.game_id, self.token)

    def actions(self) -> JSON:
        return self.client.actions(self.game_id, self.token)

    def act(self, action: JSON, *, version: int | None = None) -> JSON:
        return self.client.act(self.game_id, self.token, action, seat=self.seat, version=version)

    def hint(self, **kwargs: Any) -> JSON:
        return self.client.hint(self.game_id, self.token, seat=self.seat, **kwargs)

    def stream(self, **kwargs: Any) -> Iterator[StreamEvent]:
        return self.client.stream(self.game_id, self.token, **kwargs)

    def stream_ticket(self) -> JSON:
        return self.client.stream_ticket(self.game_id, self.token)

    def rematch(self) -> Player:
        """This seat (or host) in the rematch of this finished game, made if need be."""
        raw = self.client.rematch(self.game_id, self.token)
        return Player(self.client, raw["id"], raw["token"] or raw["host_token"], raw["seat"])

    def wait_for_rematch(self, wait: float = 60.0) -> str | None:
        return self.client.wait_for_rematch(self.game_id, self.token, wait=wait)


def parse_sse(lines: Iterator[str]) -> Iterator[StreamEvent]:
    """Server-Sent Events from text lines (the WHATWG rules this API needs).

    ``retry:`` comes out as a pseudo-event ``retry`` with ``{"ms": n}``;
    comments (heartbeats) are skipped.
    """
    event, data, last_id = "message", [], None
    for line in lines:
        if line == "":
            if data:
                yield StreamEvent(event, last_id, json.loads("\n".join(data)))
            event, data = "message", []
            continue
        if line.startswith(":"):
            continue
        name, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if name == "event":
            event = value
        elif name == "data":
            data.append(value)
        elif name == "id" and value.isdigit():
            last_id = int(value)
        elif name == "retry" and value.isdigit():
            yield StreamEvent("retry", None, {"ms": int(value)})


def _retry_after(r: httpx.Response) -> float | None:
    """``Retry-After`` in seconds (the API sends whole seconds), None when absent or a date."""
    raw = r.headers.get("Retry-After", "").strip()
    return float(raw) if raw.isdigit() else None


def _error(r: httpx.Response) -> GreenroomError:
    try:
        body = r.json()
    except (json.JSONDecodeError, UnicodeDecodeError):
        body = {}
    if not isinstance(body, dict):
        body = {}
    return GreenroomError(
        r.status_code,
        body.get("code", "http_error"),
        body.get("message", r.reason_phrase),
        body.get("errors"),
    )
