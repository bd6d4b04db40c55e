"""Tempo Muse read back: each Composition choice against the hint's exact Cycle figures
(the chance to place the next card this round and the hand's expected worth, for the
Cycle size made and the one advised), each give-back against the exact best give-back
for the same draw, and the other moves against the hint's choice."""

from __future__ import annotations

from typing import Any

from services.tempo_muse import GAME
from services.tempo_muse.content import content
from services.tempo_muse.payment import remove
from solver.hint_analysis import Replayed, agreement, mine, same
from solver.tempo_muse.cycle import Goal, score


def _pct(p: float) -> str:
    return f"{round(100 * p)}%"


def judge(rep: Replayed, k: int, budget_s: float) -> dict[str, Any] | None:
    state = rep.states[k]
    seat, made = rep.log[k]["seat"], rep.log[k]["action"]
    if len(GAME.legal_actions(state, seat)) <= 1 and not GAME.action_forms(state, seat):
        return None
    hint = rep.hint(k, budget_s)
    best = mine(hint, seat)
    if made["type"] == "cycle_return" and best and best[0]["type"] == "cycle_return":
        return _give_back(state, seat, made, best[0])
    sizes = hint.get("cycle_sizes")
    if state["phase"] == "composition" and sizes and best:
        return _cycle(state, seat, made, best[0], sizes)
    return agreement(rep, k, hint, best[0]["type"].replace("_", " ") if best else "")


def _cycle(
    state: dict[str, Any],
    seat: int,
    made: dict[str, Any],
    best: dict[str, Any],
    sizes: dict[str, dict[str, float]],
) -> dict[str, Any]:
    need = len(state["studios"][seat]) + 1
    n_made = made["count"] if made["type"] == "cycle" else 0
    n_best = best["count"] if best["type"] == "cycle" else 0
    mine_f, best_f = sizes.get(str(n_made)), sizes.get(str(n_best))
    agrees = same(made, best)
    out: dict[str, Any] = {"made": [made], "best": [best], "agrees": agrees,
                           "unit": "% chance to place"}  # fmt: skip
    if mine_f is None or best_f is None:
        out.update(lost=None, text=f"The hint would have chosen to {_say(best)}.")
        return out
    lost = round(100 * (best_f["place_chance"] - mine_f["place_chance"]), 1)
    out.update(made_chance=mine_f["place_chance"], best_chance=best_f["place_chance"],
               made_worth=mine_f["expected_worth"], best_worth=best_f["expected_worth"],
               lost=max(0.0, lost))  # fmt: skip
    did = f"You cycled {n_made} card(s)" if n_made else f"You did not Cycle ({_say(made)})"
    yours = (
        f"{did}: a {_pct(mine_f['place_chance'])} chance to place the {need} this round "
        f"(hand worth {mine_f['expected_worth']:.1f} expected)"
    )
    if n_made == n_best:
        out["agrees"] = agrees or made["type"] == best["type"]
        out["text"] = f"{yours}, the Cycle the hint advised."
    else:
        advised = f"cycle {n_best} card(s)" if n_best else "no Cycle"
        out["text"] = (
            f"{yours}; the hint: {advised}, {_pct(best_f['place_chance'])} "
            f"(worth {best_f['expected_worth']:.1f})."
        )
    return out


def _give_back(
    state: dict[str, Any], seat: int, made: dict[str, Any], best: dict[str, Any]
) -> dict[str, Any]:
    """Both give-backs scored by the Cycle solver's own measure for this draw."""
    hand = state["hands"][seat]
    goal = Goal.of(len(state["studios"][seat]), content().studio_goal,
                   state["phase"] == "composition")  # fmt: skip
    ok_m, worth_m = score(remove(hand, made["cards"]), goal)
    ok_b, worth_b = score(remove(hand, best["cards"]), goal)
    agrees = (ok_m, worth_m) >= (ok_b, worth_b)
    you = f"You gave back {sorted(made['cards'])}"
    if agrees:
        text = f"{you}: the best give-back for this draw."
    elif ok_b and not ok_m:
        text = f"{you} and could not place the {goal.need}; giving back " \
               f"{sorted(best['cards'])} kept it placeable."  # fmt: skip
    else:
        text = f"{you}: hand worth {worth_m:.1f}; giving back {sorted(best['cards'])}: " \
               f"{worth_b:.1f}."  # fmt: skip
    return {"made": [made], "best": [best], "agrees": agrees, "unit": "hand worth",
            "made_worth": float(worth_m), "best_worth": float(worth_b),
            "lost": None if agrees else round(max(0.0, float(worth_b - worth_m)), 2),
            "text": text}  # fmt: skip


def _say(action: dict[str, Any]) -> str:
    kind = action["type"]
    if kind == "play":
        return f"place the {action['card']}"
    if kind == "discard":
        card = action["card"]
        return f"discard {'an' if str(card).startswith(('8', '11', '18')) else 'a'} {card}"
    if kind == "cycle":
        return f"cycle {action['count']} card(s)"
    return kind.replace("_", " ")
