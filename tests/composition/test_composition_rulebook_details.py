"""Two-word cards, hand-symbol abilities, paid spelling help, passing Tomatoes, Chorus swaps."""

from __future__ import annotations

import copy

import pytest
from helpers_composition import compose, find, fresh, pass_others, perform, performance_event

from services.composition import GAME
from services.composition.content import build_content, content
from services.composition.draft import ghost_cost
from services.composition.wordlist import is_word
from services.core import RulesError
from solver.composition import solve, validate
from solver.composition.bruteforce import brute_force
from solver.composition.hand import hand_from_payload
from solver.composition.search import best_words

CROSS = find("a", 1, "harp", kind="crescendo")  # two_words
METRO = find("l", 1, None, kind="crescendo")  # hand: +2 for 5+ letters
M = find("m", 2, "drum")
N = find("n", 2, None)
T = find("t", 1, None)
T2 = find("t", 0, "harp")
E = find("e", 0, None)
R = find("r", 1, None)
S = find("s", 1, None)


def rose(cid: str) -> int:
    return content()["cards"][cid]["rose"]


def test_the_catalogue_has_the_designed_cards():
    cards = content()["cards"]
    assert {"type": "two_words"} in cards[CROSS]["abilities"]
    assert cards[METRO]["abilities"][0]["hand"] is True


# ------------------------------------------------------------ two words
def test_two_words_share_the_card_once():
    assert is_word("man") and is_word("at")
    st = compose(fresh(2, ["HOG", "IMP"]), {0: [M, CROSS, N, T]})
    st, _ = perform(st, 0, [M, CROSS, N], cards2=[CROSS, T])
    st, ev = pass_others(st, but=0)
    res = performance_event(ev, 0)
    br = res["breakdown"]
    # four cards, four letters: the crossing card is counted once
    assert br["length"] == 4 and len(br["cards"]) == 4
    assert br["base"] == rose(M) + rose(CROSS) + rose(N) + rose(T)
    assert br["words"] == ["man", "at"] and not res["failed"]
    # no shared symbols among drum, harp, None, None except none: no symbol rows
    assert br["symbols"] == []
    # every used card is discarded, none kept
    assert not set(st["seats"][0]["chorus"]) & {M, CROSS, N, T}


def test_two_words_need_a_two_word_card_and_one_shared_card():
    st = compose(fresh(2, ["HOG", "IMP"]), {0: [M, CROSS, N, T, E]})
    with pytest.raises(RulesError) as err:  # N has no two_words ability
        perform(st, 0, [M, CROSS, N], cards2=[N, E])
    assert err.value.code == "no_two_words"
    with pytest.raises(RulesError) as err:  # two shared cards
        perform(st, 0, [M, CROSS, N], cards2=[CROSS, N])
    assert err.value.code == "bad_action"
    with pytest.raises(RulesError) as err:  # nothing shared
        perform(st, 0, [M, CROSS, N], cards2=[T, E])
    assert err.value.code == "bad_action"
    with pytest.raises(RulesError):
        perform(st, 0, [M, CROSS, N], cards2="at")


def test_a_bad_second_word_is_contested():
    assert is_word("man") and not is_word("ate" + "t")
    st = compose(fresh(2, ["HOG", "IMP"]), {0: [M, CROSS, N, E, T, T2]})
    st, _ = perform(st, 0, [M, CROSS, N], cards2=[CROSS, T, E, T2])  # "man" + "atet"
    st, ev = pass_others(st, but=0)
    assert any(e["type"] == "contested" and e["seat"] == 0 for e in ev)
    assert st["seats"][0]["status"] == "retry"


# ------------------------------------------------------- hand symbol
def _held_rows(br):
    return [r for r in br["abilities"] if r["source"] == METRO]


def test_hand_symbol_ability_acts_while_held_and_unused():
    assert is_word("stern")
    st = compose(fresh(2, ["HOG", "IMP"]), {0: [T, E, R, N, S, METRO]})
    st, _ = perform(st, 0, [S, T, E, R, N])  # 5 letters, Metronome not in the word
    st, ev = pass_others(st, but=0)
    assert [r["roses"] for r in _held_rows(performance_event(ev, 0)["breakdown"])] == [2]


def test_hand_symbol_ability_counts_once_when_used_and_needs_the_length():
    st0 = compose(fresh(2, ["HOG", "IMP"]), {0: [T, E, N, METRO]})
    assert is_word("lent")
    st, _ = perform(st0, 0, [METRO, E, N, T])  # 4 letters: below the ability's 5
    st, ev = pass_others(st, but=0)
    assert _held_rows(performance_event(ev, 0)["breakdown"]) == []
    st1 = compose(fresh(2, ["HOG", "IMP"]), {0: [S, T, E, R, N, METRO]})
    assert is_word("stern")
    st, _ = perform(st1, 0, [S, T, E, R, N])
    st, ev = pass_others(st, but=0)
    assert len(_held_rows(performance_event(ev, 0)["breakdown"])) == 1


def test_solver_scores_held_abilities_like_the_engine():
    payload = validate({"cards": [T, E, R, N, S, METRO], "k": 5})
    hand = hand_from_payload(payload)
    fast = best_words(hand, 5)["words"]
    slow = brute_force(hand, 5, evaluate="naive", vectorised=True)
    assert [(w["net"], w["word"]) for w in fast] == [(w["net"], w["word"]) for w in slow]
    # a 5-letter word from the hand gets the +2 whether or not it uses the Metronome
    five = [w for w in solve(payload, 2.0)["words"] if len(w["word"]) >= 5]
    assert five and all(
        any(r["source"] == METRO and r["roses"] == 2 for r in w["breakdown"]["abilities"])
        for w in five
    )


# ---------------------------------------------------------- spelling help
def test_paying_for_spelling_help():
    st = compose(fresh(3, ["HOG", "IMP", "SUN"]), {0: [T, E, N]})
    st["seats"][0]["roses"], st["seats"][2]["roses"] = 2, 0
    acts = GAME.legal_actions(st, 0)
    asks = [a for a in acts if a["type"] == "ask_help"]
    assert asks, acts
    st1, ev = GAME.apply(st, 0, {"type": "ask_help", "helper": 2, "cards": [T, E, N]})
    assert st1["seats"][0]["roses"] == 1 and st1["seats"][2]["roses"] == 1
    assert st1["seats"][0]["help"] == [{"helper": 2, "word": "ten", "valid": True}]
    assert st1["seats"][0]["status"] == "composing"  # nothing committed
    assert "ten" not in repr(ev)  # the word is not in public events
    assert GAME.view(st1, 1)["seats"][0]["help"] is None
    assert GAME.view(st1, None)["seats"][0]["help"] is None
    assert GAME.view(st1, 0)["seats"][0]["help"][0]["valid"] is True
    st2, _ = GAME.apply(st1, 0, {"type": "ask_help", "helper": 1, "cards": [N, T, E]})
    assert st2["seats"][0]["help"][-1]["valid"] is False and st2["seats"][0]["roses"] == 0
    for bad, code in [
        ({"type": "ask_help", "helper": 1, "cards": [T, E]}, "not_enough_roses"),
    ]:
        with pytest.raises(RulesError) as err:
            GAME.apply(st2, 0, bad)
        assert err.value.code == code
    for bad in [
        {"type": "ask_help", "helper": 0, "cards": [T, E]},
        {"type": "ask_help", "helper": 7, "cards": [T, E]},
        {"type": "ask_help", "helper": "1", "cards": [T, E]},
        {"type": "ask_help", "helper": 1, "cards": []},
        {"type": "ask_help", "helper": 1},
    ]:
        with pytest.raises(RulesError):
            GAME.apply(st1, 0, bad)


def test_no_spelling_help_in_solo():
    st = compose(fresh(1), {0: [T, E, N]})
    st["seats"][0]["roses"] = 5
    assert not [a for a in GAME.legal_actions(st, 0) if a["type"] == "ask_help"]
    with pytest.raises(RulesError) as err:
        GAME.apply(st, 0, {"type": "ask_help", "helper": 0, "cards": [T, E, N]})
    assert err.value.code == "no_helper"


# ------------------------------------------------------- passing Tomatoes
def _reveal(tomato: str, players: int = 3):
    st = fresh(players, ["HOG", "IMP", "ORA"][:players], tomatoes=True)
    st = compose(st, {})
    st["note_deck"] = [tomato] + [c for c in st["note_deck"] if c != tomato]
    st["discard"] = [c for c in st["discard"] if c != tomato]
    st, ev = pass_others(st, but=-1)  # round ends; the next layout reveals the Tomato
    return st, ev


def _end_round(st):
    st = compose(st, {})
    return pass_others(st, but=-1)


@pytest.mark.parametrize("name", ["Hot Tomato", "Fiery Tomato"])
def test_hot_and_fiery_tomatoes_pass_clockwise_for_one_lap(name):
    tomato = next(c for c in content()["tomatoes"] if content()["cards"][c]["name"] == name)
    st, _ = _reveal(tomato)
    first = st["baton"]
    holders = [st["held_tomatoes"][0]["holder"]]
    assert holders == [first] and tomato not in st["discard"]
    for _ in range(2):
        st, ev = _end_round(st)
        assert any(e["type"] == "tomato_passed" and e["card"] == tomato for e in ev)
        holders.append(st["held_tomatoes"][0]["holder"])
        assert all(tomato not in s["chorus"] for s in st["seats"])
    assert holders == [first, (first + 1) % 3, (first + 2) % 3]
    st, ev = _end_round(st)  # back to the first holder: out of the game
    assert st["held_tomatoes"] == [] and tomato in st["discard"]


def test_fiery_tomato_raises_the_ghost_cost_for_its_holder_only():
    fiery = next(
        c for c in content()["tomatoes"] if content()["cards"][c]["name"] == "Fiery Tomato"
    )
    st, _ = _reveal(fiery)
    holder = st["held_tomatoes"][0]["holder"]
    n = content()["cards"][fiery]["effect"]["n"]
    assert st["composition"]["notes"]
    assert ghost_cost(st, holder) == n
    assert all(ghost_cost(st, s) == 1 for s in range(3) if s != holder)
    st, _ = _end_round(st)
    assert ghost_cost(st, (holder + 1) % 3) == n and ghost_cost(st, holder) == 1


def test_hot_tomato_strips_each_holders_best_chorus_card():
    hot = next(c for c in content()["tomatoes"] if content()["cards"][c]["name"] == "Hot Tomato")
    z, x = find("z", 6, "clef"), find("x", 5, None)
    st = fresh(3, ["HOG", "IMP", "ORA"])
    st = compose(st, {})
    st["seats"][1]["chorus"] = [z, E]  # seat 1 holds the Baton next round
    st["seats"][2]["chorus"] = [x, T]
    for key in ("note_deck", "discard"):
        st[key] = [c for c in st[key] if c not in (hot, z, x)]
    st["note_deck"].insert(0, hot)
    st, ev = pass_others(st, but=-1)
    assert st["baton"] == 1 and z not in st["seats"][1]["chorus"] and z in st["discard"]
    assert x in st["seats"][2]["chorus"]
    st = compose(st, {})
    st["seats"][2]["chorus"] = [x, T]
    st, ev = pass_others(st, but=-1)  # passed to seat 2 at the start of the next round
    assert x not in st["seats"][2]["chorus"] and x in st["discard"]


# ------------------------------------------------------------ Chorus swap
def test_keep_swaps_a_chorus_card_for_a_new_one_at_the_commit():
    st = compose(fresh(2, ["ORA", "IMP"]), {0: [T, E, N, find("z", 6, "clef")]})
    old = [find("q", 6, None), find("j", 6, None)]
    st["seats"][0]["chorus"] = list(old)
    new = st["seats"][0]["drafted"][3]
    st, _ = perform(st, 0, [T, E, N], keep=[new, old[1]])
    st, _ = pass_others(st, but=0)
    assert sorted(st["seats"][0]["chorus"]) == sorted([new, old[1]])
    assert old[0] in st["discard"]


def test_chorus_keep_rejects_used_and_foreign_cards():
    st = compose(fresh(2, ["ORA", "IMP"]), {0: [T, E, N, S], 1: [R]})
    with pytest.raises(RulesError):
        perform(st, 0, [T, E, N], keep=[T])
    with pytest.raises(RulesError):
        perform(st, 0, [T, E, N], keep=[R])


# --------------------------------------------------------------- content
def _raw():
    import yaml

    from services.composition.content import DATA_DIR

    return {
        n: yaml.safe_load((DATA_DIR / f"{n}.yaml").read_text())
        for n in ("rules", "cards", "maestros", "awards", "ovations")
    }


@pytest.mark.parametrize(
    "breaker",
    [
        lambda r: r["cards"]["crescendos"][-1]["abilities"][0].update(type="double_self"),
        lambda r: r["cards"]["crescendos"][-1]["abilities"][0].update(hand="yes"),
        lambda r: r["cards"]["tomatoes"][2].update(passes="sometimes"),
    ],
)
def test_validation_catches_bad_hand_and_passing_flags(breaker):
    raw = _raw()
    assert build_content(**copy.deepcopy(raw))  # the shipped data loads
    breaker(raw)
    with pytest.raises(ValueError):
        build_content(**raw)
