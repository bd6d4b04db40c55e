"""A toy game for the conformance suite: tic-tac-toe, registered by tests alone.

It is a whole game by the platform's protocol (``services.core.Game``): the seed picks
who opens, every fact is public, and a full board without a line is a draw that both
seats share.  Nothing outside this folder names it.
"""

from __future__ import annotations

from typing import Any

from services.core import Game, RulesError, draw_rng, new_rng_state
from services.game_specs import GameSpec

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
MARKS = ("X", "O")


class TicTacToe(Game):
    name = "tic-tac-toe"
    title = "Tic-tac-toe"
    min_players = 2
    max_players = 2
    options_schema: dict[str, Any] = {"type": "object", "properties": {}}

    def new(self, players: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
        if players != 2:
            raise RulesError("invalid_players", "tic-tac-toe seats two players")
        if options:
            raise RulesError("invalid_options", f"tic-tac-toe takes no options: {sorted(options)}")
        state: dict[str, Any] = {"players": 2, "board": [None] * 9, "rng": new_rng_state(seed)}
        state["first"] = draw_rng(state).randrange(2)
        state["to_act"] = state["first"]
        return state

    def _line(self, board: list[int | None]) -> int | None:
        for a, b, c in LINES:
            if board[a] is not None and board[a] == board[b] == board[c]:
                return board[a]
        return None

    def outcome(self, state: dict[str, Any]) -> dict[str, Any] | None:
        board = state["board"]
        winner = self._line(board)
        if winner is None and any(cell is None for cell in board):
            return None
        winners = [0, 1] if winner is None else [winner]
        return {"winners": winners, "scores": {str(s): int(s in winners) for s in (0, 1)}}

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        if self.outcome(state) is not None or seat != state["to_act"]:
            return []
        return [
            {"type": "mark", "cell": i} for i, cell in enumerate(state["board"]) if cell is None
        ]

    def apply(
        self, state: dict[str, Any], seat: int, action: dict[str, Any]
    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        if self.outcome(state) is not None:
            raise RulesError("game_over", "the game has ended")
        if seat != state["to_act"]:
            raise RulesError("not_your_turn", f"it is seat {state['to_act']}'s turn")
        if (
            not isinstance(action, dict)
            or action.get("type") != "mark"
            or set(action)
            != {
                "type",
                "cell",
            }
        ):
            raise RulesError("bad_action", 'an action is {"type": "mark", "cell": 0-8}')
        cell = action["cell"]
        if not isinstance(cell, int) or isinstance(cell, bool) or not 0 <= cell < 9:
            raise RulesError("bad_cell", "cells are numbered 0 to 8")
        if state["board"][cell] is not None:
            raise RulesError("cell_taken", f"cell {cell} is marked already")
        new = self.copy_state(state)
        new["board"][cell] = seat
        new["to_act"] = 1 - seat
        events: list[dict[str, Any]] = [{"type": "mark", "seat": seat, "cell": cell}]
        result = self.outcome(new)
        if result is not None:
            events.append({"type": "game_over", "outcome": result})
        return new, events

    def view(
        self, state: dict[str, Any], seat: int | None, omniscient: bool = False
    ) -> dict[str, Any]:
        board = [None if c is None else MARKS[c] for c in state["board"]]
        return {
            "board": board,
            "marks": {str(s): MARKS[s] for s in (0, 1)},
            "to_act": None if self.outcome(state) is not None else state["to_act"],
            "status": "finished" if self.outcome(state) is not None else "running",
            "outcome": self.outcome(state),
        }


GAME = TicTacToe()

#: no hint, no solver problem, no table of its own: the page's generic table draws it
SPEC = GameSpec("tic-tac-toe", rules="conformance.tictactoe:GAME")
