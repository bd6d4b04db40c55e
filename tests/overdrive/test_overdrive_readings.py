"""Printed readings where an easy implementation differs: battle payouts, Distortions in a
battle turn, TNSHE's spare faces, the battle order on a full tie, a no-change card."""

from __future__ import annotations

import pytest
from overdrive_helpers import (
    act,
    diff,
    game,
    level,
    seat_now,
    skip_battle,
    to_battle,
    to_round,
    tracks,
)

from services.core import RulesError
from services.overdrive import GAME


def battle(bands: list[str], fames: list[int] | None = None, **opts) -> dict:
    st = to_round(game(len(bands), bands, **opts), 3)
    for s, fame in enumerate(fames or []):
        st["seats"][s]["fame"] = fame
    return to_battle(st)


def set_battle(st: dict, who: str, faces: list[str]) -> None:
    st["battle"]["dice"][who] = [{"face": f, "protected": False} for f in faces]


@pytest.mark.parametrize(
    ("band", "overdrive", "face", "got"),
    [
        ("starssacration", 3, "chord", {"fans": 5}),  # b: four Fans, and one more
        ("illuminatti_you_2", 1, "skull", {"grana": 13}),  # a: twelve Grana, and one more
        ("rebeldogs", 3, "horns", {"overdrive": 5}),  # b: four levels, and one more
    ],
)
def test_battle_survivors_pay_a_gain_bonus_once(band, overdrive, face, got):
    st = battle([band, "dead_and_death"])
    level(st, 0, overdrive)
    set_battle(st, "0", [face] * 4)
    set_battle(st, "1", ["skull"])
    before = tracks(st, 0)
    st = skip_battle(st)
    assert diff(before, tracks(st, 0)) == got


def attack_turn(bands: list[str], hand: list[str]) -> tuple[dict, int]:
    """A battle at the first seat's battle turn, with ``hand`` in that seat's hand."""
    st = battle(bands, [3])
    while st["battle"]["step"] != "attack":
        st, _ = act(st, {"type": "end_protect"})
    seat = seat_now(st)
    st["seats"][seat]["hand"] = list(hand)
    return st, seat


def cards_listed(st: dict, seat: int) -> list[dict]:
    return [a for a in GAME.legal_actions(st, seat) if a["type"] == "play_distortion"]


def test_distortions_are_played_on_the_holders_battle_turn():
    st, seat = attack_turn(["dead_and_death", "rebeldogs"], ["1", "10", "4", "6"])
    set_battle(st, str(seat), ["chord", "chord", "skull", "horns"])
    listed = {a["card"] for a in cards_listed(st, seat)}
    assert listed == {"1", "10"}  # a clear and Skulls wild have no board to act on
    before = tracks(st, seat)
    st, _ = act(st, {"type": "play_distortion", "card": "1"})
    assert diff(before, tracks(st, seat)) == {"fans": 2}
    st, _ = act(st, {"type": "play_distortion", "card": "10"})
    assert [d["face"] for d in st["battle"]["dice"][str(seat)]] == ["horns"] * 2 + [
        "skull",
        "horns",
    ]
    assert st["seats"][seat]["used"] == ["1", "10"] and seat_now(st) == seat
    with pytest.raises(RulesError) as err:
        act(st, {"type": "play_distortion", "card": "4", "target": "appearance"})
    assert err.value.code == "wrong_phase" and "4" in st["seats"][seat]["hand"]


def test_a_set_faces_card_is_described_and_a_protection_card_protects_on_a_battle_turn():
    st, seat = attack_turn(["dead_and_death", "rebeldogs"], ["7", "13"])
    set_battle(st, str(seat), ["chord", "chord", "skull", "skull"])
    forms = GAME.action_forms(st, seat)
    assert [(f["type"], f["card"]) for f in forms] == [("play_distortion", "7")]
    st, _ = act(st, {"type": "play_distortion", "card": "7", "dice": [0, 2],
                     "faces": ["influence", "horns"]})  # fmt: skip
    assert [d["face"] for d in st["battle"]["dice"][str(seat)]] == [
        "influence", "chord", "horns", "skull"]  # fmt: skip
    assert {"type": "play_distortion", "card": "13", "die": 1} in cards_listed(st, seat)
    st, _ = act(st, {"type": "play_distortion", "card": "13", "die": 1})
    assert st["battle"]["dice"][str(seat)][1]["protected"] and st["seats"][seat]["hand"] == []


def test_distortions_are_not_played_on_another_seats_battle_turn():
    st, seat = attack_turn(["dead_and_death", "rebeldogs"], [])
    other = 1 - seat
    st["seats"][other]["hand"] = ["1"]
    with pytest.raises(RulesError) as err:
        GAME.apply(st, other, {"type": "play_distortion", "card": "1"})
    assert err.value.code == "not_your_turn"


def test_tnshe_may_use_both_spare_faces_in_one_turn():
    st = game(2, ["tnshe", "rebeldogs"])
    level(st, 0, 3)
    st["seats"][0]["dice"] = [{"face": f, "placed": None} for f in ("skull", "chord", "chord")]
    st, _ = act(st, {"type": "ability", "level": "b", "die": 1})
    assert {"type": "ability", "level": "b", "die": 2} in GAME.legal_actions(st, 0)
    st, _ = act(st, {"type": "ability", "level": "b", "die": 2})
    assert [d["face"] for d in st["seats"][0]["dice"]] == ["skull", "horns", "horns"]
    assert st["seats"][0]["spare_used"] == 2
    assert not any(a["type"] == "ability" and a["level"] == "b" for a in GAME.legal_actions(st, 0))
    with pytest.raises(RulesError) as err:
        act(st, {"type": "ability", "level": "b", "die": 0})
    assert err.value.code == "ability_used"
    # the once-per-turn ability a is still once per turn
    st, _ = act(st, {"type": "ability", "level": "a", "die": 0})
    assert st["seats"][0]["dice"][0]["face"] == "horns"


def test_tnshe_may_use_both_spare_faces_on_one_battle_turn():
    st, seat = attack_turn(["tnshe", "rebeldogs"], [])
    assert seat == 0
    level(st, 0, 3)
    set_battle(st, "0", ["skull", "chord", "chord", "influence"])
    st, _ = act(st, {"type": "ability", "level": "b", "die": 0})
    st, _ = act(st, {"type": "ability", "level": "b", "die": 1})
    assert [d["face"] for d in st["battle"]["dice"]["0"]][:2] == ["horns", "horns"]


def test_a_full_fame_tie_starts_the_battle_at_the_earlier_seat_in_turn_order():
    st = to_round(game(3), 3)
    st["seats"][1]["fame"] = 1
    st = skip_battle(to_battle(st))
    assert st["first"] == 1 and st["round"] == 4
    for rnd in (6, 8):
        st = to_round(st, rnd)
        assert st["order"] == [1, 2, 0]
        for rec in st["seats"]:
            rec.update(fame=2, fans=2, grana=2, overdrive=2)
        st = to_battle(st)
        assert st["battle"]["order"] == [1, 2, 0] and st["first"] == 1
        st = skip_battle(st)


def test_a_full_fame_tie_in_hall_of_fame_follows_the_turn_order():
    st = to_round(game(3, hall_of_fame=True), 3)
    st["seats"][2]["fame"] = 1
    st = skip_battle(to_battle(st))
    st = to_round(st, 6)
    assert st["order"] == [2, 0, 1]
    for rec in st["seats"]:
        rec.update(fame=2, fans=2, grana=2, overdrive=2)
    st["seats"][1]["fame"] = 3
    st = to_battle(st)
    assert st["battle"]["order"] == [1, 2, 0]


@pytest.mark.parametrize("phase", ["allocation", "battle"])
def test_distortion_5_to_skull_is_refused_and_kept(phase):
    if phase == "battle":
        st, seat = attack_turn(["dead_and_death", "rebeldogs"], ["5"])
        set_battle(st, str(seat), ["skull", "chord", "skull", "horns"])
    else:
        st, seat = game(2, ["dead_and_death", "rebeldogs"]), 0
        st["seats"][0]["hand"] = ["5"]
        st["seats"][0]["dice"] = [{"face": f, "placed": None} for f in ("skull", "chord")]
    assert {"type": "play_distortion", "card": "5", "face": "skull"} not in GAME.legal_actions(
        st, seat
    )
    with pytest.raises(RulesError) as err:
        GAME.apply(st, seat, {"type": "play_distortion", "card": "5", "face": "skull"})
    assert err.value.code == "no_change"
    after, _ = GAME.apply(st, seat, {"type": "play_distortion", "card": "5", "face": "horns"})
    assert after["seats"][seat]["used"] == ["5"]


def test_every_card_accepted_on_a_battle_turn_is_listed_or_described():
    from overdrive_actions import accepted, canon, described, outcome_key

    for hand in (["1", "5", "10", "12"], ["7", "13", "19", "4", "6", "8", "24"]):
        st, seat = attack_turn(["dead_and_death", "rebeldogs"], hand)
        set_battle(st, str(seat), ["chord", "skull", "skull", "horns"])
        legal = GAME.legal_actions(st, seat)
        listed = {canon(st, seat, a) for a in legal}
        reached = {outcome_key(GAME.apply(st, seat, a)[0]) for a in legal}
        forms = GAME.action_forms(st, seat)
        plays = [(a, k) for a, k in accepted(st, seat) if a["type"] == "play_distortion"]
        # a set-faces card (#7) needs faces, which the generator leaves to the form
        assert {a["card"] for a, _ in plays} == set(hand) - {"4", "6", "7"}
        missing = [
            a for a, k in plays
            if canon(st, seat, a) not in listed and k not in reached and not described(a, forms)
        ]  # fmt: skip
        assert not missing, missing
