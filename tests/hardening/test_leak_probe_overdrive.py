"""Overdrive leaks nothing: every mode and variant, every seat, Metallum's hand, the piles."""

from __future__ import annotations

import pytest
from leak_probe_common import check_http_view, run_probe
from leak_probe_overdrive import CONFIGS, hidden_ids, scramble_hidden

from services.registry import get_game

GAME = get_game("overdrive")


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_views_do_not_depend_on_hidden_cards(players, options):
    tally = run_probe(GAME, players, options, range(1), scramble_hidden, hidden_ids, every=2)
    assert tally.positions >= 20
    assert tally.changed >= 0.9 * tally.checks


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_views_do_not_depend_on_hidden_cards_slow(players, options):
    run_probe(GAME, players, options, range(100, 115), scramble_hidden, hidden_ids)


class _LeakyOverdrive(type(GAME)):
    """The real rules with a view that counts the Distortions of seat 0 by id."""

    def view(self, state, seat, omniscient=False):
        out = super().view(state, seat, omniscient)
        out["seats"][0]["first_card"] = state["seats"][0]["hand"][:1]
        return out


def test_the_probe_catches_a_leaky_view():
    with pytest.raises(AssertionError, match="first_card"):
        run_probe(_LeakyOverdrive(), 2, {}, range(3), scramble_hidden, None, max_steps=60)


def test_http_view_is_the_game_view(client, bearer, store):
    check_http_view(client, bearer, store, "overdrive", 3, {"mode": "coop"})
