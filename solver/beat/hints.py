"""Hints for a seat of a Beat game.

Puzzle mode (open information): the next step of a winning plan found by
:func:`solver.beat.solve.decide` from the current state, or -- when none exists --
a legal best-effort move with the verdict.

Live mode: only ``GAME.view(state, seat)`` is read (:mod:`solver.beat.live`): each
candidate move is played in deals sampled from the view and the venue is rolled out
with every seat following the blueprint policy (:mod:`solver.beat.blueprint`); the
estimate is the win share of such a band, the best candidate is returned.
"""

from __future__ import annotations

from typing import Any

from services.beat import GAME
from services.core import RulesError
from solver.beat import live
from solver.beat import plan as P
from solver.beat import solve as S


def _legal(state: dict[str, Any], seat: int, action: dict[str, Any]) -> bool:
    try:
        GAME.apply(state, seat, action)
    except RulesError:
        return False
    return True


def _fallback(state: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """A legal move: the seat's if it can act, else the first seat that can."""
    for s in [seat] + [x for x in range(state["players"]) if x != seat]:
        acts = GAME.legal_actions(state, s)
        for kind in ("ready", "encore", "solo_pass", "play", "tour"):
            for a in acts:
                if a["type"] == kind:
                    return {"seat": s, "action": a}
    return None


def _next_from_plan(state: dict[str, Any], seat: int, dec: dict[str, Any]) -> dict | None:
    steps = P.play_actions(state, dec)
    mine = [sa for sa in steps if sa["seat"] == seat and _legal(state, seat, sa["action"])]
    if mine:
        return mine[0]
    for sa in steps:
        if _legal(state, sa["seat"], sa["action"]):
            return sa
    return None


def _after_encore(state: dict[str, Any], seat: int, take: bool, budget: float) -> str:
    """Verdict after this Encore decision (later pending Encores: all taken or all declined)."""
    best = "infeasible"
    for rest in (True, False):
        st, _ = GAME.apply(state, seat, {"type": "encore", "take": take})
        while st["status"] == "running" and st["phase"] == "encore":
            p = st["pending_encores"][0]
            st, _ = GAME.apply(st, p["seat"], {"type": "encore", "take": rest})
        if st["status"] != "running":
            verdict = "feasible" if P.won(st) else "infeasible"
        else:
            verdict = S.decide(st, budget / 2)["verdict"]
        if verdict == "feasible":
            return verdict
        if verdict == "unknown":
            best = "unknown"
    return best


def puzzle_hint(state: dict[str, Any], seat: int, budget_s: float) -> dict[str, Any]:
    if state["phase"] == "tour_choice":
        return {
            "actions": [{"seat": seat, "action": {"type": "tour", "choice": "retry"}}],
            "explanation": "retry the venue",
        }
    if state["phase"] == "encore":
        p = state["pending_encores"][0]
        verdicts = {t: _after_encore(state, p["seat"], t, budget_s / 2) for t in (True, False)}
        take = verdicts[True] == "feasible" or verdicts[False] != "feasible"
        take = take if verdicts[True] != verdicts[False] else False
        return {
            "actions": [{"seat": p["seat"], "action": {"type": "encore", "take": take}}],
            "explanation": "Encore decision that keeps the venue winnable",
            "verdict": verdicts[take],
            "estimates": {"take": verdicts[True], "decline": verdicts[False]},
        }
    res = S.decide(state, budget_s)
    out: dict[str, Any] = {"verdict": res["verdict"], "method": res.get("method")}
    if res["verdict"] == "feasible":
        nxt = _next_from_plan(state, seat, res["plan"][0])
        if nxt is not None:
            out["actions"] = [nxt]
            out["explanation"] = "next step of a winning plan"
            out["plan_round"] = {
                "plays": res["plan"][0]["plays"],
                "encores": res["plan"][0].get("encores", 0),
            }
            out["rounds_left_in_plan"] = len(res["plan"])
            return out
    fb = _fallback(state, seat)
    out["actions"] = [fb] if fb else []
    out["explanation"] = (
        "no winning plan exists from here; a legal move"
        if res["verdict"] == "infeasible"
        else "no plan found within the budget; a legal move"
    )
    return out


def live_hint(state: dict[str, Any], seat: int, budget_s: float, **kw: Any) -> dict[str, Any]:
    """Live mode: blueprint rollouts over deals sampled from the seat's view."""
    return live.live_hint(state, seat, budget_s, **kw)


def hint(state: dict[str, Any], seat: int, budget_s: float) -> dict[str, Any]:
    """The recommended next action(s) for ``seat``, postable as they are."""
    if state.get("status") != "running":
        return {"actions": [], "explanation": "the game is over"}
    if GAME.open_information(state):
        return puzzle_hint(state, seat, budget_s)
    return live_hint(state, seat, budget_s)
