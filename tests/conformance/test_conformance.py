"""Every registered game (and a toy one registered here) through the same checks: random
play ends at every seat count, seed + log replays exactly, every listed action is legal as
posted, and views, events, streams and hints leak nothing of another seat."""

from __future__ import annotations

import random

import pytest
from conformance import tictactoe
from conformance_checks import (
    TOY,
    check_outcome,
    open_game_probe,
    probe_module,
    replay,
    under_test,
    walk,
)
from leak_probe_common import check_http_view, check_stream_views, run_probe
from leak_probe_hints import probe_hints

from services.registry import get_game
from solver.registry import HINTS, resolve


def _rules(game_id: str):
    return tictactoe.GAME if game_id == TOY else get_game(game_id)


#: (game, players) for every seat count of every game
SEATINGS = [
    (g, n) for g in under_test() for n in range(_rules(g).min_players, _rules(g).max_players + 1)
]
GAMES = under_test()


@pytest.mark.parametrize(("game_id", "players"), SEATINGS)
def test_random_play_ends_and_every_listed_action_is_legal(registered, game_id, players):
    game = get_game(game_id)
    for seed in (1, 2):
        played = walk(game, players, seed, every_action_each=3)
        check_outcome(game, played.final, players)
        assert played.actions_tried >= played.positions // 3


@pytest.mark.parametrize(("game_id", "players"), SEATINGS)
def test_seed_and_log_replay_exactly(registered, game_id, players):
    game = get_game(game_id)
    played = walk(game, players, seed=3, every_action_each=10**9)
    state, events = replay(game, players, 3, played.moves)
    assert state == played.final
    assert events == [e for _, _, e in played.moves]


@pytest.mark.parametrize(("game_id", "players"), SEATINGS)
def test_views_and_a_movers_events_leak_nothing(registered, game_id, players):
    game = get_game(game_id)
    probe = probe_module(game_id)
    if probe is None:
        assert open_game_probe(game, players, seed=4) >= 3
        return
    tally = run_probe(
        game,
        players,
        {},
        range(4, 5),
        probe.scramble_hidden,
        getattr(probe, "hidden_ids", None),
        every=3,
        event_leaks=getattr(probe, "event_leaks", None),
    )
    assert tally.positions >= 3


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_over_http_takes_every_listed_action_as_posted(
    registered, client, bearer, store, game_id
):
    """Each step posts a random entry of the host's listing as it is; the log then replays
    to the stored state and the final view carries the rules' outcome."""
    game = get_game(game_id)
    players = game.min_players
    r = client.post("/v1/games", json={"game": game_id, "players": players, "seed": 5})
    assert r.status_code == 201, r.get_json()
    created = r.get_json()
    gid, host = created["id"], bearer(created["host_token"])
    rng = random.Random(5)
    for _ in range(2_000):
        listing = client.get(f"/v1/games/{gid}/actions", headers=host).get_json()
        if not listing["actions"]:
            break
        entry = rng.choice(listing["actions"])
        r = client.post(f"/v1/games/{gid}/actions", json=entry, headers=host)
        assert r.status_code == 200, (entry, r.get_json())
    record = store.get(gid)
    assert record.status == "finished"
    log = client.get(f"/v1/games/{gid}/log", headers=host).get_json()["entries"]
    moves = [(e["seat"], e["action"], None) for e in log]
    assert replay(game, players, 5, moves)[0] == record.state
    view = client.get(f"/v1/games/{gid}", headers=host).get_json()
    assert view["status"] == "finished"
    assert view["outcome"] == game.outcome(record.state)


@pytest.mark.parametrize("game_id", GAMES)
def test_http_views_are_the_games_views_and_seats_stay_apart(
    registered, client, bearer, store, game_id
):
    game = get_game(game_id)
    check_http_view(client, bearer, store, game_id, game.min_players, {})


@pytest.mark.parametrize("game_id", GAMES)
def test_each_viewers_stream_shows_its_view_and_its_own_events(registered, http_base, game_id):
    game = get_game(game_id)
    probe = probe_module(game_id)
    hidden = getattr(probe, "hidden_ids", None) if probe else None
    checked = check_stream_views([http_base, http_base], game_id, game.min_players, {}, hidden,
                                 steps=15)  # fmt: skip
    assert checked >= game.min_players + 1


@pytest.mark.slow
@pytest.mark.parametrize("game_id", [g for g in GAMES if g in HINTS])
def test_hints_ignore_what_the_seat_may_not_see(registered, game_id):
    game = get_game(game_id)
    probe = probe_module(game_id)
    assert probe is not None, f"{game_id} has hints and hidden information: it needs a probe"
    game.warm_up()
    compared = probe_hints(
        game, resolve(HINTS[game_id]), game.min_players, {}, range(1), probe.scramble_hidden, 5
    )
    assert compared >= 3
