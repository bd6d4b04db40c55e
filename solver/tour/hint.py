"""The tour hint: the next actions for one seat, with the reasoning behind them.

At the ``stage`` decision it returns two actions (stage, then work) chosen
together by the CP-SAT model in ``solver.tour.model``; at ``work`` the one
work action.  The figures come from replaying the recommended actions on a
copy of the state, so the breakdown is what the rules will actually do.
Other decision points use ``solver.tour.heuristics``.
"""

from __future__ import annotations

from typing import Any

from services.tour import GAME
from solver.tour import heuristics
from solver.tour.model import solve_week
from solver.tour.value import SCALE, deltas, value


def _replay(
    state: dict[str, Any], seat: int, actions: list[dict[str, Any]]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Apply the recommended actions to a copy; returns the sheet after and the events."""
    index = GAME.sheet_index(state, seat)
    events: list[dict[str, Any]] = []
    for action in actions:
        state, evs = GAME.apply(state, seat, action)
        events.extend(evs)
    return state["sheets"][index], events


def hint(state: dict[str, Any], seat: int, budget_s: float = 2.0) -> dict[str, Any]:
    """Recommended next actions for ``seat`` (legal and postable as they are)."""
    legal = GAME.legal_actions(state, seat)
    if not legal:
        return {"actions": [], "explanation": "this seat has nothing to decide right now"}
    index = GAME.sheet_index(state, seat)
    sheet = state["sheets"][index]
    phase = sheet["phase"]
    result: dict[str, Any] = {"phase": phase, "week": state["week"], "sheet": index}

    if phase in ("stage", "work"):
        plan = solve_week(sheet, budget_s)
        work = {"type": "work", "assign": {str(i): j for i, j in sorted(plan.jobs.items())}}
        actions = [work]
        if phase == "stage":
            actions.insert(0, {"type": "stage", "dice": plan.staged, "hype": plan.hype})
        after, events = _replay(state, seat, actions)
        show = next((e for e in events if e.get("type") == "show"), None)
        result.update(
            solver="cp-sat",
            status=plan.status,
            solve_s=round(plan.wall_s, 4),
            value=value(sheet, after) / SCALE,
            objective=plan.objective / SCALE,
            breakdown=deltas(sheet, after),
            staged=plan.staged if phase == "stage" else sheet["staged"],
            hype_spent=plan.hype,
            jobs={str(i): j for i, j in sorted(plan.jobs.items())},
            show=show,
        )
        staged = result["staged"]
        dice = [sheet["dice"][i] for i in staged]
        if sheet["gig"] is None:
            what = "Odd-jobs week (no gig): "
        else:
            won = sheet["won"] if show is None else show["won"]
            total = show["show"] if show else sheet["show"]
            what = (
                f"Stage dice {staged} (faces {dice}) with {plan.hype} hype point(s) for a show "
                f"of {total} against {sheet['target']} ({'win' if won else 'fail'}); "
            )
        result["explanation"] = (
            f"{what}jobs {result['jobs']}. This maximises fans + fame + priced cash, hype, "
            f"van, morale, stars and song boxes (value {result['value']:+.1f} points)."
        )
    elif phase == "road":
        action = heuristics.breakdown_choice(sheet, legal)
        actions = [action]
        result.update(
            solver="heuristic",
            explanation=(
                "Pay for the repair: losing 2 van would force a shop week."
                if action["choice"] == "pay"
                else "Take the van damage: the van survives it and the cash is worth more."
            ),
        )
    elif phase == "offers":
        action, values = heuristics.offer_choice(state, sheet, legal)
        actions = [action]
        result.update(
            solver="heuristic",
            offer_values={k: round(v / SCALE, 2) for k, v in values.items()},
            explanation=(
                "No offer is affordable: skip this week's gig."
                if action["type"] == "skip_gig"
                else f"Take offer {action['index']} ({state['offers'][action['index']]}): "
                "the best expected win/fail value for the best two dice and your hype, "
                "net of the entry fee."
            ),
        )
    else:
        action = heuristics.shop_choice(state, sheet, legal)
        actions = [action]
        result.update(
            solver="heuristic",
            explanation=f"Shop rule of thumb: {action['type']}"
            + (f" {action['item']}" if action["type"] == "buy" else "")
            + " (van first, early crew with a $6 reserve, 8 shirts in stock, then move on).",
        )
    result["actions"] = [{"seat": seat, "action": a} for a in actions]
    return result
