"""The recommender's all-dice face Distortions (#5, #8, #10-#12, #23-#25) and Skulls wild
(#6, #31), in hand or bought this turn: solved by hand, replayed through the engine, and
equal to the brute force."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_overdrive_recommender_actions import check_position, random_positions, replay

from services.overdrive import GAME
from solver.overdrive import brute, position, recommend, solve, validate

FACE_CARDS = ["5", "6", "8", "10", "11", "12", "23", "24", "25", "31"]


def _solve(**kw) -> tuple[dict, list[dict]]:
    raw = {"grana": 0, "band": "rebeldogs", "players": 3, "free_spaces": ["resources"], **kw}
    payload = validate({"position": raw})
    out = solve(payload, 2.0)
    state, seat = position.state_from_payload(payload["position"])
    assert brute.best_value(position.from_state(state, seat)) == round(out["value"] * 100)
    check_position(raw)  # replayed through the engine: legal, gains what it said
    return out, [a["action"] for a in out["actions"]]


def test_skulls_turned_to_chords_reach_a_hit():
    # Skull x3 + Horns, nothing changes faces but #23 (Skulls -> Chords): three Chords on
    # All Along The Dice Tower (+2 Fans) and the Horns on Resources = 2.25 (all four dice
    # on Resources would be 1.00).
    hit = [{"id": "all_along_the_dice_tower", "owner": "other"}]
    out, acts = _solve(faces=["skull", "skull", "skull", "horns"], hits=hit, hand=["23"])
    assert out["value"] == pytest.approx(2.25)
    assert acts == [
        {"type": "place", "space": "resources", "dice": [3]},
        {"type": "play_distortion", "card": "23"},
        {"type": "place", "space": "hit:all_along_the_dice_tower", "dice": [0, 1, 2], "mode": 0},
        {"type": "end_turn"},
    ]


def test_two_face_cards_played_in_the_order_that_works():
    # Skull, Chord, Influence and Mini Lover (three Horns Up: +3 Overdrive = 2.40).  #8 (all
    # to Chord) then #10 (Chords -> Horns Up) makes three Horns Up; either alone, or the
    # other order (all Chords), does not.  Without them: three dice on Resources (0.75).
    hit = [{"id": "mini_lover", "owner": "other"}]
    out, acts = _solve(faces=["skull", "chord", "influence"], hits=hit, hand=["10", "8"])
    assert out["value"] == pytest.approx(2.40)
    plays = [a["card"] for a in acts if a["type"] == "play_distortion"]
    assert plays == ["8", "10"]


def test_swap_takes_the_chosen_direction():
    # Horns, Horns, Influence and Highway to Ride (three Influence: +3 Fame = 3.00): #12
    # played towards Influence (towards Horns Up, three Horns Up with no space for them).
    hit = [{"id": "highway_to_ride", "owner": "other"}]
    out, acts = _solve(faces=["horns", "horns", "influence"], hits=hit, hand=["12"])
    assert out["value"] == pytest.approx(3.00)
    assert {"type": "play_distortion", "card": "12", "face": "influence"} in acts


def test_skulls_wild_fill_specific_slots_and_stay_in_hand_when_useless():
    # Skull, Skull, Influence on Highway to Ride (three Influence) once Skulls are wild (#6):
    # 3.00; without it only Resources (0.75).
    hit = [{"id": "highway_to_ride", "owner": "other"}]
    out, acts = _solve(faces=["skull", "skull", "influence"], hits=hit, hand=["6"])
    assert out["value"] == pytest.approx(3.00)
    assert acts[0] == {"type": "play_distortion", "card": "6"}
    # three Influence rolled: the card changes nothing and is kept
    out, acts = _solve(faces=["influence"] * 3, hits=hit, hand=["6"])
    assert out["value"] == pytest.approx(3.00)
    assert all(a["type"] != "play_distortion" for a in acts)


def test_a_face_card_saves_a_paid_change_and_is_kept_when_nothing_needs_it():
    # Horns, Horns, Skull with 5 Grana and Mini Lover: #24 (Skulls -> Horns Up) makes the
    # third Horns Up for free (2.40); paying 5 Grana instead would give 2.40 - 1.25 = 1.15.
    hit = [{"id": "mini_lover", "owner": "other"}]
    out, acts = _solve(faces=["horns", "horns", "skull"], grana=5, hits=hit, hand=["24"])
    assert out["value"] == pytest.approx(2.40) and out["grana_spent"] == 0
    assert {"type": "play_distortion", "card": "24"} in acts
    # Skull + Chord x2, Appearance free: it needs one Chord and takes any faces (1.00), so
    # #5 (Skulls to a chosen face) stays in hand.
    out, acts = _solve(
        faces=["skull", "chord", "chord"], grana=5, free_spaces=["appearance"], hand=["5"]
    )
    assert out["value"] == pytest.approx(1.00) and out["grana_spent"] == 0
    assert all(a["type"] != "play_distortion" for a in acts)


@settings(max_examples=30, deadline=None)
@given(
    random_positions(
        hand=st.lists(st.sampled_from(FACE_CARDS + ["4", "7"]), max_size=3, unique=True),
        shown=st.lists(st.sampled_from(["1", "5", "6", "9", "12", "24"]), max_size=2,
                       unique=True),
    )
)  # fmt: skip
def test_random_positions_with_face_cards_equal_brute_force_and_replay(raw):
    check_position(raw)


def test_skulls_already_wild_this_turn_are_planned_with():
    # #6 played before asking: Skull, Skull, Influence fill Highway to Ride (3.00) with no
    # card left to play.
    payload = validate({"position": {"faces": ["skull", "skull", "influence"], "grana": 0,
                                     "band": "rebeldogs", "players": 3, "free_spaces": [],
                                     "hits": [{"id": "highway_to_ride", "owner": "other"}],
                                     "hand": ["6"]}})  # fmt: skip
    state, seat = position.state_from_payload(payload["position"])
    state, _ = GAME.apply(state, seat, {"type": "play_distortion", "card": "6"})
    out = recommend(state, seat, 2.0)
    assert out["value"] == pytest.approx(3.00)
    assert brute.best_value(position.from_state(state, seat)) == 300
    assert all(a["action"]["type"] != "play_distortion" for a in out["actions"])
    replay(state, seat, out)


def test_a_face_card_bought_now_is_paid_before_it_is_played():
    # Skull x3 + Horns, #23 on the table for 1: the Horns on Resources pays for it, then
    # three Chords on All Along The Dice Tower: 2.00 + 0.25 + 0.50 (bought) - 0.25 = 2.50.
    hit = [{"id": "all_along_the_dice_tower", "owner": "other"}]
    out, acts = _solve(faces=["skull", "skull", "skull", "horns"], hits=hit, distortions=["23"])
    assert out["value"] == pytest.approx(2.50)
    assert [a["type"] for a in acts[:3]] == ["place", "buy_distortion", "play_distortion"]
    # Skull x3 alone and no Grana: nothing pays for it before the dice are placed, so they
    # go to Resources and #23 is bought afterwards to keep: 0.75 + 0.50 - 0.25 = 1.00
    out, acts = _solve(faces=["skull", "skull", "skull"], hits=hit, distortions=["23"])
    assert out["value"] == pytest.approx(1.00)
    assert [a["type"] for a in acts] == ["place"] * 3 + ["buy_distortion", "end_turn"]
    # Skulls wild bought for 1 with 1 Grana: Skull, Skull, Influence on Highway to Ride:
    # 3.00 + 0.50 - 0.25 = 3.25
    hit = [{"id": "highway_to_ride", "owner": "other"}]
    out, acts = _solve(faces=["skull", "skull", "influence"], hits=hit, distortions=["6"],
                       grana=1)  # fmt: skip
    assert out["value"] == pytest.approx(3.25)
    assert acts[:2] == [{"type": "buy_distortion", "card": "6"},
                        {"type": "play_distortion", "card": "6"}]  # fmt: skip
