"""Composition leaks nothing: deck orders, face-down Crescendos, words before the reveal."""

from __future__ import annotations

import pytest
from leak_probe_common import check_http_view, run_probe
from leak_probe_composition import CONFIGS, hidden_ids, scramble_hidden

from services.registry import get_game

GAME = get_game("composition")


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_views_do_not_depend_on_hidden_cards(players, options):
    tally = run_probe(GAME, players, options, range(2), scramble_hidden, hidden_ids)
    assert tally.positions >= 25
    assert tally.changed >= 0.9 * tally.checks


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_views_do_not_depend_on_hidden_cards_slow(players, options):
    # 25 games per configuration: thousands of positions over the configurations
    tally = run_probe(GAME, players, options, range(100, 125), scramble_hidden, hidden_ids)
    assert tally.changed >= 0.9 * tally.checks


class _LeakyComposition(type(GAME)):
    """The real rules with a view that shows the first face-down Crescendo."""

    def view(self, state, seat, omniscient=False):
        out = super().view(state, seat, omniscient)
        slots = state["composition"]["crescendos"]
        out["peek"] = slots[0]["card"] if slots else None
        return out


def test_the_probe_catches_a_leaky_view():
    with pytest.raises(AssertionError, match="peek"):
        run_probe(_LeakyComposition(), 2, {}, range(1), scramble_hidden, None, max_steps=5)


def test_http_view_is_the_game_view(client, bearer, store):
    check_http_view(client, bearer, store, "composition", 3, {"max_rounds": 2})
