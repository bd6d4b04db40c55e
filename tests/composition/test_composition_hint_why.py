"""Composition hints say why in one plain sentence naming cards by their letters, and
prefer words people know among ties and near-ties while still showing the best score."""

from __future__ import annotations

from hint_walk import check_why, walk

from solver.composition.familiar import NEAR_TIE, choose, zipf
from solver.composition.why import card_name

# card ids (n06, c03, VOX-3, ghost), Award and Ovation ids (long6, ov8)
RAW = r"\b[nc]\d\d\b|\b[A-Z]{3}-\d\b|\bghost\b|\blong\d|\bov\d"


def test_why_agrees_with_the_recommended_action():
    kinds = set()
    for _state, _seat, hint in walk("composition", 2, 3, 24):
        why = check_why(hint, RAW)
        action = hint["actions"][0]["action"]
        kinds.add(action["type"])
        if action["type"] == "take":
            assert why.startswith(f"Take {card_name(action['card'])}:")
            # each compared card is labelled as players see it, for a panel listing them
            for row in hint["figures"]:
                if "best_word" in row:
                    assert row["label"] == card_name(row["card"])
        elif action["type"] == "perform" and action["cards"]:
            row = next(r for r in hint["words"] if r["action"] == action)
            assert why.startswith(f"Spell {row['word'].upper()} ")
            assert f"for {row['net']} Rose" in why
            # the best score stays on show, whichever word is recommended
            assert hint["best_net"] == hint["words"][0]["net"] >= row["net"]
            if row["net"] < hint["best_net"]:
                assert hint["words"][0]["word"].upper() in why
        elif action["type"] == "stop":
            assert why.startswith("Stop drafting")
    assert {"take", "perform"} <= kinds


def test_the_commoner_word_wins_a_tie_and_a_near_tie_but_not_more():
    assert zipf("hogan") > zipf("agoho") and zipf("lot") > zipf("molt") + 1
    tie = [{"word": "agoho", "net": 9}, {"word": "hogan", "net": 9}]
    assert choose(tie)["word"] == "hogan"
    near = [{"word": "molt", "net": 5}, {"word": "lot", "net": 5 - NEAR_TIE}]
    assert choose(near)["word"] == "lot"
    far = [{"word": "molt", "net": 6}, {"word": "lot", "net": 6 - NEAR_TIE - 1}]
    assert choose(far)["word"] == "molt"
    # a two-word play is as familiar as its rarer word
    pair = [{"word": "man agoho", "words": ["man", "agoho"], "net": 9}, tie[1]]
    assert choose(pair)["word"] == "hogan"


def test_cards_are_named_by_their_letters():
    assert card_name("ghost") == "the Ghost Note"
    assert card_name("n06") == "the A"


def test_solo_flip_hints_name_the_card_and_the_rule():
    flips = 0
    for _state, _seat, hint in walk("composition", 1, 5, 60):
        action = hint["actions"][0]["action"]
        if action["type"] != "flip":
            continue
        flips += 1
        why = check_why(hint, RAW)
        assert why.startswith("Flip the Ovation ") or why.startswith("Flip the Award ")
        if "cannot afford" in hint["explanation"]:
            assert "cannot afford an Ovation" in why
    assert flips
