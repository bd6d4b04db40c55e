"""The tour read back: each week's staging and work against the hint's plan (both valued
by the hint's own week value, the plan and the moves made each played through the
rules), each offer taken against the hint's expected value of every offer, and the
other decisions against the hint's choice."""

from __future__ import annotations

from typing import Any

from services.tour import GAME
from services.tour.content import content
from solver.hint_analysis import Replayed, agreement, mine, same
from solver.tour.value import SCALE, value, week_weights

#: the most logged actions a week's staging and work may span (anytime purchases between)
MAX_PLAN_STEPS = 12


def plan_steps(rep: Replayed, k: int) -> list[int] | None:
    """Action ``k`` (a stage or work decision) and the same sheet's actions up to its work
    (None when the log stops before it)."""
    index = GAME.sheet_index(rep.states[k], rep.log[k]["seat"])
    out: list[int] = []
    for j in range(k, min(len(rep.log), k + MAX_PLAN_STEPS)):
        if GAME.sheet_index(rep.states[j], rep.log[j]["seat"]) != index:
            continue
        out.append(j)
        if rep.log[j]["action"]["type"] == "work":
            return out
    return None


def judge(rep: Replayed, k: int, budget_s: float) -> dict[str, Any] | None:
    state = rep.states[k]
    seat, made = rep.log[k]["seat"], rep.log[k]["action"]
    legal = GAME.legal_actions(state, seat)
    if len(legal) <= 1 and not GAME.action_forms(state, seat):
        return None
    hint = rep.hint(k, budget_s)
    best = mine(hint, seat)
    steps = plan_steps(rep, k) if made["type"] in ("stage", "work", "restock") else None
    if hint.get("solver") == "cp-sat" and steps is not None:
        return _week(rep, k, steps, hint, best)
    if hint.get("phase") == "offers" and hint.get("offer_values"):
        return _offer(rep, k, hint, best)
    return agreement(rep, k, hint, _say(best[0]) if best else "")


def _week(rep: Replayed, k: int, steps: list[int], hint: dict, best: list[dict[str, Any]]):
    state, seat = rep.states[k], rep.log[k]["seat"]
    index = GAME.sheet_index(state, seat)
    sheet = state["sheets"][index]
    weights, _ = week_weights(state["week"], sheet["boxes"])
    after = rep.states[steps[-1] + 1]["sheets"][index]
    made_value = round(value(sheet, after, weights) / SCALE, 2)
    best_value = round(float(hint["value"]), 2)
    made = [rep.log[j]["action"] for j in steps]
    lost = round(best_value - made_value, 2)
    agrees = len(made) == len(best) and all(map(same, made, best))
    yours = f"Your week's staging and work were worth {made_value:+.1f} points"
    if agrees or lost <= 0:
        text = f"{yours}, as much as the hint's plan."
    else:
        text = f"{yours}; the hint's plan was worth {best_value:+.1f}. {hint.get('why', '')}"
    return {
        "made": made, "best": best, "covers": [j + 1 for j in steps], "unit": "points",
        "made_value": made_value, "best_value": best_value, "lost": max(0.0, lost),
        "agrees": agrees or lost <= 0, "text": text.strip(),
    }  # fmt: skip


def _offer(rep: Replayed, k: int, hint: dict[str, Any], best: list[dict[str, Any]]):
    state, made = rep.states[k], rep.log[k]["action"]
    vals = {int(i): float(v) for i, v in hint["offer_values"].items()}
    top = max(vals.values())
    names = [state["offers"][i] for i in range(len(state["offers"]))]
    agrees = bool(best) and same(best[0], made)
    out: dict[str, Any] = {"made": [made], "best": best[:1], "agrees": agrees, "unit": "points"}
    pick = best[0].get("index") if best and best[0]["type"] == "choose_offer" else None
    hint_says = (
        f"the hint: {_venue(names[pick])} ({vals[pick]:.1f})" if pick is not None else "the hint"
    )
    if made["type"] == "choose_offer" and made["index"] in vals:
        mine_v = vals[made["index"]]
        lost = round(max(0.0, top - mine_v), 2)
        agrees = agrees or lost == 0  # an offer worth as much as the hint's is as good
        out.update(made_value=mine_v, best_value=top, lost=lost, agrees=agrees)
        yours = f"You took {_venue(names[made['index']])}, worth {mine_v:.1f} points expected"
        out["text"] = f"{yours}, the best offer." if agrees else f"{yours}; {hint_says}."
    else:
        out.update(lost=None, text=f"You chose to {_say(made)}; {hint_says}.")
    return out


def _venue(vid: str) -> str:
    return content()["venues"].get(vid, {}).get("name", vid)


def _say(action: dict[str, Any]) -> str:
    return action["type"].replace("_", " ")
