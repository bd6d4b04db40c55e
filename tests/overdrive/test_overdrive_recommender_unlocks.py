"""The recommender against the engine search where the turn unlocks an ability (an opening
reaches the level, the rest is planned with it) and where New Member's die pays for a buy."""

from __future__ import annotations

import pytest
from engine_oracle import best
from hypothesis import given, settings
from hypothesis import strategies as st
from overdrive_helpers import game, level, set_dice
from test_overdrive_recommender_actions import replay
from test_overdrive_recommender_oracle import oracle_state

from solver.overdrive import OPENING_LINE, recommend


def agrees(state: dict, seat: int, value: int) -> dict:
    """The plan's value is ``value``, the engine search's too, and it replays exactly."""
    out = recommend(state, seat, 5.0)
    assert round(out["value"] * 100) == best(state, seat) == value
    replay(state, seat, out)
    return out


def test_dead_and_death_trade_after_mini_lover_reaches_it():
    # Overdrive 0, 1 Fans, three Horns Up: Mini Lover (+3 Overdrive, 2.40) reaches level b,
    # whose trade (1 Fans for 2 Fame, +1.00) the rest of the turn uses
    raw = {"faces": ["horns"] * 3, "band": "dead_and_death", "fans": 1, "players": 2,
           "free_spaces": ["resources"], "hits": [{"id": "mini_lover", "owner": "other"}],
           "grana": 0, "extra_dice": 2}  # fmt: skip
    out = agrees(*oracle_state(raw), 340)
    acts = [a["action"] for a in out["actions"]]
    assert acts[0]["space"] == "hit:mini_lover" and acts[1] == {"type": "ability", "level": "b"}
    assert out["breakdown"][0]["source"].startswith(OPENING_LINE)


def test_rebeldogs_b_reached_before_distortion_3_is_played():
    # Overdrive 0: Mini Lover first (+3, level b), then #3 gives 1 + 1: Overdrive 5 (4.00);
    # the card first gives 4 (3.20)
    raw = {"faces": ["horns"] * 3, "band": "rebeldogs", "players": 2, "hand": ["3"],
           "free_spaces": ["resources"], "hits": [{"id": "mini_lover", "owner": "other"}],
           "grana": 0, "extra_dice": 2}  # fmt: skip
    out = agrees(*oracle_state(raw), 400)
    assert out["net_change"] == {"overdrive": 5}


def test_illuminatti_a_reached_by_buying_distortion_3_first():
    # 1 Grana: #3 bought (1) and played reaches level a, so each die on Resources then
    # gives 2 Grana: 0.80 + 0.50 - 0.25 + 4 x 0.25 = 2.05 (the dice first: 1.55)
    raw = {"faces": ["skull", "chord"], "band": "illuminatti_you_2", "players": 2,
           "free_spaces": ["resources"], "distortions": ["3"], "grana": 1,
           "extra_dice": 2}  # fmt: skip
    out = agrees(*oracle_state(raw), 205)
    assert [a["action"]["type"] for a in out["actions"]][:2] == [
        "buy_distortion", "play_distortion"]  # fmt: skip


def test_cover_bots_copy_illuminatti_a_once_distortion_3_reaches_it():
    state = game(2, ["cover_bots", "illuminatti_you_2"])
    state["occupied"], state["hit_market"], state["hit_deck"] = {}, [], []
    state["dist_market"] = ["3"]
    set_dice(state, 0, ["skull", "chord"])
    level(state, 0, 0)
    state["seats"][0]["grana"] = 1
    state["seats"][0]["extra_dice"] = 2
    out = agrees(state, 0, 205)
    assert {"type": "copy", "level": "a", "band": "illuminatti_you_2"} in [
        a["action"] for a in out["actions"]]  # fmt: skip


def test_new_members_die_on_resources_pays_for_a_distortion():
    # 2 Grana: New Member (2) adds a die; on Resources at once its Grana buys #2 (1, +1 Fame):
    # 2.00 + 0.25 - 0.50 + 1.00 + 0.50 - 0.25 = 3.00 (Resources then #2, no New Member: 2.00)
    raw = {"faces": ["skull", "influence", "horns"], "band": "rebeldogs", "players": 2,
           "free_spaces": ["resources", "new_member"], "distortions": ["2"], "grana": 2,
           "extra_dice": 1}  # fmt: skip
    out = agrees(*oracle_state(raw), 300)
    kinds = [a["action"].get("space", a["action"]["type"]) for a in out["actions"]]
    assert kinds.index("new_member") < kinds.index("resources") < kinds.index("buy_distortion")


def test_dice_on_resources_pay_for_the_card_that_reaches_the_level():
    # the sweep's finds: 1 Grana, #3 costs 2: a die on Resources pays for it, #3 reaches
    # Dead & Death's trade (1 Fans for 2 Fame) ...
    raw = {"faces": ["influence", "skull", "horns"], "band": "dead_and_death",
           "overdrive": 2, "fans": 1, "players": 2, "free_spaces": [],
           "hits": [{"id": "mini_lover", "owner": "other"}], "hand": ["1"],
           "distortions": ["3", "21"], "grana": 1, "extra_dice": 2}  # fmt: skip
    out = agrees(*oracle_state(raw), 455)
    assert {"type": "ability", "level": "b"} in [a["action"] for a in out["actions"]]
    # ... and two dice on Resources pay for #18, which reaches Shirtless Vikings a: the
    # third die becomes the Skull of Day Filler (+2 Grana), not a third die on Resources
    raw = {"faces": ["horns", "chord", "chord"], "band": "shirtless_vikings", "fans": 1,
           "players": 2, "free_spaces": [], "hits": [{"id": "day_filler", "owner": "other"}],
           "distortions": ["18", "7"], "grana": 0, "extra_dice": 1}  # fmt: skip
    out = agrees(*oracle_state(raw), 205)
    assert any(a["action"].get("level") == "a" for a in out["actions"])


def test_a_set_faces_card_readies_the_dice_that_reach_the_level():
    # the slow sweep's find: Rebeldogs at Overdrive 1, three Skulls: #21 and ability a turn
    # two into Horns Up for Cube Pusher (+2, level b), so #18 then gives 1 + 1 Overdrive:
    # 4 x 0.80 + 0.50 = 3.70; #18 first (no bonus yet) gives 2.90
    raw = {"faces": ["skull"] * 3, "band": "rebeldogs", "overdrive": 1, "players": 2,
           "free_spaces": ["appearance", "interview"], "grana": 2, "extra_dice": 1,
           "hits": [{"id": "cube_pusher", "owner": "other"}], "hand": ["21"],
           "distortions": ["18"]}  # fmt: skip
    out = agrees(*oracle_state(raw), 370)
    assert {k: v for k, v in out["net_change"].items() if v} == {"overdrive": 4}
    # the same with #7 on the table too: more partial openings than are extended, the
    # nearest to the level (#21 and a making two Horns Up) kept first (3.45, not 2.65)
    raw = {**raw, "faces": ["skull", "influence", "skull"], "distortions": ["18", "7"]}
    agrees(*oracle_state(raw), 345)


BANDS = ["rebeldogs", "dead_and_death", "illuminatti_you_2", "starssacration", "allienogenn",
         "tnshe", "powergirls", "arcane_possession", "shirtless_vikings"]  # fmt: skip
FACES = ["skull", "chord", "horns", "influence"]
SPACES = ["appearance", "interview", "rehearsal", "new_member", "improvisation", "resources"]
HITS = ["mini_lover", "cube_pusher", "back_in_box", "day_filler", "crazy_ticket"]
CARDS = ["1", "2", "3", "7", "15", "18", "21"]


@st.composite
def unlock_positions(draw) -> dict:
    """Small positions one or two levels below an ability, with ways to gain Overdrive."""
    return {
        "faces": draw(st.lists(st.sampled_from(FACES), min_size=1, max_size=3)),
        "band": draw(st.sampled_from(BANDS)),
        "overdrive": draw(st.sampled_from([0, 1, 2, 4, 5])),
        "fans": draw(st.integers(0, 1)),
        "players": 2,
        "free_spaces": draw(st.lists(st.sampled_from(SPACES), unique=True, max_size=3)),
        "hits": [{"id": h, "owner": "other"}
                 for h in draw(st.lists(st.sampled_from(HITS), max_size=2, unique=True))],
        "hand": draw(st.lists(st.sampled_from(CARDS), max_size=1)),
        "distortions": draw(st.lists(st.sampled_from(CARDS), max_size=2, unique=True)),
        "grana": draw(st.integers(0, 4)),
        "extra_dice": draw(st.sampled_from([1, 2])),
    }  # fmt: skip


def check(raw: dict) -> None:
    state, seat = oracle_state(raw)
    out = recommend(state, seat, 5.0)
    assert round(out["value"] * 100) == best(state, seat)
    replay(state, seat, out)


@settings(max_examples=10, deadline=None, derandomize=True)
@given(unlock_positions())
def test_unlocking_positions_equal_the_engine_search(raw):
    check(raw)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(unlock_positions())
def test_unlocking_positions_equal_the_engine_search_sweep(raw):
    check(raw)
