"""Tour leaks nothing: views ignore the seed, the API adds nothing hidden."""

from __future__ import annotations

import pytest
from leak_probe_common import check_http_view, run_probe
from leak_probe_tour import CONFIGS, hidden_ids, scramble_hidden

from services.registry import get_game

GAME = get_game("tour")


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_views_do_not_depend_on_the_seed(players, options):
    tally = run_probe(GAME, players, options, range(2), scramble_hidden, hidden_ids, every=3)
    assert tally.positions >= 40


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_views_do_not_depend_on_the_seed_slow(players, options):
    run_probe(GAME, players, options, range(100, 130), scramble_hidden, hidden_ids)


def test_http_view_is_the_game_view(client, bearer, store):
    check_http_view(client, bearer, store, "tour", 2, {"mode": "versus"})
