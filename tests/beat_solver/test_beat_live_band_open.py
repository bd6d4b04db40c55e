"""The live band benchmark's ``open`` reference: its samples are the real deal with only
the unknown future reshuffled, and its turns are legal."""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

import pytest
from live_positions import random_position

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import beat_live_band as BB  # noqa: E402

from services.beat import GAME  # noqa: E402


@pytest.mark.parametrize(
    ("venue", "players"), [("garage", 2), ("red_rocks", 3), ("roswell", 4), ("warken", 4)]
)
def test_an_open_deal_keeps_every_hand_and_shows_each_seat_its_view(venue, players):
    rng = random.Random(7)
    for seed, steps in ((0, 0), (1, 5), (2, 11)):
        state = random_position(venue, players, seed, steps)
        if state["status"] != "running":
            continue
        for seat in range(players):
            view = GAME.view(state, seat)
            deal = BB.open_deal(state, view, rng)
            assert GAME.view(deal, seat) == view
            for real, got in zip(state["seats"], deal["seats"], strict=True):
                assert got["hand"] == real["hand"] and got["played"] == real["played"]
                assert Counter(got["draw"]) == Counter(real["draw"])
            for deck in ("song_deck", "encore_deck", "event_deck"):
                assert Counter(deal[deck]) == Counter(state[deck])


def test_the_open_reference_reshuffles_what_no_seat_knows():
    state = GAME.new(4, {"venue": "red_rocks"}, 3)
    view = GAME.view(state, 0)
    deals = [BB.open_deal(state, view, random.Random(i)) for i in range(20)]
    assert len({tuple(d["seats"][1]["draw"]) for d in deals}) > 1
    assert len({tuple(d["encore_deck"]) for d in deals}) > 1
    assert state["seats"][1]["draw"] == GAME.new(4, {"venue": "red_rocks"}, 3)["seats"][1]["draw"]


def test_the_open_band_plays_legal_turns_to_the_end():
    got = BB.play_deal("roswell", 3, 2, "open", 4)
    assert got["decisions"] > 0 and got["crashes"] == 0
    assert 0 <= got["deviations"] <= got["decisions"]


def test_the_open_band_is_the_hint_with_the_real_deal_as_its_sample(monkeypatch):
    seen: list = []
    real = BB.live.live_hint

    def spy(state, seat, budget_s, max_samples=10_000, clock=None, draw=None):
        seen.append((state, draw))
        return real(state, seat, budget_s, max_samples=1, clock=clock, draw=draw)

    monkeypatch.setattr(BB.live, "live_hint", spy)
    BB.play_deal("garage", 2, 0, "open", 0, budget_s=0.01, cpu_clock=True)
    assert seen and all(draw is not None for _, draw in seen)
    state, draw = seen[-1]
    view = GAME.view(state, 0)
    deal = draw(view, random.Random(1))
    assert [s["hand"] for s in deal["seats"]] == [s["hand"] for s in state["seats"]]
    seen.clear()
    BB.play_deal("garage", 2, 0, "hint", 0, budget_s=0.01, cpu_clock=True)
    assert seen and all(draw is None for _, draw in seen)
