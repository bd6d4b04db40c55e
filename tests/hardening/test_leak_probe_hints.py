"""Every game's hint for a seat ignores what that seat may not see."""

from __future__ import annotations

import hashlib
import json

import leak_probe_beat
import leak_probe_composition
import leak_probe_overdrive
import leak_probe_tempo_muse
import leak_probe_tour
import pytest
from leak_probe_hints import hint_function, probe_hints

import solver.beat.hints as beat_hints
from services.registry import get_game

#: game -> (scramble module, (players, options), probe every n-th position)
CASES = {
    "tour": (leak_probe_tour, (2, {"mode": "versus"}), 9),
    "tempo-muse": (leak_probe_tempo_muse, (2, {"round_limit": 8}), 4),
    "overdrive": (leak_probe_overdrive, (3, {"mode": "competitive"}), 12),
    "composition": (leak_probe_composition, (2, {"max_rounds": 2}), 6),
}


def _probe(name: str, seeds: range, every: int | None = None) -> int:
    module, (players, options), default_every = CASES[name]
    game = get_game(name)
    game.warm_up()  # a cold word list would eat the first hint's budget
    return probe_hints(
        game,
        hint_function(name),
        players,
        options,
        seeds,
        module.scramble_hidden,
        every or default_every,
    )


#: solver-backed hints cost seconds each: the default suite probes the quick ones
QUICK = ["tempo-muse", "tour"]


@pytest.mark.parametrize("name", QUICK)
def test_hints_ignore_hidden_information(name):
    assert _probe(name, range(1)) >= 5


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(CASES))
def test_hints_ignore_hidden_information_slow(name):
    assert _probe(name, range(1, 4), every=3) >= 10


def _hashed_rollout(state, budget):
    """A time-free stand-in for the search: a verdict that changes with any detail."""
    digest = hashlib.sha256(json.dumps(state, sort_keys=True).encode()).digest()
    return ("feasible", "infeasible", "unknown")[digest[0] % 3]


@pytest.mark.parametrize(
    "venue",
    [
        "garage",
        "burning_star",
        pytest.param("warken", marks=pytest.mark.slow),
        pytest.param("black_hole", marks=pytest.mark.slow),
    ],
)
def test_beat_live_hints_sample_from_the_view_only(venue, monkeypatch):
    # The live hint's search is time-boxed, so its verdicts vary with machine load;
    # the hashed stand-in keeps everything the hint reads and makes it deterministic.
    # Each sampled deal's rollout still sees the whole sampled state, so any hidden
    # fact that reached the sampler would change some verdict.
    monkeypatch.setattr(beat_hints, "_rollout", _hashed_rollout)
    game = get_game("beat")

    def hint(state, seat, budget_s):
        return beat_hints.live_hint(state, seat, 60.0, max_samples=4, per_solve_s=0.01)

    compared = probe_hints(
        game, hint, 3, {"venue": venue}, range(1), leak_probe_beat.scramble_hidden, every=5
    )
    assert compared >= 5
