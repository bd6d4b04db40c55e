"""Script Beat games from a plan: per round, the value each seat plays.

``scripted(players, venue, songs, plan)`` builds a puzzle deal where every seat's
hand always holds its next planned cards (plan[0..4] in the first hand, the rest
in draw order), picks for each round an event that has no effect on the planned
plays, and starts the game.  ``play_round`` then plays one round by values.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from services.beat import GAME
from services.beat import cards as C
from services.beat.events import Play, evaluate, load_events
from services.beat.songs import songs_for
from services.beat.venues import get_venue, setlist_size, staged_at_start

ALL_VALUES = [1, 2, 3, 4, 5] * 3


def deck_for(plays: list[int], stage: list[int] | None = None, staged: int = 3) -> list[int]:
    """A 15-value deck: stage, then the planned plays in order, then the leftovers."""
    left = Counter(ALL_VALUES)
    left.subtract(plays)
    if stage is not None:
        left.subtract(stage)
    if any(c < 0 for c in left.values()):
        raise ValueError(f"plan uses a value more than three times: {plays} / {stage}")
    rest = sorted(left.elements())
    if stage is None:
        stage, rest = rest[:staged], rest[staged:]
    assert len(stage) == staged
    return list(stage) + list(plays) + rest


def neutral_events(rounds: list[list[int]], k: int = 1, exclude=()) -> list[str]:
    """Distinct events, k per song, that change nothing for the planned plays."""
    pool = [e.id for e in load_events()]
    out: list[str] = list(exclude)
    for vals in rounds:
        plays = [Play(seat=i, value=v) for i, v in enumerate(vals)]
        for _ in range(k):
            for eid in pool:
                if eid in out:
                    continue
                r = evaluate(plays, [eid])
                if r.ok and r.sum == sum(vals):
                    out.append(eid)
                    break
            else:  # pragma: no cover - plan too exotic for the pool
                raise AssertionError("no neutral event left")
    return out[len(exclude) :]


def ids_for(seat: int, values: list[int], staged: int, stage_letters: str) -> list[str]:
    """Card ids for a value deck; the staged cards take copies in ``stage_letters`` order."""
    free = {v: list("abc") for v in range(1, 6)}
    out: list[str] = [""] * len(values)
    for i in range(staged):
        v = values[i]
        letter = next(x for x in stage_letters if x in free[v])
        free[v].remove(letter)
        out[i] = C.card_id(seat, v, letter)
    for i in range(staged, len(values)):
        v = values[i]
        out[i] = C.card_id(seat, v, free[v].pop(0))
    return out


def make_deal(
    players: int,
    venue: str,
    songs: list[int],
    seat_plays: list[list[int]],
    events: list[str] | None = None,
    stages: list[list[int] | None] | None = None,
    solo: int | None = None,
    stage_letters: str = "abc",
) -> dict[str, Any]:
    v = get_venue(venue)
    letters = stage_letters
    pool = Counter(songs_for(players))
    pool.subtract(songs)
    assert all(c >= 0 for c in pool.values()), f"songs {songs} not in the set"
    assert len(songs) == setlist_size(v)
    stages = stages or [None] * players
    deal: dict[str, Any] = {
        "decks": [
            ids_for(i, deck_for(p, stages[i], staged_at_start(v)), staged_at_start(v), letters)
            for i, p in enumerate(seat_plays)
        ],
        "songs": list(songs),
        "encores": sorted(pool.elements()),
    }
    if events is not None:
        deal["events"] = events
    if solo is not None:
        deal["solo"] = solo
    return deal


def start(players: int, venue: str, deal: dict[str, Any], seed: int = 0) -> dict[str, Any]:
    return GAME.new(players, {"venue": venue, "mode": "puzzle", "deal": deal}, seed)


def act(state: dict[str, Any], seat: int, action: dict[str, Any]) -> dict[str, Any]:
    state, _ = GAME.apply(state, seat, action)
    return state


def card_action(state: dict[str, Any], seat: int, value: int, kind: str = "play", **kw):
    """The action playing a card of ``value`` from ``seat``'s hand (hidden ones too)."""
    s = state["seats"][seat]
    for c in s["hand"]:
        if C.value(c) == value and c not in s["flipped"]:
            return {"type": kind, "card": c, **kw}
    for i, c in enumerate(s["flipped"]):
        if C.value(c) == value:
            return {"type": kind, "hidden": i, **kw}
    raise AssertionError(f"seat {seat} holds no {value}: {s['hand']}")


def play_round(
    state: dict[str, Any],
    values: list[int | None | list[int]],
    solo: tuple[int, int] | None = None,
    ready: bool = True,
) -> dict[str, Any]:
    """Each seat plays its value(s) (a list: one per song); solo=(value, song) extra card."""
    n = state["players"]
    order = list(range(n))
    if state["venue"] == "roswell":
        order = [(state["lead"] + i) % n for i in range(n)]
    rnd = state["round"]
    for seat in order:
        vals = values[seat]
        vals = [] if vals is None else (vals if isinstance(vals, list) else [vals])
        multi = len(state["current"]) > 1
        passed = False
        for i, val in enumerate(vals):
            if val == "pass":
                state = act(state, seat, {"type": "solo_pass"})
                passed = True
                continue
            extra = {"song": i} if multi else {}
            state = act(state, seat, card_action(state, seat, val, **extra))
        if solo is not None and seat == state["solo_seat"]:
            val, song = solo
            extra = {"song": song} if multi else {}
            state = act(state, seat, card_action(state, seat, val, "solo", **extra))
        if ready and not passed:
            state = act(state, seat, {"type": "ready"})
        if state["round"] != rnd or state["phase"] != "play":
            break
    return state


def decide_encores(state: dict[str, Any], take: bool | list[bool]) -> dict[str, Any]:
    takes = take if isinstance(take, list) else None
    i = 0
    while state["phase"] == "encore":
        seat = state["pending_encores"][0]["seat"]
        t = takes[i] if takes is not None else take
        state = act(state, seat, {"type": "encore", "take": t})
        i += 1
    return state


def outcome(state: dict[str, Any]) -> dict[str, Any] | None:
    return GAME.outcome(state)


def hand_total(state: dict[str, Any]) -> list[int]:
    return [
        len(s["hand"]) + len(s["draw"]) + len(s["stage"]) + len(s["played"]) + len(s["confiscated"])
        for s in state["seats"]
    ]


def _as_list(x) -> list[int]:
    vals = [] if x is None else (list(x) if isinstance(x, list) else [x])
    return [v for v in vals if v != "pass"]


def run_plan(
    players: int,
    venue: str,
    songs: list[int],
    rounds: list[tuple],
    stages: list[list[int] | None] | None = None,
    stage_letters: str = "abc",
    solo: int | None = None,
    events: list[str] | None = None,
    hook=None,
) -> dict[str, Any]:
    """Play ``rounds`` = [(values per seat, {solo: (value, song), encore: bool|[bools]})].

    Each seat's deck is built so its next planned cards are always in hand; each
    song gets an event that changes nothing for its planned plays.  ``hook(state, i)``
    runs before round i (e.g. to give a Cue).  Returns the final state.
    """
    v = get_venue(venue)
    seat_plays: list[list[int]] = [[] for _ in range(players)]
    per_song_values: list[list[int]] = []
    for values, opts in rounds:
        nsongs = max(len(_as_list(x)) for x in values) or 1
        song_vals: list[list[int]] = [[] for _ in range(nsongs)]
        for seat, x in enumerate(values):
            for k, val in enumerate(_as_list(x)):
                seat_plays[seat].append(val)
                song_vals[k].append(val)
        if opts.get("solo"):
            val, song = opts["solo"]
            seat_plays[opts["solo_seat"]].append(val)
            song_vals[song].append(val)
        per_song_values.extend(song_vals)
    if events is None:
        from services.beat.venues import events_per_song

        events = neutral_events(per_song_values, events_per_song(v))
    deal = make_deal(players, venue, songs, seat_plays, events, stages, solo, stage_letters)
    state = start(players, venue, deal)
    for i, (values, opts) in enumerate(rounds):
        if outcome(state) is not None:
            raise AssertionError(f"game over before round {i + 1}: {outcome(state)}")
        if hook:
            state = hook(state, i) or state
        solo_play = opts.get("solo")
        if solo_play:
            assert state["solo_seat"] == opts["solo_seat"], "plan expects another Solo seat"
        if opts.get("before_ready"):
            state = play_round(state, values, solo=solo_play, ready=False)
            state = opts["before_ready"](state)
            for seat in range(players):
                if state["phase"] == "play" and not state["seats"][seat]["ready"]:
                    state = act(state, seat, {"type": "ready"})
        else:
            state = play_round(state, values, solo=solo_play)
        if state["phase"] == "encore":
            state = decide_encores(state, opts.get("encore", False))
    return state
