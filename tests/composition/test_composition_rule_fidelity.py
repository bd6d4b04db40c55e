"""Composition: the rules as printed, where a plausible reading differs from them."""

from __future__ import annotations

import pytest
import yaml
from helpers_composition import compose, find, fresh, pass_others, perform, performance_event

from services.composition import GAME
from services.composition.content import DATA_DIR, build_content, content
from services.core import RulesError
from solver.composition import hint

CROSS = find("a", 1, "harp", kind="crescendo")  # two_words
C = find("c", 2, None)
T = find("t", 1, None)
N = find("n", 2, None)
FILES = ("rules", "cards", "maestros", "awards", "ovations")
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


# ------------------------------------------ 20: one Applause Badge per player per round
def test_every_award_and_ovation_carries_one_applause_badge():
    # printed: only one badge per player per round, so no card may carry two
    data = content()
    assert {a["badges"] for a in data["awards"].values()} == {1}
    assert {o["badges"] for o in data["ovations"].values()} == {1}
    raw = {n: yaml.safe_load((DATA_DIR / f"{n}.yaml").read_text()) for n in FILES}
    raw["awards"][0]["badges"] = 2
    with pytest.raises(ValueError, match="badges must be 1"):
        build_content(*(raw[n] for n in FILES))


STRANGE = [find("s", 1, None), T, find("r", 1, None), find("a", 0, None), N,
           find("g", 3, None), find("e", 0, None)]  # fmt: skip


def _meets_two(prefer=None):
    st = compose(fresh(2, ["HOG", "IMP"]), {0: STRANGE})
    st["awards"] = ["long6", "cards7"]  # STRANGE meets both: 7 letters, 7 cards
    extra = {} if prefer is None else {"awards": prefer}
    st, _ = perform(st, 0, STRANGE, **extra)
    return pass_others(st, but=0)


def test_the_seat_chooses_which_award_it_collects():
    st, ev = _meets_two(["cards7"])
    assert performance_event(ev, 0)["awards"] == ["cards7"]
    assert st["seats"][0]["awards"] == ["cards7"] and st["awards"] == ["long6"]
    # no choice given: the first met in layout order
    st, ev = _meets_two()
    assert performance_event(ev, 0)["awards"] == ["long6"]


def test_an_award_choice_must_name_awards_on_offer():
    st = compose(fresh(2, ["HOG", "IMP"]), {0: STRANGE})
    st["awards"] = ["long6", "cards7"]
    for bad in (["echo"], "long6", ["long6", "long6"], [3]):
        with pytest.raises(RulesError) as err:
            perform(st, 0, STRANGE, awards=bad)
        assert err.value.code == "bad_action"


def test_forms_offer_only_usable_forms_and_say_what_a_word_needs():
    st = compose(fresh(2, ["HOG", "IMP"]), {0: [C, T, N]})
    st["seats"][0]["roses"] = 0  # cannot pay for spelling help
    forms = GAME.action_forms(st, 0)
    assert [f["type"] for f in forms] == ["perform"]  # no Crossroads, no Rose for help
    (form,) = forms
    assert form["letters"][C] == "c" and form["letters"][T] == "t"
    assert form["min_word_length"] == content()["rules"]["min_word_length"]
    assert form["chorus_slots"] == content()["maestros"]["HOG"]["chorus"]
    assert form["awards"] == st["awards"]
    st = compose(fresh(2, ["HOG", "IMP"]), {0: [C, CROSS, T]}, ghost=0)
    st["seats"][0]["roses"] = 1
    forms = GAME.action_forms(st, 0)
    assert [f["type"] for f in forms] == ["perform", "perform", "ask_help"]
    assert forms[0]["letters"]["ghost"] == "any" and forms[1]["two_word_cards"] == [CROSS]
    assert forms[2]["helpers"] == [1]
    solo = compose(fresh(1), {0: [C, CROSS, T]})
    solo["seats"][0]["roses"] = 5
    assert "ask_help" not in [f["type"] for f in GAME.action_forms(solo, 0)]


def test_the_solo_flip_hint_gives_up_an_award_the_best_word_misses():
    # badges do not rank Awards (all carry one): the hint keeps what the seat can reach
    st = fresh(1)
    st["phase"] = "flip"
    seat = st["seats"][0]
    seat["locked"], seat["chorus"], seat["drafted"] = [], list(STRANGE), []
    st["ovations"], st["awards"] = [], ["cards7", "echo"]  # no repeated letter: no Echo
    out = hint(st, 0, budget_s=5.0)
    assert out["actions"][0]["action"] == {"type": "flip", "card": "echo"}
