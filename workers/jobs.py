"""The functions RQ runs.  They only route to the solver registry."""

from __future__ import annotations

from typing import Any

from solver.registry import HINTS, INTERNAL, PROBLEMS, resolve


def run_hint(
    game: str, state: dict[str, Any], seat: int, budget_s: float, game_id: str, version: int
) -> dict[str, Any]:
    """A hint for ``seat`` of the game at ``version`` (the snapshot taken when asked)."""
    result = resolve(HINTS[game])(state, seat, budget_s)
    return {"game_id": game_id, "version": version, "seat": seat, **result}


def run_problem(problem: str, payload: dict[str, Any], budget_s: float) -> dict[str, Any]:
    """The problem's result; an ``archive`` entry in it goes to the puzzle archive."""
    spec = PROBLEMS.get(problem) or INTERNAL[problem]
    result = resolve(spec.solve)(payload, budget_s)
    entry = result.pop("archive", None)
    if entry is not None:
        _archive(entry)
    return result


def _archive(entry: dict[str, Any]) -> None:
    from rq import get_current_job

    from services.store.puzzle_archive import PuzzleArchive

    job = get_current_job()
    if job is None or "prefix" not in job.meta:
        return  # run outside a worker (tests, benchmarks): nothing to store it in
    from workers.game_redis import game_connection

    # the archive lives with the games, which need not share the queue's Redis
    archive = PuzzleArchive(game_connection(job.connection), job.meta["prefix"])
    archive.add(entry)
    if entry.get("daily"):
        archive.set_daily(entry["daily"], entry["code"])
