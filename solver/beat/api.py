"""The solver problems ``beat/feasibility``, ``beat/pulsar-palace`` and ``beat/odds``.

``validate_*`` are cheap (no OR-Tools import) and raise ``RulesError`` -> 422;
``solve_*`` run in the worker.
"""

from __future__ import annotations

from typing import Any

from services.beat import venues as V
from services.core import RulesError
from solver.beat import deal as D

MAX_ODDS_DEALS = 500
KEYS = {"venue", "players", "seed", "deal"}


def _only(payload: Any, keys: set[str]) -> dict[str, Any]:
    if not isinstance(payload, dict):
        raise RulesError("invalid_payload", "the body must be a JSON object")
    extra = set(payload) - keys
    if extra:
        raise RulesError("invalid_payload", f"unknown fields {sorted(extra)}")
    return payload


def validate_feasibility(payload: Any) -> dict[str, Any]:
    """``{"venue", "players", "seed"}`` or ``{"venue", "players", "deal"[, "seed"]}``."""
    return D.normalise(_only(payload, KEYS))


def solve_feasibility(payload: dict[str, Any], budget_s: float) -> dict[str, Any]:
    from solver.beat import solve as S

    norm = D.normalise(payload)
    state = D.engine_state(norm)
    out = S.plan_report(state, S.decide(state, budget_s))
    out.update(venue=norm["venue"], players=norm["players"], budget_s=budget_s)
    return out


def validate_pulsar(payload: Any) -> dict[str, Any]:
    """Like feasibility; the venue defaults to (and must be) Pulsar Palace."""
    payload = dict(_only(payload, KEYS))
    payload.setdefault("venue", "pulsar_palace")
    norm = D.normalise(payload)
    if not V.visible_sorted_setlist(V.get_venue(norm["venue"])):
        raise RulesError("wrong_venue", "this check is for Pulsar Palace only")
    return norm


def solve_pulsar(payload: dict[str, Any], budget_s: float) -> dict[str, Any]:
    from solver.beat import solve as S

    norm = validate_pulsar(payload)
    state = D.engine_state(norm)
    out = S.plan_report(state, S.pulsar_decide(state, budget_s))
    out.update(venue=norm["venue"], players=norm["players"], budget_s=budget_s)
    return out


def validate_odds(payload: Any) -> dict[str, Any]:
    """``{"venue", "players", "deals": N (1..500), "seed"}``."""
    p = _only(payload, {"venue", "players", "deals", "seed"})
    venue = D.find_venue(p.get("venue"))
    players = D.check_players(p.get("players"))
    n = p.get("deals", 50)
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_ODDS_DEALS:
        raise RulesError("invalid_deals", f"deals must be an integer 1-{MAX_ODDS_DEALS}")
    seed = D.check_seed(p.get("seed", 0))
    return {"venue": venue.id, "players": players, "deals": n, "seed": seed}


def _report_progress(done: int, total: int) -> None:
    """Progress in the RQ job's meta when running in a worker; nothing otherwise."""
    try:
        from rq import get_current_job

        job = get_current_job()
    except Exception:  # noqa: BLE001 - no RQ, or no job context: run quietly
        return
    if job is None:
        return
    job.meta["progress"] = {"done": done, "total": total}
    job.save_meta()


def solve_odds(payload: dict[str, Any], budget_s: float) -> dict[str, Any]:
    """Share of seeded deals winnable under perfect information (seeds seed..seed+N-1)."""
    import time

    from solver.beat import solve as S

    p = validate_odds(payload)
    n = p["deals"]
    t0 = time.monotonic()
    counts = {"feasible": 0, "infeasible": 0, "unknown": 0}
    per_deal = []
    _report_progress(0, n)
    for i in range(n):
        left = budget_s - (time.monotonic() - t0)
        share = max(0.0, left / (n - i))
        seed = p["seed"] + i
        if share <= 0.005:
            verdict = "unknown"
        else:
            state = D.engine_state({**p, "seed": seed, "deal": None})
            verdict = S.decide(state, min(share, 10.0))["verdict"]
        counts[verdict] += 1
        per_deal.append({"seed": seed, "verdict": verdict})
        _report_progress(i + 1, n)
    decided = counts["feasible"] + counts["infeasible"]
    return {
        "venue": p["venue"],
        "players": p["players"],
        "deals": n,
        "counts": counts,
        "winnable_share": counts["feasible"] / n,
        "winnable_share_of_decided": counts["feasible"] / decided if decided else None,
        "bounds": [counts["feasible"] / n, (counts["feasible"] + counts["unknown"]) / n],
        "per_deal": per_deal,
        "seconds": round(time.monotonic() - t0, 3),
    }
