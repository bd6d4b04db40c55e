"""The Beat leaks nothing in live mode: all 26 venues, 2-4 seats, every viewer."""

from __future__ import annotations

import pytest
from leak_probe_beat import VENUES, event_leaks, hidden_ids, scramble_hidden
from leak_probe_common import check_http_view, run_probe

from services.registry import get_game

GAME = get_game("beat")


def test_every_venue_is_probed():
    assert len(VENUES) == 26


@pytest.mark.parametrize("venue", VENUES)
def test_live_views_do_not_depend_on_hidden_cards(venue):
    players = 2 + VENUES.index(venue) % 3
    tally = run_probe(
        GAME,
        players,
        {"venue": venue},
        range(1),
        scramble_hidden,
        hidden_ids,
        every=3,
        event_leaks=event_leaks,
    )
    assert tally.changed == tally.checks  # decks alone always have an order to hide
    assert tally.hidden_ids > 0


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("venue", VENUES)
def test_live_views_do_not_depend_on_hidden_cards_slow(venue, players):
    run_probe(
        GAME,
        players,
        {"venue": venue},
        range(10, 14),
        scramble_hidden,
        hidden_ids,
        event_leaks=event_leaks,
    )


@pytest.mark.slow
def test_live_tour_views_do_not_depend_on_hidden_cards():
    tally = run_probe(
        GAME,
        3,
        {"tour": True},
        range(3),
        scramble_hidden,
        hidden_ids,
        max_steps=2000,
        event_leaks=event_leaks,
    )
    assert tally.positions >= 500


def test_http_view_is_the_game_view(client, bearer, store):
    check_http_view(client, bearer, store, "beat", 3, {"venue": "burning_star"})


class _LeakyBeat(type(GAME)):
    """The real rules with a view that shows seat 0's draw pile order to everyone."""

    def view(self, state, seat, omniscient=False):
        out = super().view(state, seat, omniscient)
        out["seats"][0]["peek"] = state["seats"][0]["draw"][:1]
        return out


@pytest.mark.parametrize("probe", ["counterfactual", "content"])
def test_the_probe_catches_a_leaky_view(probe):
    scramble = scramble_hidden if probe == "counterfactual" else (lambda s, v, r: s)
    hidden = hidden_ids if probe == "content" else None
    with pytest.raises(AssertionError, match="peek" if probe == "counterfactual" else "hidden ids"):
        run_probe(_LeakyBeat(), 2, {"venue": "garage"}, range(1), scramble, hidden, max_steps=5)


class _ChattyBeat(type(GAME)):
    """The real rules whose events tell the mover the top of the next seat's draw pile."""

    def apply(self, state, seat, action):
        new, events = super().apply(state, seat, action)
        nxt = new["seats"][(seat + 1) % new["players"]]["draw"][:1]
        return new, [*events, {"type": "gossip", "cards": nxt}]


def test_the_probe_catches_leaky_events():
    with pytest.raises(AssertionError, match="events name hidden ids"):
        run_probe(
            _ChattyBeat(),
            2,
            {"venue": "garage"},
            range(1),
            scramble_hidden,
            hidden_ids,
            event_leaks=event_leaks,
        )
