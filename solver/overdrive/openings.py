"""Openings that reach a new ability level during the turn, so the rest is planned with it.

The model is built from the abilities a seat holds when it is built; an ability the turn
unlocks (a trade, a bonus on later gains, a Cover Bots copy) changes what the rest of the
turn is worth.  An opening is a short run of engine actions that ends on the first action
reaching the next level whose ability acts during a turn: that action (a placement, a
gain card, a raise of Overdrive), after up to three preparing actions (a die on Resources
for its Grana, a buy, a face change, a face card, a set-faces card turning dice to Horns
Up, a gain of Overdrive short of the level).  The recommender plans the rest of the turn
from the state an opening leads to, and keeps the best of all (the shortest openings, then
those worth most by themselves, up to ``MAX_OPENINGS``).
"""

from __future__ import annotations

import json
from itertools import combinations
from typing import Any

from services.core import RulesError
from services.overdrive import GAME, actors, board
from services.overdrive.content import content
from solver.overdrive import values

# actions that may prepare the action reaching the level (they raise nothing themselves)
PREPARE = ("buy_distortion", "buy_hit", "set_face", "ability", "play_distortion")
# face changes only: a reroll is random, a borrow or clear never raises Overdrive
PREPARE_KINDS = ("change_face", "spare_faces")
CARD_KINDS = ("skull_to", "all_to", "convert", "swap", "skulls_wild")
# each opening costs a model solve: at most this many are tried
MAX_OPENINGS = 12
# an opening is at most this many actions; at most this many partial ones are extended
MAX_STEPS = 4
MAX_FRONTIER = 40


def next_level(state: dict[str, Any], seat: int) -> int | None:
    """The next Overdrive level whose ability acts during a turn (not a scoring one)."""
    rec = state["seats"][seat]
    band = content()["band_by_id"][rec["band"]]
    for lv in ("a", "b", "c"):
        need = content()["ability_levels"][lv]
        if need > rec["overdrive"] and band[lv]["kind"] != "score":
            return need
    return None


def _nearness(state: dict[str, Any], seat: int) -> tuple[int, int, int]:
    rec = state["seats"][seat]
    horns = sum(d["placed"] is None and d["face"] == "horns" for d in rec["dice"])
    return rec["overdrive"], horns, rec["grana"]


def _to_horns(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """A set-faces card in hand (described by a form, not listed) turning dice to Horns Up,
    the face the Overdrive spaces ask for: one action per distinct set of faces changed."""
    rec = state["seats"][seat]
    free = [
        i
        for i, d in enumerate(rec["dice"])
        if d["placed"] is None and not d.get("borrowed") and d["face"] != "horns"
    ]
    out = []
    for form in GAME.action_forms(state, seat):
        n = content()["distortion_by_no"][form["card"]]["effect"]["n"]
        seen = set()
        for k in range(1, min(n, len(free)) + 1):
            for combo in combinations(free, k):
                key = tuple(sorted(rec["dice"][i]["face"] for i in combo))
                if key not in seen:
                    seen.add(key)
                    out.append({"type": "play_distortion", "card": form["card"],
                                "dice": list(combo), "faces": ["horns"] * k})  # fmt: skip
    return out


def _may_raise(state: dict[str, Any], seat: int, action: dict[str, Any]) -> bool:
    """Whether an action's printed gain includes Overdrive (read, not applied: cheap)."""
    kind = action["type"]
    if kind == "raise":
        return action["attr"] == "overdrive"
    if kind == "play_distortion":
        eff = content()["distortion_by_no"][action["card"]]["effect"]
        return eff["kind"] == "gain" and eff["gain"].get("overdrive", 0) > 0
    if kind != "place" or action["space"] == "resources":
        return False
    try:
        _, eff = board.slots_and_effect(state, seat, action["space"], action.get("mode", 0))
    except RulesError:  # pragma: no cover - the listing names spaces in play
        return False
    return eff.get("gain", {}).get("overdrive", 0) > 0 or action.get("track") == "overdrive"


def _prepares(state: dict[str, Any], seat: int, action: dict[str, Any]) -> bool:
    kind = action["type"]
    if kind == "place":
        return action["space"] == "resources"  # its Grana may pay for the buy that follows
    if kind not in PREPARE:
        return False
    if kind == "ability":
        ab = actors.ability(state, seat, action["level"])
        return ab is not None and ab["kind"] in PREPARE_KINDS
    if kind == "play_distortion":
        eff = content()["distortion_by_no"][action["card"]]["effect"]
        return eff["kind"] in CARD_KINDS or eff["kind"] == "set_faces"
    return True


def openings(state: dict[str, Any], seat: int) -> list[tuple[list[dict[str, Any]], dict]]:
    """Each distinct opening (its actions and the state it leads to), none when no level
    is within reach of ``MAX_STEPS`` actions."""
    target = next_level(state, seat)
    if target is None:
        return []
    out: list[tuple[list[dict[str, Any]], dict]] = []
    seen: set[str] = set()
    frontier: list[tuple[list[dict[str, Any]], dict]] = [([], state)]
    for depth in range(MAX_STEPS):
        last = depth == MAX_STEPS - 1
        nxt = []
        for prefix, st in frontier:
            for action in GAME.legal_actions(st, seat) + _to_horns(st, seat):
                prepares = not last and _prepares(st, seat, action)
                if not (prepares or _may_raise(st, seat, action)):
                    continue
                try:
                    after, _ = GAME.apply(st, seat, action)
                except RulesError:  # pragma: no cover - the listing is legal
                    continue
                level = after["seats"][seat]["overdrive"]
                raised = level > st["seats"][seat]["overdrive"]
                if not (raised or prepares):
                    continue
                key = json.dumps(after, sort_keys=True)
                if key in seen:
                    continue
                seen.add(key)
                if level >= target:
                    out.append(([*prefix, action], after))
                elif not last:
                    nxt.append(([*prefix, action], after))
        # the partial openings nearest to a level first: Overdrive, then unplaced Horns Up
        # (the face Overdrive spaces ask for), then Grana to buy with
        nxt.sort(key=lambda o: _nearness(o[1], seat), reverse=True)
        frontier = nxt[:MAX_FRONTIER]
    # the shortest first, then those playing fewer set-faces cards (kept for later turns),
    # then those worth most by themselves: the ones tried within a cap
    before = values.holdings(state["seats"][seat])
    out.sort(
        key=lambda o: (
            len(o[0]),
            sum("faces" in a for a in o[0]),
            before - values.holdings(o[1]["seats"][seat]),
        )
    )
    return out[:MAX_OPENINGS]
