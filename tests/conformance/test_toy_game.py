"""A game registered by a test alone: it shows in every table derived from the specs, is
served, listed in the lobby, claimed and played over HTTP, and leaves no trace once
unregistered; and the conformance checks fail on games that break the protocol."""

from __future__ import annotations

import random

import pytest
from conformance import tictactoe
from conformance_checks import TOY, open_game_probe, replay, walk

from services.core import RulesError
from services.game_specs import GameSpec, Problem, register, specs, unregister
from services.registry import GAMES, UnknownGame, get_game
from solver.registry import HINTS, PROBLEMS


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_registering_adds_the_game_to_every_derived_table(client):
    assert TOY not in GAMES
    assert client.get(f"/v1/catalog/{TOY}").status_code == 404
    register(tictactoe.SPEC)
    try:
        assert GAMES[TOY] == "conformance.tictactoe:GAME" and get_game(TOY) is tictactoe.GAME
        assert TOY not in HINTS  # no hint: bots play a listed legal action
        entry = client.get(f"/v1/catalog/{TOY}").get_json()
        assert entry["title"] == "Tic-tac-toe" and entry["table"] is None
        listed = {g["game"]: g for g in client.get("/v1/catalog").get_json()["games"]}
        assert listed[TOY] == entry
        assert listed["tour"]["table"] == "tour.js"
    finally:
        unregister(TOY)
    assert TOY not in GAMES
    with pytest.raises(UnknownGame):
        get_game(TOY)
    assert client.post("/v1/games", json={"game": TOY, "players": 2}).status_code == 422


def test_a_registered_games_problems_and_hint_reach_the_solver_tables():
    spec = GameSpec(
        "toy-solved",
        rules="tictactoe:GAME",
        hint="tictactoe:hint_first",
        problems={"toy-solved/best": Problem("tictactoe:validate", "tictactoe:solve")},
    )
    register(spec)
    try:
        assert HINTS["toy-solved"] == "tictactoe:hint_first"
        assert PROBLEMS["toy-solved/best"].solve == "tictactoe:solve"
    finally:
        unregister("toy-solved")
    assert "toy-solved" not in HINTS and "toy-solved/best" not in PROBLEMS


@pytest.mark.parametrize(
    "bad",
    [
        dict(id="Toy", rules="tictactoe:GAME"),
        dict(id="toy", rules="tictactoe.GAME"),
        dict(id="toy", rules="tictactoe:GAME", web_table="../api.js"),
        dict(id="toy", rules="tictactoe:GAME", problems={"other/x": Problem("a:b", "a:c")}),
    ],
)
def test_a_malformed_spec_is_refused(bad):
    with pytest.raises(ValueError):
        GameSpec(**bad)


def test_ids_and_problem_names_stay_unique():
    with pytest.raises(ValueError):
        register(GameSpec("tour", rules="tictactoe:GAME"))
    with pytest.raises(ValueError):
        unregister("beat")
    assert [s.id for s in specs()].count("tour") == 1


def test_the_toy_is_listed_claimed_and_played_to_its_end_over_http(registered, client):
    r = client.post(
        "/v1/games",
        json={"game": TOY, "players": 2, "seed": 9, "open_seats": [1], "listed": True},
    )
    assert r.status_code == 201, r.get_json()
    created = r.get_json()
    gid, tokens = created["id"], created["seat_tokens"]
    assert tokens[1] is None
    lobby = client.get("/v1/games", query_string={"game": TOY, "limit": 100}).get_json()
    assert gid in [g["id"] for g in lobby["games"]]
    claimed = client.post(f"/v1/games/{gid}/seats/1", json={"name": "Oona"})
    assert claimed.status_code == 200, claimed.get_json()
    tokens[1] = claimed.get_json()["token"]
    lobby = client.get("/v1/games", query_string={"game": TOY, "limit": 100}).get_json()
    assert gid not in [g["id"] for g in lobby["games"]]  # no open seat left
    rng = random.Random(9)
    for _ in range(9):
        for seat in (0, 1):
            listing = client.get(f"/v1/games/{gid}/actions", headers=auth(tokens[seat]))
            actions = listing.get_json()["actions"]
            if actions:
                entry = rng.choice(actions)
                assert entry["seat"] == seat
                r = client.post(f"/v1/games/{gid}/actions", json=entry, headers=auth(tokens[seat]))
                assert r.status_code == 200, r.get_json()
                other = client.post(
                    f"/v1/games/{gid}/actions", json=entry, headers=auth(tokens[1 - seat])
                )
                assert other.status_code in (403, 422), other.get_json()
    view = client.get(f"/v1/games/{gid}", headers=auth(tokens[0])).get_json()
    assert view["status"] == "finished"
    assert view["outcome"]["winners"]
    assert len([c for c in view["board"] if c]) >= 5


class _Endless(tictactoe.TicTacToe):
    """Never ends: a full board is wiped."""

    def outcome(self, state):
        return None

    def legal_actions(self, state, seat):
        if seat != state["to_act"]:
            return []
        free = [i for i, c in enumerate(state["board"]) if c is None]
        return [{"type": "mark", "cell": i} for i in free] or [{"type": "mark", "cell": 0}]

    def apply(self, state, seat, action):
        if all(c is not None for c in state["board"]):
            state = {**state, "board": [None] * 9}
        return super().apply(state, seat, action)


class _ListsTakenCells(tictactoe.TicTacToe):
    def legal_actions(self, state, seat):
        listed = super().legal_actions(state, seat)
        return (
            listed + [{"type": "mark", "cell": state["board"].index(seat)}]
            if (listed and seat in state["board"])
            else listed
        )


class _Mutates(tictactoe.TicTacToe):
    def apply(self, state, seat, action):
        new, events = super().apply(state, seat, action)
        state["board"][:] = new["board"]
        return new, events


class _Unseeded(tictactoe.TicTacToe):
    """The opening seat from a source the seed does not fix."""

    def apply(self, state, seat, action):
        new, events = super().apply(state, seat, action)
        return new, [*events, {"type": "noise", "n": random.random()}]


class _ShowsOwnMark(tictactoe.TicTacToe):
    def view(self, state, seat, omniscient=False):
        return {**super().view(state, seat, omniscient), "you": seat}


class _ShowsSeed(tictactoe.TicTacToe):
    def view(self, state, seat, omniscient=False):
        return {**super().view(state, seat, omniscient), "seed": state["rng"]["seed"]}


def test_the_checks_catch_a_game_that_never_ends(monkeypatch):
    import conformance_checks as conformance

    monkeypatch.setattr(conformance, "MAX_MOVES", 200)
    with pytest.raises(AssertionError, match="did not end"):
        walk(_Endless(), 2, 1)


def test_the_checks_catch_a_listed_action_the_rules_refuse():
    with pytest.raises(AssertionError, match="refused: cell_taken"):
        walk(_ListsTakenCells(), 2, 1)


def test_the_checks_catch_apply_changing_its_input():
    with pytest.raises(AssertionError, match="changed the state"):
        walk(_Mutates(), 2, 1)


def test_the_checks_catch_a_replay_that_differs():
    game = _Unseeded()
    played = walk(game, 2, 1)
    assert replay(game, 2, 1, played.moves)[1] != [e for _, _, e in played.moves]


@pytest.mark.parametrize("leaky", [_ShowsOwnMark(), _ShowsSeed()], ids=["by-seat", "seed"])
def test_the_checks_catch_a_view_that_tells_viewers_apart_or_shows_the_seed(leaky):
    with pytest.raises(AssertionError, match="views differ by seat|shows the seed"):
        open_game_probe(leaky, 2, seed=1)


def test_the_toy_refuses_what_its_rules_forbid():
    state = tictactoe.GAME.new(2, {}, 1)
    other = 1 - state["to_act"]
    with pytest.raises(RulesError, match="turn"):
        tictactoe.GAME.apply(state, other, {"type": "mark", "cell": 0})
    with pytest.raises(RulesError):
        tictactoe.GAME.new(2, {"size": 4}, 1)
