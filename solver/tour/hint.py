"""The tour hint: the next actions for one seat, with the reasoning behind them.

At the ``stage`` decision it returns two actions (stage, then work) chosen
together by the CP-SAT model in ``solver.tour.model``; at ``work`` the one
work action.  The figures come from replaying the recommended actions on a
copy of the state, so the breakdown is what the rules will actually do.
Other decision points use ``solver.tour.heuristics``.
"""

from __future__ import annotations

from typing import Any

from services.core import RulesError
from services.tour import GAME
from services.tour.content import content
from solver.tour import heuristics
from solver.tour.headline import headline_table
from solver.tour.model import show_ceiling, solve_week
from solver.tour.value import SCALE, deltas, value, week_weights


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


def _breakdown_plan(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The breakdown choice, with the mechanic visits that follow it when they are
    the cheaper way to keep the van running.

    Each candidate -- pay; take the damage; take it and call the mechanic 1-3
    times -- is played through the rules (upkeep, wage, a forced week included).
    The best keeps the van above 0 if any can, then has the most cash, then the
    most van: so no other plan ends with as much van and more cash.
    """
    candidates = [[{"type": "breakdown", "choice": "pay"}]] + [
        [{"type": "breakdown", "choice": "van"}] + [{"type": "mechanic"}] * k for k in range(4)
    ]
    best: tuple[tuple[bool, int, int], list[dict[str, Any]]] | None = None
    for plan in candidates:
        try:
            after, _ = _replay(state, seat, plan)
        except RulesError:
            continue  # not affordable (or the van is full)
        key = (after["van"] > 0, after["cash"], after["van"])
        if best is None or key > best[0]:
            best = (key, plan)
    assert best is not None, "taking the damage is always legal"
    return best[1]


def hint(state: dict[str, Any], seat: int, budget_s: float = 2.0) -> dict[str, Any]:
    """Recommended next actions for ``seat`` (legal and postable as they are), with
    ``why``: the advice in one plain sentence."""
    from solver.tour.why import why

    result = _advice(state, seat, budget_s)
    result["why"] = why(state, seat, result)
    return result


def _advice(state: dict[str, Any], seat: int, budget_s: float) -> dict[str, Any]:
    legal = GAME.legal_actions(state, seat)
    if not legal:
        return {"actions": [], "explanation": "this seat has nothing to decide right now"}
    index = GAME.sheet_index(state, seat)
    sheet = state["sheets"][index]
    phase = sheet["phase"]
    result: dict[str, Any] = {"phase": phase, "week": state["week"], "sheet": index}

    early = heuristics.crew_now(state, sheet, legal)
    if early is not None:
        result.update(
            solver="heuristic",
            explanation=(
                f"Hire the {early['item']} now: the shop rule would hire it this week anyway, "
                "and bought before the roll, the show or the merch it already counts this week."
            ),
        )
        result["actions"] = [{"seat": seat, "action": early}]
        return result

    if phase in ("stage", "work"):
        top = show_ceiling(sheet)
        weights, tiebreak = week_weights(state["week"], sheet["boxes"])
        table = tie_table = None
        if phase == "stage":
            table = headline_table(state, index, top, weights)
            tie_table = headline_table(state, index, top, tiebreak) if tiebreak else None
        plan = solve_week(sheet, budget_s, table, weights, tiebreak, tie_table)
        work = {"type": "work", "assign": {str(i): j for i, j in sorted(plan.jobs.items())}}
        actions = [work]
        if phase == "stage":
            actions.insert(0, {"type": "stage", "dice": plan.staged, "hype": plan.hype})
        if plan.restock:
            actions.insert(0, {"type": "restock", "pairs": plan.restock})
        after, events = _replay(state, seat, actions)
        show = next((e for e in events if e.get("type") == "show"), None)
        result.update(
            solver="cp-sat",
            status=plan.status,
            solve_s=round(plan.wall_s, 4),
            value=value(sheet, after, weights) / SCALE,
            objective=plan.objective / SCALE,
            breakdown=deltas(sheet, after),
            staged=plan.staged if phase == "stage" else sheet["staged"],
            hype_spent=plan.hype,
            jobs={str(i): j for i, j in sorted(plan.jobs.items())},
            restock=plan.restock,
            show=show,
            headline_valued=table is not None,
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
        if plan.restock:
            lot = content()["restock"]["shirts"]
            what += f"restock {lot * plan.restock} shirts first (the merch dice sell them); "
        if tiebreak is not None:
            why = (
                "Last week: this maximises the final score, fans + fame "
                f"({result['value']:+.0f} points); nothing else counts once the tour is over."
            )
        else:
            dead = " (a song box that can no longer become an album is worth nothing)"
            why = (
                "This maximises fans + fame + priced cash, hype, van, morale, stars and "
                f"song boxes{dead if weights['boxes'] == 0 else ''} "
                f"(value {result['value']:+.1f} points)."
            )
        result["explanation"] = f"{what}jobs {result['jobs']}. {why}"
    elif phase == "road":
        actions = _breakdown_plan(state, seat)
        if actions[0]["choice"] == "pay":
            why = "Pay for the repair: losing 2 van would force a shop week."
        elif len(actions) > 1:
            why = (
                "Take the van damage, then call the mechanic: the same van as paying "
                "for the repair, for less cash."
            )
        else:
            why = "Take the van damage: the van survives it and the cash is worth more."
        result.update(solver="heuristic", explanation=why)
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
        if action is None:
            result.update(
                solver="heuristic",
                actions=[],
                explanation="Week finished: nothing worth buying while the other band plays on.",
            )
            return result
        actions = [action]
        result.update(solver="heuristic", explanation=heuristics.shop_reason(sheet, action))
    result["actions"] = [{"seat": seat, "action": a} for a in actions]
    return result
