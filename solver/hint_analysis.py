"""Analysis of a finished game by its own hint: at each decision, what the hint would have
chosen from what the acting seat could see then, against the move made, with the game's
figures in words ("you scored 14; FROZEN would have scored 22").

The games' judges (``solver/<game>/analysis.py``) read one decision each: the states
before and after every logged action and the events each action raised. A judge may
cover several steps (an Overdrive allocation turn, a tour week's staging and work) and
says which. Steps the time budget did not reach are listed as not analysed, never
guessed. The Beat has its own analysis (``solver.beat.analysis``): with every card
known it decides winnability exactly.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from services.core import RulesError
from services.registry import get_game
from solver.registry import HINTS, resolve

KEYS = {"game", "players", "options", "seed", "log"}
MAX_LOG = 5000
#: the longest a single decision's hint may take; the job's budget is shared out over them
STEP_CAP_S = 2.0

#: game id -> its judge, "module:function"
JUDGES: dict[str, str] = {
    "composition": "solver.composition.analysis:judge",
    "overdrive": "solver.overdrive.analysis:judge",
    "tour": "solver.tour.analysis:judge",
    "tempo-muse": "solver.tempo_muse.analysis:judge",
}


@dataclass
class Replayed:
    """A log replayed: ``states[k]`` before action ``k`` (0-based), ``states[k + 1]`` after
    it, ``events[k]`` what it raised."""

    game: str
    log: list[dict[str, Any]]
    states: list[dict[str, Any]]
    events: list[list[dict[str, Any]]] = field(default_factory=list)

    def hint(self, k: int, budget_s: float) -> dict[str, Any]:
        """The hint the seat of action ``k`` would have had just before it."""
        return resolve(HINTS[self.game])(self.states[k], self.log[k]["seat"], budget_s)


#: ``judge(replayed, k, budget_s)`` -> the step's entry, or None when the step was no
#: decision (the only legal move)
Judge = Callable[[Replayed, int, float], dict[str, Any] | None]


def validate(payload: Any) -> dict[str, Any]:
    """``{"game", "players", "options", "seed", "log": [{"seat", "action"}, ...]}`` whose
    log replays in that game's rules."""
    if not isinstance(payload, dict) or set(payload) != KEYS:
        raise RulesError("invalid_payload", f"give exactly {sorted(KEYS)}")
    if payload["game"] not in JUDGES:
        raise RulesError("analysis_unavailable", f"no analysis for {payload['game']!r}")
    log = payload["log"]
    if not isinstance(log, list) or len(log) > MAX_LOG:
        raise RulesError("invalid_payload", f"log must be a list of at most {MAX_LOG} actions")
    replayed(payload)
    return payload


def replayed(payload: dict[str, Any]) -> Replayed:
    rules = get_game(payload["game"])
    out = Replayed(payload["game"], payload["log"], [])
    try:
        state = rules.new(payload["players"], payload["options"], payload["seed"])
        out.states.append(state)
        for e in payload["log"]:
            state, events = rules.apply(state, e["seat"], e["action"])
            out.states.append(state)
            out.events.append(events)
    except (KeyError, TypeError):
        raise RulesError("invalid_payload", "log entries are {seat, action}") from None
    except RulesError as e:
        raise RulesError("invalid_log", f"action {len(out.states)}: {e.message}") from None
    return out


def analyse(payload: dict[str, Any], budget_s: float) -> dict[str, Any]:
    """Every step: the hint's choice against the move made (see the module's docstring)."""
    t0 = time.monotonic()
    deadline = t0 + budget_s
    game = payload["game"]
    rep = replayed(payload)
    judge: Judge = resolve(JUDGES[game])
    n = len(rep.log)
    steps: list[dict[str, Any] | None] = [None] * n
    complete = True
    for k in range(n):
        if steps[k] is not None:
            continue
        seat = rep.log[k]["seat"]
        left = deadline - time.monotonic()
        if left <= 0:
            complete = False
            steps[k] = {"step": k + 1, "seat": seat, "judged": False,
                        "text": "Not analysed: the time budget ran out."}  # fmt: skip
            continue
        try:
            entry = judge(rep, k, min(STEP_CAP_S, max(0.1, left / 4)))
        except Exception as e:  # noqa: BLE001 -- one position's solver failure (no plan in
            # its time, or a fault of the hint there) is that step's, not the whole game's:
            # it is listed with the error's name, and nothing is guessed
            steps[k] = {"step": k + 1, "seat": seat, "judged": False, "error": type(e).__name__,
                        "text": "Not analysed: the hint found no answer here."}  # fmt: skip
            complete = False
            continue
        if entry is None:
            steps[k] = {"step": k + 1, "seat": seat, "judged": False,
                        "text": "No choice here: the only move."}  # fmt: skip
            continue
        covers = entry.pop("covers", [k + 1])
        steps[k] = {"step": k + 1, "seat": seat, "judged": True, **entry, "covers": covers}
        for later in covers[1:]:
            steps[later - 1] = {"step": later, "seat": rep.log[later - 1]["seat"],
                                "judged": False, "part_of": k + 1,
                                "text": f"Part of the move analysed at step {k + 1}."}  # fmt: skip
    judged = [s for s in steps if s and s["judged"]]
    out: dict[str, Any] = {
        "game": game,
        "steps": n,
        "complete": complete,
        "per_step": steps,
        "judged": len(judged),
        "agreed": sum(1 for s in judged if s["agrees"]),
        "seconds": round(time.monotonic() - t0, 3),
    }
    return out


def same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two actions are the same move (list order inside a payment aside)."""
    return _norm(a) == _norm(b)


def _norm(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _norm(v) for k, v in x.items()}
    if isinstance(x, list):
        return sorted((_norm(v) for v in x), key=repr)
    return x


def mine(hint: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The hint's actions for ``seat``, in order."""
    return [a["action"] for a in hint.get("actions", []) if a.get("seat") == seat]


def agreement(rep: Replayed, k: int, hint: dict[str, Any], say: str) -> dict[str, Any]:
    """An entry for a step judged by agreement alone: ``say`` names the hint's move."""
    seat = rep.log[k]["seat"]
    made = rep.log[k]["action"]
    best = mine(hint, seat)
    agrees = bool(best) and same(best[0], made)
    why = hint.get("why") or hint.get("explanation") or ""
    if agrees:
        text = f"The hint agrees: {why}" if why else "The hint agrees."
    elif best:
        text = f"The hint would have chosen to {say}. {why}".strip()
    else:
        text = "The hint had no move to suggest here."
    return {"made": [made], "best": best[:1], "agrees": agrees, "lost": None, "text": text}
