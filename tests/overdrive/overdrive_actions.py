"""An action generator for the tests that does not read the engine's listing: every action
shape with every parameter drawn from small, complete ranges (all dice subsets, all faces,
every space, seat, card and level), so that what the engine accepts can be compared with
what it lists or describes."""

from __future__ import annotations

import json
from itertools import combinations, product
from typing import Any

from services.core import RulesError
from services.overdrive import GAME
from services.overdrive.content import FACES, content

TRACKS3 = ("fans", "fame", "overdrive")


def _subsets(n: int, most: int | None = None) -> list[list[int]]:
    top = n if most is None else min(n, most)
    return [list(c) for k in range(top + 1) for c in combinations(range(n), k)]


def candidates(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """Every action this generator can think of for ``seat`` now (most are illegal)."""
    if state["phase"] == "battle":
        return _battle(state, seat)
    rec = state["seats"][seat]
    n = len(rec["dice"])
    data = content()
    seats = list(range(state["players"]))
    keys = [s["id"] for s in data["spaces"]] + [f"exclusive:{s}" for s in seats]
    keys += ["hit:" + h for h in list(state["hit_market"]) + list(state["hit_owned"])]
    borrows = [{"seat": s, "face": f} for s in seats for f in FACES]
    out: list[dict[str, Any]] = [{"type": "end_turn"}, {"type": "buy_die"}]
    extras: list[dict[str, Any]] = [{"track": t} for t in TRACKS3]
    extras += [{"die": d, "face": f} for d in range(n) for f in FACES]
    extras += [{"borrow": b} for b in borrows]
    extras += [{"target": t} for t in [*seats, *keys]]
    for key in keys:
        modes = [None]
        sizes = {1, 2, 3, 4}  # every space and Hit mode takes one to four dice
        if key in data["space_by_id"]:
            sizes = {len(data["space_by_id"][key]["slots"])}
        if key.startswith("hit:"):
            modes += list(range(len(data["hit_by_id"][key[4:]]["modes"])))
        for mode, combo in product(modes, _subsets(n, 4)):
            if len(combo) not in sizes:
                continue
            base = {"type": "place", "space": key, "dice": combo}
            if mode is not None:
                base["mode"] = mode
            out.append({**base, "extras": extras})
    for combo in _subsets(n):
        out.append({"type": "reroll", "dice": combo})
    out += [{"type": "set_face", "die": d, "face": f} for d in range(n) for f in FACES]
    out += [{"type": "raise", "attr": a} for a in TRACKS3]
    out += [{"type": "bonus_raise", "attr": a} for a in ("fans", "fame", "grana", "overdrive")]
    for card in state["hit_market"]:
        hit = data["hit_by_id"][card]
        cancels = [None] + [[m, i] for m, md in enumerate(hit["modes"]) for i in range(4)]
        out += [{"type": "buy_hit", "card": card, "cancel": c} for c in cancels]
    out += [{"type": "buy_distortion", "card": c} for c in state["dist_market"]]
    for card in sorted(set(rec["hand"])):
        base = {"type": "play_distortion", "card": card}
        out += [base, *({**base, "face": f} for f in FACES)]
        out += [{**base, "target": k} for k in keys]
        out += [{**base, "dice": c} for c in _subsets(n)]
    for level in ("a", "b", "c"):
        base = {"type": "ability", "level": level}
        out += [base, *({**base, "die": d} for d in range(n))]
        out += [{**base, "dice": c} for c in _subsets(n)]
        out += [{**base, "borrow": b} for b in borrows]
        out += [{**base, "target": k} for k in keys]
        out += [{"type": "copy", "level": level, "band": b["id"]} for b in data["bands"]]
    out += [{"type": "claim_award", "award": a["id"]} for a in data["awards"]]
    return out


def _battle(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    n = len(state["battle"]["dice"][str(seat)])
    who: list[Any] = [*range(state["players"]), "metallum"]
    out: list[dict[str, Any]] = [{"type": "pass"}, {"type": "end_protect"}]
    out += [{"type": "choose_loss", "face": f} for f in FACES]
    out += [{"type": "attack", "target": t, "face": f} for t in who for f in FACES]
    out += [{"type": "reroll", "dice": c} for c in _subsets(n) if c]
    out += [{"type": "set_face", "die": d, "face": f} for d in range(n) for f in FACES]
    out += [{"type": "bonus_raise", "attr": a} for a in ("fans", "fame", "grana", "overdrive")]
    sources = ["shield", *state["seats"][seat]["hand"]]
    out += [{"type": "protect", "die": d, "source": s} for d in range(n) for s in sources]
    for card in sorted(set(state["seats"][seat]["hand"])):
        base = {"type": "play_distortion", "card": card}
        out += [base, *({**base, "face": f} for f in FACES)]
        out += [{**base, "die": d} for d in range(n)]
        out += [{**base, "dice": c} for c in _subsets(n)]
        out += [{**base, "target": "appearance"}]
    for level in ("a", "b", "c"):
        base = {"type": "ability", "level": level}
        out += [base, *({**base, "die": d} for d in range(n))]
        out += [{**base, "dice": c} for c in _subsets(n)]
    return out


# refusals that no effect parameter can change: the placement's extras are not tried
BASE_ERRORS = {
    "unknown_space", "space_occupied", "no_such_die", "die_already_placed", "die_borrowed",
    "faces_do_not_fit", "not_enough_grana", "no_more_dice",
}  # fmt: skip


def _try(state: dict[str, Any], seat: int, action: dict[str, Any]) -> tuple[str | None, str]:
    try:
        after, _ = GAME.apply(state, seat, action)
    except RulesError as err:
        return err.code, ""
    return None, outcome_key(after)


def accepted(state: dict[str, Any], seat: int) -> list[tuple[dict[str, Any], str]]:
    """The generated actions the engine accepts, each with the state it leads to."""
    ok = []
    for action in candidates(state, seat):
        extras = action.pop("extras", None)
        code, after = _try(state, seat, action)
        if code is None:
            ok.append((action, after))
        if extras is None or code in BASE_ERRORS:
            continue
        for extra in extras:
            full = {**action, **extra}
            code, result = _try(state, seat, full)
            if code is None and result != after:  # else the extra key was ignored
                ok.append((full, result))
    return ok


def outcome_key(state: dict[str, Any]) -> str:
    return json.dumps(state, sort_keys=True)


def canon(state: dict[str, Any], seat: int, action: dict[str, Any]) -> str:
    """The action with die indices replaced by what tells dice apart (interchangeable dice
    give the same key): face and borrowed-ness (allocation), face and protection (battle)."""
    if state["phase"] == "battle":
        dice = state["battle"]["dice"][str(seat)]
        cls = [(d["face"], d["protected"]) for d in dice]
    else:
        dice = state["seats"][seat]["dice"]
        cls = [(d["face"], bool(d.get("borrowed"))) for d in dice]
    out = dict(action)
    if out["type"] == "place":
        out.setdefault("mode", 0)  # a one-mode Hit is listed without its mode
    if isinstance(out.get("dice"), list) and "faces" not in out:
        out["dice"] = sorted(cls[i] for i in out["dice"])
    if isinstance(out.get("die"), int):
        out["die"] = cls[out["die"]]
    return json.dumps(out, sort_keys=True)


def described(action: dict[str, Any], forms: list[dict[str, Any]]) -> bool:
    """A form covers an action of its type whose keys it has, with equal values for the
    form's fixed entries (a value with a space in it is a description: a free parameter)."""
    for form in forms:
        if form["type"] != action["type"] or set(action) - set(form):
            continue
        if all((isinstance(v, str) and " " in v) or action.get(k) == v for k, v in form.items()):
            return True
    return False
