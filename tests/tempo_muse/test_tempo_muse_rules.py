"""One test (or a few) per rule of Tempo Muse, on hand-built positions."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from tempo_muse_helpers import all_cards, full_deck, position, studio

from services.core import RulesError
from services.tempo_muse import GAME, engine
from services.tempo_muse.studio import apply_effect, offsets_allowed

C = GAME.content


def act(s, seat, action):
    return GAME.apply(s, seat, action)


def code_of(s, seat, action) -> str:
    with pytest.raises(RulesError) as err:
        GAME.apply(s, seat, action)
    return err.value.code


# -- setup and options ---------------------------------------------------------


def test_new_game_deals_starting_hands_and_opens_round_one():
    s = GAME.new(2, {}, 5)
    assert [len(h) for h in s["hands"]] == [C.hand_size, C.hand_size]
    assert len(s["deck"]) == sum(c.copies for c in C.cards.values()) - 2 * C.hand_size
    assert (s["round"], s["first"], s["phase"], s["to_act"]) == (1, 0, "composition", 0)
    assert s["studios"] == [[], []] and s["discard"] == []
    assert all_cards(s) == full_deck()


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (1, {}),
        (3, {}),
        (2, {"round_limit": 4}),
        (2, {"round_limit": 201}),
        (2, {"round_limit": "10"}),
        (2, {"round_limit": True}),
        (2, {"colour": "red"}),
        (2, [1]),
    ],
)
def test_bad_options_are_rejected(players, options):
    with pytest.raises(RulesError) as err:
        GAME.new(players, options, 1)
    assert err.value.code == "invalid_options"


# -- Downbeat ------------------------------------------------------------------


def test_no_draw_in_round_one_then_one_card_each_from_round_two():
    s = GAME.new(2, {}, 9)
    deck = len(s["deck"])
    for seat in (0, 1):
        s, _ = act(s, seat, {"type": "discard", "card": s["hands"][seat][0]})
    # no Studios: Mix and Drop need no decision, so round 2 has begun
    assert s["round"] == 2 and s["phase"] == "composition"
    assert [len(h) for h in s["hands"]] == [C.hand_size, C.hand_size]  # -1 discard, +1 draw
    assert len(s["deck"]) == deck - 2


def test_an_empty_deck_is_refilled_from_the_shuffled_discard_pile():
    s = position(hands=([4], [5]), deck=[], discard=[1, 2, 3], round_=2)
    s, _ = act(s, 0, {"type": "discard", "card": 4})
    s, ev = act(s, 1, {"type": "discard", "card": 5})
    assert s["round"] == 3
    assert any(e["type"] == "reshuffle" for e in ev)
    assert [len(h) for h in s["hands"]] == [1, 1]
    assert len(s["deck"]) == 3 and s["discard"] == []
    assert sorted(s["hands"][0] + s["hands"][1] + s["deck"]) == [1, 2, 3, 4, 5]


# -- Cycle ---------------------------------------------------------------------


def test_cycle_draws_then_gives_back_as_many_old_cards():
    s = position(hands=([1, 2, 3], [5]), deck=[7, 8, 9, 10])
    s, _ = act(s, 0, {"type": "cycle", "count": 2})
    assert s["hands"][0] == [1, 2, 3, 9, 10]  # the top of the deck is its end
    assert code_of(s, 0, {"type": "discard", "card": 1}) == "cycle_pending"
    assert code_of(s, 0, {"type": "cycle_return", "cards": [1]}) == "wrong_count"
    assert code_of(s, 0, {"type": "cycle_return", "cards": [9, 1]}) == "card_not_in_hand"
    s, _ = act(s, 0, {"type": "cycle_return", "cards": [1, 2]})
    assert s["hands"][0] == [3, 9, 10]
    assert sorted(s["deck"]) == [1, 2, 7, 8]
    assert s["to_act"] == 0 and s["phase"] == "composition"
    assert code_of(s, 0, {"type": "cycle", "count": 1}) == "cycle_used"


def test_cycle_may_return_an_old_copy_of_a_value_just_drawn():
    s = position(hands=([3, 9], [5]), deck=[9])
    s, _ = act(s, 0, {"type": "cycle", "count": 1})
    assert s["hands"][0] == [3, 9, 9]
    s, _ = act(s, 0, {"type": "cycle_return", "cards": [9]})
    assert s["hands"][0] == [3, 9] and s["deck"] == [9]


def test_cycle_limits():
    s = position(hands=([1, 2], [5]), deck=[7], discard=[4])
    assert code_of(s, 0, {"type": "cycle", "count": 3}) == "not_enough_cards"
    s2 = position(hands=([1, 2, 3], [5]), deck=[7], discard=[4])
    assert code_of(s2, 0, {"type": "cycle", "count": 3}) == "deck_too_small"
    s3, ev = act(s2, 0, {"type": "cycle", "count": 2})  # one from the deck, one via reshuffle
    assert len(s3["hands"][0]) == 5 and any(e["type"] == "reshuffle" for e in ev)
    assert code_of(s, 1, {"type": "cycle", "count": 1}) == "not_your_turn"
    assert code_of(s, 0, {"type": "cycle", "count": 0}) == "invalid_action"
    assert code_of(s, 0, {"type": "cycle_return", "cards": [1]}) == "no_cycle_pending"


# -- Composition -----------------------------------------------------------------


def test_play_places_the_card_and_discards_the_payment():
    s = position(hands=([1, 3, 5], [6]))
    s, ev = act(s, 0, {"type": "play", "card": 1, "payment": [3]})
    assert s["studios"][0] == studio(1)
    assert s["hands"][0] == [5] and s["discard"] == [3]
    assert s["to_act"] == 1
    assert ev[0]["type"] == "play" and ev[0]["position"] == 1


@pytest.mark.parametrize(
    ("payment", "ok"),
    [
        ([1, 2], True),  # exactly 3
        ([9], True),  # one card over the cost
        ([2, 2], True),  # 2 is short, the second 2 meets it
        ([2, 9], True),  # 2 is short, so the 9 may still be discarded
        ([1, 1, 9], True),
        ([9, 2], False),  # the 9 met the 3: nothing more may be discarded
        ([1, 2, 9], False),  # 1 + 2 met it before the 9
        ([2, 2, 2], False),
        ([1, 1], False),  # 2 < 3
        ([], False),
    ],
)
def test_payment_discards_in_order_until_the_value_is_met(payment, ok):
    s = position(hands=([3, 1, 1, 2, 2, 2, 9], [6]), studios=(studio(1, 2), []), discard=[5])
    action = {"type": "play", "card": 3, "payment": payment}
    if ok:
        s2, ev = act(s, 0, action)
        assert [slot["value"] for slot in s2["studios"][0]] == [1, 2, 3]
        assert s2["discard"] == [5] + payment  # in the order paid: the last card on top
        assert ev[0]["payment"] == payment
    else:
        assert code_of(s, 0, action) == "invalid_payment"


def test_the_payment_order_decides_what_a_salvage_takes():
    # seat 1 resolves first; its Lo-Fi salvages the top of the pile, the last card paid
    def salvaged(payment):
        s = position(hands=([3, 1, 2, 9], [6]), studios=(studio(1, 2), studio(2)), first=1)
        s, _ = act(s, 1, {"type": "discard", "card": 6})
        _, ev = act(s, 0, {"type": "play", "card": 3, "payment": payment})
        return next(e["cards"] for e in ev if e["type"] == "effect" and e["seat"] == 1)

    assert salvaged([1, 2]) == [2]
    assert salvaged([2, 1]) == [1]
    assert salvaged([2, 9]) == [9]  # 2 is short of 3, so the 9 may follow it


def test_value_must_match_the_position_and_be_unique_and_held():
    s = position(hands=([2, 5], [6]))
    assert code_of(s, 0, {"type": "play", "card": 2, "payment": [5]}) == "wrong_position"
    s = position(hands=([2, 2, 5], [6]), studios=(studio(1, 2), []))
    assert code_of(s, 0, {"type": "play", "card": 2, "payment": [5]}) == "not_unique"
    s = position(hands=([5, 6], [6]))
    assert code_of(s, 0, {"type": "play", "card": 1, "payment": [5]}) == "card_not_in_hand"
    s = position(hands=([1, 3], [6]))  # the card placed cannot also pay for itself
    assert code_of(s, 0, {"type": "play", "card": 1, "payment": [1]}) == "card_not_in_hand"
    s = position(hands=([1, 3], [6]), studios=(studio(*range(1, 16)), []))
    assert code_of(s, 0, {"type": "play", "card": 1, "payment": [3]}) == "studio_full"


def test_not_playing_means_discarding_one_card():
    s = position(hands=([4, 6], [6]))
    assert {"type": "discard", "card": 6} in GAME.legal_actions(s, 0)
    s, _ = act(s, 0, {"type": "discard", "card": 6})
    assert s["hands"][0] == [4] and s["discard"] == [6] and s["to_act"] == 1
    assert code_of(s, 1, {"type": "discard", "card": 9}) == "card_not_in_hand"


def test_turn_order_and_phases_are_enforced():
    s = position(hands=([4], [6]), first=1)
    assert s["to_act"] == 1
    assert code_of(s, 0, {"type": "discard", "card": 4}) == "not_your_turn"
    assert code_of(s, 1, {"type": "mix", "offsets": []}) == "wrong_phase"
    assert GAME.legal_actions(s, 0) == []


def test_an_empty_hand_passes_composition():
    s = position(hands=([], [6]))
    s2 = GAME.copy_state(s)
    engine.settle(C, s2, [])
    assert s2["to_act"] == 1 and s2["phase"] == "composition"


# -- Mix -----------------------------------------------------------------------


def _to_mix(s):
    """Both seats discard their lowest card so the round reaches Mix."""
    for _ in range(2):
        seat = s["to_act"]
        s, _ = act(s, seat, {"type": "discard", "card": s["hands"][seat][0]})
    return s


def test_first_player_resolves_first_and_left_to_right():
    s = position(
        hands=([4, 4], [4, 4]),
        studios=(studio(1, 2, 3), studio(1, 2)),
        deck=[9] * 10,
        discard=[5, 6, 7],
        first=1,
    )
    s1, _ = act(s, 1, {"type": "discard", "card": 4})
    _, ev = act(s1, 0, {"type": "discard", "card": 4})
    effects = [(e["seat"], e["position"]) for e in ev if e["type"] == "effect"]
    assert effects == [(1, 1), (1, 2), (0, 1), (0, 2), (0, 3)]


def test_a_card_below_value_one_is_silent_unless_offset():
    # seat 1 also has a silent card, so the round waits for it after seat 0's Mix
    base = position(
        hands=([3, 5, 6], [6, 6]), studios=(studio((1, 1)), studio((1, 1))), deck=[9, 9, 12]
    )
    s = _to_mix(base)
    assert s["phase"] == "mix" and s["to_act"] == 0  # a decision: Offset or not
    quiet, ev = act(s, 0, {"type": "mix", "offsets": []})
    assert quiet["hands"][0] == [5, 6]
    assert any(e["type"] == "silent" for e in ev)
    loud, ev = act(s, 0, {"type": "mix", "offsets": [{"position": 1, "payment": [5]}]})
    assert loud["hands"][0] == [6, 12]  # paid the 5, Techno drew the 12
    assert 5 in loud["discard"]


def test_offset_rules():
    # Lo-Fi (2) with 5 tokens: value -3, so an Offset of 4 (its tokens allow up to 5)
    base = position(
        hands=([1, 2, 4, 4, 9], [6, 6]),
        studios=(studio((1, 3), (2, 5)), studio((1, 1))),
        discard=[11],
    )
    s = _to_mix(base)  # seat 0 discards a 1
    assert s["hands"][0] == [2, 4, 4, 9]
    assert code_of(s, 0, {"type": "mix", "offsets": [{"position": 2, "payment": [2]}]}) == (
        "invalid_payment"
    )
    assert code_of(s, 0, {"type": "mix", "offsets": [{"position": 2, "payment": [4, 4]}]}) == (
        "invalid_payment"
    )
    s2, _ = act(s, 0, {"type": "mix", "offsets": [{"position": 2, "payment": [4]}]})
    # Lo-Fi salvaged seat 1's discarded 6, not its own payment, which is discarded after
    assert s2["hands"][0] == [2, 4, 6, 9] and s2["discard"] == [11, 1, 4]
    # 2 is short of 4, so the 9 may follow it; the 9 first meets it and the 2 is refused
    s3, _ = act(s, 0, {"type": "mix", "offsets": [{"position": 2, "payment": [2, 9]}]})
    assert s3["hands"][0] == [4, 4, 6] and s3["discard"] == [11, 1, 2, 9]
    assert code_of(s, 0, {"type": "mix", "offsets": [{"position": 2, "payment": [9, 2]}]}) == (
        "invalid_payment"
    )
    two = [{"position": 1, "payment": [4]}, {"position": 2, "payment": [4]}]
    assert code_of(s, 0, {"type": "mix", "offsets": two}) == "too_many_offsets"
    assert code_of(s, 0, {"type": "mix", "offsets": [{"position": 3, "payment": [4]}]}) == (
        "invalid_position"
    )


def test_duplex_cards_allow_more_offsets_and_a_live_card_needs_none():
    # Bassline Bo (3) is Duplex: two Offsets this round
    base = position(
        hands=([1, 4, 4, 9, 9], [6, 6]),
        studios=(studio((1, 3), (2, 5), 3), studio((1, 1))),
        deck=[10, 11, 12, 13],
        discard=[7, 8],
    )
    s = _to_mix(base)
    assert offsets_allowed(C, s, 0) == 2
    two = [{"position": 1, "payment": [4]}, {"position": 2, "payment": [4]}]
    s2, ev = act(s, 0, {"type": "mix", "offsets": two})
    kinds = [(e["position"], e["kind"]) for e in ev if e["type"] == "effect" and e["seat"] == 0]
    assert kinds == [(1, "draw"), (2, "salvage"), (3, "draw")]
    assert s2["hands"][0] == [6, 9, 9, 12, 13]
    assert code_of(s, 0, {"type": "mix", "offsets": [{"position": 3, "payment": [1]}]}) == (
        "not_silent"
    )
    dup = [{"position": 1, "payment": [4]}, {"position": 1, "payment": [4]}]
    assert code_of(s, 0, {"type": "mix", "offsets": dup}) == "duplicate_offset"


# -- effects -------------------------------------------------------------------


def _effect(s, seat, pos):
    s = GAME.copy_state(s)
    ev: list = []
    apply_effect(C, s, seat, pos, ev)
    return s, ev[-1]


def test_effects_draw_and_salvage():
    s = position(hands=([5], [6]), studios=(studio(1, 2), []), deck=[8, 9], discard=[3, 4])
    s1, _ = _effect(s, 0, 1)
    assert s1["hands"][0] == [5, 9] and s1["deck"] == [8]
    s2, _ = _effect(s, 0, 2)
    assert s2["hands"][0] == [4, 5] and s2["discard"] == [3]


def test_strip_and_nuke_hit_only_a_rival_holding_more_cards():
    rich = position(hands=([5], [1, 2, 3, 6, 7]), studios=(studio(1, 2, 3, 4), []))
    s, e = _effect(rich, 0, 4)
    assert len(s["hands"][1]) == 4 and len(e["cards"]) == 1 and s["discard"] == e["cards"]
    poor = position(hands=([5, 6], [1, 2]), studios=(studio(1, 2, 3, 4), []))
    s, e = _effect(poor, 0, 4)
    assert s["hands"][1] == [1, 2] and e["cards"] == []
    # the nuke kind (on no shipped card, still in the content format)
    cards = dict(C.cards)
    cards[15] = dataclasses.replace(cards[15], kind="nuke")
    nuke = dataclasses.replace(C, cards=cards)
    rich = position(hands=([5], [1, 2, 3, 6, 7, 8, 9]), studios=(studio(*range(1, 16)), []))
    ev: list = []
    apply_effect(nuke, rich, 0, 15, ev)
    assert len(rich["hands"][1]) == 4 and len(ev[-1]["cards"]) == 3  # half of 7, rounded down


def test_detune_and_retune_move_tempo_tokens():
    s = position(
        hands=([5], [6]),
        studios=(studio((1, 4), (2, 1), (3, 4), 4, 5, (6, 0)), studio(1, 2, (3, 2))),
    )
    s["studios"][0] += studio(7, 8)
    s2, e = _effect(s, 0, 8)
    assert [slot["tokens"] for slot in s2["studios"][1]] == [0, 0, 3]
    s3, e = _effect(s, 0, 6)  # Metro Gnome: the two most-worn lose a token, leftmost first
    assert [slot["tokens"] for slot in s3["studios"][0]][:3] == [3, 1, 3]
    assert e["positions"] == [1, 3]


# -- Drop ----------------------------------------------------------------------


def test_drop_puts_a_token_on_every_studio_card_and_passes_the_first_player_token():
    s = position(hands=([4, 5], [4, 5]), studios=(studio(1, 2), studio(1)), first=1)
    s, _ = act(s, 1, {"type": "discard", "card": 4})
    s, ev = act(s, 0, {"type": "discard", "card": 4})
    assert s["round"] == 4 and s["first"] == 0 and s["phase"] == "composition"
    assert [[slot["tokens"] for slot in st] for st in s["studios"]] == [[1, 1], [1]]
    announce = [e for e in ev if e["type"] == "announce"]
    assert len(announce) == 1 and set(announce[0]["hand_counts"]) == {"0", "1"}


def test_hand_limit_discards_exactly_one_card():
    big = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9]  # 18 cards
    s = position(hands=(big, [6, 7]), deck=[10, 11, 12])
    s, _ = act(s, 0, {"type": "discard", "card": 1})
    s, _ = act(s, 1, {"type": "discard", "card": 6})
    assert (s["phase"], s["to_act"]) == ("drop", 0)
    assert {a["type"] for a in GAME.legal_actions(s, 0)} <= {"discard", "cycle"}
    s, _ = act(s, 0, {"type": "discard", "card": 9})
    assert s["round"] == 4  # one card only, even though 16 are still held
    assert len(s["hands"][0]) == 16 + 1  # and the next Downbeat draws one


# -- the end -----------------------------------------------------------------------


def _step(s):
    """One pass-like step: no Offsets in Mix, else discard the lowest card."""
    seat = s["to_act"]
    if s["phase"] == "mix":
        return act(s, seat, {"type": "mix", "offsets": []})[0]
    return act(s, seat, {"type": "discard", "card": s["hands"][seat][0]})[0]


def _finish_round(s):
    """Discard (or skip Offsets) until the game is over, within this round."""
    start = s["round"]
    while s["phase"] != "over":
        assert s["round"] == start
        s = _step(s)
    return s


def test_a_fifteenth_card_ends_the_game_after_one_final_round():
    s = position(hands=([15, 9, 6, 1, 2], [1, 2, 3]), studios=(studio(*range(1, 15)), studio(1)))
    s, _ = act(s, 0, {"type": "play", "card": 15, "payment": [6, 9]})
    assert s["phase"] != "over"  # the rival still has its turn this round
    start = s["round"]
    while s["round"] == start:
        s = _step(s)
    assert s["phase"] != "over" and s["final_round"] == start + 1  # one more round
    assert GAME.view(s, 1)["final_round"] == start + 1
    s = _finish_round(s)
    out = GAME.outcome(s)
    assert out["winners"] == [0] and out["reason"] == "studio_complete"
    assert out["rounds"] == start + 1
    assert out["scores"] == {"0": 15, "1": 0}  # Nova knocked out the rival's only card
    assert code_of(s, 0, {"type": "discard", "card": 1}) == "game_over"
    assert GAME.legal_actions(s, 0) == [] == GAME.seats_to_act(s)


def test_ties_break_on_hand_count_then_fewer_tokens():
    full = studio(*range(1, 16))
    s = position(hands=([1, 2, 3], [1, 2, 3, 4]), studios=(full, full))
    s["phase"], s["end"] = "over", {"reason": "studio_complete", "round": 3}
    assert GAME.outcome(s)["winners"] == [1]
    s["hands"][1] = [1, 2, 3]
    s["studios"][0] = studio(*[(v, 1) for v in range(1, 16)])
    assert GAME.outcome(s)["winners"] == [1]
    s["studios"][0] = full
    assert GAME.outcome(s)["winners"] == [0, 1]


def test_the_round_limit_ends_a_stalled_game():
    s = position(hands=([4, 5], [4, 5]), studios=(studio(1), []), round_=12, round_limit=12)
    s = _finish_round(s)
    out = GAME.outcome(s)
    assert out["reason"] == "round_limit" and out["rounds"] == 12 and out["winners"] == [0]


# -- malformed input -----------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        None,
        "discard",
        [],
        {},
        {"type": 3},
        {"type": "fly"},
        {"type": "play"},
        {"type": "play", "card": "1", "payment": [3]},
        {"type": "play", "card": True, "payment": [3]},
        {"type": "play", "card": 1, "payment": "3"},
        {"type": "play", "card": 1, "payment": [3.0]},
        {"type": "play", "card": 1, "payment": [{"v": 3}]},
        {"type": "discard"},
        {"type": "discard", "card": 99},
        {"type": "cycle"},
        {"type": "cycle", "count": "2"},
        {"type": "cycle", "count": -1},
    ],
)
def test_malformed_actions_raise_rules_errors(action):
    s = position(hands=([1, 3, 5], [6]))
    with pytest.raises(RulesError):
        GAME.apply(s, 0, action)


def test_bad_seats_and_bad_offsets_raise_rules_errors():
    s = position(hands=([1, 3, 5], [6]))
    for seat in (2, -1, "0", None, True):
        with pytest.raises(RulesError):
            GAME.apply(s, seat, {"type": "discard", "card": 1})
    m = _to_mix(position(hands=([1, 3, 5], [6, 6]), studios=(studio((1, 1)), [])))
    for offsets in ("x", [1], [{"position": "1", "payment": [3]}], [{"position": 1}]):
        with pytest.raises(RulesError):
            GAME.apply(m, 0, {"type": "mix", "offsets": offsets})


def test_apply_never_mutates_its_input():
    s = position(hands=([1, 3, 5], [6]))
    before = GAME.copy_state(s)
    act(s, 0, {"type": "play", "card": 1, "payment": [3]})
    act(s, 0, {"type": "cycle", "count": 2})
    assert s == before
    assert Counter(s["hands"][0]) == Counter([1, 3, 5])
