"""Round resolution: the engine-independent API the solver calls.

Everything here is pure and reads only plain values, so a solver can enumerate
plays and check them with exactly the code the game uses::

    from services.beat.events import Play
    from services.beat.rounds import resolve_song, resolve_round, new_record
    from services.beat.venues import get_venue

    v = get_venue("astro_city")
    r = resolve_song(v, difficulty=9, events=["power_surge"],
                     plays=[Play(seat=0, value=5), Play(seat=1, value=5)])
    r.result   # "fail": 12 beats 9 by 3, over Astro City's margin cap of 2

``resolve_song(venue, difficulty, events, plays, previous)`` -> :class:`SongResult`
    One song.  ``events`` are event ids (or Event objects; two at Kaos Kesselhaus),
    ``plays`` the cards played on that song (:class:`~services.beat.events.Play`:
    seat, printed value, face_up, cued, tune, solo), ``previous`` the result of the
    last counted song (Stellar Studio needs it).  Steps: event sum and conditions
    (``events.evaluate``) -> FAIL / ON POINT / LOUD by comparing with the printed
    difficulty -> FAIL if an event condition is broken -> the venue's adjustment
    (``venues.adjust_result``).  ``judge_song(venue, difficulty, outcome, previous)``
    is the same from the second step on, for an outcome already evaluated.

``resolve_round(venue, songs, plays_per_song, record)`` -> :class:`RoundResult`
    A whole round (one song, or two at Rock in the Belt), appended to a *record*
    (see ``venues`` for its shape; :func:`new_record` makes one).  Returns each
    song's result, the new record, and ``lost`` (a reason) when the venue ends at
    once.  Event Horizon's LOUD/FAIL songs are ``recycled`` and not recorded.
    Encores, staging and the final check are separate steps, because the players
    decide Encores after the reveal: call ``venues.final_failures(venue, record)``
    once every song is played (and ``venues.entropy_won`` after each cleanup).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from services.beat import venues as V
from services.beat.events import Event, EventOutcome, Play, evaluate


@dataclass(frozen=True)
class SongResult:
    difficulty: int
    sum: int
    raw: str  # the comparison alone
    result: str  # after events and the venue
    event_ok: bool
    broken: list[str] = field(default_factory=list)
    recycled: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {
            "difficulty": self.difficulty,
            "sum": self.sum,
            "raw": self.raw,
            "result": self.result,
            "event_ok": self.event_ok,
            "broken": list(self.broken),
            "recycled": self.recycled,
        }


@dataclass(frozen=True)
class RoundResult:
    songs: list[SongResult]
    record: dict[str, Any]
    lost: str | None


def new_record(players: int, setlist_total: int, stages: list[list[int]] | None = None):
    """An empty record for a venue about to start."""
    return {
        "results": [],
        "setlist_total": setlist_total,
        "encores_taken": 0,
        "solo_used": False,
        "stages": [list(s) for s in (stages or [[] for _ in range(players)])],
    }


def last_result(record: dict[str, Any]) -> str | None:
    return record["results"][-1]["result"] if record["results"] else None


def resolve_song(
    venue: V.Venue,
    difficulty: int,
    events: list[str] | list[Event],
    plays: list[Play],
    previous: str | None = None,
) -> SongResult:
    return judge_song(venue, difficulty, evaluate(plays, events), previous)


def judge_song(
    venue: V.Venue, difficulty: int, out: EventOutcome, previous: str | None = None
) -> SongResult:
    """A song's result from its events' outcome (:func:`~services.beat.events.evaluate`,
    which reads only the plays and events: a solver that judges many songs with the same
    cards evaluates them once)."""
    raw = V.compare(out.sum, difficulty)
    result = raw if out.ok else V.FAIL
    result = V.adjust_result(venue, difficulty, out.sum, result, previous)
    recycled = V.recycles(venue) and result != V.ON_POINT
    return SongResult(difficulty, out.sum, raw, result, out.ok, list(out.broken), recycled)


def resolve_round(
    venue: V.Venue,
    songs: list[tuple[int, list[str]]],
    plays_per_song: list[list[Play]],
    record: dict[str, Any],
) -> RoundResult:
    """Resolve the round's songs in order; ``songs`` is [(difficulty, [event ids])]."""
    rec = copy.deepcopy(record)
    results = []
    for (difficulty, evs), plays in zip(songs, plays_per_song, strict=True):
        r = resolve_song(venue, difficulty, evs, plays, last_result(rec))
        results.append(r)
        if not r.recycled:
            rec["results"].append({"difficulty": difficulty, "result": r.result})
        if any(p.solo for p in plays):
            rec["solo_used"] = True
        for p in plays:
            if p.seat < len(rec["stages"]):
                rec["stages"][p.seat].append(p.value)
    return RoundResult(results, rec, V.breaks(venue, rec))
