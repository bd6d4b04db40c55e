"""Hints for a seat of a Beat game.

Puzzle mode (open information): the next step of a winning plan found by
:func:`solver.beat.solve.decide` from the current state, or -- when none exists --
a legal best-effort move with the verdict.

Live mode: only ``GAME.view(state, seat)`` is read.  Deals consistent with it are
sampled (:mod:`solver.beat.sample`); for each candidate move of the seat (each
distinct card value it may play, or take/decline an Encore) the share of samples
in which the band can still win after that move -- under perfect information, so
an upper bound for a real band -- is the estimate; the best candidate is returned
with every estimate and the sample count.
"""

from __future__ import annotations

import random
import time
from typing import Any

from services.beat import GAME
from services.beat import cards as C
from services.core import RulesError
from solver.beat import plan as P
from solver.beat import sample
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


def _candidates(state_view: dict[str, Any], seat: int, real: dict[str, Any]) -> list[dict]:
    """The seat's distinct moves now (one per card value; Encore take/decline; ready)."""
    acts = GAME.legal_actions(real, seat)
    out, seen = [], set()
    for a in acts:
        if a["type"] == "play" and "card" in a and not a.get("face_up"):
            key = ("play", C.value(a["card"]), a.get("song", 0))
        elif a["type"] == "encore":
            key = ("encore", a["take"])
        elif a["type"] in ("ready", "solo_pass") or (a["type"] == "play" and "hidden" in a):
            key = (a["type"], a.get("hidden"), a.get("song", 0))
        else:
            continue
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out


def live_hint(
    state: dict[str, Any],
    seat: int,
    budget_s: float,
    max_samples: int = 200,
    per_solve_s: float | None = None,
) -> dict[str, Any]:
    """Best move for ``seat`` estimated over deals sampled from its view only."""
    view = GAME.view(state, seat)
    cands = _candidates(view, seat, state)
    if not cands:
        return {"actions": [], "explanation": "this seat has nothing to decide now"}
    if len(cands) == 1:
        return {
            "actions": [{"seat": seat, "action": cands[0]}],
            "explanation": "the only move",
            "samples": 0,
        }
    rng = random.Random(f"{view['round']}:{seat}:{len(view['results'])}")
    t0 = time.monotonic()
    wins = [0] * len(cands)
    unknown = [0] * len(cands)
    samples = 0
    per = per_solve_s or max(0.05, min(0.3, budget_s / (12 * len(cands))))
    while samples < max_samples and (samples == 0 or time.monotonic() - t0 < budget_s * 0.9):
        sst = sample.sampled_state(view, rng)
        for i, a in enumerate(cands):
            try:
                nst, _ = GAME.apply(sst, seat, a)
            except RulesError:
                continue
            verdict = _rollout(nst, per)
            wins[i] += verdict == "feasible"
            unknown[i] += verdict == "unknown"
        samples += 1
    best = max(range(len(cands)), key=lambda i: (wins[i], -unknown[i], -i))
    return {
        "actions": [{"seat": seat, "action": cands[best]}],
        "explanation": "the move with the best estimated chance, over deals consistent "
        "with what this seat sees (perfect-information upper bound)",
        "samples": samples,
        "estimates": [
            {
                "action": a,
                "win_share": wins[i] / samples if samples else None,
                "unknown": unknown[i],
            }
            for i, a in enumerate(cands)
        ],
    }


def _rollout(st: dict[str, Any], budget: float) -> str:
    """Verdict from a sampled state after the candidate move (other seats play perfectly)."""
    if st["status"] != "running":
        return "feasible" if P.won(st) else "infeasible"
    if st["phase"] == "encore":
        p = st["pending_encores"][0]
        v = _after_encore(st, p["seat"], True, budget)
        return v if v == "feasible" else _after_encore(st, p["seat"], False, budget)
    return S.decide(st, budget)["verdict"]


def hint(state: dict[str, Any], seat: int, budget_s: float) -> dict[str, Any]:
    """The recommended next action(s) for ``seat``, postable as they are."""
    if state.get("status") != "running":
        return {"actions": [], "explanation": "the game is over"}
    if GAME.open_information(state):
        return puzzle_hint(state, seat, budget_s)
    return live_hint(state, seat, budget_s)
