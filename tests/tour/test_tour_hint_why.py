"""Tour hints say why in one plain sentence naming dice by their faces, and the shop's
advice states the sheet's own numbers (no "8 shirts in stock" before "restock 12")."""

from __future__ import annotations

from hint_walk import check_why, walk

from services.tour.content import content
from solver.tour.heuristics import MIN_SHIRTS

# venue ids (house_show) and die indices in lists are what the player must not read
RAW = r"\b[a-z]+_[a-z]+\b|\[\d"


def test_why_agrees_with_the_recommended_action():
    kinds = set()
    for seed in (3, 5):
        for state, _seat, hint in walk("tour", 1, seed, 40):
            why = check_why(hint, RAW)
            action = hint["actions"][0]["action"] if hint["actions"] else {"type": None}
            kinds.add(action["type"])
            sheet = state["sheets"][hint.get("sheet", 0)]
            if action["type"] == "choose_offer":
                venue = content()["venues"][state["offers"][action["index"]]]["name"]
                assert why.startswith(f"Take the {venue} offer")
            elif action["type"] == "stage":
                faces = sorted(sheet["dice"][i] for i in action["dice"])
                assert f"stage the {faces[0]}" in why.lower()
            elif action["type"] == "work":
                assert why.startswith("Put the") or why.startswith("Put no")
            elif action["type"] == "restock" and hint["solver"] == "heuristic":
                shirts = action["pairs"] * content()["restock"]["shirts"]
                assert why.startswith(f"Restock {shirts} shirts")
                # the rule and the numbers agree: stock below the floor, this many bought
                assert sheet["shirts"] < MIN_SHIRTS
                assert f"{sheet['shirts']} shirts in stock" in hint["explanation"]
                assert f"restock {shirts}," in hint["explanation"]
            elif action["type"] == "buy":
                assert why.startswith(f"Hire the {action['item']}")
            elif action["type"] == "end_shopping":
                assert why.startswith("End shopping")
                assert "restock" not in hint["explanation"].lower()
    assert {"choose_offer", "stage", "work", "restock", "end_shopping"} <= kinds
