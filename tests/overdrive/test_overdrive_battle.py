"""Battle of Bands, the Final Battle, Metallum's turn and attack, and final scoring."""

from __future__ import annotations

import pytest
from overdrive_helpers import act, diff, game, seat_now, skip_battle, to_battle, to_round, tracks

from services.core import RulesError
from services.overdrive import GAME, metallum, scoring
from services.overdrive.content import content


def battle_with(fames: list[int], players: int = 3, **opts) -> dict:
    st = to_round(game(players, **opts), 3)
    for s, fame in enumerate(fames):
        st["seats"][s]["fame"] = fame
    return to_battle(st)


def set_battle(st: dict, who: str, faces: list[str]) -> None:
    st["battle"]["dice"][who] = [{"face": f, "protected": False} for f in faces]


def test_the_fame_leader_starts_and_takes_the_first_player_marker():
    st = battle_with([1, 4, 2])
    assert st["phase"] == "battle" and st["round"] == 3
    assert st["battle"]["order"] == [1, 2, 0] and st["first"] == 1
    assert all(len(v) == 4 for v in st["battle"]["dice"].values())
    hall = battle_with([1, 4, 2], hall_of_fame=True)
    assert hall["battle"]["order"] == [1, 2, 0]
    hall = battle_with([3, 4, 0], hall_of_fame=True)
    assert hall["battle"]["order"] == [1, 0, 2]


def test_the_next_round_starts_with_the_battle_leader():
    st = skip_battle(battle_with([0, 0, 5]))
    assert st["round"] == 4 and seat_now(st) == 2


def test_an_attack_needs_more_of_that_face_and_never_takes_the_last_die():
    st = battle_with([0, 3, 0])
    assert seat_now(st) == 1
    set_battle(st, "1", ["skull", "skull", "chord", "horns"])
    set_battle(st, "2", ["skull", "chord", "chord", "influence"])
    set_battle(st, "0", ["skull"])
    with pytest.raises(RulesError) as err:
        act(st, {"type": "attack", "target": 2, "face": "chord"})
    assert err.value.code == "invalid_attack"
    with pytest.raises(RulesError):
        act(st, {"type": "attack", "target": 0, "face": "skull"})  # its last die
    st, _ = act(st, {"type": "attack", "target": 2, "face": "skull"})
    assert [d["face"] for d in st["battle"]["dice"]["2"]] == ["chord", "chord", "influence"]
    assert seat_now(st) == 2


def test_battle_rerolls_and_face_choices_cost_grana():
    st = battle_with([0, 3, 0])
    st["seats"][1]["grana"] = 6
    st, _ = act(st, {"type": "reroll", "dice": [0, 1]})
    assert st["seats"][1]["grana"] == 5
    st, _ = act(st, {"type": "set_face", "die": 0, "face": "horns"})
    assert st["seats"][1]["grana"] == 0 and st["battle"]["dice"]["1"][0]["face"] == "horns"
    with pytest.raises(RulesError):
        act(st, {"type": "reroll", "dice": [0]})


def test_fame_five_shields_a_die_and_a_distortion_protects_another():
    st = to_round(game(), 3)
    st["seats"][0]["fame"] = 5
    st["seats"][0]["hand"] = ["13"]
    st = to_battle(st)
    assert st["battle"]["step"] == "shield" and seat_now(st) == 0
    set_battle(st, "0", ["horns", "influence", "chord", "chord"])
    st, _ = act(st, {"type": "protect", "die": 0, "source": "shield"})
    with pytest.raises(RulesError):
        act(st, {"type": "protect", "die": 1, "source": "shield"})  # one shield a battle
    st, _ = act(st, {"type": "protect", "die": 1, "source": "13"})
    assert st["seats"][0]["used"] == ["13"]
    # nothing left to protect with: the battle moves on by itself
    assert st["battle"]["step"] == "attack"
    set_battle(st, "1", ["horns", "horns", "influence", "influence"])
    st["battle"]["dice"]["0"][0]["protected"] = True
    st["battle"]["dice"]["0"][1]["protected"] = True
    st, _ = act(st, {"type": "pass"})  # seat 0
    legal = GAME.legal_actions(st, 1)
    assert not any(a["type"] == "attack" and a["target"] == 0 for a in legal)


def test_survivors_give_face_bonuses_after_rounds_three_and_six():
    st = battle_with([0, 0, 0])
    for who in ("0", "1", "2"):
        set_battle(st, who, ["skull", "chord", "horns", "influence"])
    before = tracks(st, 0)
    st = skip_battle(st)
    bonus = {k: 0 for k in ("fans", "fame", "grana", "overdrive")}
    for face in ("skull", "chord", "horns", "influence"):
        for k, v in content()["face_bonus"][face].items():
            bonus[k] += v
    assert diff(before, tracks(st, 0)) == {k: v for k, v in bonus.items() if v}


def test_the_final_battle_turns_survivors_into_symbols_and_ends_the_game():
    st = to_round(game(), 8)
    st = to_battle(st)
    assert st["battle"]["final"]
    for who in ("0", "1", "2"):
        set_battle(st, who, ["horns", "horns", "chord", "skull"])
    before = tracks(st, 0)
    st = skip_battle(st)
    assert st["phase"] == "finished" and GAME.outcome(st) is not None
    assert st["seats"][0]["symbols"] == ["horns", "horns", "chord", "skull"]
    assert tracks(st, 0) == before
    with pytest.raises(RulesError) as err:
        act(st, {"type": "end_turn"}, seat=0)
    assert err.value.code == "game_over"


def test_speed_metal_skips_rounds_five_and_six():
    st = game(3, speed_metal=True)
    seen = []
    while st["phase"] != "finished":
        if st["round"] not in seen:
            seen.append(st["round"])
        st = skip_battle(st) if st["phase"] == "battle" else act(st, {"type": "end_turn"})[0]
    assert seen == [1, 2, 3, 4, 7, 8]


def test_free_falling_clears_every_round_and_passes_the_marker_to_fame():
    st = game(3, free_falling=True)
    assert "jam_session" in st["blocked"]
    st["seats"][2]["fame"] = 2
    st = to_round(st, 2)
    assert st["first"] == 2 and seat_now(st) == 2
    assert all(o["seat"] == 2 for occ in st["occupied"].values() for o in occ)


# -- Metallum ------------------------------------------------------------------------------


@pytest.mark.parametrize("difficulty,count", list(content()["metallum"]["difficulties"].items()))
def test_metallum_rolls_its_difficulty_and_gains_per_face(difficulty, count):
    st = GAME.new(1, {"difficulty": difficulty, "bands": ["rebeldogs"]}, 3)
    st["hit_market"] = []  # nothing to buy: the gains are the roll alone
    st["dist_deck"] = []
    before = dict(st["metallum"])
    events: list = []
    metallum.take_turn(st, events)
    faces = events[0]["faces"]
    assert events[0]["type"] == "metallum_roll" and len(faces) == count
    expected = {k: 0 for k in ("fans", "fame", "grana", "overdrive")}
    for face in faces:
        for k, v in content()["face_bonus"][face].items():
            expected[k] += v
    assert {k: st["metallum"][k] - before[k] for k in expected} == expected


def test_metallum_buys_the_dearest_hit_then_a_distortion_then_an_award():
    st = GAME.new(1, {"difficulty": "poser", "bands": ["rebeldogs"]}, 3)
    st["round"] = 2
    st["hit_market"] = ["crazy_ticket", "back_in_box", "born_to_be_wild_card"]
    st["metallum"].update(grana=9, fans=10, fame=10, award=None, hand=[], hits=[])
    top = st["dist_deck"][0]
    events: list = []
    metallum.take_turn(st, events)
    met = st["metallum"]
    assert "born_to_be_wild_card" in met["hits"]
    assert st["hit_owned"]["born_to_be_wild_card"]["owner"] == "metallum"
    assert met["hand"] == [top]
    assert met["award"] == "platinum"


def test_players_may_play_metallums_hits_and_metallum_takes_its_share():
    st = GAME.new(1, {"bands": ["rebeldogs"]}, 3)
    st["hit_owned"]["mini_lover"] = {"owner": "metallum", "cancel": None}
    for pile in ("hit_market", "hit_deck"):
        if "mini_lover" in st[pile]:
            st[pile].remove("mini_lover")
    st["seats"][0]["dice"] = [{"face": "horns", "placed": None} for _ in range(3)]
    od = st["metallum"]["overdrive"]
    st, _ = GAME.apply(st, 0, {"type": "place", "space": "hit:mini_lover", "dice": [0, 1, 2]})
    assert st["metallum"]["overdrive"] == od + 2 and st["seats"][0]["overdrive"] == 3


def test_metallum_attacks_the_rarest_face_and_the_player_breaks_ties():
    st = to_round(GAME.new(1, {"bands": ["rebeldogs"]}, 5), 3)
    st["seats"][0]["fame"] = 5  # a shield step lets the test set the dice first
    st["metallum"]["fame"] = 9  # Metallum leads the battle
    st = to_battle(st)
    assert st["battle"]["step"] == "shield"
    set_battle(st, "0", ["horns", "influence", "influence", "chord"])
    st, _ = act(st, {"type": "end_protect"})
    assert sorted(d["face"] for d in st["battle"]["dice"]["0"]) == [
        "chord",
        "influence",
        "influence",
    ]

    st = to_round(GAME.new(1, {"bands": ["rebeldogs"]}, 5), 3)
    st["seats"][0]["fame"] = 5
    st["metallum"]["fame"] = 9
    st = to_battle(st)
    set_battle(st, "0", ["horns", "influence", "skull", "chord"])
    st, _ = act(st, {"type": "end_protect"})
    assert st["battle"]["step"] == "choice"
    assert GAME.legal_actions(st, 0) == [
        {"type": "choose_loss", "face": "horns"},
        {"type": "choose_loss", "face": "influence"},
    ]
    st, _ = act(st, {"type": "choose_loss", "face": "influence"})
    assert sorted(d["face"] for d in st["battle"]["dice"]["0"]) == ["chord", "horns", "skull"]
    # the player may attack only Metallum
    assert {a.get("target") for a in GAME.legal_actions(st, 0) if a["type"] == "attack"} <= {
        "metallum"
    }


# -- scoring -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "symbols,wild,points",
    [
        ([], 0, 0),
        (["skull", "skull"], 0, 0),
        (["skull"] * 3, 0, 3),
        (["skull"] * 5, 0, 5),  # 3 + 1 + 1
        (["skull", "chord", "horns"], 0, 3),
        (["skull", "chord", "horns", "influence"], 0, 4),
        (["skull"] * 3 + ["chord", "horns", "influence"], 0, 6),  # 3 same + 3 different
        (["skull"] * 2 + ["chord"] * 2 + ["horns"] * 2 + ["influence"] * 2, 0, 8),  # two of 4
        (["skull", "skull"], 1, 3),
        (["skull", "chord", "horns"], 1, 4),
    ],
)
def test_symbol_collections(symbols, wild, points):
    assert scoring.symbols_value(symbols, wild) == points


def test_overdrive_points_by_level():
    assert [scoring.overdrive_vp(lv) for lv in (0, 1, 2, 3, 5, 6, 9, 10, 14)] == [
        0, 1, 1, 2, 2, 3, 3, 5, 5
    ]  # fmt: skip


def test_a_full_score_breakdown():
    st = game(3)
    rec = st["seats"][0]  # Dead & Death: Skull on the sheet, Influence at Fans 5
    rec.update(fans=5, fame=4, overdrive=3, fans_symbol=True, hits=["back_in_box"],
               award="bronze", used=["1"], hand=[])  # fmt: skip
    parts = scoring.breakdown(st, 0)
    # symbols: skull, influence (Fans 5), influence (Hit), chord (#1) + a wildcard ->
    # the wildcard as Horns Up makes four different (4); the spare Influence scores nothing
    assert parts == {"fans": 5, "fame": 4, "overdrive": 2, "abilities": 0, "hits": 1,
                     "award": 3, "symbols": 4, "total": 19}  # fmt: skip


def test_ties_go_to_fame_then_fans():
    st = game(2)
    for s in (0, 1):
        st["seats"][s].update(fans=3, fame=3, grana=0, overdrive=0)
    st["seats"][1].update(fans=2, fame=4)
    out = scoring.outcome(st)
    assert out["scores"]["0"] == out["scores"]["1"] and out["winners"] == [1]
    st["seats"][1].update(fans=3, fame=3)
    assert scoring.outcome(st)["winners"] == [0, 1]


def test_solo_and_coop_results_against_metallum():
    st = GAME.new(1, {"bands": ["rebeldogs"]}, 1)
    st["metallum"].update(fans=0, fame=0, overdrive=0, hits=[], hand=[], award=None)
    st["seats"][0].update(fans=2, fame=0)
    assert scoring.outcome(st)["winners"] == [0]
    st["metallum"]["fans"] = 3  # 3 + Metallum's sheet Skull alone scores nothing
    assert scoring.outcome(st)["winners"] == []
    co = GAME.new(2, {"mode": "coop", "bands": ["rebeldogs", "tnshe"]}, 1)
    co["metallum"].update(fans=0, fame=0, overdrive=0, hits=[], hand=[], award=None)
    co["seats"][0].update(fans=5, fame=0)
    co["seats"][1].update(fans=0, fame=0)
    out = scoring.outcome(co)
    # fans 5 (Rebeldogs' Fans-5 symbol only counts when reached through play): (5 + 0) // 2 = 2
    assert out["band_score"] == 2 and out["winners"] == [0, 1]
    co["metallum"]["fans"] = 2
    assert scoring.outcome(co)["winners"] == []
