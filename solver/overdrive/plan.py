"""A plan (face changes, placements, a buy) as predicted gains, a value and engine actions."""

from __future__ import annotations

from collections import Counter
from typing import Any

from solver.overdrive import values

SET_FACE_COST = 5


def evaluate(pos: dict[str, Any], plan: dict[str, Any]) -> dict[str, Any]:
    """Predicted levels gained, Grana spent, the value and a line per source of value."""
    gains: Counter = Counter()
    lines: list[dict[str, Any]] = []
    fires = False

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
    spent = 0
    for ch in plan["changes"]:
        if ch["source"] == "pay":
            spent += SET_FACE_COST
    for pl in plan["placements"]:
        inst = pos["instances"][pl["instance"]]
        if inst["kind"] == "extra_die":
            spent += inst["cost"]
            add(
                "new_member (extra die, it goes to Resources)",
                pos["resource_delta"],
                values.EXTRA_DIE,
            )
        elif inst["kind"] == "change":
            lines.append(
                {
                    "source": f"{inst['key']} (changes die {pl['target']} to {pl['target_face']})",
                    "gains": {},
                    "value": 0.0,
                }
            )
        else:
            label = inst["key"] + (f" ({inst['track']})" if "track" in inst else "")
            add(label, inst["delta"])
    for d in plan["leftover"]:
        add(f"resources (die {d})", pos["resource_delta"])
    if plan["buy"] is not None:
        buy = pos["buyable"][plan["buy"]]
        spent += buy["cost"]
        lines.append(
            {
                "source": f"buy Hit {buy['card']} (1 VP and a symbol at the end)",
                "gains": {},
                "value": values.HIT_BOUGHT / values.SCALE,
            }
        )
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


def to_actions(pos: dict[str, Any], plan: dict[str, Any]) -> list[dict[str, Any]]:
    """The engine actions that carry out a plan, in an order that keeps every step legal."""
    acts: list[dict[str, Any]] = []
    for card in pos["gain_cards"]:
        acts.append({"type": "play_distortion", "card": card["card"]})
    by_source: dict[str, list[dict[str, Any]]] = {}
    for ch in plan["changes"]:
        by_source.setdefault(ch["source"], []).append(ch)
    queue = list(by_source.get("dist", []))
    for card in pos["set_cards"]:
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
    for ch in by_source.get("ability", []):
        acts.append({"type": "ability", "level": pos["change"]["level"], "die": ch["die"]})
    for ch in by_source.get("pay", []):
        acts.append({"type": "set_face", "die": ch["die"], "face": ch["face"]})
    ordered = sorted(
        plan["placements"], key=lambda p: pos["instances"][p["instance"]]["kind"] != "change"
    )
    for pl in ordered:
        inst = pos["instances"][pl["instance"]]
        act: dict[str, Any] = {"type": "place", "space": inst["key"], "dice": pl["dice"]}
        if "mode" in inst:
            act["mode"] = inst["mode"]
        if "track" in inst:
            act["track"] = inst["track"]
        if inst["kind"] == "change":
            act["die"], act["face"] = pl["target"], pl["target_face"]
        if inst["key"] == "intimidation":
            act["target"] = pos["intimidate_target"]
        acts.append(act)
    if plan["buy"] is not None:
        buy = pos["buyable"][plan["buy"]]
        acts.append({"type": "buy_hit", "card": buy["card"], "cancel": buy["cancel"]})
    acts.append({"type": "end_turn"})
    return acts
