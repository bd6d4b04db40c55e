"""The allocation recommender: legal, gains what it predicts, equals brute force."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from services.core import RulesError
from services.overdrive import GAME
from solver.overdrive import brute, cpsat, hint, position, recommend, solve, validate
from tests.overdrive.allocation_positions import allocation_state

TRACKS = ("fans", "fame", "grana", "overdrive")
CONFIGS = [(2, {}), (3, {}), (4, {}), (1, {"difficulty": "hardcore"}), (3, {"mode": "coop"})]


@settings(max_examples=25, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10**6), steps=st.integers(0, 160))
def test_recommended_allocations_are_legal_and_gain_what_they_predict(config, seed, steps):
    state = allocation_state(*config, seed, steps)
    (seat,) = GAME.seats_to_act(state)
    rec = recommend(state, seat, 2.0)
    assert rec["status"] == "OPTIMAL" and rec["actions"][-1]["action"] == {"type": "end_turn"}
    before = {k: state["seats"][seat][k] for k in TRACKS}
    for step in rec["actions"]:
        assert step["seat"] == seat
        state, _ = GAME.apply(state, seat, step["action"])
    got = {k: state["seats"][seat][k] - before[k] for k in TRACKS}
    assert {k: v for k, v in got.items() if v} == {k: v for k, v in rec["net_change"].items() if v}
    assert abs(sum(line["value"] for line in rec["breakdown"]) - rec["value"]) < 1e-9


@settings(max_examples=20, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10**6), steps=st.integers(0, 100))
def test_cp_sat_value_equals_brute_force(config, seed, steps):
    state = allocation_state(*config, seed, steps)
    (seat,) = GAME.seats_to_act(state)
    pos = position.from_state(state, seat)
    if len(pos["dice"]) > 5:
        pos["dice"] = pos["dice"][:5]
    plan = cpsat.solve(pos, 2.0)
    assert plan["objective"] == brute.best_value(pos)


def _explicit(**kw) -> dict:
    base = {"faces": ["chord", "chord", "chord", "skull"], "grana": 0, "band": "rebeldogs",
            "players": 3, "free_spaces": ["appearance", "resources"]}  # fmt: skip
    return {"position": {**base, **kw}}


def test_an_explicit_position_solved_by_hand():
    # Appearance with three Chords (+1 Fans = 1.00) and the Skull on Resources (+1 Grana = 0.25)
    out = solve(validate(_explicit()), 1.0)
    assert out["value"] == pytest.approx(1.25)
    assert out["predicted_gains"] == {"fans": 1, "grana": 1}
    # A Hit on the table that takes three Chords for 2 Fans beats it (2.00 + 0.25)
    hit = [{"id": "all_along_the_dice_tower", "owner": None}]
    out = solve(validate(_explicit(hits=hit)), 1.0)
    assert out["value"] == pytest.approx(2.25)
    # ... and with its price in hand, the rulebook's way is better: buy it (1.50 - 5 x 0.25),
    # cancel a Chord slot, play it with two Chords (2.00) and send the third Chord and the
    # Skull to Resources (0.50): 2.75
    out = solve(validate(_explicit(hits=hit, grana=5)), 1.0)
    assert out["value"] == pytest.approx(2.75)
    acts = [a["action"] for a in out["actions"]]
    assert [a["type"] for a in acts] == ["place", "place", "buy_hit", "place", "end_turn"]
    assert acts[2] == {"type": "buy_hit", "card": "all_along_the_dice_tower", "cancel": [0, 0]}
    assert len(acts[3]["dice"]) == 2 and acts[3]["space"] == "hit:all_along_the_dice_tower"


def test_a_paid_face_change_is_bought_only_when_it_pays():
    # Appearance (1.00) + 3 dice on Resources (0.75) = 1.75 beats paying 5 Grana (-1.25) to
    # turn a Skull into Horns Up for Rehearsal: 1.00 + 0.80 - 1.25 = 0.55.
    pos = _explicit(faces=["chord", "skull", "skull", "skull", "skull", "skull"], grana=5,
                    free_spaces=["appearance", "rehearsal"], extra_dice=2)  # fmt: skip
    out = solve(validate(pos), 1.0)
    assert out["value"] == pytest.approx(1.75) and out["grana_spent"] == 0
    # Mini Lover (three Horns Up: +3 Overdrive = 2.40) with two Horns Up rolled: one paid
    # change (-1.25) and a Skull on Resources (0.25) = 1.40 beats four on Resources (1.00).
    hit = [{"id": "mini_lover", "owner": "other"}]
    pos = _explicit(faces=["horns", "horns", "skull", "skull"], grana=5, free_spaces=[], hits=hit)
    out = solve(validate(pos), 1.0)
    assert out["value"] == pytest.approx(1.40) and out["grana_spent"] == 5
    kinds = [a["action"]["type"] for a in out["actions"]]
    assert kinds == ["place", "set_face", "place", "end_turn"]  # the spare Skull first


@pytest.mark.parametrize(
    "payload",
    [
        None,
        {},
        {"position": {"faces": []}},
        {"position": {"faces": ["skull"], "band": "nobody"}},
        {"position": {"faces": ["skull"], "players": 7}},
        {"position": {"faces": ["skull"], "free_spaces": ["moon"]}},
        {"position": {"faces": ["skull"], "hits": [{"id": "nope"}]}},
        {"position": {"faces": ["skull"], "grana": -1}},
        {"state": {"phase": "allocation"}, "seat": 0},
        {"state": GAME.new(3, {}, 1), "seat": 2},
    ],
)
def test_bad_payloads_are_refused_cheaply(payload):
    with pytest.raises(RulesError):
        validate(payload)


def test_hints_in_battle_and_after_the_end():
    state = GAME.new(2, {}, 4)
    rng = random.Random(1)
    while state["phase"] != "battle":
        (seat,) = GAME.seats_to_act(state)
        state, _ = GAME.apply(state, seat, {"type": "end_turn"})
    (seat,) = GAME.seats_to_act(state)
    out = hint(state, seat, 1.0)
    assert out["actions"][0]["action"] in GAME.legal_actions(state, seat)
    with pytest.raises(RulesError):
        hint(state, 1 - seat, 1.0)
    while GAME.outcome(state) is None:
        (seat,) = GAME.seats_to_act(state)
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    with pytest.raises(RulesError):
        hint(state, 0, 1.0)


def test_a_game_played_by_hints_alone_ends():
    state = GAME.new(3, {}, 9)
    turns = 0
    while GAME.outcome(state) is None:
        (seat,) = GAME.seats_to_act(state)
        for step in hint(state, seat, 1.0)["actions"]:
            state, _ = GAME.apply(state, step["seat"], step["action"])
        turns += 1
        assert turns < 400
    assert GAME.outcome(state)["winners"]


def test_a_plan_that_reaches_an_award_claims_it():
    state = GAME.new(3, {"bands": ["dead_and_death", "rebeldogs", "tnshe"]}, 2)
    rec = state["seats"][0]
    rec.update(fans=3, fame=2)
    rec["dice"] = [{"face": f, "placed": None} for f in ["influence", "skull", "skull", "skull"]]
    state["occupied"] = {}
    # no market: a Hit or Distortion bought with the turn's Grana would beat any Fame
    state["dist_market"], state["hit_market"] = [], []
    out = recommend(state, 0, 1.0)
    kinds = [step["action"]["type"] for step in out["actions"]]
    assert out["predicted_gains"].get("fame", 0) >= 1
    assert kinds[-2:] == ["claim_award", "end_turn"]
    assert out["actions"][-2]["action"] == {"type": "claim_award", "award": "bronze"}
    for step in out["actions"]:
        state, _ = GAME.apply(state, 0, step["action"])
    assert state["seats"][0]["award"] == "bronze"


def test_epic_gods_picks_are_planned_as_fame():
    # Appearance (+1 Fans) earns a pick, spent on Fame; a pick held from a rival's turn too
    state = GAME.new(2, {"bands": ["epic_gods", "rebeldogs"]}, 2)
    rec = state["seats"][0]
    rec["overdrive"], rec["grana"], rec["picks"] = 3, 0, 1
    rec["dice"] = [{"face": f, "placed": None} for f in ["chord", "skull", "skull"]]
    state["occupied"], state["dist_market"], state["hit_market"] = {}, [], []
    out = recommend(state, 0, 1.0)
    raises = [a["action"] for a in out["actions"] if a["action"]["type"] == "bonus_raise"]
    assert raises == [{"type": "bonus_raise", "attr": "fame"}] * 2
    assert out["net_change"] == {"fans": 1, "fame": 2, "grana": 0}
    for step in out["actions"]:
        state, _ = GAME.apply(state, 0, step["action"])
    assert state["seats"][0]["fame"] == 2 and state["seats"][0]["fans"] == 1
