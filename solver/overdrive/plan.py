"""A plan (face changes, borrows, clears, placements, buys, 10-Grana actions) as predicted
gains, a value and engine actions in the documented order."""

from __future__ import annotations

from collections import Counter
from typing import Any

from solver.overdrive import values

SET_FACE_COST = 5
# Distortions bought before the changes and clears (a Grana card too, to pay for them)
EARLY = ("set", "clear", "map", "wild", "gain_early")


def evaluate(pos: dict[str, Any], plan: dict[str, Any]) -> dict[str, Any]:
    """Predicted levels gained, Grana spent, the value and a line per source of value."""
    gains: Counter = Counter()
    lines: list[dict[str, Any]] = []
    fires = False
    res = pos["resource_delta"]

    def add(what: str, delta: dict[str, int], extra: int = 0) -> None:
        nonlocal fires
        gains.update(delta)
        fires = fires or bool(pos["once_when"] and delta.get(pos["once_when"], 0) > 0)
        lines.append(
            {
                "source": what,
                "gains": dict(delta),
                "value": (values.value_of(delta) + extra) / values.SCALE,
            }
        )

    for card in pos["gain_cards"]:
        add(f"distortion #{card['card']}", card["delta"])
    for play in plan.get("face_plays", []):
        add(f"distortion #{play['card']} (turns faces of all your dice)", {})
    if plan.get("wild") is not None:
        add(f"distortion #{plan['wild']} (Skulls wild this turn)", {})
    spent = SET_FACE_COST * sum(ch["source"] == "pay" for ch in plan["changes"])
    clear_by = {c["space"]: c["by"] for c in plan.get("clears", [])}
    for pl in plan["placements"]:
        inst = pos["instances"][pl["instance"]]
        if inst["kind"] == "extra_die":
            spent += inst["cost"]
            add("new_member (extra die, it goes to Resources)", res, values.EXTRA_DIE)
        elif inst["kind"] == "change":
            add(f"{inst['key']} (changes die {pl['target'] + 1} to {pl['target_face']})", {})
        elif inst["kind"] == "borrow":
            face, die = plan["borrow_jam"]["face"], plan["borrow_jam"]["die"] + 1
            add(f"jam_session (borrows an opponent's {face} as die {die})", {})
        elif inst["kind"] == "clear_source":
            add("opportunity (clears a space, below)", {})
        else:
            label = inst["key"] + (f" ({inst['track']})" if "track" in inst else "")
            if "buy" in inst:
                label += " (bought first, one slot cancelled)"
            if inst.get("clear"):
                label += f" (after clearing it: {_clear_label(clear_by[inst['clear']])})"
            add(label, inst["delta"])
    if plan.get("borrow_ability"):
        b = plan["borrow_ability"]
        add(f"borrow ability (an opponent's {b['face']} as die {b['die'] + 1})", {})
    for d in plan["leftover"]:
        add(f"resources (die {d + 1})", res)
    if plan["buy"] is not None:
        buy = pos["buyable"][plan["buy"]]
        spent += buy["cost"]
        add(f"buy Hit {buy['card']} (1 VP and a symbol at the end)", {}, values.HIT_BOUGHT)
    if plan.get("dist_buy") is not None:
        item = pos["dist_market"][plan["dist_buy"]]
        spent += item["cost"]
        use = {"gain": "played now", "set": "its face changes used now", "keep": "kept",
               "gain_early": "played first, its Grana paying for the turn",
               "clear": "bought to clear a space now", "map": "bought to turn faces now",
               "wild": "bought to make Skulls wild now"}  # fmt: skip
        add(f"buy Distortion #{item['card']} ({use[item['use']]}; a symbol at the end)",
            item["delta"], values.DIST_BOUGHT)  # fmt: skip
    for attr, k in plan.get("raises", {}).items():
        spent += pos["tail_cost"]["raise"] * k
        for _ in range(k):
            add(f"raise {attr} (10 Grana)", pos["raises"][attr])
    for _ in range(plan.get("new_dice", 0)):
        spent += pos["tail_cost"]["extra_die"]
        add("extra die (10 Grana; it goes to Resources)", res, values.EXTRA_DIE)
    if plan.get("trade"):
        tr = pos["trade"]
        delta = dict(tr["delta"])
        for k, v in tr["lose"].items():
            delta[k] = delta.get(k, 0) - v
        add("trade ability (at the end of the turn)", delta)
    if fires and pos["once"]:
        add("band ability (once per turn)", pos["once"])
    if spent:
        lines.append(
            {
                "source": "Grana spent",
                "gains": {"grana": -spent},
                "value": -values.GRANA_SPENT * spent / values.SCALE,
            }
        )
    value = round(sum(line["value"] for line in lines) * values.SCALE)
    net = dict(gains)
    net["grana"] = net.get("grana", 0) - spent
    return {"gains": dict(gains), "spent": spent, "net": net, "value": value, "lines": lines}


def _clear_label(by: Any) -> str:
    if isinstance(by, (list, tuple)):
        return f"Distortion #{by[1]}"
    return "Opportunity" if by == "opportunity" else "the clear ability"


def to_actions(pos: dict[str, Any], plan: dict[str, Any]) -> list[dict[str, Any]]:
    """The engine actions that carry out a plan, in the documented order that keeps every
    step legal and funded: Distortion gains and leftover dice on Resources, the early
    Grana placements (after the hand's face cards and free changes they need), the
    all-dice face cards and Skulls wild, face changes, borrows, clears, placements (New
    Member last), then the buys and 10-Grana actions."""
    insts = pos["instances"]
    acts: list[dict[str, Any]] = []

    def placement(pl: dict[str, Any]) -> dict[str, Any]:
        inst = insts[pl["instance"]]
        act: dict[str, Any] = {"type": "place", "space": inst["key"], "dice": pl["dice"]}
        if "mode" in inst:
            act["mode"] = inst["mode"]
        if "track" in inst:
            act["track"] = inst["track"]
        if inst["kind"] == "change":
            act["die"], act["face"] = pl["target"], pl["target_face"]
        if inst["key"] == "intimidation":
            act["target"] = pos["intimidate_target"]
        if inst["kind"] == "borrow":
            face = plan["borrow_jam"]["face"]
            act["borrow"] = {"seat": pos["lender"][face], "face": face}
        return act

    for card in pos["gain_cards"]:
        acts.append({"type": "play_distortion", "card": card["card"]})
    targeted = {pl["target"] for pl in plan["placements"] if "target" in pl}
    for d in plan["leftover"]:
        if d not in targeted:
            acts.append({"type": "place", "space": "resources", "dice": [d]})
    item = pos["dist_market"][plan["dist_buy"]] if plan.get("dist_buy") is not None else None
    early = [p for p in plan["placements"] if p.get("early")]
    face_plays = [{"type": "play_distortion", **play} for play in plan.get("face_plays", [])]
    buy = pos["buyable"][plan["buy"]] if plan["buy"] is not None else None
    by_source: dict[str, list[dict[str, Any]]] = {}
    for ch in plan["changes"]:
        by_source.setdefault(ch["source"], []).append(ch)
    free = [{"type": "ability", "level": pos["change"]["level"], "die": ch["die"]}
            for ch in by_source.get("ability", [])]  # fmt: skip
    free += [{"type": "ability", "level": pos["spare"]["level"], "die": ch["die"]}
             for ch in by_source.get("spare", [])]  # fmt: skip
    if early:
        # Grana spaces filled with dice that keep their (mapped) face or change it for free
        # pay for what follows: the board's first, then a Hit bought and played now
        acts += face_plays + free
        face_plays = free = []
        for pl in sorted(early, key=lambda p: "buy" in insts[p["instance"]]):
            if "buy" in insts[pl["instance"]]:
                acts.append({"type": "buy_hit", "card": buy["card"], "cancel": buy["cancel"]})
            acts.append(placement(pl))
        face_plays = []
    if item is not None and item["use"] in EARLY:
        acts.append({"type": "buy_distortion", "card": item["card"]})
        if item["use"] == "gain_early":
            acts.append({"type": "play_distortion", "card": item["card"]})
    acts += face_plays
    if plan.get("wild") is not None:
        acts.append({"type": "play_distortion", "card": plan["wild"]})
    set_cards = list(pos["set_cards"])
    if item is not None and item["use"] == "set":
        set_cards.append({"card": item["card"], "n": item["n"]})
    queue = list(by_source.get("dist", []))
    for card in set_cards:
        take, queue = queue[: card["n"]], queue[card["n"] :]
        if take:
            acts.append(
                {
                    "type": "play_distortion",
                    "card": card["card"],
                    "dice": [c["die"] for c in take],
                    "faces": [c["face"] for c in take],
                }
            )
    acts += free
    for ch in by_source.get("ability_wild", []):  # after Skulls wild is played
        acts.append({"type": "ability", "level": pos["change"]["level"], "die": ch["die"]})
    for ch in by_source.get("pay", []):
        acts.append({"type": "set_face", "die": ch["die"], "face": ch["face"]})
    if plan.get("borrow_ability"):
        face = plan["borrow_ability"]["face"]
        lend = {"seat": pos["lender"][face], "face": face}
        acts.append({"type": "ability", "level": pos["borrow_level"], "borrow": lend})

    rank = {"borrow": 0, "clear_source": 1, "change": 2, "gain": 3, "extra_die": 4}
    ordered = sorted(plan["placements"], key=lambda p: rank[insts[p["instance"]]["kind"]])
    for pl in [p for p in ordered if insts[p["instance"]]["kind"] == "borrow"]:
        acts.append(placement(pl))
    opp = [p for p in ordered if insts[p["instance"]]["kind"] == "clear_source"]
    for clear in plan.get("clears", []):
        by, key = clear["by"], clear["space"]
        if by == "opportunity":
            acts.append({**placement(opp.pop(0)), "target": key})
        elif by == "ability":
            acts.append({"type": "ability", "level": pos["clear_level"], "target": key})
        else:
            acts.append({"type": "play_distortion", "card": by[1], "target": key})
    rest = [p for p in ordered if insts[p["instance"]]["kind"] not in ("borrow", "clear_source")]
    # the Hit bought to play now (unless it was bought early)
    now = [p for p in rest if "buy" in insts[p["instance"]] and not p.get("early")]
    if any("buy" in insts[p["instance"]] for p in early):
        buy = None
    for pl in rest:
        inst = insts[pl["instance"]]
        if "buy" not in inst and inst["kind"] != "extra_die" and not pl.get("early"):
            acts.append(placement(pl))
    if buy is not None and now:
        acts.append({"type": "buy_hit", "card": buy["card"], "cancel": buy["cancel"]})
        acts += [placement(pl) for pl in now]
    # New Member's die is rolled at once; on Resources at once, its Grana pays for step 5
    new_die = pos["next_index"] + bool(plan.get("borrow_ability")) + bool(plan.get("borrow_jam"))
    for pl in rest:
        if insts[pl["instance"]]["kind"] == "extra_die":
            acts.append(placement(pl))
            acts.append({"type": "place", "space": "resources", "dice": [new_die]})
            new_die += 1
    if item is not None and item["use"] not in EARLY:
        acts.append({"type": "buy_distortion", "card": item["card"]})
        if item["use"] == "gain":
            acts.append({"type": "play_distortion", "card": item["card"]})
    if buy is not None and not now:
        acts.append({"type": "buy_hit", "card": buy["card"], "cancel": buy["cancel"]})
    for attr, k in plan.get("raises", {}).items():
        acts += [{"type": "raise", "attr": attr}] * k
    acts += [{"type": "buy_die"}] * plan.get("new_dice", 0)
    if plan.get("trade"):
        acts.append({"type": "ability", "level": pos["trade"]["level"]})
    acts.append({"type": "end_turn"})
    return acts
