"""Tempo Muse leaks nothing: views ignore the rival's hand, the deck and future shuffles."""

from __future__ import annotations

import pytest
from leak_probe_common import check_http_view, run_probe
from leak_probe_tempo_muse import CONFIGS, scramble_hidden

from services.registry import get_game

GAME = get_game("tempo-muse")


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_views_do_not_depend_on_hidden_cards(players, options):
    tally = run_probe(GAME, players, options, range(3), scramble_hidden, None)
    assert tally.positions >= 75
    # a sorted hand with an empty deck can leave nothing to re-deal; that is rare
    assert tally.changed >= 0.9 * tally.checks


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_views_do_not_depend_on_hidden_cards_slow(players, options):
    run_probe(GAME, players, options, range(100, 140), scramble_hidden, None, max_steps=2000)


class _LeakyTempoMuse(type(GAME)):
    """The real rules with a view that tells everyone the top card of the deck."""

    def view(self, state, seat, omniscient=False):
        return {**super().view(state, seat, omniscient), "top": state["deck"][-1:]}


def test_the_probe_catches_a_leaky_view():
    with pytest.raises(AssertionError, match="top"):
        run_probe(_LeakyTempoMuse(), 2, {}, range(1), scramble_hidden, None, max_steps=5)


def test_http_view_is_the_game_view(client, bearer, store):
    check_http_view(client, bearer, store, "tempo-muse", 2, {"round_limit": 5})
