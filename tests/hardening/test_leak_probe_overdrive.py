"""Overdrive leaks nothing: every mode and variant, every seat, Metallum's hand, the piles."""

from __future__ import annotations

import copy

import pytest
from leak_probe_common import check_http_view, positions, probe_move_events, run_probe
from leak_probe_overdrive import (
    CONFIGS,
    hidden_ids,
    is_protection,
    scramble_hidden,
    scramble_keeping_protection,
)

from services.overdrive.battle import protect_sources
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


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_a_movers_events_ignore_what_it_may_not_see(players, options):
    # who holds a protection Distortion leaks through the battle flow (xfail below):
    # keep that fixed here so that everything else is still probed
    compared = probe_move_events(GAME, players, options, range(1), scramble_keeping_protection)
    assert compared >= 30


def _battle_waits_on_a_hidden_card():
    """A move after which the battle waits for another seat only because of its hand.

    Returns (state before, mover, action, waiting seat).  Raises LookupError when random
    play finds none, so a missing scenario is an error, never an expected failure.
    """
    for seed in range(40):
        for _, last in positions(GAME, 2, {"mode": "competitive"}, seed, 600):
            if last is None:
                continue
            mover, _, before, action = last
            after, _ = GAME.apply(before, mover, action)
            b = after["battle"]
            if not b or b["step"] != "shield" or before["battle"] is not None:
                continue
            waiting = b["order"][b["pos"]]
            if (
                waiting != mover
                and protect_sources(after, waiting) != []
                and all(s != "shield" for s in protect_sources(after, waiting))
            ):
                return before, mover, action, waiting
    raise LookupError("no battle in random play waited on a protection Distortion")


@pytest.mark.xfail(
    strict=True,
    raises=AssertionError,
    reason="the battle's protect step skips seats without a protection Distortion in hand, "
    "so to_act/battle.step/pos in every view show whether a rival holds one",
)
def test_the_protect_step_does_not_reveal_who_holds_a_protection_card():
    before, mover, action, waiting = _battle_waits_on_a_hidden_card()
    # the counterfactual: the waiting seat holds the same number of cards, none a protection
    other = copy.deepcopy(before)
    hand = other["seats"][waiting]["hand"]
    spare = [c for c in other["dist_deck"] if not is_protection(c)]
    for i, card in enumerate(hand):
        if is_protection(card):
            swap = spare.pop()
            other["dist_deck"][other["dist_deck"].index(swap)] = card
            hand[i] = swap
    assert GAME.view(other, mover) == GAME.view(before, mover)  # the mover cannot tell them apart
    after, _ = GAME.apply(before, mover, action)
    after_other, _ = GAME.apply(other, mover, action)
    assert GAME.view(after_other, mover) == GAME.view(after, mover)
