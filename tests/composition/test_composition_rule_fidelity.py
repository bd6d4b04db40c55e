"""Issue 14, Composition: the rules as printed where the engine read them otherwise.

Each test here failed on the engine before its fix (items 16, 17 and 20)."""

from __future__ import annotations

import pytest
from helpers_composition import compose, find, fresh, pass_others, perform, performance_event

from services.composition import GAME
from services.composition.content import content
from services.core import RulesError

CROSS = find("a", 1, "harp", kind="crescendo")  # two_words
C = find("c", 2, None)
T = find("t", 1, None)
N = find("n", 2, None)
STANDING_S = next(
    c for c, d in content()["cards"].items() if d.get("locked") and d["kind"] == "crescendo"
)


# ---------------------------------------------- 16: the Ghost Note in the second word
def test_a_ghost_note_in_the_second_word_needs_its_letter():
    # "cat" + "an" with an unassigned Ghost Note after the n: it would show nothing,
    # yet count as a fifth card (Ensemble's 7 cards reachable with blanks)
    st = compose(fresh(2, ["HOG", "IMP"]), {0: [C, CROSS, T, N]}, ghost=0)
    with pytest.raises(RulesError) as err:
        perform(st, 0, [C, CROSS, T], cards2=[CROSS, N, "ghost"])
    assert err.value.code == "bad_action"
    # with its letter it plays: "cat" + "ant", five cards, five letters
    st, _ = perform(st, 0, [C, CROSS, T], cards2=[CROSS, N, "ghost"], assign={"ghost": "t"})
    st, ev = pass_others(st, but=0)
    res = performance_event(ev, 0)
    assert res["breakdown"]["words"] == ["cat", "ant"] and res["breakdown"]["length"] == 5


# -------------------------------- 17: a Locked Letter drawn from the deck stays Locked
def test_a_locked_letter_drawn_as_a_bonus_card_is_never_discarded():
    # after a reshuffle the Crescendos are Note deck cards: the symbol bonus may draw one
    cards = [find("t", 0, "harp"), find("h", 1, "clef"), find("i", 0, "horn"),
             find("n", 2, None), find("g", 3, "harp")]  # fmt: skip
    st = compose(fresh(2, ["HOG", "IMP"], tomatoes=False), {0: cards})
    st["cresc_deck"] = [c for c in st["cresc_deck"] if c != STANDING_S]
    st["composition"]["crescendos"] = [
        s for s in st["composition"]["crescendos"] if s["card"] != STANDING_S
    ]
    st["note_deck"] = [STANDING_S] + [c for c in st["note_deck"] if c != STANDING_S]
    st, _ = perform(st, 0, cards, bonus={"harp": "cards"})
    st, ev = pass_others(st, but=0)
    assert performance_event(ev, 0)["drawn"] == [STANDING_S]
    seat = st["seats"][0]
    assert STANDING_S in seat["locked"]
    assert STANDING_S not in seat["drafted"] + seat["chorus"] + st["discard"]
    # unused through a whole round it still stays: permanent, never in the Chorus
    assert st["phase"] == "draft"
    while st["phase"] == "draft":
        st, _ = GAME.apply(st, st["turn"], GAME.legal_actions(st, st["turn"])[0])
    for s in range(2):
        st, _ = GAME.apply(st, s, {"type": "perform", "cards": []})
    seat = st["seats"][0]
    assert STANDING_S in seat["locked"] and STANDING_S not in st["discard"] + seat["chorus"]
