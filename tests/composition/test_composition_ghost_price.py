"""The Ghost Note's price in a seat's view is what taking it charges that seat."""

from __future__ import annotations

import pytest

from services.registry import get_game

GAME = get_game("composition")


@pytest.mark.parametrize("players,seed", [(1, 7), (2, 7), (3, 11)])
def test_the_viewed_ghost_price_is_the_price_taken(players, seed):
    state = GAME.new(players, {}, seed)
    checked = 0
    for _ in range(120):
        if GAME.outcome(state):
            break
        for seat in GAME.seats_to_act(state):
            take = {"type": "take", "card": "ghost"}
            if take in GAME.legal_actions(state, seat):
                shown = GAME.view(state, seat)["composition"]["ghost"]["cost"]
                _, events = GAME.apply(state, seat, take)
                charged = next(e["cost"] for e in events if e.get("card") == "ghost")
                assert shown == charged
                checked += 1
        seat = GAME.seats_to_act(state)[0]
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert checked
