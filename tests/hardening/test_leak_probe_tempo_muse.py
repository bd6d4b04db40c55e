"""Tempo Muse leaks nothing: views ignore the rival's hand, the deck and future shuffles."""

from __future__ import annotations

import copy
import random

import pytest
from leak_probe_common import check_http_view, positions, probe_move_events, run_probe
from leak_probe_tempo_muse import (
    CONFIGS,
    public_events,
    scramble_hidden,
    scramble_keeping_hand_totals,
)

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


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_a_movers_events_ignore_what_it_may_not_see(players, options):
    compared = probe_move_events(
        GAME, players, options, range(2), scramble_keeping_hand_totals, public=public_events
    )
    assert compared >= 60


def _lowest_hand(state, rival):
    """``state`` with the rival's hand re-dealt as the lowest cards of the unseen pool."""
    other = copy.deepcopy(state)
    pool = sorted(other["deck"] + other["hands"][rival])
    size = len(other["hands"][rival])
    other["hands"][rival], other["deck"] = pool[:size], pool[size:]
    random.Random(0).shuffle(other["deck"])
    return other


def test_the_mix_step_does_not_reveal_the_rival_hand_total():
    """Whether Mix waits for the rival must not depend on the rival's (hidden) hand total.

    A Mix that skips a seat whose hand total could pay no Offset would leak it;
    every move that leaves Mix waiting on the rival is replayed against a poorer rival hand
    of the same size, and the mover must see no difference.
    """
    checked = 0
    for seed in range(60):
        for _, last in positions(GAME, 2, {}, seed, 600):
            if last is None:
                continue
            mover, _, before, action = last
            rival = 1 - mover
            after, _ = GAME.apply(before, mover, action)
            if after["phase"] != "mix" or after["to_act"] != rival:
                continue
            other = _lowest_hand(before, rival)
            if other["hands"][rival] == before["hands"][rival]:
                continue
            assert GAME.view(other, mover) == GAME.view(before, mover)  # indistinguishable
            after_other, _ = GAME.apply(other, mover, action)
            # the re-dealt deck may change later draws; the flow itself must not change
            flow = ("phase", "to_act", "round")
            assert [after_other[k] for k in flow] == [after[k] for k in flow]
            checked += 1
    assert checked >= 20, f"only {checked} Mix waits were probed"
