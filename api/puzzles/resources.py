"""/v1/puzzles (the daily puzzle, the archive) and, per game, fork and analysis."""

from __future__ import annotations

import datetime as dt

from flask.views import MethodView
from rq.exceptions import NoSuchJobError
from rq.job import Job

from api.backend import backend
from api.blueprint import Blueprint
from api.errors import ApiError, error_responses
from api.games.schemas import CreatedGameSchema, JobAcceptedSchema
from api.games.views import created
from api.jobs.queueing import accepted, clamp_budget
from api.json import answer
from api.puzzle_codes import archive
from api.puzzles.schemas import (
    AnalysisRequestSchema,
    ArchiveQuerySchema,
    ArchiveSchema,
    DailyQuerySchema,
    DailySchema,
    ForkRequestSchema,
)
from api.request_reads import game_and_caller
from api.solver import queue_problem
from services.core import RulesError
from services.play.clock import rules_options
from services.play.moves import create_game, perform
from services.registry import get_game
from services.store import keys
from solver.beat import daily as DAILY
from solver.beat import deal as D
from solver.registry import INTERNAL

blp = Blueprint("puzzles", __name__, url_prefix="/v1/puzzles", description="Beat puzzles")
game_blp = Blueprint(
    "game-puzzles", __name__, url_prefix="/v1/games", description="Forks and analyses of games"
)

#: how long a queued job is remembered for its game or date (a later ask reuses it)
JOB_MEMO_S = 3600


def _queue(problem: str, payload: dict, budget: float) -> Job:
    return queue_problem(problem, INTERNAL[problem], payload, budget)


def _memo_job(key: str, problem: str, payload: dict, budget: float) -> Job:
    """The job queued under ``key`` while it lives and has not failed, else a new one
    (the memo is kept beside the jobs, on the queue's Redis)."""
    be = backend()
    raw = be.queue_redis.get(key)
    if raw is not None:
        try:
            job = Job.fetch(raw.decode(), connection=be.queue_redis)
            if not job.is_failed:
                return job
        except NoSuchJobError:
            pass
    job = _queue(problem, payload, budget)
    be.queue_redis.set(key, job.id, ex=JOB_MEMO_S)
    return job


@blp.route("/daily")
class Daily(MethodView):
    @blp.arguments(DailyQuerySchema, location="query")
    @blp.response(200, DailySchema)
    @blp.alt_response(202, schema=JobAcceptedSchema, description="computing: poll, ask again")
    @error_responses(blp, 422)
    def get(self, query):
        """The daily puzzle: the same for everyone on a UTC day, derived from the date.

        The first ask of a day queues its computation (202 with the job); once it is
        done every process serves the same code (200)."""
        today = dt.datetime.now(dt.UTC).date()
        day = DAILY.parse_date(query["date"]) if "date" in query else today
        if day > today:
            raise RulesError("invalid_date", "no daily puzzle for a future date", {"date": []})
        date = day.isoformat()
        arch = archive()
        code = arch.daily_code(date)
        entry = arch.get(code) if code else None
        if entry is not None:
            return {**entry, "date": date}
        key = keys.puzzle_daily_job(backend().store.prefix, date)
        spec = INTERNAL["beat/daily"]
        job = _memo_job(key, "beat/daily", {"date": date}, spec.default_budget_s)
        body, status, headers = accepted(job)
        return answer(body, status, {**headers, "Retry-After": "2"})


@blp.route("")
class Archive(MethodView):
    @blp.arguments(ArchiveQuerySchema, location="query")
    @blp.response(200, ArchiveSchema)
    @error_responses(blp, 422)
    def get(self, query):
        """Generated and daily puzzles, newest first, with solver-found tags and the
        attempts and solves of games started from their codes"""
        venue = D.find_venue(query["venue"]).id if "venue" in query else None
        puzzles, total = archive().listing(
            venue, query.get("players"), query.get("grade"), query.get("tag"),
            query["limit"], query["offset"],
        )  # fmt: skip
        return {"puzzles": puzzles, "total": total, "limit": query["limit"],
                "offset": query["offset"]}  # fmt: skip


def _public(record, game) -> bool:
    return record.status == "finished" or game.open_information(record.state)


@game_blp.route("/<game_id>/fork")
class Fork(MethodView):
    @game_blp.arguments(ForkRequestSchema)
    @game_blp.response(201, CreatedGameSchema)
    @error_responses(game_blp, 400, 403, 404, 422)
    def post(self, body, game_id):
        """A new game from ``step`` of a finished game or a puzzle: its log replayed to
        that step, in puzzle mode for The Beat (every card open), to try another line"""
        be = backend()
        record, _ = game_and_caller(game_id)
        game = get_game(record.game)
        if not _public(record, game):
            raise ApiError(403, "fork_hidden", "a running game with hidden cards cannot be forked")
        entries = be.store.log(game_id)
        step = body["step"]
        if step > len(entries):
            raise RulesError("no_such_step", f"the log has {len(entries)} actions", {"step": []})
        options = dict(record.options)
        if record.game == "beat":
            options["mode"] = "puzzle"
        new = create_game(be.store, record.game, record.players, options, record.seed)
        rec = new.record
        for e in entries[:step]:
            rec = perform(be.store, rec.id, e["seat"], e["action"]).record
        return created(rec, new.host_token, new.seat_tokens)


@game_blp.route("/<game_id>/analysis")
class Analysis(MethodView):
    @game_blp.arguments(AnalysisRequestSchema)
    @game_blp.response(202, JobAcceptedSchema)
    @error_responses(game_blp, 400, 404, 409, 422)
    def post(self, body, game_id):
        """Queue the analysis of a finished game (one job per game, reused).

        The Beat: with every card known, whether the venue was winnable before and after
        each play, the first play after which it was not, and a line that kept it
        winnable. Composition, Overdrive, the tour and Tempo Muse: each decision against
        the game's hint from what that seat could see, with the figures in words (points
        lost, the better move). Never for a running game with hidden information: it
        reads every card. An open-information game (a Beat puzzle) may be analysed while
        it runs, up to its current version: its table says when the venue can no longer
        be won."""
        be = backend()
        record, _ = game_and_caller(game_id)
        game = get_game(record.game)
        problem = f"{record.game}/analysis"
        running = record.status != "finished"
        if running and not game.open_information(record.state):
            raise ApiError(409, "game_running", "analysis is served once the game has ended")
        if problem not in INTERNAL:
            raise RulesError("analysis_unavailable", f"no analysis for {record.game}")
        spec = INTERNAL[problem]
        budget = clamp_budget(body.get("budget_s"), spec.default_budget_s, spec.max_budget_s)
        log = [{"seat": e["seat"], "action": e["action"]} for e in be.store.log(game_id)]
        payload = {
            "players": record.players,
            "options": rules_options(record.options),
            "seed": record.seed,
            "log": log,
        }
        if record.game != "beat":
            payload["game"] = record.game
        # each version of a running puzzle is a position of its own
        key = keys.analysis_job(be.store.prefix, game_id, record.version if running else None)
        return accepted(_memo_job(key, problem, payload, budget))
