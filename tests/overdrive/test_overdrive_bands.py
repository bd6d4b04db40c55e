"""Every band's abilities, as scripted turns (abilities unlock upon reaching the level)."""

from __future__ import annotations

import pytest
from overdrive_helpers import act, diff, game, level, set_dice, tracks

from services.core import RulesError
from services.overdrive import GAME, scoring


def band_game(band: str, overdrive: int, faces: list[str] | None = None) -> dict:
    others = [b for b in ("rebeldogs", "tnshe", "powergirls", "dead_and_death") if b != band]
    st = game(3, bands=[band, *others[:2]])
    level(st, 0, overdrive)
    set_dice(st, 0, faces or ["skull", "skull", "chord", "chord"])
    return st


@pytest.mark.parametrize(
    "band,frm,to",
    [("starssacration", "horns", "chord"), ("dead_and_death", "skull", "influence"),
     ("rebeldogs", "skull", "horns"), ("allienogenn", "influence", "chord"),
     ("shirtless_vikings", "chord", "skull"), ("arcane_possession", "horns", "skull"),
     ("tnshe", "skull", "horns"), ("powergirls", "skull", "influence")],
)  # fmt: skip
def test_change_face_abilities_once_per_turn(band, frm, to):
    st = band_game(band, 1, [frm, frm, "chord", "chord"])
    st, _ = act(st, {"type": "ability", "level": "a", "die": 0})
    assert st["seats"][0]["dice"][0]["face"] == to
    with pytest.raises(RulesError) as err:
        act(st, {"type": "ability", "level": "a", "die": 1})
    assert err.value.code == "ability_used"


def test_locked_abilities_and_wrong_faces_are_refused():
    st = band_game("dead_and_death", 0, ["skull", "chord", "chord", "chord"])
    with pytest.raises(RulesError) as err:
        act(st, {"type": "ability", "level": "a", "die": 0})
    assert err.value.code == "ability_unavailable"
    st = band_game("dead_and_death", 1, ["skull", "chord", "chord", "chord"])
    with pytest.raises(RulesError):
        act(st, {"type": "ability", "level": "a", "die": 1})  # a Chord, not a Skull


def test_abilities_unlock_upon_reaching_the_level():
    # Rebeldogs at Overdrive 2: Rehearsal reaches 3, so b ("whenever it raises Overdrive,
    # one more") works at once: Mini Lover's +3 Overdrive becomes +4 in the same turn.
    st = band_game("rebeldogs", 2, ["horns", "skull", "skull", "horns", "horns", "horns"])
    st["hit_market"] = ["mini_lover"]
    st, _ = act(st, {"type": "place", "space": "rehearsal", "dice": [0, 1, 2]})
    assert st["seats"][0]["overdrive"] == 3 and st["seats"][0]["unlocked"] == ["a", "b"]
    st, _ = act(st, {"type": "place", "space": "hit:mini_lover", "dice": [3, 4, 5]})
    assert st["seats"][0]["overdrive"] == 7


def test_a_change_face_ability_reached_this_turn_is_usable_this_turn():
    st = band_game("dead_and_death", 0, ["horns", "chord", "chord", "skull"])
    st, _ = act(st, {"type": "place", "space": "rehearsal", "dice": [0, 1, 2]})
    st, _ = act(st, {"type": "ability", "level": "a", "die": 3})  # Skull -> Influence
    assert st["seats"][0]["dice"][3]["face"] == "influence"


def _gain_via(st: dict, space: str, faces: list[str]) -> dict:
    set_dice(st, 0, faces)
    before = tracks(st, 0)
    st, _ = act(st, {"type": "place", "space": space, "dice": [0, 1, 2]})
    return diff(before, tracks(st, 0))


def test_starssacration_gains_one_more_fan():
    st = band_game("starssacration", 3)
    assert _gain_via(st, "appearance", ["chord", "skull", "skull"]) == {"fans": 2}


def test_rebeldogs_raise_one_more_overdrive():
    st = band_game("rebeldogs", 3)
    assert _gain_via(st, "rehearsal", ["horns", "skull", "skull"]) == {"overdrive": 2}


def test_allienogenn_gain_fame_with_fans_once_per_turn():
    st = band_game("allienogenn", 3, ["chord", "skull", "skull", "chord"])
    st["seats"][0]["dice"] += [{"face": "skull", "placed": None}, {"face": "skull", "placed": None}]
    before = tracks(st, 0)
    st, _ = act(st, {"type": "place", "space": "appearance", "dice": [0, 1, 2]})
    assert diff(before, tracks(st, 0)) == {"fans": 1, "fame": 1}
    before = tracks(st, 0)
    st["occupied"].pop("appearance")
    st, _ = act(st, {"type": "place", "space": "appearance", "dice": [3, 4, 5]})
    assert diff(before, tracks(st, 0)) == {"fans": 1}


def test_illuminatti_gain_extra_grana_and_grana_per_overdrive_level():
    st = band_game("illuminatti_you_2", 3, ["horns", "skull", "skull", "chord"])
    before = tracks(st, 0)
    st, _ = act(st, {"type": "place", "space": "rehearsal", "dice": [0, 1, 2]})
    # one Overdrive level -> 1 Grana, and ability a adds 1 to any Grana gained
    assert diff(before, tracks(st, 0)) == {"overdrive": 1, "grana": 2}
    before = tracks(st, 0)
    st, _ = act(st, {"type": "end_turn"})
    assert diff(before, tracks(st, 0)) == {"grana": 2}  # the leftover die on Resources


def test_dead_and_death_trade_a_fan_for_two_fame():
    st = band_game("dead_and_death", 3)
    with pytest.raises(RulesError):
        act(st, {"type": "ability", "level": "b"})
    st["seats"][0]["fans"] = 2
    before = tracks(st, 0)
    st, _ = act(st, {"type": "ability", "level": "b"})
    assert diff(before, tracks(st, 0)) == {"fans": -1, "fame": 2}


def test_vikings_have_their_own_space():
    st = band_game("shirtless_vikings", 3, ["skull", "skull", "chord", "chord"])
    before = tracks(st, 0)
    st, _ = act(st, {"type": "place", "space": "exclusive:0", "dice": [0, 1]})
    assert diff(before, tracks(st, 0)) == {"fans": 1}
    other = band_game("rebeldogs", 3)
    with pytest.raises(RulesError):
        act(other, {"type": "place", "space": "exclusive:0", "dice": [0, 1]})


def test_arcane_possession_borrow_without_a_skull():
    st = band_game("arcane_possession", 3)
    st["occupied"]["interview"] = [{"seat": 1, "faces": ["influence", "skull", "skull"]}]
    st, _ = act(st, {"type": "ability", "level": "b", "borrow": {"seat": 1, "face": "influence"}})
    assert st["seats"][0]["dice"][-1]["borrowed"] is True


def test_powergirls_clear_a_space():
    st = band_game("powergirls", 3)
    st["occupied"]["appearance"] = [{"seat": 1, "faces": ["chord", "skull", "skull"]}]
    st, _ = act(st, {"type": "ability", "level": "b", "target": "appearance"})
    assert "appearance" not in st["occupied"]


def test_tnshe_spare_horns_twice_a_game():
    st = band_game("tnshe", 3, ["skull", "chord", "chord", "chord"])
    st, _ = act(st, {"type": "ability", "level": "b", "die": 1})
    assert st["seats"][0]["dice"][1]["face"] == "horns" and st["seats"][0]["spare_used"] == 1
    st["seats"][0]["turn"]["used"] = {}
    st, _ = act(st, {"type": "ability", "level": "b", "die": 2})
    st["seats"][0]["turn"]["used"] = {}
    with pytest.raises(RulesError):
        act(st, {"type": "ability", "level": "b", "die": 3})


def test_epic_gods_reroll_free_once_per_round():
    st = band_game("epic_gods", 3, ["chord", "skull", "skull", "chord"])
    grana, n = st["seats"][0]["grana"], st["rng"]["n"]
    st, _ = act(st, {"type": "ability", "level": "a", "dice": [3]})
    assert st["seats"][0]["grana"] == grana and st["rng"]["n"] == n + 1
    st["seats"][0]["turn"]["used"] = {}  # even in a new turn of the same round
    with pytest.raises(RulesError) as err:
        act(st, {"type": "ability", "level": "a", "dice": [3]})
    assert err.value.code == "ability_used"


def test_epic_gods_may_raise_any_other_track_per_level_of_fans():
    st = band_game("epic_gods", 3, ["chord", "skull", "skull", "chord", "chord", "chord"])
    st["hit_market"] = ["all_along_the_dice_tower"]
    before = tracks(st, 0)
    st, _ = act(st, {"type": "place", "space": "appearance", "dice": [0, 1, 2]})
    assert diff(before, tracks(st, 0)) == {"fans": 1}  # nothing forced
    assert st["seats"][0]["picks"] == 1
    legal = GAME.legal_actions(st, 0)
    assert [a for a in legal if a["type"] == "bonus_raise"] == [
        {"type": "bonus_raise", "attr": a} for a in ("fame", "grana", "overdrive")
    ]
    with pytest.raises(RulesError):
        act(st, {"type": "bonus_raise", "attr": "fans"})  # another attribute only
    st, _ = act(st, {"type": "bonus_raise", "attr": "overdrive"})
    assert diff(before, tracks(st, 0)) == {"fans": 1, "overdrive": 1}
    st, _ = act(st, {"type": "place", "space": "hit:all_along_the_dice_tower", "dice": [3, 4, 5]})
    assert st["seats"][0]["picks"] == 2  # +2 Fans: one pick per level
    st, _ = act(st, {"type": "bonus_raise", "attr": "fame"})
    with pytest.raises(RulesError):
        act(st, {"type": "bonus_raise", "attr": "extra"})
    st, _ = act(st, {"type": "end_turn"})
    assert st["seats"][0]["picks"] == 0  # an unspent pick lapses with the turn


def test_cover_bots_copy_another_bands_ability():
    st = game(3, bands=["cover_bots", "starssacration", "rebeldogs"])
    level(st, 0, 3)
    set_dice(st, 0, ["chord", "skull", "skull", "horns"])
    with pytest.raises(RulesError):
        act(st, {"type": "copy", "level": "b", "band": "cover_bots"})
    st, _ = act(st, {"type": "copy", "level": "b", "band": "starssacration"})
    before = tracks(st, 0)
    st, _ = act(st, {"type": "place", "space": "appearance", "dice": [0, 1, 2]})
    assert diff(before, tracks(st, 0)) == {"fans": 2}
    with pytest.raises(RulesError):  # a choice is permanent
        act(st, {"type": "copy", "level": "b", "band": "rebeldogs"})
    st, _ = act(st, {"type": "copy", "level": "a", "band": "rebeldogs"})
    assert st["seats"][0]["copies"] == {"a": "rebeldogs", "b": "starssacration", "c": None}
    set_dice(st, 0, ["skull", "chord"])
    st, _ = act(st, {"type": "ability", "level": "a", "die": 0})  # Rebeldogs: Skull -> Horns Up
    assert st["seats"][0]["dice"][0]["face"] == "horns"


@pytest.mark.parametrize(
    "band,rec,vp",
    [
        ("starssacration", {"fans": 7}, 3),
        ("starssacration", {"fans": 20}, 5),
        ("dead_and_death", {"fans": 4}, 4),
        ("rebeldogs", {}, 3),  # Overdrive 6 // 2
        ("allienogenn", {"fans": 4, "fame": 5}, 3),
        ("illuminatti_you_2", {"grana": 9}, 4),
        ("shirtless_vikings", {"fans": 3}, 3),  # (6 + 3) // 3
        ("arcane_possession", {"fans": 1, "grana": 1}, 2),  # (6 + 1 + 1) // 4
        ("tnshe", {}, 3),
        ("powergirls", {"fame": 2}, 2),
        ("epic_gods", {"fans": 2, "fame": 1, "grana": 1}, 2),
    ],
)
def test_scoring_abilities_at_overdrive_six(band, rec, vp):
    st = band_game(band, 6)
    st["seats"][0].update({"fans": 0, "fame": 0, "grana": 0, **rec})
    assert scoring.ability_vp(st, 0) == vp
    st["seats"][0]["overdrive"] = 5
    assert scoring.ability_vp(st, 0) == 0


def test_cover_bots_copy_only_a_level_reached():
    st = game(3, bands=["cover_bots", "starssacration", "rebeldogs"])
    level(st, 0, 0)
    with pytest.raises(RulesError) as err:
        act(st, {"type": "copy", "level": "a", "band": "starssacration"})
    assert err.value.code == "ability_unavailable"
