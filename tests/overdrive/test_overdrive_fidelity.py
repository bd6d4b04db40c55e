"""Printed rules read a second time: Metallum's battle dice, gains and attack, the battle's
first player, band abilities in battles, once-per-turn triggers, the solo board."""

from __future__ import annotations

import pytest
from overdrive_helpers import (
    act,
    diff,
    game,
    level,
    seat_now,
    set_dice,
    to_battle,
    to_round,
    tracks,
)

from services.core import RulesError
from services.overdrive import GAME, metallum
from services.overdrive.content import content


def set_battle(st: dict, who: str, faces: list[str]) -> None:
    st["battle"]["dice"][who] = [{"face": f, "protected": False} for f in faces]


def solo_battle(difficulty: str = "normal", fame: int = 0, met_fame: int = 2) -> dict:
    st = to_round(GAME.new(1, {"difficulty": difficulty, "bands": ["rebeldogs"]}, 5), 3)
    st["seats"][0]["fame"] = fame
    st["metallum"]["fame"] = met_fame
    return to_battle(st)


@pytest.mark.parametrize("difficulty,count", list(content()["metallum"]["difficulties"].items()))
def test_metallum_rolls_its_difficulty_in_battle(difficulty, count):
    st = solo_battle(difficulty)
    assert len(st["battle"]["dice"]["metallum"]) == count
    assert len(st["battle"]["dice"]["0"]) == 4


def test_metallum_gains_the_printed_face_bonuses():
    st = GAME.new(1, {"difficulty": "metalgeddon", "bands": ["rebeldogs"]}, 3)
    st["hit_market"], st["dist_deck"] = [], []
    before = dict(st["metallum"])
    events: list = []
    metallum.take_turn(st, events)
    skulls = events[0]["faces"].count("skull")
    assert skulls and st["metallum"]["grana"] - before["grana"] == 3 * skulls  # Skull: +3


def test_the_fame_leader_begins_the_battle_even_against_metallum():
    st = solo_battle(fame=5, met_fame=2)
    assert st["battle"]["order"] == [0, "metallum"]
    # the shield step first; then the player's battle turn comes before Metallum's attack
    set_battle(st, "0", ["horns", "chord", "chord", "skull"])
    st, _ = act(st, {"type": "end_protect"})
    assert st["battle"]["step"] == "attack" and seat_now(st) == 0
    assert len(st["battle"]["dice"]["0"]) == 4  # Metallum has not attacked yet
    st, _ = act(st, {"type": "pass"})
    assert st["round"] == 4  # Metallum attacked (the Horns Up) and the battle resolved
    # Metallum leads when its Fame is higher
    st = solo_battle(fame=1, met_fame=3)
    assert st["battle"]["order"] == ["metallum", 0]


def test_coop_metallum_cancels_a_rare_face_of_every_player():
    st = to_round(
        GAME.new(3, {"mode": "coop", "bands": ["rebeldogs", "tnshe", "powergirls"]}, 2), 3
    )
    st["metallum"]["fame"] = 9
    st["seats"][0]["fame"] = 5  # a shield step lets the test set the dice first
    st = to_battle(st)
    assert st["battle"]["order"][0] == "metallum"
    set_battle(st, "0", ["horns", "chord", "chord", "skull"])
    set_battle(st, "1", ["influence", "influence", "horns", "skull"])
    set_battle(st, "2", ["horns", "influence", "chord", "chord"])
    st, _ = act(st, {"type": "end_protect"})
    dice = st["battle"]["dice"]
    assert sorted(d["face"] for d in dice["0"]) == ["chord", "chord", "skull"]
    assert sorted(d["face"] for d in dice["1"]) == ["influence", "influence", "skull"]
    # seat 2 shows one of each: it chooses, then the attacks go on
    assert st["battle"]["step"] == "choice" and seat_now(st) == 2
    st, _ = act(st, {"type": "choose_loss", "face": "horns"}, seat=2)
    assert sorted(d["face"] for d in st["battle"]["dice"]["2"]) == ["chord", "chord", "influence"]
    assert st["battle"]["step"] == "attack"


def test_band_abilities_work_in_a_battle_once_per_turn():
    st = to_round(game(3, bands=["rebeldogs", "tnshe", "powergirls"]), 3)
    level(st, 0, 1)
    st["seats"][0]["fame"] = 4
    st = to_battle(st)
    assert seat_now(st) == 0 and st["battle"]["step"] == "attack"
    set_battle(st, "0", ["skull", "skull", "chord", "chord"])
    assert {"type": "ability", "level": "a", "die": 0} in GAME.legal_actions(st, 0)
    st, _ = act(st, {"type": "ability", "level": "a", "die": 0})  # Skull -> Horns Up
    assert st["battle"]["dice"]["0"][0]["face"] == "horns"
    with pytest.raises(RulesError) as err:
        act(st, {"type": "ability", "level": "a", "die": 1})
    assert err.value.code == "ability_used"


def test_epic_gods_reroll_is_once_per_round_across_allocation_and_battle():
    st = to_round(game(3, bands=["epic_gods", "tnshe", "powergirls"]), 3)
    while seat_now(st) != 0:
        st, _ = act(st, {"type": "end_turn"})
    level(st, 0, 1)
    st, _ = act(st, {"type": "ability", "level": "a", "dice": [0]})
    st["seats"][0]["fame"] = 4
    st = to_battle(st)
    assert seat_now(st) == 0
    assert not any(a["type"] == "ability" for a in GAME.legal_actions(st, 0))
    with pytest.raises(RulesError):
        act(st, {"type": "ability", "level": "a", "dice": [0]})


def test_a_once_per_turn_trigger_fires_again_in_a_rivals_turn():
    # Allienogenn b: once per turn, gaining Fans gives a Fame.  It fires in its own turn,
    # then again when a rival plays its Hit (the owner's share of Fans) in the rival's turn.
    st = game(2, bands=["allienogenn", "rebeldogs"])
    level(st, 0, 3)
    st["hit_owned"]["all_along_the_dice_tower"] = {"owner": 0, "cancel": None}
    st["hit_market"] = [h for h in st["hit_market"] if h != "all_along_the_dice_tower"]
    set_dice(st, 0, ["chord", "skull", "skull", "skull"])
    before = tracks(st, 0)
    st, _ = act(st, {"type": "place", "space": "appearance", "dice": [0, 1, 2]})
    assert diff(before, tracks(st, 0)) == {"fans": 1, "fame": 1}
    st, _ = act(st, {"type": "end_turn"})
    assert seat_now(st) == 1
    set_dice(st, 1, ["chord", "chord", "chord", "skull"])
    before = tracks(st, 0)
    st, _ = act(st, {"type": "place", "space": "hit:all_along_the_dice_tower", "dice": [0, 1, 2]})
    assert diff(before, tracks(st, 0)) == {"fans": 1, "fame": 1}


def test_solo_cancels_only_the_printed_spaces():
    st = GAME.new(1, {"bands": ["rebeldogs"]}, 1)
    assert {"jam_session", "acoustic", "intimidation"} <= set(st["blocked"])
    assert "opportunity" not in st["blocked"]
    set_dice(st, 0, ["skull", "chord", "chord", "chord"])
    st, _ = act(st, {"type": "place", "space": "opportunity", "dice": [0]})
    coop = GAME.new(2, {"mode": "coop", "bands": ["rebeldogs", "tnshe"]}, 1)
    assert "opportunity" not in coop["blocked"] and "jam_session" not in coop["blocked"]
    assert {"acoustic", "intimidation"} <= set(coop["blocked"])
