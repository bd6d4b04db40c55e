"""The live hint answers as recorded: at a fixed number of samples, the hint of the seat
to act at seeded live positions (venues of every kind of round and signal, 2-4 seats)
-- its actions, its samples and every candidate's wins -- matches
``live_hint_answers.json``.

The rollouts are most of a hint's CPU: this pins them, so that work on their speed
(caches, tables, values computed once) cannot change a pick or a count.  A deliberate
change of the policy re-records it:

    .venv/bin/python tests/beat_solver/test_beat_live_recorded_hints.py --record
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from live_positions import random_position

from services.beat import GAME
from solver.beat import live

FIXTURE = Path(__file__).with_name("live_hint_answers.json")
SAMPLES = 6
VENUES = (
    "garage",
    "red_rocks",
    "milkyway",
    "jupiter",
    "rock_in_the_belt",
    "scrapyard",
    "warken",
    "kaos",
    "entropy_hall",
    "burning_star",
)
#: the positions tried when recording; the fixture keeps those the hint searches (more
#: than one candidate)
POSITIONS = [
    (venue, players, seed, steps)
    for venue in VENUES
    for players in (2, 3, 4)
    for seed, steps in ((1, 4), (2, 10), (3, 16))
]


def _acting(state: dict) -> int | None:
    for seat in live.band_order(state["players"], state["lead"]):
        if GAME.legal_actions(state, seat):
            return seat
    return None


def _answer(venue: str, players: int, seed: int, steps: int) -> dict[str, object] | None:
    state = random_position(venue, players, seed, steps)
    if state["status"] != "running":
        return None
    seat = _acting(state)
    if seat is None:
        return None
    hint = live.live_hint(state, seat, 1e9, max_samples=SAMPLES)
    return {
        "seat": seat,
        "actions": [sa["action"] for sa in hint["actions"]],
        "samples": hint.get("samples"),
        "wins": [e["wins"] for e in hint.get("estimates", [])],
    }


def _key(venue: str, players: int, seed: int, steps: int) -> str:
    return f"{venue}:{players}:{seed}:{steps}"


@pytest.mark.parametrize("venue", VENUES)
def test_live_hints_answer_as_recorded(venue):
    recorded = json.loads(FIXTURE.read_text())
    keys = [key for key in recorded if key.split(":")[0] == venue]
    assert keys
    for key in keys:
        name, players, seed, steps = key.split(":")
        assert _answer(name, int(players), int(seed), int(steps)) == recorded[key], key


if __name__ == "__main__" and "--record" in sys.argv:
    answers = {_key(*p): _answer(*p) for p in POSITIONS}
    kept = {key: a for key, a in answers.items() if a is not None and a["samples"]}
    FIXTURE.write_text(json.dumps(kept, indent=1, sort_keys=True) + "\n")
    print(f"recorded {len(kept)} of {len(POSITIONS)} positions in {FIXTURE}")
