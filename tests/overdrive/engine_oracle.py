"""An oracle for the recommender that shares nothing with it: a depth-first search over the
engine's own actions (its listing, with the set-faces forms expanded) from a seat's turn to
its ``end_turn``, scoring the final state with the documented value.

Left out, as the recommender leaves them to the player: rerolls (random), claiming awards
(no value), the 10-Grana extra die.  A die New Member adds is rolled at random, so, as in
the recommender, it may only go to Resources (its Grana is then the same whatever it
shows).  Positions given to it must leave no hidden Hit deck to reveal.
"""

from __future__ import annotations

import json
from itertools import combinations, product
from typing import Any

from services.core.codec import canonical
from services.overdrive import GAME
from services.overdrive.content import FACES, content
from solver.overdrive import values

SKIP = {"reroll", "claim_award", "buy_die"}


def worth(state: dict[str, Any], seat: int) -> int:
    """The documented value of a seat's holdings (its change over a turn is the turn's value):
    levels by weight, 2.00 an extra die, 1.50 a Hit owned, 0.50 a Distortion owned."""
    rec = state["seats"][seat]
    return (
        sum(values.WEIGHTS[k] * rec[k] for k in values.WEIGHTS)
        + values.EXTRA_DIE * rec["extra_dice"]
        + values.HIT_BOUGHT * len(rec["hits"])
        + values.DIST_BOUGHT * (len(rec["hand"]) + len(rec["used"]))
    )


def _is_reroll(action: dict[str, Any], state: dict[str, Any], seat: int) -> bool:
    if action["type"] == "play_distortion":
        return content()["distortion_by_no"][action["card"]]["effect"]["kind"] == "reroll"
    if action["type"] == "ability":
        from services.overdrive import actors

        ab = actors.ability(state, seat, action["level"])
        return ab is not None and ab["kind"] == "reroll_free"
    return False


def _names(action: dict[str, Any]) -> set[int]:
    dice = action.get("dice") if isinstance(action.get("dice"), list) else []
    die = [action["die"]] if isinstance(action.get("die"), int) else []
    return set(dice) | set(die)


def _expanded(state: dict[str, Any], seat: int, rolled: set[int]) -> list[dict[str, Any]]:
    """The listing, the set-faces forms made concrete (one die per face class); the dice
    in ``rolled`` (new members) only on Resources."""
    out = [a for a in GAME.legal_actions(state, seat) if a["type"] not in SKIP]
    out = [a for a in out if not _is_reroll(a, state, seat)]
    out = [
        a
        for a in out
        if not (_names(a) & rolled) or (a["type"] == "place" and a["space"] == "resources")
    ]
    rec = state["seats"][seat]
    free = [
        i
        for i, d in enumerate(rec["dice"])
        if d["placed"] is None and not d.get("borrowed") and i not in rolled
    ]
    for form in GAME.action_forms(state, seat):
        n = content()["distortion_by_no"][form["card"]]["effect"]["n"]
        seen = set()
        for k in range(1, min(n, len(free)) + 1):
            for combo in combinations(free, k):
                for faces in product(FACES, repeat=k):
                    key = tuple(sorted((rec["dice"][i]["face"], f) for i, f in zip(combo, faces)))
                    if key in seen:
                        continue
                    seen.add(key)
                    out.append({"type": "play_distortion", "card": form["card"],
                                "dice": list(combo), "faces": list(faces)})  # fmt: skip
    return out


def best(state: dict[str, Any], seat: int) -> int:
    """The best value any sequence of engine actions reaches by ``end_turn``."""
    start = worth(state, seat)
    memo: dict[bytes | str, int] = {}

    def go(st: dict[str, Any]) -> int:
        # orjson's sorted text is several times faster than json's, and a third of the
        # search's time went into these keys; the standard module covers int keys
        key = canonical(st) or json.dumps(st, sort_keys=True)
        if key in memo:
            return memo[key]
        top = None
        dice = st["seats"][seat]["dice"]
        rolled = {i for i in range(len(state["seats"][seat]["dice"]), len(dice))}
        rolled = {i for i in rolled if not dice[i].get("borrowed")}
        for action in _expanded(st, seat, rolled):
            nxt, _ = GAME.apply(st, seat, action)
            v = worth(nxt, seat) - start if action["type"] == "end_turn" else go(nxt)
            top = v if top is None else max(top, v)
        assert top is not None
        memo[key] = top
        return top

    return go(state)
