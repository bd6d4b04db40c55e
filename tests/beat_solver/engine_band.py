"""The blueprint band played through the engine: every seat posts the blueprint's move
for its own view, as the live hint's rollouts assume (shared by the tests that hold the
fast replay and the belief to the engine)."""

from __future__ import annotations

from services.beat import GAME
from solver.beat import live


def engine_blueprint_band(state: dict) -> dict:
    """The engine state at the end (or after 500 turns) of the blueprint band's play."""
    for _ in range(500):
        if state["status"] != "running":
            break
        if state["phase"] == "encore":
            seat = state["pending_encores"][0]["seat"]
            take = live.encore_take(GAME.view(state, seat), seat)
            state, _ = GAME.apply(state, seat, {"type": "encore", "take": take})
            continue
        seat = next(
            s
            for s in live.band_order(state["players"], state["lead"])
            if GAME.legal_actions(state, s)
        )
        for action in live.blueprint_turn(GAME.view(state, seat), seat):
            if state["status"] != "running":
                break
            state, _ = GAME.apply(state, seat, action)
    return state
