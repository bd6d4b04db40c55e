"""Live VP in the Overdrive view: the score if the game ended now, as the viewer may see it."""

from __future__ import annotations

import copy

from services.overdrive import GAME, scoring
from tests.overdrive.overdrive_helpers import game


def test_a_solo_view_scores_the_band_and_metallum_now():
    state = game(1, mode="solo")
    view = GAME.view(state, 0)
    live = view["live_vp"]
    assert set(live) == {"0", "metallum"}
    assert live["0"]["total"] == scoring.breakdown(state, 0)["total"]
    assert live["0"]["hidden"] == 0
    before = live["0"]["total"]
    state["seats"][0]["fans"] += 3
    assert GAME.view(state, 0)["live_vp"]["0"]["total"] == before + 3


def test_metallums_hidden_distortions_never_move_its_live_score():
    state = game(1, mode="solo")
    met = state["metallum"]
    other = copy.deepcopy(state)
    # a different hand of the same size: the seat's view must not tell them apart
    pool = [c for c in other["dist_deck"] if c not in met["hand"]]
    other["metallum"]["hand"] = pool[: len(met["hand"])] or [pool[0]]
    if len(other["metallum"]["hand"]) != len(met["hand"]):
        met["hand"] = list(other["metallum"]["hand"])
    assert GAME.view(state, 0)["live_vp"] == GAME.view(other, 0)["live_vp"]
    assert GAME.view(state, 0)["live_vp"]["metallum"]["hidden"] == len(met["hand"])


def test_another_seats_hand_is_left_out_of_its_live_score():
    state = game(2)
    state["seats"][1]["hand"] = list(state["dist_deck"][:2])
    live = GAME.view(state, 0)["live_vp"]
    assert live["1"]["hidden"] == 2
    assert live["1"]["total"] == scoring.breakdown(state, 1, hand=False)["total"]
    assert GAME.view(state, 1)["live_vp"]["1"]["total"] == scoring.breakdown(state, 1)["total"]
