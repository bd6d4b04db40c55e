"""Setup and every board space, as scripted turns."""

from __future__ import annotations

import pytest
from overdrive_helpers import act, diff, game, seat_now, set_dice, to_round, tracks

from services.core import RulesError
from services.overdrive import GAME


def test_setup_grana_ladder_markets_and_blocked_spaces():
    st = game(4)
    assert [s["grana"] for s in st["seats"]] == [1, 2, 3, 4]
    assert len(st["hit_market"]) == 3 and len(st["hit_deck"]) == 13
    assert len(st["dist_market"]) == 3 and len(st["dist_deck"]) == 29
    assert st["awards_free"] == ["bronze", "silver", "gold", "platinum"]
    assert st["blocked"] == [] and seat_now(st) == 0
    assert len(st["seats"][0]["dice"]) == 4
    two = game(2)
    assert set(two["blocked"]) == {"acoustic", "intimidation", "opportunity"}
    solo = game(1)
    assert {"jam_session", "acoustic", "intimidation"} <= set(solo["blocked"])
    assert solo["seats"][0]["grana"] == 2  # Metallum is the first player
    assert solo["metallum"]["fans"] >= 2 and solo["metallum"]["fame"] >= 2
    coop = game(3, mode="coop")
    assert "jam_session" not in coop["blocked"] and "acoustic" in coop["blocked"]


@pytest.mark.parametrize(
    "opts",
    [
        {"mode": "solo"},
        {"mode": "bogus"},
        {"bands": ["rebeldogs", "rebeldogs", "tnshe"]},
        {"bands": ["nope", "rebeldogs", "tnshe"]},
        {"difficulty": "impossible"},
        {"speed_metal": "yes"},
        {"colour": "red"},
    ],
)
def test_bad_options_are_rejected(opts):
    with pytest.raises(RulesError) as err:
        GAME.new(3, opts, 1)
    assert err.value.code == "invalid_options"


def test_cover_bots_never_face_metallum():
    with pytest.raises(RulesError):
        GAME.new(1, {"bands": ["cover_bots"]}, 1)
    for seed in range(30):
        assert GAME.new(1, {}, seed)["seats"][0]["band"] != "cover_bots"


@pytest.mark.parametrize(
    "space,face,attr",
    [("appearance", "chord", "fans"), ("interview", "influence", "fame"),
     ("rehearsal", "horns", "overdrive")],
)  # fmt: skip
def test_one_face_and_two_any_raise_a_track(space, face, attr):
    st = game()
    set_dice(st, 0, [face, "skull", "skull", "chord"])
    before = tracks(st, 0)
    st, _ = act(st, {"type": "place", "space": space, "dice": [0, 1, 2]})
    assert diff(before, tracks(st, 0)) == {attr: 1}
    assert st["occupied"][space] == [{"seat": 0, "faces": [face, "skull", "skull"]}]


def test_faces_must_fit_and_count_must_match():
    st = game()
    set_dice(st, 0, ["skull", "skull", "horns", "chord"])
    with pytest.raises(RulesError) as err:
        act(st, {"type": "place", "space": "appearance", "dice": [0, 1, 2]})
    assert err.value.code == "faces_do_not_fit"
    with pytest.raises(RulesError):
        act(st, {"type": "place", "space": "appearance", "dice": [3, 1]})
    with pytest.raises(RulesError):
        act(st, {"type": "place", "space": "appearance", "dice": [3, 3, 1]})


def test_acoustic_takes_four_dice_and_a_chosen_track_and_needs_three_players():
    st = game()
    set_dice(st, 0, ["skull", "chord", "horns", "influence"])
    before = tracks(st, 0)
    st, _ = act(st, {"type": "place", "space": "acoustic", "dice": [0, 1, 2, 3], "track": "fame"})
    assert diff(before, tracks(st, 0)) == {"fame": 1}
    two = game(2)
    set_dice(two, 0, ["skull", "chord", "horns", "influence"])
    with pytest.raises(RulesError) as err:
        act(two, {"type": "place", "space": "acoustic", "dice": [0, 1, 2, 3], "track": "fame"})
    assert err.value.code == "unknown_space"


def test_improvisation_changes_another_unplaced_die_and_holds_two_placements():
    st = game()
    set_dice(st, 0, ["skull", "skull", "skull", "chord"])
    st, _ = act(st, {"type": "place", "space": "improvisation", "dice": [0], "die": 3,
                     "face": "influence"})  # fmt: skip
    assert st["seats"][0]["dice"][3]["face"] == "influence"
    with pytest.raises(RulesError):  # Improvisation cannot make a Chord
        act(st, {"type": "place", "space": "improvisation", "dice": [1], "die": 3, "face": "chord"})
    with pytest.raises(RulesError) as err:  # a placed die cannot be changed
        act(st, {"type": "place", "space": "improvisation", "dice": [1], "die": 0, "face": "horns"})
    assert err.value.code == "die_already_placed"
    st, _ = act(st, {"type": "place", "space": "improvisation", "dice": [1], "die": 3,
                     "face": "horns"})  # fmt: skip
    with pytest.raises(RulesError) as err:
        act(st, {"type": "place", "space": "improvisation", "dice": [2], "die": 3, "face": "horns"})
    assert err.value.code == "space_occupied"


def test_new_riff_makes_a_chord_that_can_then_be_used():
    st = game()
    set_dice(st, 0, ["skull", "horns", "horns", "horns"])
    st, _ = act(st, {"type": "place", "space": "new_riff", "dice": [0], "die": 1, "face": "chord"})
    before = tracks(st, 0)
    st, _ = act(st, {"type": "place", "space": "appearance", "dice": [1, 2, 3]})
    assert diff(before, tracks(st, 0)) == {"fans": 1}


def test_new_member_costs_two_grana_and_adds_a_usable_die_up_to_two():
    st = game()
    st["seats"][0]["grana"] = 2
    set_dice(st, 0, ["skull", "influence", "horns", "chord"])
    st, _ = act(st, {"type": "place", "space": "new_member", "dice": [0, 1, 2]})
    rec = st["seats"][0]
    assert rec["grana"] == 0 and rec["extra_dice"] == 1 and len(rec["dice"]) == 5
    assert rec["dice"][4]["placed"] is None
    poor = game()
    poor["seats"][0]["grana"] = 1
    set_dice(poor, 0, ["skull", "influence", "horns", "chord"])
    with pytest.raises(RulesError) as err:
        act(poor, {"type": "place", "space": "new_member", "dice": [0, 1, 2]})
    assert err.value.code == "not_enough_grana"
    full = game()
    full["seats"][0].update(grana=5, extra_dice=2)
    set_dice(full, 0, ["skull", "influence", "horns", "chord"])
    with pytest.raises(RulesError) as err:
        act(full, {"type": "place", "space": "new_member", "dice": [0, 1, 2]})
    assert err.value.code == "no_more_dice"


def test_extra_dice_are_rolled_next_round_too():
    st = game()
    st["seats"][0]["grana"] = 10
    st, _ = act(st, {"type": "buy_die"})
    assert st["seats"][0]["grana"] == 0 and len(st["seats"][0]["dice"]) == 5
    st = to_round(st, 2)
    assert len(st["seats"][0]["dice"]) == 5


def test_end_turn_puts_leftover_dice_on_resources_for_one_grana_each():
    st = game()
    set_dice(st, 0, ["chord", "skull", "skull", "horns"])
    st, _ = act(st, {"type": "place", "space": "appearance", "dice": [0, 1, 2]})
    before = tracks(st, 0)
    st, _ = act(st, {"type": "end_turn"})
    assert diff(before, tracks(st, 0)) == {"grana": 1}
    assert st["occupied"]["resources"] == [{"seat": 0, "faces": ["horns"]}]
    assert seat_now(st) == 1


def test_dice_block_spaces_until_their_owner_collects_them():
    st = game()
    set_dice(st, 0, ["chord", "skull", "skull", "horns"])
    st, _ = act(st, {"type": "place", "space": "appearance", "dice": [0, 1, 2]})
    st, _ = act(st, {"type": "end_turn"})
    set_dice(st, 1, ["chord", "chord", "chord", "chord"])
    with pytest.raises(RulesError) as err:
        act(st, {"type": "place", "space": "appearance", "dice": [0, 1, 2]})
    assert err.value.code == "space_occupied"
    st = to_round(st, 2)  # seat 0 starts round 2 and collects its dice
    assert all(o["seat"] != 0 for occ in st["occupied"].values() for o in occ)
    assert "appearance" not in st["occupied"]


def test_board_is_cleared_after_round_three_allocation():
    st = to_round(game(), 3)
    st = to_round(st, 4)
    assert st["round"] == 4
    # only seat 0's fresh turn has happened: nothing of rounds 1-3 is left
    assert st["occupied"] == {}


def test_jam_session_borrows_an_opponents_die_for_this_turn():
    st = game()
    set_dice(st, 0, ["influence", "skull", "skull", "horns"])
    st, _ = act(st, {"type": "place", "space": "interview", "dice": [0, 1, 2]})
    st, _ = act(st, {"type": "end_turn"})
    set_dice(st, 1, ["skull", "chord", "chord", "horns"])
    with pytest.raises(RulesError):
        act(st, {"type": "place", "space": "jam_session", "dice": [0],
                 "borrow": {"seat": 0, "face": "chord"}})  # fmt: skip
    st, _ = act(st, {"type": "place", "space": "jam_session", "dice": [0],
                     "borrow": {"seat": 0, "face": "influence"}})  # fmt: skip
    assert st["seats"][1]["dice"][4] == {"face": "influence", "placed": None, "borrowed": True}
    with pytest.raises(RulesError) as err:
        act(st, {"type": "set_face", "die": 4, "face": "chord"})
    assert err.value.code == "die_borrowed"
    before = tracks(st, 1)
    st, _ = act(st, {"type": "place", "space": "acoustic", "dice": [1, 2, 3, 4], "track": "fans"})
    assert diff(before, tracks(st, 1)) == {"fans": 1}
    st, _ = act(st, {"type": "end_turn"})
    assert len(st["seats"][1]["dice"]) == 4


def test_opportunity_sends_dice_home_and_frees_the_space():
    st = game()
    set_dice(st, 0, ["chord", "skull", "skull", "horns"])
    st, _ = act(st, {"type": "place", "space": "appearance", "dice": [0, 1, 2]})
    st, _ = act(st, {"type": "end_turn"})
    set_dice(st, 1, ["skull", "chord", "chord", "chord"])
    for bad in ("resources", "interview", None):
        with pytest.raises(RulesError):
            act(st, {"type": "place", "space": "opportunity", "dice": [0], "target": bad})
    st, _ = act(st, {"type": "place", "space": "opportunity", "dice": [0], "target": "appearance"})
    assert "appearance" not in st["occupied"]
    before = tracks(st, 1)
    st, _ = act(st, {"type": "place", "space": "appearance", "dice": [1, 2, 3]})
    assert diff(before, tracks(st, 1)) == {"fans": 1}


def test_intimidation_gains_fame_and_costs_a_rival_a_fan():
    st = game()
    st["seats"][2]["fans"] = 2
    set_dice(st, 0, ["skull", "skull", "chord", "chord"])
    with pytest.raises(RulesError):
        act(st, {"type": "place", "space": "intimidation", "dice": [0, 1], "target": 0})
    before = tracks(st, 0)
    st, _ = act(st, {"type": "place", "space": "intimidation", "dice": [0, 1], "target": 2})
    assert diff(before, tracks(st, 0)) == {"fame": 1}
    assert st["seats"][2]["fans"] == 1


def test_grana_actions_cost_what_the_track_says():
    st = game()
    st["seats"][0]["grana"] = 30
    set_dice(st, 0, ["skull", "skull", "skull", "skull"])
    st, _ = act(st, {"type": "reroll", "dice": [0, 1]})
    assert st["seats"][0]["grana"] == 29
    st, _ = act(st, {"type": "set_face", "die": 3, "face": "horns"})
    assert st["seats"][0]["grana"] == 24 and st["seats"][0]["dice"][3]["face"] == "horns"
    st, _ = act(st, {"type": "raise", "attr": "fame"})
    assert st["seats"][0]["grana"] == 14 and st["seats"][0]["fame"] == 1
    with pytest.raises(RulesError):
        act(st, {"type": "raise", "attr": "grana"})
    st, _ = act(st, {"type": "buy_die"})
    assert st["seats"][0]["grana"] == 4
    face = "chord" if st["seats"][0]["dice"][0]["face"] != "chord" else "horns"
    with pytest.raises(RulesError) as err:
        act(st, {"type": "set_face", "die": 0, "face": face})
    assert err.value.code == "not_enough_grana"
    with pytest.raises(RulesError) as err:  # a face it already shows: refused, not paid
        act(st, {"type": "set_face", "die": 3, "face": "horns"})
    assert err.value.code == "no_change"


def test_only_the_seat_in_turn_acts():
    st = game()
    with pytest.raises(RulesError) as err:
        GAME.apply(st, 1, {"type": "end_turn"})
    assert err.value.code == "not_your_turn"
    assert GAME.legal_actions(st, 1) == []
