"""Overdrive's actions: who acts now, the legal actions and forms of that seat, and applying
one.  An allocation turn and a Battle of Bands each hold their own vocabulary (allocation.py,
battle.py); this module picks the one the phase calls for."""

from __future__ import annotations

from typing import Any

from services.core import RulesError
from services.core.codec import copy_json
from services.overdrive import allocation, battle, flow

State = dict[str, Any]
Action = dict[str, Any]


def seats_to_act(state: State) -> list[int]:
    """One seat at a time: the seat whose turn it is, none once the game is over."""
    seat = flow.current_seat(state)
    return [] if seat is None else [seat]


def legal(state: State, seat: int) -> list[Action]:
    """Every listed action of ``seat`` (none when it is not its turn)."""
    if flow.current_seat(state) != seat:
        return []
    if state["phase"] == "battle":
        return battle.legal(state, seat)
    return allocation.legal(state, seat)


def forms(state: State, seat: int) -> list[dict[str, Any]]:
    """Set-faces Distortions (dice and faces to choose), in an allocation or a battle turn.

    Listings name one action per choice up to interchangeable dice (see allocation)."""
    if flow.current_seat(state) != seat:
        return []
    if state["phase"] == "battle":
        return battle.forms(state, seat)
    return allocation.forms(state, seat)


def apply(state: State, seat: int, action: Action) -> tuple[State, list[dict[str, Any]]]:
    """A copy of ``state`` after ``seat`` plays ``action``, and its events; RulesError (never
    another exception) when the action is illegal or malformed."""
    if state["phase"] == "finished":
        raise RulesError("game_over", "the game has ended")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise RulesError("bad_action", "an action is a dict with a 'type'")
    if flow.current_seat(state) != seat:
        raise RulesError("not_your_turn", f"seat {seat} cannot act now")
    new = copy_json(state)
    events: list[dict[str, Any]] = []
    try:
        if new["phase"] == "battle":
            battle.act(new, seat, action, events)
        else:
            allocation.act(new, seat, action, events)
    except RulesError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise RulesError("bad_action", f"malformed action: {exc!r}") from None
    return new, events
