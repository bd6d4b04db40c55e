"""Every Tempo Muse hint says why in one plain sentence that agrees with its action, and a
Cycle that does not change the chance to place says so instead of contradicting itself."""

from __future__ import annotations

from hint_walk import check_why, walk

from services.tempo_muse.content import content

# the hand's cards are numbers, so the raw ids to keep out are lists and bare figures
RAW = r"\[\d|\d\.\d{3}"


def test_why_agrees_with_the_recommended_action():
    kinds = set()
    for seed in (3, 4):
        for state, seat, hint in walk("tempo-muse", 2, seed, 40):
            why = check_why(hint, RAW)
            action = hint["actions"][0]["action"] if hint["actions"] else {"type": None}
            kinds.add(action["type"])
            need = len(state["studios"][seat]) + 1
            if action["type"] == "cycle":
                n = action["count"]
                assert why.startswith(f"Cycle {n} card{'s' if n != 1 else ''}:")
                same = hint["place_chance"] == hint["cycle_sizes"]["0"]["place_chance"]
                # no "chance 1.000 (without a Cycle 1.000)": an equal chance is said once
                assert ("either way" in why) == same
                assert ("with or without" in hint["explanation"]) == same
                assert f"place the {need}" in why
            elif action["type"] == "cycle_return":
                assert why.startswith("Give back the ")
                for value in action["cards"]:
                    assert str(value) in why
            elif action["type"] == "play":
                assert why.startswith(f"Place {content().cards[action['card']].name} ")
                for value in action["payment"]:
                    assert str(value) in why.split("paying with", 1)[1]
            elif action["type"] == "discard":
                assert why.startswith(f"Discard the {action['card']}:")
            elif action["type"] == "mix":
                assert why.startswith("Offset" if action["offsets"] else "Make no Offset")
    assert {"cycle", "cycle_return", "play"} <= kinds
