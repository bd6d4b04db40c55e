"""Shared machinery of the leak probes: random legal play, the two probes, tallies.

Every game module supplies ``scramble_hidden(state, viewer, rng)`` (a counterfactual
state that differs only in what ``viewer`` may not see) and ``hidden_ids(state, viewer)``
(unique string ids the viewer must never find in its view).  The probes here are
game-agnostic so that each game's module stays about its own hidden information.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from services.core import Game

State = dict[str, Any]
Scramble = Callable[[State, "int | None", random.Random], State]
HiddenIds = Callable[[State, "int | None"], set[str]]
#: (seat, events, state before, action): the move that led to a position
Move = tuple[int, list[dict[str, Any]], State, dict[str, Any]]
#: (move, state after it) -> hidden ids the move's events name
EventLeaks = Callable[[Move, State], set[str]]

#: keys the API adds around a game's own view (api/games/views.py)
ENVELOPE_KEYS = {"game", "id", "version", "status", "outcome", "seat", "seating", "rematch"}
#: what a view shows of each seat (services.play.seating.public_view): the same for every viewer
SEATING_KEYS = {"seat", "name", "kind", "open", "invited", "joined"}


@dataclass
class Tally:
    """How much the probes actually exercised (so a vacuous run fails loudly)."""

    positions: int = 0
    checks: int = 0
    changed: int = 0
    hidden_ids: int = 0
    by_viewer: dict[str, int] = field(default_factory=dict)


def ids_in(obj: Any) -> set[str]:
    """Every string anywhere in a JSON value (keys included)."""
    out: set[str] = set()
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            out.update(k for k in x if isinstance(k, str))
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
        elif isinstance(x, str):
            out.add(x)
    return out


def reseed(state: State, rng: random.Random) -> None:
    """Future randomness is hidden from everyone: give the state another seed."""
    old = state["rng"]["seed"]
    new = old
    while new == old:
        new = rng.randrange(1, 2**31)
    state["rng"]["seed"] = new


def positions(
    game: Game,
    players: int,
    options: dict[str, Any],
    seed: int,
    max_steps: int,
    every: int = 1,
) -> Iterator[tuple[State, Move | None]]:
    """States of one random legal game (every ``every``-th step, and the last).

    Each comes with ``(seat, events, state before, action)`` of the move that led to
    it: the API returns those events to that seat, so they must not name what the
    seat may not see.
    """
    rng = random.Random(f"walk:{seed}")
    state = game.new(players, options, seed)
    last = None
    for step in range(max_steps):
        if step % every == 0:
            yield state, last
        movers = game.seats_to_act(state)
        choices = [(s, a) for s in movers for a in game.legal_actions(state, s)]
        if not choices:
            break
        seat, action = rng.choice(choices)
        before = state
        state, events = game.apply(state, seat, action)
        last = (seat, events, before, action)
    yield state, last


def probe_position(
    game: Game,
    state: State,
    scramble: Scramble,
    hidden: HiddenIds | None,
    rng: random.Random,
    tally: Tally,
    scrambles: int = 1,
    last: Move | None = None,
    event_leaks: EventLeaks | None = None,
) -> None:
    """Both probes for every viewer (each seat and the spectator) of one position.

    A seat also reads its action listing (``GET .../actions``): that must not change
    in a counterfactual either.
    """
    tally.positions += 1
    frozen = json.dumps(state, sort_keys=True)
    for viewer in [None, *range(game.players(state))]:
        seen = game.view(state, viewer)
        for _ in range(scrambles):
            other = scramble(state, viewer, rng)
            assert json.dumps(state, sort_keys=True) == frozen, "scramble mutated its input"
            if _hidden_part_changed(state, other):
                tally.changed += 1
            tally.checks += 1
            key = "spectator" if viewer is None else f"seat {viewer}"
            tally.by_viewer[key] = tally.by_viewer.get(key, 0) + 1
            assert game.view(other, viewer) == seen, _diff(seen, game.view(other, viewer), viewer)
            if viewer is not None:
                assert listing(game, other, viewer) == listing(game, state, viewer), (
                    f"seat {viewer}'s action listing depends on what it may not see"
                )
        if hidden is not None:
            secret = hidden(state, viewer)
            tally.hidden_ids += len(secret)
            leaked = ids_in(seen) & secret
            assert not leaked, f"viewer {viewer} sees hidden ids {sorted(leaked)}"
    if hidden is not None and last is not None:
        seat, events, _, _ = last
        if event_leaks is not None:
            leaked = event_leaks(last, state)
        else:
            leaked = ids_in(events) & hidden(state, seat)
        assert not leaked, f"seat {seat}'s action events name hidden ids {sorted(leaked)}"


def listing(game: Game, state: State, seat: int) -> dict[str, Any]:
    """What ``GET /v1/games/{id}/actions`` gives ``seat`` (api/games/resources.py)."""
    if game.outcome(state) is not None or seat not in game.seats_to_act(state):
        return {"actions": [], "forms": []}
    return {
        "actions": game.legal_actions(state, seat),
        "forms": game.action_forms(state, seat),
    }


def _hidden_part_changed(state: State, other: State) -> bool:
    """True when the counterfactual differs beyond the RNG seed."""
    a = {k: v for k, v in state.items() if k != "rng"}
    b = {k: v for k, v in other.items() if k != "rng"}
    return a != b


def _diff(a: Any, b: Any, viewer: int | None, path: str = "view") -> str:
    """The first path where two views differ, for a readable failure."""
    if type(a) is not type(b):
        return f"viewer {viewer}: {path} differs: {a!r} vs {b!r}"
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b), key=str):
            if a.get(k, "<missing>") != b.get(k, "<missing>"):
                return _diff(a.get(k, "<missing>"), b.get(k, "<missing>"), viewer, f"{path}.{k}")
    if isinstance(a, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _diff(x, y, viewer, f"{path}[{i}]")
    return f"viewer {viewer}: {path} differs: {a!r} vs {b!r}"


def permute(pool: list[Any], rng: random.Random) -> list[Any]:
    """A shuffled copy that differs from ``pool`` whenever that is possible."""
    out = list(pool)
    if len(set(map(repr, pool))) < 2:
        return out
    while out == pool:
        rng.shuffle(out)
    return out


def check_http_view(client, bearer, store, game_name: str, players: int, options: dict) -> None:
    """Every seat's and the spectator's HTTP view is the game's view plus the envelope."""
    from services.registry import get_game

    game = get_game(game_name)
    r = client.post(
        "/v1/games", json={"game": game_name, "players": players, "seed": 7, "options": options}
    )
    assert r.status_code == 201, r.get_json()
    created = r.get_json()
    gid, tokens, host = created["id"], created["seat_tokens"], created["host_token"]
    # the creation response shows the host the public view of a live game
    first = game.view(store.get(gid).state, None)
    assert _body(created["view"]) == _body(first)
    _check_access(client, bearer, gid, tokens)
    rng = random.Random(3)
    for _ in range(12):
        record = store.get(gid)
        state = record.state
        callers: list[tuple[int | None, dict[str, str]]] = [(None, {})]
        callers += [(seat, bearer(t)) for seat, t in enumerate(tokens)]
        callers.append((None, bearer(host)))  # the host of a live game sees the public view
        for seat, headers in callers:
            got = client.get(f"/v1/games/{gid}", headers=headers).get_json()
            want = game.view(state, seat)
            assert got["seat"] == seat
            assert got["version"] == record.version
            assert got["outcome"] == game.outcome(state)
            assert _body(got) == _body(want)
            assert all(set(entry) == SEATING_KEYS for entry in got["seating"])
            # an envelope key the game also sets must agree with the game
            for k in ENVELOPE_KEYS & set(want) - {"status"}:
                assert got[k] == want[k], k
        movers = game.seats_to_act(state)
        choices = [(s, a) for s in movers for a in game.legal_actions(state, s)]
        if not choices:
            break
        seat, action = rng.choice(choices)
        url = f"/v1/games/{gid}/actions"
        r = client.post(url, json={"action": action}, headers=bearer(tokens[seat]))
        assert r.status_code == 200, r.get_json()


def run_probe(
    game: Game,
    players: int,
    options: dict[str, Any],
    seeds: range,
    scramble: Scramble,
    hidden: HiddenIds | None,
    max_steps: int = 400,
    every: int = 1,
    scrambles: int = 1,
    event_leaks: EventLeaks | None = None,
) -> Tally:
    """Probe every viewer at the positions of random legal games from ``seeds``."""
    tally = Tally()
    for seed in seeds:
        rng = random.Random(f"scramble:{seed}")
        for state, last in positions(game, players, options, seed, max_steps, every):
            probe_position(game, state, scramble, hidden, rng, tally, scrambles, last, event_leaks)
    assert tally.positions and tally.checks
    return tally


def probe_move_events(
    game: Game,
    players: int,
    options: dict[str, Any],
    seeds: range,
    scramble: Scramble,
    max_steps: int = 400,
    public: Callable[[list[dict[str, Any]]], list[dict[str, Any]]] = list,
) -> int:
    """The mover's events do not change when only what the mover may not see changes.

    ``public`` drops the parts of events that a move legitimately turns up (e.g. cards
    it sends to a face-up discard pile, shown in every view anyway).

    For games whose events never reveal a card to the mover (no blind draw is named),
    so equality is the exact requirement; the future stays the same (same RNG).
    """
    compared = 0
    for seed in seeds:
        rng = random.Random(f"events:{seed}")
        for _, last in positions(game, players, options, seed, max_steps):
            if last is None:
                continue
            seat, events, before, action = last
            if game.outcome(game.apply(before, seat, action)[0]) is not None:
                continue  # the final scoring turns every card up
            other = scramble(before, seat, rng)
            other["rng"] = dict(before["rng"])
            _, got = game.apply(other, seat, action)
            want, got = public(events), public(got)
            assert got == want, "events " + _diff(want, got, seat)
            compared += 1
    return compared


def _body(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in ENVELOPE_KEYS}


def _check_access(client, bearer, gid: str, tokens: list[str]) -> None:
    """No seat reads another seat's view; nobody but the host reads a running game's log."""
    for seat, token in enumerate(tokens):
        other = (seat + 1) % len(tokens)
        if other != seat:
            r = client.get(f"/v1/games/{gid}?seat={other}", headers=bearer(token))
            assert r.status_code == 403, r.get_json()
        assert client.get(f"/v1/games/{gid}/log", headers=bearer(token)).status_code == 403
    assert client.get(f"/v1/games/{gid}?seat=0").status_code == 401
    assert client.get(f"/v1/games/{gid}/log").status_code == 403


def check_stream_views(
    bases: list[str],
    game_name: str,
    players: int,
    options: dict[str, Any],
    hidden: HiddenIds | None,
    steps: int = 30,
    seed: int = 7,
) -> int:
    """Every seat's and the spectator's stream (read from another API process than the
    one that takes the moves) shows, at each version, exactly that viewer's view of the
    replayed state, no hidden id, and the events of that viewer's own moves only.

    Returns how many view events were checked.
    """
    from live_stack import Listener

    from greenroom.client import Client
    from services.registry import get_game

    game = get_game(game_name)
    mover, reader = Client(bases[0]), Client(bases[1])
    g = mover.create(game_name, players, options=options, seed=seed)
    viewers: list[int | None] = [None, *range(players)]
    listeners = {v: Listener(reader, g.id, g.seat_tokens[v] if v is not None else None)
                 for v in viewers}  # fmt: skip
    # each stream's first event (version 1) comes before any move, so none is skipped
    first = {v: listener.next(20) for v, listener in listeners.items()}
    rng = random.Random(seed)
    answers: dict[int, tuple[int, list]] = {}
    for _ in range(steps):
        listing = mover.actions(g.id, g.host_token)
        if not listing["actions"]:
            break
        step = rng.choice(listing["actions"])
        answer = mover.act(g.id, g.host_token, step["action"], seat=step["seat"])
        answers[answer["version"]] = (step["seat"], answer["events"])
    final = mover.view(g.id, g.host_token)["version"]
    # the states of every version, replayed from the seed and the log
    states = {1: game.new(players, options, seed)}
    for entry in mover.log(g.id, g.host_token)["entries"]:
        states[entry["v"]], _ = game.apply(states[entry["v"] - 1], entry["seat"], entry["action"])
    checked = 0
    for viewer, listener in listeners.items():
        seen_moves: set[int] = set()
        for event in [first[viewer], *listener.until_version(final)]:
            if event.event != "view":
                continue
            state = states[event.id]
            assert _body(event.view) == _body(game.view(state, viewer)), event.id
            if hidden is not None:
                leaked = ids_in(event.view) & hidden(state, viewer)
                assert not leaked, f"viewer {viewer}'s stream shows hidden ids {sorted(leaked)}"
            for move in event.moves:
                seat, events = answers[move["version"]]
                assert move["seat"] == seat
                want = events if viewer == seat else []
                assert move["events"] == want, f"viewer {viewer} got seat {seat}'s events"
                seen_moves.add(move["version"])
            checked += 1
        assert seen_moves == set(answers), f"viewer {viewer}'s stream skipped versions"
    mover.close()
    reader.close()
    return checked
