"""Overdrive allocation recommender: CP-SAT over dice, face changes (all-dice cards, Skulls
wild, spare faces included), spaces, borrows, clears, buys and the 10-Grana actions; one model
per Cover Bots copy choice.

``hint`` serves live games; ``validate``/``solve`` serve ``POST /v1/solver/overdrive/allocation``.
OR-Tools is imported lazily so that ``validate`` stays cheap for the API process.
"""

from __future__ import annotations

import time
from typing import Any

from services.core import RulesError

#: the breakdown line for what the engine's run of the plan adds beyond the model: abilities
#: unlocked mid-turn, and Epic Gods' raises earned before the turn (spent as Fame)
UNLOCKED_LINE = "abilities unlocked during the turn, raises held from before"


#: the breakdown line for an opening that reaches a new ability level first
OPENING_LINE = "reach the next ability level first"


def recommend(
    state: dict[str, Any], seat: int, budget_s: float = 2.0, openings: bool = True
) -> dict[str, Any]:
    """The best plan for ``seat``'s allocation turn: actions, predicted gains, value, reasons.

    With ``openings``, each opening that reaches a new ability level (``openings.py``) is
    tried too, the rest of the turn planned with that ability, and the best plan kept."""
    from solver.overdrive import openings as opening_mod

    t0 = time.perf_counter()
    best = _recommend_here(state, seat, budget_s)
    best["opening"] = []
    if not openings:
        return best
    # every opening is solved (their count is capped), whatever the machine's load, so that
    # a position always gets the same plan
    for acts, after in opening_mod.openings(state, seat):
        try:
            rest = _recommend_here(after, seat, budget_s)
        except RuntimeError:  # no plan within the solver's time limit: not an option
            continue
        trial = _with_opening(state, seat, acts, rest)
        if trial["value"] > best["value"] + 1e-9:
            best = trial
    best["timing_ms"]["total"] = round((time.perf_counter() - t0) * 1000, 2)
    return best


def _with_opening(
    state: dict[str, Any], seat: int, acts: list[dict[str, Any]], rest: dict[str, Any]
) -> dict[str, Any]:
    """The plan ``acts`` then ``rest``: the opening's gains and value added to the rest's."""
    from services.overdrive import GAME
    from solver.overdrive import values

    now, got = state, {}
    for action in acts:
        now, events = GAME.apply(now, seat, action)
        for ev in events:
            if ev["type"] == "gain" and ev["who"] == seat:
                for k, v in ev["gains"].items():
                    got[k] = got.get(k, 0) + v
    before, after = state["seats"][seat], now["seats"][seat]
    net = {k: after[k] - before[k] for k in ("fans", "fame", "grana", "overdrive")}
    spent = got.get("grana", 0) - net["grana"]
    value = (values.holdings(after) - values.holdings(before)) / values.SCALE
    line = {"source": f"{OPENING_LINE} ({', '.join(_label(a) for a in acts)})",
            "gains": dict(got), "value": value}  # fmt: skip
    out = dict(rest)
    out["actions"] = [{"seat": seat, "action": a} for a in acts] + rest["actions"]
    out["value"] = round(value + rest["value"], 2)
    out["predicted_gains"] = _add(got, rest["predicted_gains"])
    out["net_change"] = _add(net, rest["net_change"])
    out["grana_spent"] = spent + rest["grana_spent"]
    out["breakdown"] = [line, *rest["breakdown"]]
    out["explanation"] = f"{OPENING_LINE} ({value:+.2f}), then: {rest['explanation']}"
    out["opening"] = list(acts)
    return out


def _label(action: dict[str, Any]) -> str:
    extra = [f"{k} {v}" for k, v in action.items() if k != "type"]
    return action["type"] + (f" ({', '.join(extra)})" if extra else "")


def _add(a: dict[str, int], b: dict[str, int]) -> dict[str, int]:
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) + v
    return {k: v for k, v in out.items() if v}


def _recommend_here(state: dict[str, Any], seat: int, budget_s: float) -> dict[str, Any]:
    """The model's plan from ``state`` with the abilities held now (one per copy choice)."""
    from services.overdrive import GAME
    from solver.overdrive import cpsat, plan, position, values

    t0 = time.perf_counter()
    build = 0.0
    best, pos, copies, trial = None, None, [], state
    # Cover Bots with an unlocked level still to copy: one model per choice, the best kept
    # (the copy changes which abilities and bonuses the whole model has).
    for choice in position.copy_choices(state, seat):
        tb = time.perf_counter()
        after = state
        for act in choice:
            after, _ = GAME.apply(after, seat, act)
        p = position.from_state(after, seat)
        build += time.perf_counter() - tb
        got = cpsat.solve(p, budget_s)
        if best is None or got["objective"] > best["objective"]:
            best, pos, copies, trial = got, p, choice, after
    assert best is not None and pos is not None
    t1 = t0 + build
    t2 = time.perf_counter()
    ev = plan.evaluate(pos, best)
    for act in copies:
        ev["lines"].insert(0, {"source": f"copy {act['band']}'s ability {act['level']}",
                               "gains": {}, "value": 0.0})  # fmt: skip
    actions, got = _finish(trial, seat, plan.to_actions(pos, best))
    actions = copies + actions
    extra = {k: v - ev["net"].get(k, 0) for k, v in got.items() if v != ev["net"].get(k, 0)}
    if extra:
        # abilities unlocked during the turn (the engine applies them at once) give more
        # than the model planned with: counted here, from the engine's own run of the plan
        add = extra
        line_v = values.value_of(add) / values.SCALE
        ev["lines"].append({"source": UNLOCKED_LINE, "gains": add,
                            "value": line_v})  # fmt: skip
        ev["value"] += round(line_v * values.SCALE)
        for k, v in add.items():
            ev["gains"][k] = ev["gains"].get(k, 0) + v
            ev["net"][k] = ev["net"].get(k, 0) + v
    return {
        "actions": [{"seat": seat, "action": a} for a in actions],
        "value": ev["value"] / 100,
        "predicted_gains": ev["gains"],
        "grana_spent": ev["spent"],
        "net_change": ev["net"],
        "breakdown": ev["lines"],
        "status": best["status"],
        "timing_ms": {"build": round((t1 - t0) * 1000, 2), "solve": round((t2 - t1) * 1000, 2)},
        "explanation": _explain(ev),
    }


def _finish(
    state: dict[str, Any], seat: int, actions: list[dict]
) -> tuple[list[dict], dict[str, int]]:
    """Run the plan on the engine: spend the raises it earned (Epic Gods b) on Fame, claim
    the best award it reaches before ending (awards change no track), and return what the
    engine gave beyond the plan's own prediction (abilities unlocked during the turn)."""
    from services.overdrive import GAME, awards

    trial = state
    for action in actions[:-1]:
        trial, _ = GAME.apply(trial, seat, action)
    picks = [{"type": "bonus_raise", "attr": "fame"}] * trial["seats"][seat].get("picks", 0)
    for action in picks:
        trial, _ = GAME.apply(trial, seat, action)
    actions = [*actions[:-1], *picks, actions[-1]]
    if state["seats"][seat].get("award_round") != state["round"]:
        best = awards.best_claim(trial, seat)
        if best is not None:
            actions = [*actions[:-1], {"type": "claim_award", "award": best}, actions[-1]]
    # end_turn sends the new dice to Resources; nothing after it touches this seat's tracks
    # before its next turn starts
    ended, _ = GAME.apply(trial, seat, actions[-1])
    before, after = state["seats"][seat], ended["seats"][seat]
    got = {k: after[k] - before[k] for k in ("fans", "fame", "grana", "overdrive")}
    return actions, got


def _explain(ev: dict[str, Any]) -> str:
    parts = [f"{line['source']} ({line['value']:+.2f})" for line in ev["lines"]]
    return (
        f"Value {ev['value'] / 100:.2f} (Fans, Fame 1.00, Overdrive 0.80, Grana 0.25 a level; "
        f"extra die 2.00; Hit bought 1.50; Distortion bought 0.50; Grana spent -0.25 each): "
        + "; ".join(parts)
    )


def hint(state: dict[str, Any], seat: int, budget_s: float = 2.0) -> dict[str, Any]:
    """Next actions for a live game: the allocation plan, or a simple battle choice."""
    from services.overdrive import GAME

    if GAME.outcome(state) is not None:
        raise RulesError("game_over", "the game has ended")
    legal = GAME.legal_actions(state, seat)
    if not legal:
        raise RulesError("not_your_turn", f"seat {seat} cannot act now")
    from solver.overdrive.why import why

    if state["phase"] == "allocation":
        result = recommend(state, seat, budget_s)
    else:
        result = _battle_hint(state, seat, legal)
    result["why"] = why(state, seat, result)
    return result


def _battle_hint(state: dict[str, Any], seat: int, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """In battle: protect a rare face, attack where it hurts most, else pass (no Grana spent)."""
    rank = {"horns": 0, "influence": 1, "chord": 2, "skull": 3}
    pick = None
    protects = [a for a in legal if a["type"] == "protect"]
    attacks = [a for a in legal if a["type"] == "attack"]
    if protects:
        mine = state["battle"]["dice"][str(seat)]
        pick = min(protects, key=lambda a: rank[mine[a["die"]]["face"]])
        why = "protect your rarest face"
    elif attacks:
        pick = min(attacks, key=lambda a: rank[a["face"]])
        why = "remove the opponent's rarest face you outnumber"
    else:
        pick = next(a for a in legal if a["type"] in ("end_protect", "pass", "choose_loss"))
        why = "nothing better to do without spending Grana"
    return {"actions": [{"seat": seat, "action": pick}], "explanation": why}


def validate(payload: dict[str, Any]) -> dict[str, Any]:
    """Cheap checks: {"state": ..., "seat": s} or {"position": {...}} (see position.py)."""
    from solver.overdrive import position

    if not isinstance(payload, dict):
        raise RulesError("invalid_payload", "payload must be an object")
    if "position" in payload:
        position.state_from_payload(payload["position"])
        return {"position": payload["position"]}
    state, seat = payload.get("state"), payload.get("seat")
    if not isinstance(state, dict) or not isinstance(seat, int) or isinstance(seat, bool):
        raise RulesError("invalid_payload", "give 'position', or a game 'state' and a 'seat'")
    try:
        position.from_state(state, seat)
    except RulesError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise RulesError("invalid_payload", f"not an Overdrive state: {exc!r}") from None
    return {"state": state, "seat": seat}


def solve(payload: dict[str, Any], budget_s: float = 2.0) -> dict[str, Any]:
    from solver.overdrive import position

    if "position" in payload:
        state, seat = position.state_from_payload(payload["position"])
    else:
        state, seat = payload["state"], payload["seat"]
    return recommend(state, seat, budget_s)


def preload() -> None:
    """Load content and OR-Tools once per worker process."""
    from services.overdrive.content import content
    from solver.overdrive import cpsat  # noqa: F401

    content()
