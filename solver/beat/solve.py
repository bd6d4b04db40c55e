"""The Beat solver entry points: venue feasibility, Pulsar Palace, odds.

Strategy (see docs/solver.md): the CP-SAT model covers every venue and decides a
deal, build included, in tens of ms at 2-4 seats, feasible or not, while the round
search is as fast only on easy 2-seat deals and blows up at 3-4
seats; ``decide`` therefore runs CP-SAT first and gives the search whatever budget
CP-SAT leaves.  Every plan is replayed before it is returned; the verdict is never
a guess: ``unknown`` when the budget runs out.
"""

from __future__ import annotations

import time
from typing import Any

from services.beat import venues as V
from solver.beat import plan as P
from solver.beat import search, sim

# Pulsar Palace's filtered search decides most deals in a few ms; the rest go to CP-SAT.
# A slice of this order gives the best p95: a longer one only adds its own length to
# every deal the search cannot decide.
PULSAR_SLICE_S = 0.01


def decide(state: dict[str, Any], budget_s: float, method: str = "auto") -> dict[str, Any]:
    """Verdict (+ plan) for an engine state, at a round start or in the middle of one.

    ``method``: ``auto`` (CP-SAT, then the search with any budget left),
    ``search`` or ``cpsat``.  Mid-round, the position is winnable when some legal
    continuation wins, a ``take_back`` included: plans that keep every committed play
    are tried first (a hint that follows them never takes a play back), then, if none
    wins, plans where the seats free to take their plays back play anew.
    """
    from solver.beat import model as M  # noqa: F401 - OR-Tools loads once, outside the budget

    _, _, fixed, passed = sim.from_engine(state)
    fixed = search.committed_flags(state, fixed)
    t0 = time.monotonic()
    loose = search.kept(fixed)
    # when plays may be taken back, half the budget is kept for the plans doing so
    first = budget_s / 2 if len(loose) < len(fixed) else budget_s
    out = _decide(state, fixed, passed, t0 + first, method)
    if out["verdict"] != "feasible" and len(loose) < len(fixed):
        # every continuation: this verdict stands whatever the first one was
        out = _decide(state, loose, passed, t0 + budget_s, method)
    out["seconds"] = round(time.monotonic() - t0, 4)
    return out


def _decide(
    state: dict[str, Any], fixed: list[dict], passed: bool, deadline: float, method: str
) -> dict[str, Any]:
    from solver.beat import model as M

    spec, st, _, _ = sim.from_engine(state)
    rot = search.rotated_of(state)
    out: dict[str, Any] = {"verdict": "unknown"}
    used: list[str] = []

    def run_search(until: float) -> bool:
        try:
            plan, nodes = search.search(spec, st, until, fixed, passed, rot)
        except search.OutOfTime:
            return False
        used.append("search")
        out["verdict"] = "feasible" if plan is not None else "infeasible"
        if plan is not None:
            out["plan"] = plan
        return True

    def run_cpsat(until: float) -> bool:
        mdl = M.Model(spec, st, fixed, passed, rotated=rot)
        verdict = mdl.solve(until - time.monotonic())
        used.append("cpsat")
        if verdict == "unknown":
            return False
        out["verdict"] = verdict
        if verdict == "feasible":
            out["plan"] = mdl.plan()
        return True

    if method == "search":
        run_search(deadline)
    elif method == "cpsat":
        run_cpsat(deadline)
    else:
        # No search slice first: it wins some easy deals sooner, but over every venue
        # and player count it only adds its own length to the others.
        run_cpsat(deadline) or run_search(deadline)
    if out["verdict"] == "feasible":
        end = search.replay(spec, st, out["plan"], rot)
        if end.status != "won":  # a model bug must never surface as a wrong answer
            raise AssertionError(f"plan does not win in replay: {end.reason}")
    out["method"] = used[-1] if used else method
    return out


def pulsar_decide(state: dict[str, Any], budget_s: float) -> dict[str, Any]:
    """Pulsar Palace: a search that only ever tries rounds landing exactly ON POINT.

    All songs are known and sorted, Encores do not exist and any other result loses,
    so every round is filtered to the plays the engine judges ON POINT before any
    state is built; CP-SAT takes over if the search runs out of its slice.
    """
    spec, st, fixed, passed = sim.from_engine(state)
    if not V.visible_sorted_setlist(spec.venue):
        raise ValueError("not Pulsar Palace")
    t0 = time.monotonic()
    deadline = t0 + budget_s
    # the filtered search decides most deals in a few ms; the deals it cannot, CP-SAT
    # decides in tens of ms, so the search only gets a slice (given the whole budget it
    # would leave CP-SAT nothing, and hard four-seat deals would come back unknown)
    slice_end = t0 + min(0.25 * budget_s, PULSAR_SLICE_S)
    dead: set = set()

    def dfs(s: sim.State, first: bool):
        if time.monotonic() > slice_end:
            raise search.OutOfTime
        key = search.memo_key(spec, s)
        if key in dead:
            return None
        for dec in search.decisions(spec, s, fixed if first else None, passed if first else False):
            if sim.resolve(spec, s, dec) != [V.ON_POINT]:
                continue
            nxt = sim.step(spec, s, dec, check=False)
            if nxt.status == "won":
                return [dec]
            if nxt.status == "lost":
                continue
            rest = dfs(nxt, False)
            if rest is not None:
                return [dec, *rest]
        dead.add(key)
        return None

    try:
        plan = dfs(st, True)
    except search.OutOfTime:
        out = decide(state, max(0.0, deadline - time.monotonic()), "cpsat")
        out["method"] = "pulsar_search+cpsat"
        out["seconds"] = round(time.monotonic() - t0, 4)
        return out
    out: dict[str, Any] = {
        "verdict": "feasible" if plan else "infeasible",
        "method": "pulsar_search",
    }
    if plan:
        out["plan"] = plan
    out["seconds"] = round(time.monotonic() - t0, 4)
    return out


def plan_report(state: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    """The result as the API returns it: verdict, the plan as engine actions, the deal."""
    from solver.beat import deal as D

    out = {k: v for k, v in result.items() if k != "plan"}
    out["deal"] = D.deal_of(state)
    if "plan" in result:
        final, actions = P.replay(state, result["plan"])
        if not P.won(final):
            raise AssertionError("plan does not win in the engine")
        out["plan"] = [
            {
                "round": i + 1,
                "plays": [
                    {
                        k: v
                        for k, v in p.items()
                        if k in ("seat", "card", "song", "solo", "tune", "face_up", "cue")
                    }
                    for p in dec["plays"]
                ],
                "encores": dec.get("encores", 0),
                **({"solo_pass": True} if dec.get("solo_pass") else {}),
            }
            for i, dec in enumerate(result["plan"])
        ]
        out["actions"] = actions
    return out


def preload() -> None:
    """Worker start-up: import OR-Tools and warm the engine's caches once per process."""
    from solver.beat import deal as D
    from solver.beat import model as M  # noqa: F401

    for venue in ("garage", "pulsar_palace"):
        decide(D.engine_state({"venue": venue, "players": 2, "seed": 0, "deal": None}), 0.5)
