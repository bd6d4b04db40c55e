"""Hit cards, Distortion cards and Awards, as scripted turns."""

from __future__ import annotations

import pytest
from overdrive_helpers import act, diff, game, set_dice, to_battle, to_round, tracks

from services.core import RulesError
from services.overdrive.content import content


def _put_hit_on_table(st: dict, card: str) -> None:
    if card in st["hit_deck"]:
        st["hit_deck"].remove(card)
        st["hit_deck"].append(st["hit_market"][0])
        st["hit_market"][0] = card


def _filled(slots: list[str]) -> list[str]:
    return ["skull" if s == "any" else s for s in slots]


@pytest.mark.parametrize("card", [h["id"] for h in content()["hits"]])
def test_every_hit_on_the_table_is_a_space_giving_its_printed_gain(card):
    st = game()
    _put_hit_on_table(st, card)
    hit = content()["hit_by_id"][card]
    for mode, spec in enumerate(hit["modes"]):
        trial = {**st, "seats": [dict(s) for s in st["seats"]]}
        set_dice(trial, 0, _filled(spec["slots"]))
        before = tracks(trial, 0)
        action = {"type": "place", "space": "hit:" + card, "dice": list(range(len(spec["slots"])))}
        if len(hit["modes"]) > 1:
            action["mode"] = mode
        after, _ = act(trial, action)
        assert diff(before, tracks(after, 0)) == spec["gain"]
        assert after["occupied"]["hit:" + card][0]["seat"] == 0


def test_day_filler_has_two_uses():
    st = game()
    _put_hit_on_table(st, "day_filler")
    set_dice(st, 0, ["skull", "skull", "chord", "chord"])
    with pytest.raises(RulesError):
        act(st, {"type": "place", "space": "hit:day_filler", "dice": [0], "mode": 1})
    before = tracks(st, 0)
    after, _ = act(st, {"type": "place", "space": "hit:day_filler", "dice": [0, 1], "mode": 1})
    assert diff(before, tracks(after, 0)) == {"grana": 3}


def test_buying_a_hit_cancels_a_slot_and_reveals_a_new_card():
    st = game()
    _put_hit_on_table(st, "back_in_box")
    st["seats"][0]["grana"] = 12
    deck = len(st["hit_deck"])
    with pytest.raises(RulesError):
        act(st, {"type": "buy_hit", "card": "back_in_box", "cancel": [0, 7]})
    st, _ = act(st, {"type": "buy_hit", "card": "back_in_box", "cancel": [0, 0]})
    assert st["seats"][0]["grana"] == 12 - 5
    assert st["hit_owned"]["back_in_box"] == {"owner": 0, "cancel": [0, 0]}
    assert "back_in_box" not in st["hit_market"] and len(st["hit_market"]) == 3
    assert len(st["hit_deck"]) == deck - 1 and st["seats"][0]["hits"] == ["back_in_box"]
    with pytest.raises(RulesError) as err:  # one Hit per round
        act(st, {"type": "buy_hit", "card": st["hit_market"][0], "cancel": [0, 0]})
    assert err.value.code == "already_bought"
    # the cancelled Influence slot is gone: one Influence and one die of any face
    set_dice(st, 0, ["influence", "chord", "skull", "skull"])
    before = tracks(st, 0)
    st, _ = act(st, {"type": "place", "space": "hit:back_in_box", "dice": [0, 1]})
    assert diff(before, tracks(st, 0)) == {"fame": 2}


def test_a_hit_cannot_be_bought_without_the_grana():
    st = game()
    _put_hit_on_table(st, "whole_lotta_dice")
    st["seats"][0]["grana"] = 6
    with pytest.raises(RulesError) as err:
        act(st, {"type": "buy_hit", "card": "whole_lotta_dice", "cancel": [0, 0]})
    assert err.value.code == "not_enough_grana"


@pytest.mark.parametrize(
    "card,faces,player_gain,owner_gain",
    [
        ("dr_feld_good", ["chord", "chord", "skull", "skull"], {"fans": 2, "grana": 2},
         {"fans": 1, "grana": 1}),
        ("mini_lover", ["horns", "horns", "horns"], {"overdrive": 3}, {"overdrive": 2}),
        ("stairway_to_seven", ["horns", "influence", "skull"], {"overdrive": 1, "fame": 1},
         {"overdrive": 1, "fame": 1}),
    ],
)  # fmt: skip
def test_playing_a_rivals_hit_gives_the_owner_one_less_but_at_least_one(
    card, faces, player_gain, owner_gain
):
    st = game()
    if card in st["hit_market"]:
        st["hit_market"].remove(card)
    if card in st["hit_deck"]:
        st["hit_deck"].remove(card)
    st["hit_owned"][card] = {"owner": 2, "cancel": None}
    st["seats"][2]["hits"].append(card)
    set_dice(st, 0, faces)
    mine, theirs = tracks(st, 0), tracks(st, 2)
    st, _ = act(st, {"type": "place", "space": "hit:" + card, "dice": list(range(len(faces)))})
    assert diff(mine, tracks(st, 0)) == player_gain
    assert diff(theirs, tracks(st, 2)) == owner_gain


def test_distortion_prices_fall_with_the_cards_on_the_table():
    st = game()
    st["seats"][0]["grana"] = 10
    first = st["dist_market"][0]
    st, _ = act(st, {"type": "buy_distortion", "card": first})
    assert st["seats"][0]["grana"] == 7 and st["seats"][0]["hand"] == [first]
    with pytest.raises(RulesError) as err:
        act(st, {"type": "buy_distortion", "card": st["dist_market"][0]})
    assert err.value.code == "already_bought"
    st, _ = act(st, {"type": "end_turn"})
    st["seats"][1]["grana"] = 10
    st, _ = act(st, {"type": "buy_distortion", "card": st["dist_market"][0]})
    assert st["seats"][1]["grana"] == 8
    st, _ = act(st, {"type": "end_turn"})
    st["seats"][2]["grana"] = 10
    deck_top = st["dist_deck"][:3]
    st, _ = act(st, {"type": "buy_distortion", "card": st["dist_market"][0]})
    assert st["seats"][2]["grana"] == 9
    assert st["dist_market"] == deck_top  # the last one bought: three new ones


def _with_card(card: str, faces: list[str]) -> dict:
    st = game()
    st["seats"][0]["hand"] = [card]
    set_dice(st, 0, faces)
    return st


def _faces(st: dict) -> list[str]:
    return [d["face"] for d in st["seats"][0]["dice"]]


@pytest.mark.parametrize(
    "card,params,before,after",
    [
        ("5", {"face": "horns"}, ["skull", "skull", "chord"], ["horns", "horns", "chord"]),
        ("7", {"dice": [0, 2], "faces": ["horns", "influence"]}, ["skull", "skull", "chord"],
         ["horns", "skull", "influence"]),
        ("8", {}, ["skull", "horns", "chord"], ["chord", "chord", "chord"]),
        ("9", {"dice": [0, 1, 2], "faces": ["horns"] * 3}, ["skull", "skull", "chord"],
         ["horns"] * 3),
        ("10", {}, ["chord", "skull", "chord"], ["horns", "skull", "horns"]),
        ("11", {}, ["chord", "skull", "chord"], ["influence", "skull", "influence"]),
        ("12", {"face": "influence"}, ["horns", "skull", "horns"],
         ["influence", "skull", "influence"]),
        ("12", {"face": "horns"}, ["influence", "skull", "horns"], ["horns", "skull", "horns"]),
        ("23", {}, ["skull", "skull", "horns"], ["chord", "chord", "horns"]),
    ],
)  # fmt: skip
def test_face_changing_distortions(card, params, before, after):
    st = _with_card(card, before)
    st, _ = act(st, {"type": "play_distortion", "card": card, **params})
    assert _faces(st) == after
    assert st["seats"][0]["hand"] == [] and st["seats"][0]["used"] == [card]


@pytest.mark.parametrize("card", [str(d["number"]) for d in content()["distortions"]
                                  if d["effect"]["kind"] == "gain"])  # fmt: skip
def test_gain_distortions(card):
    st = _with_card(card, ["skull"] * 4)
    before = tracks(st, 0)
    st, _ = act(st, {"type": "play_distortion", "card": card})
    assert diff(before, tracks(st, 0)) == content()["distortion_by_no"][card]["effect"]["gain"]


def test_skulls_wild_lets_skulls_fill_any_face():
    st = _with_card("6", ["skull", "skull", "skull", "chord"])
    with pytest.raises(RulesError):
        act(st, {"type": "place", "space": "interview", "dice": [0, 1, 2]})
    st, _ = act(st, {"type": "play_distortion", "card": "6"})
    before = tracks(st, 0)
    st, _ = act(st, {"type": "place", "space": "interview", "dice": [0, 1, 2]})
    assert diff(before, tracks(st, 0)) == {"fame": 1}


def test_clear_distortion_and_reroll_distortion():
    st = game()
    set_dice(st, 0, ["chord", "skull", "skull", "horns"])
    st, _ = act(st, {"type": "place", "space": "appearance", "dice": [0, 1, 2]})
    st, _ = act(st, {"type": "end_turn"})
    st["seats"][1]["hand"] = ["4", "19"]
    st, _ = act(st, {"type": "play_distortion", "card": "4", "target": "appearance"})
    assert "appearance" not in st["occupied"]
    n = st["rng"]["n"]
    st, _ = act(st, {"type": "play_distortion", "card": "19", "dice": [0, 1]})
    assert st["rng"]["n"] == n + 1 and st["seats"][1]["used"] == ["4", "19"]


def test_protection_cards_wait_for_the_battle():
    st = _with_card("13", ["skull"] * 4)
    with pytest.raises(RulesError) as err:
        act(st, {"type": "play_distortion", "card": "13"})
    assert err.value.code == "wrong_phase"


def test_battles_replace_the_face_up_distortions():
    st = to_battle(to_round(game(), 3))
    market = list(st["dist_market"])
    from overdrive_helpers import skip_battle

    st = skip_battle(st)
    assert st["round"] == 4 and st["dist_discard"][-3:] == market
    assert len(st["dist_market"]) == 3 and not set(market) & set(st["dist_market"])


def test_awards_claims_swaps_and_limits():
    st = game()
    st["seats"][0].update(fans=3, fame=3)
    with pytest.raises(RulesError) as err:
        act(st, {"type": "claim_award", "award": "silver"})
    assert err.value.code == "award_not_reached"
    st, _ = act(st, {"type": "claim_award", "award": "bronze"})
    assert st["seats"][0]["award"] == "bronze" and "bronze" not in st["awards_free"]
    st["seats"][0].update(fans=5, fame=5)
    with pytest.raises(RulesError) as err:
        act(st, {"type": "claim_award", "award": "silver"})
    assert err.value.code == "already_claimed"
    st, _ = act(st, {"type": "end_turn"})
    st["seats"][1].update(fans=4, fame=4)
    with pytest.raises(RulesError):  # Bronze is held by seat 0
        act(st, {"type": "claim_award", "award": "bronze"})
    st = to_round(st, 2)
    st, _ = act(st, {"type": "claim_award", "award": "silver"})
    assert st["seats"][0]["award"] == "silver" and "bronze" in st["awards_free"]
    st, _ = act(st, {"type": "end_turn"})
    st, _ = act(st, {"type": "claim_award", "award": "bronze"})
    assert st["seats"][1]["award"] == "bronze"
