"""Scripted rounds: every cost, ability, bonus and end rule of Composition."""

from __future__ import annotations

import pytest
from helpers_composition import compose, find, fresh, pass_others, perform, performance_event

from services.composition import GAME
from services.composition.content import VOWELS, content
from services.composition.draft import ghost_cost
from services.core import RulesError

RULES = content()["rules"]


# ---------------------------------------------------------------- set-up
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_follows_the_player_count(players):
    st = fresh(players, seed=players, tomatoes=False)
    reveal = {2: 5, 3: 5, 4: 6, 5: 7}[players]  # printed in the rulebook
    assert len(st["ovations"]) == len(st["awards"]) == reveal
    assert st["tracker"] == players
    comp = st["composition"]
    assert len(comp["notes"]) == players
    assert all(content()["cards"][c]["kind"] != "tomato" for c in comp["notes"])
    assert len(comp["crescendos"]) == 2 and comp["ghost"]
    for s in st["seats"]:
        m = content()["maestros"][s["maestro"]]
        assert len(s["locked"]) == (4 if m["masked"] else 3)
        assert s["roses"] == (5 if s["maestro"] == "SUN" else 1)
    assert st["baton"] == st["turn"] == 0 and st["phase"] == "draft"


def test_solo_setup_masked_maestro_letters():
    for seed in range(20):
        st = fresh(1, seed=seed)
        s = st["seats"][0]
        assert s["maestro"] == "MASK" and s["roses"] == 1
        letters = [content()["cards"][c]["letters"] for c in s["locked"]]
        assert len(letters) == 4 and len(set(letters)) == 4
        assert any(ch in VOWELS for ch in letters)
        assert len(st["composition"]["notes"]) == 2
        assert len(st["composition"]["crescendos"]) == 1
        assert len(st["ovations"]) == len(content()["ovations"])
        assert len(st["awards"]) == len(content()["awards"])
        assert not any(content()["cards"][c]["kind"] == "tomato" for c in st["note_deck"])


def test_bad_options_are_rejected():
    for players, opts in [
        (0, {}),
        (6, {}),
        (2, {"maestros": ["IMP"]}),
        (2, {"maestros": ["IMP", "IMP"]}),
        (2, {"maestros": ["IMP", "NOPE"]}),
        (1, {"maestros": ["IMP"]}),
        (2, {"max_rounds": 0}),
        (2, {"tomatoes": "yes"}),
        (2, {"colour": "red"}),
    ]:
        with pytest.raises(RulesError) as err:
            GAME.new(players, opts, 1)
        assert err.value.code == "invalid_options"


# ----------------------------------------------------------------- draft
def test_draft_turns_and_the_must_take_rule():
    st = fresh(3, ["HOG", "IMP", "VOX"])
    with pytest.raises(RulesError) as err:
        GAME.apply(st, 1, {"type": "take", "card": st["composition"]["notes"][0]})
    assert err.value.code == "not_your_turn"
    with pytest.raises(RulesError) as err:
        GAME.apply(st, 0, {"type": "stop"})
    assert err.value.code == "must_take"
    note = st["composition"]["notes"][0]
    st2, _ = GAME.apply(st, 0, {"type": "take", "card": note})
    assert note in st2["seats"][0]["drafted"] and st2["turn"] == 1
    assert note not in st["seats"][0]["drafted"]  # the input state is untouched


def test_ghost_note_costs_one_rose_unless_no_note_is_left():
    st = fresh(2, ["HOG", "IMP"])
    assert {"type": "take", "card": "ghost"} in GAME.legal_actions(st, 0)
    st1, ev = GAME.apply(st, 0, {"type": "take", "card": "ghost"})
    assert st1["seats"][0]["roses"] == 0 and st1["seats"][0]["ghost"]
    assert ev[0]["cost"] == 1
    # with no Note left the Ghost Note is free, and being free it must be taken
    st = fresh(2, ["HOG", "IMP"])
    st["composition"]["notes"] = []
    st["seats"][0]["roses"] = 0
    assert GAME.legal_actions(st, 0)[0] == {"type": "take", "card": "ghost"}
    with pytest.raises(RulesError):
        GAME.apply(st, 0, {"type": "stop"})
    st1, ev = GAME.apply(st, 0, {"type": "take", "card": "ghost"})
    assert ev[0]["cost"] == 0 and st1["seats"][0]["roses"] == 0


def test_sun_takes_the_ghost_note_free_and_starts_with_five_roses():
    st = fresh(2, ["SUN", "IMP"])
    assert st["seats"][0]["roses"] == 5
    st1, ev = GAME.apply(st, 0, {"type": "take", "card": "ghost"})
    assert ev[0]["cost"] == 0 and st1["seats"][0]["roses"] == 5


def test_crescendo_costs_five_and_cat_pays_four():
    st = fresh(2, ["HOG", "CAT"])
    st["seats"][0]["roses"] = 4
    assert not any(a["type"] == "buy_crescendo" for a in GAME.legal_actions(st, 0))
    with pytest.raises(RulesError) as err:
        GAME.apply(st, 0, {"type": "buy_crescendo", "slot": 0})
    assert err.value.code == "not_enough_roses"
    st["seats"][0]["roses"] = 5
    slot = st["composition"]["crescendos"][0]["card"]
    st1, _ = GAME.apply(st, 0, {"type": "buy_crescendo", "slot": 0})
    assert slot in st1["seats"][0]["drafted"] + st1["seats"][0]["locked"]
    assert st1["seats"][0]["roses"] == 0 + sum(
        a["n"] for a in content()["cards"][slot]["abilities"] if a["type"] == "on_take_roses"
    )
    assert len(st1["composition"]["crescendos"]) == 1
    st1["seats"][1]["roses"] = 4
    st2, ev = GAME.apply(st1, 1, {"type": "buy_crescendo", "slot": 0})
    assert ev[0]["cost"] == 4


def test_cat_puts_a_rose_on_each_crescendo_left_and_the_taker_collects():
    st = fresh(2, ["CAT", "HOG"])
    st = compose(st, {})
    st, _ = pass_others(st, but=-1)  # both pass: the round ends
    assert all(slot["roses"] == 1 for slot in st["composition"]["crescendos"])
    assert st["round"] == 2 and st["baton"] == 1 and st["turn"] == 1
    st["seats"][1]["roses"] = 5
    st2, ev = GAME.apply(st, 1, {"type": "buy_crescendo", "slot": 0})
    assert ev[0]["roses_on_card"] == 1
    gained = st2["seats"][1]["roses"]
    card = ev[0]["card"]
    on_take = sum(
        a["n"] for a in content()["cards"][card]["abilities"] if a["type"] == "on_take_roses"
    )
    assert gained == 5 - 5 + 1 + on_take


def test_ovation_costs_twenty_one_per_round_and_advances_the_tracker():
    st = fresh(2, ["HOG", "IMP"])
    st["seats"][0]["roses"] = 45
    ov = st["ovations"][0]
    st1, _ = GAME.apply(st, 0, {"type": "buy_ovation", "ovation": ov})
    assert st1["seats"][0]["roses"] == 25 and st1["tracker"] == 3
    assert ov in st1["seats"][0]["ovations"] and ov not in st1["ovations"]
    st1, _ = GAME.apply(st1, 1, {"type": "take", "card": st1["composition"]["notes"][0]})
    assert not any(a["type"] == "buy_ovation" for a in GAME.legal_actions(st1, 0))
    with pytest.raises(RulesError) as err:
        GAME.apply(st1, 0, {"type": "buy_ovation", "ovation": st1["ovations"][0]})
    assert err.value.code == "ovation_limit"


def test_on_take_ability_fires_from_the_composition_only():
    st = fresh(2, ["HOG", "IMP"])
    bouquet = find("e", kind="crescendo", rose=1, symbol="horn")
    st["composition"]["notes"].append(bouquet)
    st1, ev = GAME.apply(st, 0, {"type": "take", "card": bouquet})
    assert st1["seats"][0]["roses"] == 1 + 3
    assert any(e["type"] == "on_take" for e in ev)


def test_locked_crescendo_becomes_a_permanent_locked_letter():
    st = fresh(2, ["HOG", "IMP"])
    standing = next(
        c for c, d in content()["cards"].items() if d.get("locked") and d["kind"] == "crescendo"
    )
    st["composition"]["notes"].append(standing)
    st, _ = GAME.apply(st, 0, {"type": "take", "card": standing})
    assert standing in st["seats"][0]["locked"]
    st = compose(st, {})
    st, _ = pass_others(st, but=-1)
    assert standing in st["seats"][0]["locked"] and standing not in st["discard"]


def test_draft_ends_when_nothing_free_and_nothing_affordable():
    st = fresh(2, ["HOG", "IMP"])
    st["seats"][0]["roses"] = st["seats"][1]["roses"] = 0
    notes = list(st["composition"]["notes"])
    st, _ = GAME.apply(st, 0, {"type": "take", "card": notes[0]})
    st, ev = GAME.apply(st, 1, {"type": "take", "card": notes[1]})
    # Ghost Note now free for seat 0, who must take it; then nothing is left
    assert st["phase"] == "draft"
    st, ev = GAME.apply(st, 0, {"type": "take", "card": "ghost"})
    assert st["phase"] == "compose"
    assert any(e["type"] == "draft_ended" for e in ev)


def test_stop_ends_the_draft_when_no_free_card_is_left():
    st = fresh(2, ["HOG", "IMP"])
    st["composition"]["notes"] = []
    st["composition"]["ghost"] = False
    st["seats"][0]["roses"] = 5
    assert {"type": "stop"} in GAME.legal_actions(st, 0)
    st1, _ = GAME.apply(st, 0, {"type": "stop"})
    assert st1["phase"] == "compose"


# ----------------------------------------------------------------- words
def test_rose_values_and_symbol_bonus_like_the_rulebook_example():
    # T(0,harp) H(1,clef) I(0,horn) N(2) G(3,harp): 6 Roses + 2 matching harps = 2 more
    cards = [
        find("t", 0, "harp"),
        find("h", 1, "clef"),
        find("i", 0, "horn"),
        find("n", 2, None),
        find("g", 3, "harp"),
    ]
    st = compose(fresh(2, ["HOG", "IMP"]), {0: cards})
    st, _ = perform(st, 0, cards)
    st, ev = pass_others(st, but=0)
    perf = performance_event(ev, 0)
    assert perf["word"] == "thing" and perf["roses"] == 6 + 2
    assert st["seats"][0]["roses"] == 1 + 8


def test_bonus_can_be_taken_as_cards_drawn_for_next_round():
    cards = [find("t", 0, "harp"), find("h", 1, "clef"), find("i", 0, "horn"),
             find("n", 2, None), find("g", 3, "harp")]  # fmt: skip
    st = compose(fresh(2, ["HOG", "IMP"]), {0: cards})
    st, _ = perform(st, 0, cards, bonus={"harp": "cards"})
    st, ev = pass_others(st, but=0)
    perf = performance_event(ev, 0)
    assert perf["roses"] == 6 and len(perf["drawn"]) == 1
    assert perf["drawn"][0] in st["seats"][0]["drafted"]  # available this new round


def test_multipliers_cap_at_triple():
    vibrato = find("a", kind="crescendo", symbol="drum")  # doubles every vowel card
    fortissimo = find("x", kind="crescendo")  # pay 3: double the Performance
    encore = find("s", 2, kind="crescendo")  # doubles the Performance
    solo_e = find("e", 1, "horn")  # doubles its own value
    cards = [vibrato, fortissimo, solo_e, encore]  # AXES
    st = compose(fresh(2, ["HOG", "IMP"]), {0: cards})
    st["seats"][0]["roses"] = 3
    st, _ = perform(st, 0, cards, pay=[fortissimo])
    st, ev = pass_others(st, but=0)
    perf = performance_event(ev, 0)
    # a: 1 x2 (vowel), x: 5, e: 1 x3 (own double + vowel double), s: 2 -> 12
    # two Performance doubles -> x3 (not x4) = 36; two horns -> +2
    assert perf["word"] == "axes"
    assert perf["breakdown"]["base"] == 12
    assert perf["breakdown"]["performance_multiplier"] == 3
    assert perf["roses"] == 38 and perf["paid"] == 3
    assert st["seats"][0]["roses"] == 3 - 3 + 38


def test_ability_roses_are_not_multiplied():
    encore = find("s", 2, kind="crescendo")
    bravo = find("r", kind="crescendo")  # +3 Roses
    cards = [encore, find("o", 1, None), bravo, find("e", 0, None)]  # SORE
    st = compose(fresh(2, ["HOG", "IMP"]), {0: cards})
    st, _ = perform(st, 0, cards)
    st, ev = pass_others(st, but=0)
    # (2 + 1 + 2 + 0) x2 = 10, then +3 from BRAVO, unmultiplied
    assert performance_event(ev, 0)["roses"] == 13


def test_pay_abilities_need_the_roses_and_are_optional():
    tip = find("d", kind="crescendo")  # pay 2: +5 Roses
    cards = [find("o", 1, None), tip, find("e", 0, None)]  # ODE
    st = compose(fresh(2, ["HOG", "IMP"]), {0: cards})
    st["seats"][0]["roses"] = 1
    with pytest.raises(RulesError) as err:
        perform(st, 0, cards, pay=[tip])
    assert err.value.code == "not_enough_roses"
    st["seats"][0]["roses"] = 2
    s1, _ = perform(st, 0, cards, pay=[tip])
    s1, ev = pass_others(s1, but=0)
    assert performance_event(ev, 0)["roses"] == 1 + 2 + 0 + 5
    assert s1["seats"][0]["roses"] == 2 - 2 + 8
    s2, _ = perform(st, 0, cards)
    s2, ev = pass_others(s2, but=0)
    assert s2["seats"][0]["roses"] == 2 + 3


def test_two_letter_cards_count_as_two_letters():
    sh = find("sh", kind="crescendo")
    cards = [sh, find("e", 0, None)]  # SHE
    st = compose(fresh(2, ["HOG", "IMP"]), {0: cards})
    st, _ = perform(st, 0, cards)
    st, ev = pass_others(st, but=0)
    perf = performance_event(ev, 0)
    assert perf["word"] == "she" and perf["breakdown"]["length"] == 3


def test_maestro_abilities_vox_and_ora():
    cards = [find("t", 1, None), find("e", 0, None), find("a", 0, None)]  # TEA
    st = compose(fresh(2, ["VOX", "HOG"]), {0: cards})
    st, _ = perform(st, 0, cards)
    st, ev = pass_others(st, but=0)
    assert performance_event(ev, 0)["roses"] == 1 + 2  # VOX: +1 per vowel
    # ORA: +2 for six letters or more; its own O, R, A are locked letters
    st = fresh(2, ["ORA", "HOG"])
    o, r, a = st["seats"][0]["locked"]
    extra = [find("t", 1, None), find("e", 0, None), find("s", 1, None)]
    st = compose(st, {0: extra})
    word = [o, r, extra[0], a, extra[2]]  # ORTAS is not a word; use ROAST
    word = [r, o, a, extra[2], extra[0]]
    st, _ = perform(st, 0, word)
    st, ev = pass_others(st, but=0)
    assert performance_event(ev, 0)["word"] == "roast"
    assert performance_event(ev, 0)["roses"] == 1 + 0 + 0 + 1 + 1  # five letters: no bonus


def test_mud_changes_one_card_to_another_letter():
    st = fresh(2, ["MUD", "HOG"])
    m, u, d = st["seats"][0]["locked"]
    st = compose(st, {})
    # MUD -> MUG is not possible without a G: change D into G (keeps D's Rose value 2)
    st1, _ = perform(st, 0, [m, u, d], assign={d: "g"})
    st1, ev = pass_others(st1, but=0)
    perf = performance_event(ev, 0)
    assert perf["word"] == "mug" and perf["roses"] == 1 + 1 + 2  # clef, none, drum: no pair
    with pytest.raises(RulesError):
        perform(st, 0, [m, u, d], assign={d: "g", u: "a"})
    other = compose(fresh(2, ["HOG", "IMP"]), {})
    h, o, g = other["seats"][0]["locked"]
    with pytest.raises(RulesError):
        perform(other, 0, [h, o, g], assign={g: "t"})


def test_ghost_note_plays_any_letter_and_returns():
    st = compose(fresh(2, ["HOG", "IMP"]), {0: [find("e", 0, None)]}, ghost=0)
    h, o, g = st["seats"][0]["locked"]
    with pytest.raises(RulesError):
        perform(st, 0, [h, o, "ghost"])  # which letter?
    st, _ = perform(st, 0, ["ghost", o, g], assign={"ghost": "d"})
    st, ev = pass_others(st, but=0)
    assert performance_event(ev, 0)["word"] == "dog"
    assert st["composition"]["ghost"] and not st["seats"][0]["ghost"]


def test_words_stay_hidden_until_every_seat_commits():
    cards = [find("t", 1, None), find("e", 0, None), find("a", 0, None)]
    st = compose(fresh(3, ["HOG", "IMP", "VOX"]), {0: cards})
    st, _ = perform(st, 0, cards)
    for viewer in (1, 2, None):
        seat0 = GAME.view(st, viewer)["seats"][0]
        assert seat0["performance"] is None and seat0["committed"]
    assert GAME.view(st, 0)["seats"][0]["performance"]["word"] == "tea"
    with pytest.raises(RulesError) as err:
        perform(st, 0, [])
    assert err.value.code == "already_committed"
    st, _ = pass_others(st, but=0)
    assert GAME.view(st, 1)["seats"][0]["last"]["word"] == "tea"


def test_contest_gives_one_retry_then_no_roses():
    cards = [find("t", 1, None), find("e", 0, None), find("a", 0, None)]
    st = compose(fresh(2, ["HOG", "IMP"]), {0: cards})
    aet = [cards[2], cards[1], cards[0]]  # AET: not in the list (TEA, TAE, ETA, EAT, ATE are)
    st, _ = perform(st, 0, aet)
    st, ev = pass_others(st, but=0)
    assert st["phase"] == "compose" and st["seats"][0]["status"] == "retry"
    assert any(e["type"] == "contested" for e in ev)
    assert GAME.seats_to_act(st) == [0]
    st2, ev = perform(st, 0, aet)  # still not a word
    perf = performance_event(ev, 0)
    assert perf["failed"] and perf["roses"] == 0
    assert st2["seats"][0]["roses"] == 1
    # the unused cards went back to HOG's three Chorus slots
    assert sorted(st2["seats"][0]["chorus"]) == sorted(cards)
    st3, ev = perform(st, 0, cards)  # TEA on the retry scores normally
    assert performance_event(ev, 0)["roses"] == 1


def test_chorus_keeps_the_best_unused_cards_up_to_the_slots():
    cards = [find("t", 1, None), find("e", 0, None), find("a", 0, None)]
    spare = [find("q", 6, None), find("c", 2, None), find("l", 1, None), find("o", 0, "harp")]
    st = compose(fresh(2, ["IMP", "HOG"]), {0: cards + spare, 1: list(spare[:0])})
    st, _ = perform(st, 0, cards)
    st, _ = pass_others(st, but=0)
    assert st["seats"][0]["chorus"] == [spare[0]]  # IMP has one slot: the Q (6 Roses)
    assert all(c in st["discard"] for c in cards + spare[1:])
    # an explicit keep list wins over the automatic choice
    st = compose(fresh(2, ["IMP", "HOG"]), {0: cards + spare})
    st, _ = perform(st, 0, cards, keep=[spare[2]])
    st, _ = pass_others(st, but=0)
    assert st["seats"][0]["chorus"] == [spare[2]]
    with pytest.raises(RulesError):
        perform(compose(fresh(2, ["IMP", "HOG"]), {0: cards + spare}), 0, cards,
                keep=spare[:2])  # fmt: skip


def test_awards_one_per_round_none_after_an_ovation():
    cards = [find("t", 1, None), find("e", 0, None), find("a", 0, None)]
    base = compose(fresh(2, ["HOG", "IMP"]), {0: cards})
    base["awards"] = ["vowels4", "duo", "rare"]  # none met by TEA
    st, _ = perform(base, 0, cards)
    st, _ = pass_others(st, but=0)
    assert st["seats"][0]["awards"] == []
    sh = find("sh", kind="crescendo")
    she = [sh, find("e", 0, None)]
    base = compose(fresh(2, ["HOG", "IMP"]), {0: she})
    base["awards"] = ["echo", "duo", "long8"]  # SHE: uses a two-letter card only
    st, ev = perform(base, 0, she)
    st, ev = pass_others(st, but=0)
    assert st["seats"][0]["awards"] == ["duo"] and st["awards"] == ["echo", "long8"]
    base["seats"][0]["bought_ovation"] = True
    st, _ = perform(base, 0, she)
    st, _ = pass_others(st, but=0)
    assert st["seats"][0]["awards"] == []


def test_only_one_award_per_round_even_when_several_are_met_but_solo_takes_all():
    sh = find("sh", kind="crescendo")
    she = [sh, find("e", 0, None)]  # a two-letter card that is also a Crescendo
    base = compose(fresh(2, ["HOG", "IMP"]), {0: she})
    base["awards"] = ["cresc", "duo"]
    st, _ = perform(base, 0, she)
    st, _ = pass_others(st, but=0)
    assert st["seats"][0]["awards"] == ["cresc"] and st["awards"] == ["duo"]
    solo = compose(fresh(1, seed=2), {0: she})
    solo["awards"] = ["cresc", "duo", "long8"]
    st, _ = perform(solo, 0, she)
    assert st["seats"][0]["awards"] == ["cresc", "duo"] and st["awards"] == ["long8"]


def test_rex_marks_a_chorus_card_that_is_lost_unless_used():
    st = fresh(2, ["REX", "HOG"])
    victim_card = find("z", 6, "clef")
    st["seats"][1]["chorus"] = [victim_card]
    for key in ("note_deck", "discard"):
        st[key] = [c for c in st[key] if c != victim_card]
    x = next(c for c in st["seats"][0]["locked"] if content()["cards"][c].get("rex"))
    mark = {"type": "rex_mark", "target": 1, "card": victim_card}
    assert mark in GAME.legal_actions(st, 0)
    st, _ = GAME.apply(st, 0, mark)
    assert st["turn"] == 0  # marking is not a take
    assert not any(a["type"] == "rex_mark" for a in GAME.legal_actions(st, 0))
    st = compose(st, {})
    st["rex"] = {"seat": 0, "x": x, "target": 1, "card": victim_card}
    with pytest.raises(RulesError) as err:
        perform(st, 0, [x])
    assert err.value.code == "card_not_in_hand"
    st, ev = pass_others(st, but=-1)
    assert victim_card not in st["seats"][1]["chorus"] and victim_card in st["discard"]
    assert any(e["type"] == "rex_discard" for e in ev)
    assert x in [c for c in st["seats"][0]["locked"]] and st["rex"] is None


# --------------------------------------------------------------- tomatoes
@pytest.mark.parametrize("tomato", ["t1", "t2", "t3", "t4"])
def test_tomatoes_act_when_laid_out(tomato):
    st = fresh(2, ["HOG", "IMP"])
    z = find("z", 6, "clef")
    st = compose(st, {})
    for s in st["seats"]:
        s["roses"] = 3
    st["seats"][1]["chorus"] = [z, find("e", 0, None)]
    st["note_deck"] = [tomato] + [c for c in st["note_deck"] if c not in (tomato, z)]
    st, ev = pass_others(st, but=-1)  # round ends, next round lays out Notes
    tom = [e for e in ev if e["type"] == "tomato"]
    assert tom and tom[0]["card"] == tomato
    eff = content()["cards"][tomato]["effect"]
    if eff["type"] == "all_lose_roses":
        assert [s["roses"] for s in st["seats"]] == [3 - eff["n"]] * 2
    elif eff["type"] == "baton_loses_roses":
        assert st["seats"][st["baton"]]["roses"] == 3 - eff["n"]
    elif eff["type"] == "discard_best_chorus":
        assert z not in st["seats"][1]["chorus"] and z in st["discard"]
    else:  # Fiery is held by the Baton holder: the Ghost Note costs that seat more
        assert ghost_cost(st, st["baton"]) == eff["n"]
        assert ghost_cost(st, 1 - st["baton"]) == st["ghost_cost"] < eff["n"]
    assert len(st["composition"]["notes"]) == st["tracker"]
    assert tomato not in st["composition"]["notes"]


def test_empty_note_deck_reshuffles_discards_and_crescendos():
    st = fresh(2, ["HOG", "IMP"])
    st = compose(st, {})
    pile = st["note_deck"]
    st["discard"] = pile[:-1]
    st["note_deck"] = pile[-1:]
    st, _ = pass_others(st, but=-1)
    assert len(st["composition"]["notes"]) == 2
    assert st["cresc_deck"] == []  # remaining Crescendos joined the new Note deck


# ------------------------------------------------------------------- end
def test_buying_the_last_ovation_makes_it_the_last_round():
    st = fresh(2, ["HOG", "IMP"])
    st["ovations"] = st["ovations"][:1]
    st["seats"][0]["roses"] = 20
    st, ev = GAME.apply(st, 0, {"type": "buy_ovation", "ovation": st["ovations"][0]})
    assert st["last_round"] and any(e["type"] == "last_round" for e in ev)
    while st["phase"] == "draft":
        seat = st["turn"]
        st, _ = GAME.apply(st, seat, GAME.legal_actions(st, seat)[0])
    st, _ = pass_others(st, but=-1)
    out = GAME.outcome(st)
    assert st["finished"] and out["winners"] == [0]
    assert out["scores"] == {"0": content()["ovations"][st["seats"][0]["ovations"][0]]["badges"],
                             "1": 0}  # fmt: skip


def test_earning_the_last_award_ends_the_game_after_the_round():
    sh = find("sh", kind="crescendo")
    she = [sh, find("e", 0, None)]
    st = compose(fresh(2, ["HOG", "IMP"]), {1: she})
    st["awards"] = ["duo"]
    st, _ = perform(st, 1, she)
    st, ev = pass_others(st, but=1)
    assert st["finished"] and GAME.outcome(st)["winners"] == [1]


def test_round_cap_ends_the_game_and_roses_break_ties():
    st = fresh(2, ["HOG", "IMP"], max_rounds=1)
    st = compose(st, {})
    st["seats"][1]["roses"] = 7
    st, _ = pass_others(st, but=-1)
    out = GAME.outcome(st)
    assert st["finished"] and out["scores"] == {"0": 0, "1": 0} and out["winners"] == [1]
    assert GAME.view(st, None)["status"] == "finished"
    with pytest.raises(RulesError) as err:
        GAME.apply(st, 0, {"type": "perform", "cards": []})
    assert err.value.code == "game_over"


def test_full_tie_is_shared():
    st = fresh(3, ["HOG", "IMP", "VOX"], max_rounds=1)
    st = compose(st, {})
    st, _ = pass_others(st, but=-1)
    assert GAME.outcome(st)["winners"] == [0, 1, 2]


# ------------------------------------------------------------------ solo
def test_solo_round_flip_and_final_score():
    st = fresh(1, seed=3)
    assert GAME.legal_actions(st, 0)  # two free Notes to take
    st["seats"][0]["roses"] = 0
    st["composition"]["notes"] = []
    assert GAME.legal_actions(st, 0)[-1] == {"type": "stop"}  # Ghost Note still costs 1
    st = compose(st, {})
    st["seats"][0]["roses"] = 40
    ov = st["ovations"][0]
    st, _ = pass_others(st, but=-1)
    assert st["phase"] == "flip"
    faceup = len(st["ovations"]) + len(st["awards"])
    st, _ = GAME.apply(st, 0, {"type": "flip", "card": ov})
    assert ov in st["facedown"] and len(st["ovations"]) + len(st["awards"]) == faceup - 1
    assert st["phase"] == "draft" and st["round"] == 2
    # solo buys as many Ovations as it can pay for in one round
    st["seats"][0]["roses"] = 40
    a, b = st["ovations"][:2]
    st, _ = GAME.apply(st, 0, {"type": "buy_ovation", "ovation": a})
    st, _ = GAME.apply(st, 0, {"type": "buy_ovation", "ovation": b})
    assert st["seats"][0]["ovations"] == [a, b]
    # leave one card face up, earn nothing more, flip it: the game ends
    st = compose(st, {})
    st["facedown"] += st["ovations"] + st["awards"][1:]
    st["ovations"], st["awards"] = [], st["awards"][:1]
    st, _ = pass_others(st, but=-1)
    st, _ = GAME.apply(st, 0, {"type": "flip", "card": st["awards"][0]})
    out = GAME.outcome(st)
    assert st["finished"]
    total = len(content()["ovations"]) + len(content()["awards"])
    assert out["earned"] == 2 and out["facedown"] == total - 2
    assert out["scores"] == {"0": 2 - (total - 2)} and out["winners"] == []


@pytest.mark.parametrize(("earned", "rank"), [(0, "lost"), (1, "technically"), (3, "hard mode"),
                                              (5, "super hard mode")])  # fmt: skip
def test_solo_rank_bands(earned, rank):
    st = fresh(1, seed=1)
    every = list(content()["awards"])
    st["finished"] = True
    st["seats"][0]["awards"] = every[:earned]
    st["facedown"] = []
    assert GAME.outcome(st)["rank"] == rank
    assert GAME.outcome(st)["winners"] == ([0] if earned >= 1 else [])


def test_length_bonuses_from_a_card_and_from_imp():
    finale = find("t", kind="crescendo", symbol="drum")  # +4 for 7 letters or more
    cards = [find("c", 2, None), find("e", 0, None), find("r", 1, None), finale,
             find("a", 0, None), find("i", 0, None), find("n", 2, None)]  # fmt: skip
    st = compose(fresh(2, ["IMP", "HOG"]), {0: cards})
    st, _ = perform(st, 0, cards)
    st, ev = pass_others(st, but=0)
    perf = performance_event(ev, 0)
    # 2+0+1+1+0+0+2 = 6 Roses; +4 (Finale) +3 (IMP, 7+ letters); one drum only
    assert perf["word"] == "certain" and perf["roses"] == 6 + 4 + 3


def test_per_vowel_card():
    aria = find("o", kind="crescendo")  # +1 per vowel in the word
    cards = [aria, find("d", 2, None), find("e", 0, None)]
    st = compose(fresh(2, ["HOG", "IMP"]), {0: cards})
    st, _ = perform(st, 0, cards)
    st, ev = pass_others(st, but=0)
    assert performance_event(ev, 0)["roses"] == (1 + 2 + 0) + 2
