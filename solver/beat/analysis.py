"""Where was it lost? A finished Beat venue read back with every card known.

Under perfect information winnability can only be lost, never regained: a position
from which no continuation wins has no winning successor. So along the log the
verdict is ``True`` up to some play and ``False`` after it, and a binary search over
the positions the solver reads (play phase, nothing pending) finds the first losing
play with a logarithmic number of solver calls. Every verdict the answer states is the
solver's own: the position before the losing play is decided winnable (its winning
line, replayed through the engine, is the suggested line) and the one after it
decided not winnable; an ``unknown`` verdict (budget) stops the search and is
reported as such.
"""

from __future__ import annotations

import time
from typing import Any

from services.beat import GAME
from services.core import RulesError
from solver.beat import plan as P
from solver.beat import solve as S

KEYS = {"players", "options", "seed", "log"}
MAX_LOG = 2000


def validate(payload: Any) -> dict[str, Any]:
    """``{"players", "options", "seed", "log": [{"seat", "action"}, ...]}`` that replays."""
    if not isinstance(payload, dict) or set(payload) - KEYS or not set(payload) >= KEYS:
        raise RulesError("invalid_payload", f"give exactly {sorted(KEYS)}")
    log = payload["log"]
    if not isinstance(log, list) or len(log) > MAX_LOG:
        raise RulesError("invalid_payload", f"log must be a list of at most {MAX_LOG} actions")
    if isinstance(payload["options"], dict) and payload["options"].get("tour"):
        raise RulesError("analysis_unavailable", "analysis covers single venues, not tours")
    states(payload)  # the engine's own checks: the log must replay
    return payload


def states(payload: dict[str, Any]) -> list[dict[str, Any]]:
    """The state before the first action and after each one."""
    out: list[dict[str, Any]] = []
    try:
        state = GAME.new(payload["players"], payload["options"], payload["seed"])
        out.append(state)
        for e in payload["log"]:
            state, _ = GAME.apply(state, e["seat"], e["action"])
            out.append(state)
    except (KeyError, TypeError):
        raise RulesError("invalid_payload", "log entries are {seat, action}") from None
    except RulesError as e:
        raise RulesError("invalid_log", f"action {len(out)}: {e.message}") from None
    return out


def _open(state: dict[str, Any]) -> dict[str, Any]:
    """The same position with every card open (the solver reads the full state)."""
    return {**state, "mode": "puzzle"}


def _readable(state: dict[str, Any]) -> bool:
    return state["status"] == "running" and state["phase"] == "play" and state.get("tour") is None


def analyse(payload: dict[str, Any], budget_s: float) -> dict[str, Any]:
    t0 = time.monotonic()
    deadline = t0 + budget_s
    seq = states(payload)
    n = len(seq) - 1
    # positions the solver reads, plus the end (won or lost is known there)
    points = [k for k in range(n + 1) if _readable(seq[k])]
    if seq[n]["status"] == "finished" and n not in points:
        points.append(n)
    cache: dict[int, dict[str, Any]] = {}
    solver_calls = 0

    def verdict(k: int) -> str:
        nonlocal solver_calls
        if k in cache:
            return cache[k]["verdict"]
        st = seq[k]
        if st["status"] == "finished":
            cache[k] = {"verdict": "feasible" if P.won(st) else "infeasible"}
        else:
            left = max(0.2, (deadline - time.monotonic()) / 4)
            cache[k] = S.decide(_open(st), min(left, 10.0))
            solver_calls += 1
        return cache[k]["verdict"]

    out: dict[str, Any] = {"game": "beat", "steps": n}
    if not points:  # a running game not yet at a position the solver reads
        out.update(winnable_at_start=None, first_losing_step=None, line=None, undecided=True)
        out.update(per_step=_per_step(n, None, None), winnable_now=None, solver_calls=0)
        out["seconds"] = round(time.monotonic() - t0, 3)
        return out
    first = verdict(points[0])
    if first != "feasible":
        out.update(winnable_at_start=False if first == "infeasible" else None)
        lost = 0 if first == "infeasible" else None
        out.update(first_losing_step=None, line=None, per_step=_per_step(n, None, lost))
        out["winnable_now"] = False if first == "infeasible" else None
        out.update(solver_calls=solver_calls, seconds=round(time.monotonic() - t0, 3))
        return out
    lo, hi = 0, len(points) - 1  # points[lo] winnable; find the last winnable point
    if verdict(points[hi]) == "feasible":
        lo = hi
    unknown = False
    while hi - lo > 1:
        mid = (lo + hi) // 2
        v = verdict(points[mid])
        if v == "unknown":
            unknown = True
            break
        if v == "feasible":
            lo = mid
        else:
            hi = mid
    out["winnable_at_start"] = True
    if unknown:
        out.update(first_losing_step=None, line=None, undecided=True)
        out["per_step"] = _per_step(n, points[lo], None)
    elif lo == len(points) - 1:
        # winnable at the last position the solver reads (the end of a finished game;
        # in a running puzzle, plays after it are judged once a readable position follows)
        out.update(first_losing_step=None, line=None, per_step=_per_step(n, points[lo], None))
    else:
        last_ok, lost_at = points[lo], points[hi]
        # the step after which the solver finds the venue lost; between the last
        # winnable position and it there can only be a round's Encore calls, which the
        # solver does not read one by one
        out["first_losing_step"] = lost_at
        out["winnable_until_step"] = last_ok
        out["losing_action"] = payload["log"][lost_at - 1]
        out["line"] = _line(seq[last_ok], cache[last_ok], last_ok)
        out["per_step"] = _per_step(n, last_ok, lost_at)
    out["winnable_now"] = out["per_step"][-1]["winnable_after"] if n else out["winnable_at_start"]
    out.update(solver_calls=solver_calls, seconds=round(time.monotonic() - t0, 3))
    return out


def _line(state: dict[str, Any], result: dict[str, Any], step: int) -> dict[str, Any] | None:
    """The winning line from ``state`` as postable actions, checked in the engine."""
    plan = result.get("plan")
    if plan is None:
        return None
    final, actions = P.replay(_open(state), plan)
    if not P.won(final):
        raise AssertionError("the suggested line does not win in the engine")
    return {"from_step": step, "actions": actions}


def _per_step(n: int, last_ok: int | None, lost_at: int | None) -> list[dict[str, Any]]:
    """Per action (1-based step): whether the venue was winnable before and after it.

    Positions up to ``last_ok`` are winnable (winnable later means winnable before),
    positions from ``lost_at`` on are not; ``None`` where the solver was not asked."""

    def at(k: int) -> bool | None:
        if last_ok is not None and k <= last_ok:
            return True
        if lost_at is not None and k >= lost_at:
            return False
        return None

    return [
        {"step": k, "winnable_before": at(k - 1), "winnable_after": at(k),
         "text": _say(at(k - 1), at(k))}
        for k in range(1, n + 1)
    ]  # fmt: skip


def _say(before: bool | None, after: bool | None) -> str:
    """One step's verdicts in words."""
    if before and after:
        return "The venue could still be won after this play."
    if before and after is False:
        return "This play lost the venue: it could be won before it, not after."
    if before is False:
        return "The venue could no longer be won."
    if before and after is None:
        return "Still winnable before this play; the solver judges the round at its end."
    return "Not decided by the solver within the time budget."
