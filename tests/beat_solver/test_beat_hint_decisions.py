"""The deviation-rule benchmark judges the pick the live hint itself makes."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import beat_hint_decisions as HD  # noqa: E402

from services.beat import GAME  # noqa: E402
from solver.beat import live  # noqa: E402

SAMPLES = 6


@pytest.mark.parametrize(("venue", "players", "seed"), [("garage", 3, 0), ("twin_moon", 4, 0)])
def test_each_record_is_the_hint_at_that_decision_with_every_candidate_played_for_real(
    venue, players, seed
):
    records = HD.deal_decisions(venue, players, seed, 0.0, SAMPLES)
    assert records, "these deals have decisions whose candidates end differently"
    walk = HD.band_walk(venue, players, seed)
    for r in records:
        assert len(set(r["real"])) == 2  # only decisions where a rule can gain or lose
        state, seat = next((st, j) for t, st, j in walk if t == r["turn"])
        cands = live.candidates(state, GAME.view(state, seat), seat)
        assert len(cands) == len(r["real"]) == len(r["wins"])
        assert r["real"] == [live.rollout_won(c, state, seat) for c in cands]
        hint = live.live_hint(state, seat, 1e9, max_samples=SAMPLES)
        assert [e["wins"] for e in hint["estimates"]] == r["wins"]
        # the shipped rule applied to the record is the hint's own pick
        pick = live._pick(r["beats"], r["loses"])
        assert [a["action"] for a in hint["actions"]] == cands[pick].actions
