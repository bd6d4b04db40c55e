"""Every game's hint for a seat ignores what that seat may not see."""

from __future__ import annotations

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


@pytest.mark.parametrize(
    "venue",
    [
        "garage",
        "burning_star",
        pytest.param("warken", marks=pytest.mark.slow),
        pytest.param("black_hole", marks=pytest.mark.slow),
    ],
)
def test_beat_live_hints_sample_from_the_view_only(venue):
    # The live search is time-boxed, so its answer varies with machine load; a clock
    # that never moves and a fixed sample count make it a function of what it reads.
    # Each sampled deal is played out in full, so any hidden fact that reached the
    # sampler would change some estimate.
    game = get_game("beat")

    def hint(state, seat, budget_s):
        return beat_hints.live_hint(state, seat, 60.0, max_samples=4, clock=lambda: 0.0)

    compared = probe_hints(
        game, hint, 3, {"venue": venue}, range(1), leak_probe_beat.scramble_hidden, every=5
    )
    assert compared >= 5
