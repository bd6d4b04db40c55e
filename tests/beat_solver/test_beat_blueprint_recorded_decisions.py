"""The blueprint decides as recorded: every decision of the blueprint band on the fast
replay (2 seeds x every venue x 2-4 seats) -- the chosen move with its signal, the
ranked options the live hint takes its candidates from, and the Encore decisions --
matches ``blueprint_decisions.json``.

The fixture pins the blueprint's behaviour so that work on its speed (caches, values
computed once per decision) cannot change a decision.  A deliberate change of the
policy re-records it:

    .venv/bin/python tests/beat_solver/test_beat_blueprint_recorded_decisions.py --record
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from services.beat import GAME
from services.beat import venues as V
from solver.beat import blueprint as B
from solver.beat import live

FIXTURE = Path(__file__).with_name("blueprint_decisions.json")
SEEDS = (1000, 1001)
PLAYERS = (2, 3, 4)


def _choice(ch: B.Choice) -> str:
    """A move in short: cards as card@song (+ for the Solo card), then its signal."""
    if ch.solo_pass:
        return "pass"
    out = " ".join(f"{card}@{song}{'+' if solo else ''}" for card, song, solo in ch.plays)
    if ch.face_up:
        out += f" up:{ch.face_up}"
    if ch.cue:
        out += f" cue:{ch.cue[0]}/{ch.cue[1]}{'>' if ch.cue[2] == 'higher' else '<'}"
    if ch.tune:
        out += f" tune:{ch.tune[0]}/{ch.tune[1]}{ch.tune[2]:+d}"
    return out


def _play_venue(venue: str, players: int, seed: int) -> dict[str, object]:
    """Every blueprint decision of one replayed venue: the chosen moves in order, a
    digest of the ranked options (moves and scores) at each of them, the Encore
    decisions and whether the band won."""
    chosen: list[str] = []
    ranked = hashlib.sha256()
    encores: list[bool] = []
    choose, take_encore = B.choose, B.take_encore

    def recording_choose(seen: B.Seen) -> B.Choice:
        ch = choose(seen)
        chosen.append(_choice(ch))
        for option in B.options(seen):
            ranked.update(f"{_choice(option)}:{option.score:.12g};".encode())
        ranked.update(b"|")
        return ch

    def recording_take_encore(*args, **kwargs) -> bool:
        take = take_encore(*args, **kwargs)
        encores.append(take)
        return take

    state = GAME.new(players, {"venue": venue, "mode": "puzzle"}, seed)
    B.choose, B.take_encore = recording_choose, recording_take_encore
    try:
        won = live.replay_band(state)
    finally:
        B.choose, B.take_encore = choose, take_encore
    return {
        "won": won,
        "chosen": chosen,
        "options": ranked.hexdigest(),
        "encores": "".join("1" if t else "0" for t in encores),
    }


def _cells() -> list[tuple[str, int, int]]:
    return [(v.id, n, s) for v in V.load_venues() for n in PLAYERS for s in SEEDS]


def _key(venue: str, players: int, seed: int) -> str:
    return f"{venue}:{players}:{seed}"


@pytest.fixture(scope="module")
def recorded() -> dict[str, dict[str, object]]:
    return json.loads(FIXTURE.read_text())


@pytest.mark.parametrize("venue", [v.id for v in V.load_venues()])
def test_blueprint_decisions_match_the_recording(venue, recorded):
    for _, players, seed in [c for c in _cells() if c[0] == venue]:
        got = _play_venue(venue, players, seed)
        want = recorded[_key(venue, players, seed)]
        assert got["chosen"] == want["chosen"], (venue, players, seed)
        assert got["options"] == want["options"], (venue, players, seed)
        assert got["encores"] == want["encores"], (venue, players, seed)
        assert got["won"] == want["won"], (venue, players, seed)


def test_the_recording_covers_every_venue_and_seat_count(recorded):
    assert set(recorded) == {_key(*c) for c in _cells()}
    assert sum(len(r["chosen"]) for r in recorded.values()) > 1000


if __name__ == "__main__" and sys.argv[1:] == ["--record"]:
    FIXTURE.write_text(
        json.dumps({_key(*c): _play_venue(*c) for c in _cells()}, sort_keys=True) + "\n"
    )
