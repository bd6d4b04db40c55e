"""/v1/games: create, view, list and post actions, read the log, delete, ask for hints."""

from __future__ import annotations

import re
from dataclasses import replace

from flask import Response, request
from flask.views import MethodView

from api.auth import Principal, acting_seat, require_host, require_player
from api.backend import Backend, backend
from api.blueprint import Blueprint
from api.errors import ApiError, error_responses
from api.games.longpoll import HEADERS_DOC as LONG_POLL_HEADERS
from api.games.longpoll import await_change, etag_of
from api.games.schemas import (
    ActionResultSchema,
    CreatedGameSchema,
    CreateGameSchema,
    GameLogSchema,
    GameViewSchema,
    HintRequestSchema,
    JobAcceptedSchema,
    LegalActionsSchema,
    PostActionSchema,
    ReplayViewSchema,
    ViewQuerySchema,
)
from api.games.seating_api import kick_bots, seat_store
from api.games.views import created, envelope
from api.jobs.queueing import accepted, clamp_budget, enqueue
from api.json import answer, answer_bytes, dump
from api.puzzle_codes import archive, create_args
from api.request_reads import game_and_caller, view_key
from services.core import RulesError
from services.core.game import Game as GameRules
from services.play.moves import ActionResult, create_game, perform, replay, status_of
from services.play.records import LimitGate, StaleCopy
from services.play.seating import initial_seating, normalise_open_seats, open_seats
from services.registry import get_game
from services.store.games import GameRecord
from services.store.puzzle_archive import PuzzleArchive
from solver.registry import HINTS

blp = Blueprint("games", __name__, url_prefix="/v1/games", description="Games and their moves")

HINT_DEFAULT_BUDGET_S = 2.0
HINT_MAX_BUDGET_S = 20.0

# a version, or the tag of a game ended for idleness at that version (its moves are then
# refused as for any ended game)
_IF_MATCH = re.compile(r'^\s*(?:W/)?"?(\d+)(?:-idle)?"?\s*$')


def _etag(record: GameRecord) -> dict[str, str]:
    return {"ETag": f'"{etag_of(record)}"', "Vary": "Authorization"}


def if_match(raw: str | None) -> int | None:
    """The version named by ``If-Match`` (``"7"``, ``W/"7"`` or ``7``), if any."""
    if raw is None or raw.strip() == "*":
        return None
    m = _IF_MATCH.match(raw)
    if not m:
        raise ApiError(400, "bad_if_match", 'If-Match must be a version such as "7"')
    return int(m.group(1))


@blp.route("")
class Games(MethodView):
    @blp.arguments(CreateGameSchema)
    @blp.response(201, CreatedGameSchema)
    @error_responses(blp, 400, 422)
    def post(self, body):
        """Create a game; the body returns one secret token per seat and a host token.

        Seats named in `open_seats` get no token: others claim them
        (`POST /v1/games/{id}/seats/{n}`); `listed` shows the game in the lobby.
        """
        name, players, options, seed, code = create_args(body)
        opened = normalise_open_seats(body.get("open_seats"), players)
        names = body.get("names") or []
        seating = initial_seating(players, opened, names) if opened or names else None
        new = create_game(backend().store, name, players, options, seed, seating)
        rec = new.record
        if code is not None:
            archive().started(code, rec.id)
        if body["listed"]:
            seat_store().list_new(rec)
        if body["on_leave"] != "bot":
            seat_store().set_on_leave(rec, body["on_leave"])
        kick_bots(rec)  # sets its clock, if it has one
        return created(rec, new.host_token, new.seat_tokens)


@blp.route("/<game_id>")
class Game(MethodView):
    @blp.arguments(ViewQuerySchema(), location="query")
    @blp.response(200, GameViewSchema)
    @blp.alt_response(304, description="Not modified: the version is still the one named")
    @error_responses(blp, 404)
    @blp.doc(parameters=LONG_POLL_HEADERS)
    def get(self, query, game_id):
        """The caller's view (seat token: its seat; none: spectator; host: all in puzzle mode).

        Long-poll: with `If-None-Match: "<version>"` and `Prefer: wait=N` the answer
        waits up to N s (capped by MAX_WAIT) for the version to move: 200 as soon
        as it does, else 304.
        """
        record, principal = game_and_caller(game_id)
        headers = request.headers
        status, body, extra = view_answer(
            backend(),
            record,
            principal,
            query.get("seat"),
            headers.get("If-None-Match"),
            headers.get("Prefer", ""),
        )
        if body is None:
            return Response(status=status, headers=extra)
        return answer_bytes(body, status, extra)

    @blp.response(204)
    @error_responses(blp, 403, 404)
    def delete(self, game_id):
        """Delete the game (host token only)"""
        store = backend().store
        _, principal = game_and_caller(game_id)
        require_host(principal, "delete a game")
        store.delete(game_id)


@blp.route("/<game_id>/actions")
class Actions(MethodView):
    @blp.response(200, LegalActionsSchema)
    @error_responses(blp, 401, 404)
    def get(self, game_id):
        """The legal actions of every seat the token acts for"""
        record, principal = game_and_caller(game_id)
        require_player(principal)
        game = get_game(record.game)
        actions, forms = [], []
        if record.status == "running" and not open_seats(record.seating or []):
            for seat in game.seats_to_act(record.state):
                if seat not in principal.seats:
                    continue
                actions += [
                    {"seat": seat, "action": a} for a in game.legal_actions(record.state, seat)
                ]
                forms += [{"seat": seat, "form": f} for f in game.action_forms(record.state, seat)]
        body = {"version": record.version, "actions": actions, "forms": forms}
        return answer(body, 200, _etag(record))

    @blp.arguments(PostActionSchema())
    @blp.response(200, ActionResultSchema)
    @error_responses(blp, 400, 401, 403, 404, 412, 422)
    def post(self, body, game_id):
        """Take an action for a seat; honours If-Match (412 when the version is stale)"""
        record, principal = game_and_caller(game_id)
        answer_body, extra = move_answer(
            backend(), record, principal, body, request.headers.get("If-Match")
        )
        return answer_bytes(answer_body, 200, extra)


# The two hot routes' work, shared by the resources above and api.fastpath (which calls
# them outside Flask for the common cases), so both answer alike.


def view_answer(
    be: Backend,
    record: GameRecord,
    principal: Principal,
    seat: int | None,
    if_none_match: str | None,
    prefer: str,
) -> tuple[int, bytes | None, dict[str, str]]:
    """A view's status, body (None for 304) and headers; long-polls when ``prefer`` asks."""

    def rendered(rec: GameRecord) -> bytes:
        # a view is a pure function of the record and the viewer: rendered once per
        # version, viewer and seat in this process (api.request_reads)
        key = view_key(rec, principal, seat)
        return be.read_cache.view(key, lambda: dump(envelope(rec, principal, seat)))

    body = rendered(record)  # refuse before waiting
    fresh, waited = await_change(be, record, if_none_match, prefer)
    headers = {**_etag(fresh or record)}
    if waited:
        headers["Preference-Applied"] = f"wait={waited}"
    if fresh is None:
        return 304, None, headers
    if fresh is not record:
        body = rendered(fresh)
    return 200, body, headers


def move_answer(
    be: Backend,
    record: GameRecord,
    principal: Principal,
    body: dict,
    raw_if_match: str | None,
    gate: LimitGate | None = None,
    copy: bool = False,
) -> tuple[bytes, dict[str, str]]:
    """Apply a move (``body``: the parsed PostActionSchema) and its 200's body and headers.

    ``gate`` and ``copy`` as :func:`services.play.moves.perform` takes them (the fast path's
    move on its process's copy): anything the copy says against the move raises StaleCopy.
    """
    try:
        seat = move_seat(record, principal, body)
        expected = if_match(raw_if_match)
    except Exception:
        if copy:  # the copy may be what is wrong: judged again on a fresh read
            raise StaleCopy(None) from None
        raise
    result = perform(
        be.store, record.id, seat, body["action"], expected, record=record, gate=gate, copy=copy
    )
    return move_result(be, record, principal, seat, result)


def move_seat(record: GameRecord, principal: Principal, body: dict) -> int:
    """The seat a move body acts for (listing who may act only when the token cannot say)."""
    game = get_game(record.game)
    return acting_seat(principal, body.get("seat"), lambda: game.seats_to_act(record.state))


def move_result(
    be: Backend, before: GameRecord, principal: Principal, seat: int, result: ActionResult
) -> tuple[bytes, dict[str, str]]:
    """A stored move's 200 body and headers (bots kicked, the process's copy brought up)."""
    if result.record.version == before.version + 1:  # no concurrent write in between
        be.read_cache.moved(before, result.written, result.record.state)
    kick_bots(result.record, be)
    PuzzleArchive(be.redis, be.store.prefix).moved(before.status, result.record)
    view = envelope(result.record, principal, None if principal.host else seat)
    answer_body = {"version": result.record.version, "events": result.events, "view": view}
    return dump(answer_body), _etag(result.record)


@blp.route("/<game_id>/log")
class Log(MethodView):
    @blp.response(200, GameLogSchema)
    @error_responses(blp, 403, 404)
    def get(self, game_id):
        """Every accepted action in order; seed + log replays to the same state.

        The log holds hidden moves, so while a hidden-information game runs
        only the host may read it; afterwards, or in open games, anyone.
        """
        store = backend().store
        record, principal = game_and_caller(game_id)
        _log_public(record, principal, get_game(record.game))
        return {
            "id": record.id,
            "game": record.game,
            "players": record.players,
            "seed": record.seed,
            "options": record.options,
            "version": record.version,
            "entries": store.log(game_id),
        }


@blp.route("/<game_id>/replay/<int:step>")
class Replay(MethodView):
    @blp.arguments(ViewQuerySchema, location="query")
    @blp.response(200, ReplayViewSchema)
    @error_responses(blp, 403, 404)
    def get(self, query, game_id, step):
        """The game as it stood after its first ``step`` logged actions (seed + log replayed).

        Readable when the log is: a finished or open-information game shows
        everything (or the seat named by ``seat``); a running hidden game only
        to the host, as the host would see it now.
        """
        store = backend().store
        record, principal = game_and_caller(game_id)
        game = get_game(record.game)
        public = _log_public(record, principal, game)
        entries = store.log(game_id)
        if step > len(entries):
            raise ApiError(404, "no_such_step", f"the log has {len(entries)} actions")
        state = replay(record, entries[: max(step - 1, 0)])
        events: list = []
        if step:  # the last action applied here, so its rules' events can be told
            last = entries[step - 1]
            state, events = game.apply(state, last["seat"], last["action"])
        version = entries[step - 1]["v"] if step else 1
        past = replace(record, state=state, version=version, status=status_of(game, state))
        seat = query.get("seat")
        if seat is not None and not 0 <= seat < record.players:
            raise ApiError(422, "no_such_seat", f"seats are 0 to {record.players - 1}")
        if public:
            view = {
                **game.view(state, seat, seat is None),
                **_frame(past, game),
                "seat": seat,
            }
        else:
            view = envelope(past, principal, seat)
        return {
            **view,
            "step": step,
            "steps": len(entries),
            "last": entries[step - 1] if step else None,
            "last_events": events,
        }


def _log_public(record: GameRecord, principal: Principal, game: GameRules) -> bool:
    """Whether the log is public (a finished or open-information game); else only the
    host may read it (it holds hidden moves): 403 for anyone else."""
    public = record.status == "finished" or game.open_information(record.state)
    if not (public or principal.host):
        raise ApiError(403, "log_hidden", "the log reveals hidden moves until the game ends")
    return public


def _frame(record, game) -> dict:
    """The envelope keys every view carries, for a replayed record."""
    return {
        "game": record.game,
        "id": record.id,
        "version": record.version,
        "status": record.status,
        "outcome": game.outcome(record.state),
    }


@blp.route("/<game_id>/hints")
class Hints(MethodView):
    @blp.arguments(HintRequestSchema)
    @blp.response(202, JobAcceptedSchema)
    @error_responses(blp, 401, 403, 422)
    def post(self, body, game_id):
        """Queue a hint for a seat; poll the job at the returned Location

        The finished job's `result` is a `HintResult`: the recommended `actions`, `why`
        (one plain sentence) and the game's figures behind them.
        """
        be = backend()
        record, principal = game_and_caller(game_id)
        game = get_game(record.game)
        if record.game not in HINTS:
            raise RulesError("hints_unavailable", f"{game.title} has no hints yet")
        if record.status != "running":
            raise RulesError("game_over", "the game has ended")
        seat = acting_seat(principal, body.get("seat"), lambda: game.seats_to_act(record.state))
        budget = clamp_budget(body.get("budget_s"), HINT_DEFAULT_BUDGET_S, HINT_MAX_BUDGET_S)
        job = enqueue(
            be.queue,
            "workers.jobs.run_hint",
            (record.game, record.state, seat, budget, record.id, record.version),
            budget,
            kind=f"hint:{record.game}",
            max_timeout_s=be.settings.job_timeout_s,
            result_ttl_s=be.settings.job_result_ttl_s,
        )
        return accepted(job)
