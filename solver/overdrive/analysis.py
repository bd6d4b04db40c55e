"""Overdrive read back: each allocation turn against the recommender's plan for it.

Both are measured the same way: the change of the seat's holdings (the recommender's
documented value, ``values.holdings``) from the turn's start to its last action, the
plan replayed through the engine from the same position. Battle choices are compared
with the battle hint."""

from __future__ import annotations

from typing import Any

from services.core import RulesError
from services.overdrive import GAME
from services.overdrive.flow import current_seat
from solver.hint_analysis import Replayed, agreement, mine, same
from solver.overdrive import values


def turn_steps(rep: Replayed, k: int) -> list[int]:
    """The 0-based actions of the allocation turn that action ``k`` starts."""
    seat = rep.log[k]["seat"]
    out = [k]
    j = k + 1
    while j < len(rep.log):
        after = rep.states[j]
        if after["phase"] != "allocation" or current_seat(after) != seat:
            break
        out.append(j)
        j += 1
    return out


def value_of_turn(before: dict[str, Any], after: dict[str, Any], seat: int) -> float:
    return (values.holdings(after["seats"][seat]) - values.holdings(before["seats"][seat])) / (
        values.SCALE
    )


def replay_plan(
    state: dict[str, Any], seat: int, plan: list[dict[str, Any]]
) -> dict[str, Any] | None:
    """The position after the plan's actions (None when the engine refuses one)."""
    try:
        for action in plan:
            state, _ = GAME.apply(state, seat, action)
    except RulesError:
        return None
    return state


def judge(rep: Replayed, k: int, budget_s: float) -> dict[str, Any] | None:
    state = rep.states[k]
    seat = rep.log[k]["seat"]
    if len(GAME.legal_actions(state, seat)) <= 1 and not GAME.action_forms(state, seat):
        return None
    if state["phase"] != "allocation":
        hint = rep.hint(k, budget_s)
        best = mine(hint, seat)
        return agreement(rep, k, hint, best[0]["type"].replace("_", " ") if best else "")
    steps = turn_steps(rep, k)
    hint = rep.hint(k, budget_s)
    plan = mine(hint, seat)
    made_actions = [rep.log[j]["action"] for j in steps]
    made_value = round(value_of_turn(state, rep.states[steps[-1] + 1], seat), 2)
    end = replay_plan(state, seat, plan)
    out: dict[str, Any] = {
        "made": made_actions,
        "best": plan,
        "covers": [j + 1 for j in steps],
        "unit": "value points",
        "made_value": made_value,
        "best_estimate": hint.get("value"),
    }
    if end is None:
        out.update(agrees=False, lost=None, best_value=None)
        out["text"] = (
            f"Your turn gained {made_value:.2f} value points; the recommender's plan "
            "could not be replayed here."
        )
        return out
    best_value = round(value_of_turn(state, end, seat), 2)
    lost = round(best_value - made_value, 2)
    agrees = len(plan) == len(made_actions) and all(map(same, plan, made_actions))
    out.update(best_value=best_value, lost=max(0.0, lost), agrees=agrees or lost <= 0)
    yours = f"Your turn gained {made_value:.2f} value points"
    if agrees:
        out["text"] = f"{yours}: the recommender's own plan."
    elif lost <= 0:
        out["text"] = f"{yours}, as much as the recommender's plan ({best_value:.2f}) or more."
    else:
        out["text"] = (
            f"{yours}; the recommender's plan would have gained {best_value:.2f} "
            f"({hint.get('why') or hint.get('explanation', '')})"
        ).rstrip()
    return out
