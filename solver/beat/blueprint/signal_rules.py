"""The convention's signal rules, shared by the seat that gives a signal and the
bandmates that read one -- or read its absence.

A seat that is not the last to play shows a Face Up copy when the venue and event
allow it, else gives the narrowest Cue its unused staged Cue cards allow when the
values it leaves number at most ``cue_max_width`` (:mod:`.data`).  So a card played
face down with no signal also tells something: the seat held no Face Up copy of that
value it could show, and no unused Cue card could narrow the value enough.
"""

from __future__ import annotations

import math
from functools import lru_cache

from services.beat import cards as C
from services.beat import venues as V
from services.beat.events import get_event
from solver.beat import sim
from solver.beat.blueprint import data

FACE_UP: dict[str, bool] = {card: C.has_face_up(card) for card in sim.VALUE}
#: the values some card of which has a Face Up copy
FACE_UP_VALUES: frozenset[int] = frozenset(sim.VALUE[card] for card in sim.VALUE if FACE_UP[card])

#: (width, staged Cue card, "higher" | "lower"): a Cue and how many values it leaves
Cue = tuple[int, str, str]


@lru_cache(maxsize=5_000)
def events_forbid(events: tuple[str, ...], kind: str) -> bool:
    """Whether an event among ``events`` has a clause of ``kind`` (e.g. ``forbid_cue``;
    read once per events and kind: every signal a seat weighs asks it)."""
    return any(clause["kind"] == kind for event in events for clause in get_event(event).clauses)


def face_up_shown(
    venue: V.Venue, players: int, events: tuple[str, ...], stage: tuple[str, ...], solo: bool
) -> bool:
    """Whether a seat with this Stage Area shows a Face Up copy it plays on a song with
    these events (the convention on, and the event and venue allowing it)."""
    return (
        bool(data.get("face_up_signal", players, venue.id))
        and not events_forbid(events, "forbid_face_up")
        and V.face_up_allowed(venue, True, [sim.VALUE[card] for card in stage], solo)
    )


def narrowest_cue(
    stage: tuple[str, ...], rotated: frozenset[str], played: int, players: int, venue_id: str
) -> Cue | None:
    """The Cue a seat gives on a card of value ``played`` with its unused staged Cue
    cards: the one that leaves the fewest values, None when none leaves at most
    ``cue_max_width``."""
    best: Cue | None = None
    for cue_card in stage:
        if not sim.CUE[cue_card] or cue_card in rotated:
            continue
        cue_value = sim.VALUE[cue_card]
        if cue_value == played:
            continue
        width = (5 - cue_value) if played > cue_value else (cue_value - 1)
        if best is None or width < best[0]:
            best = (width, cue_card, "higher" if played > cue_value else "lower")
    if best is None or best[0] > data.get("cue_max_width", players, venue_id):
        return None
    return best


@lru_cache(maxsize=20_000)
def silent_reading(
    pool: tuple[tuple[int, int], ...],
    held: int,
    stage: tuple[str, ...],
    rotated: frozenset[str],
    shows_face_up: bool,
    cues: bool,
    players: int,
    venue_id: str,
) -> tuple[tuple[int, float], ...] | None:
    """A card played face down with no signal by a seat that was not the last to play,
    as (value, chance) pairs over its unstaged ``pool``: a value a Cue would have
    narrowed enough is ruled out (``cues``: the event allows Cues), and a value whose
    Face Up copy is unstaged counts only as often as a hand of ``held`` cards holding
    that value lacks that copy (``shows_face_up``).  None when no value fits (the
    reading falls back to any unstaged value) or the convention is off
    (``read_silence``).  Read once per seat's pool and Stage Area: every card a reader
    weighs asks it."""
    if not data.get("read_silence", players, venue_id):
        return None
    total = sum(n for _, n in pool)
    hands = _comb(total, held)
    weights = []
    for value, copies in pool:
        if cues and narrowest_cue(stage, rotated, value, players, venue_id) is not None:
            continue
        weight = float(copies)
        face_up_staged = any(sim.VALUE[card] == value and FACE_UP[card] for card in stage)
        has_face_up = value in FACE_UP_VALUES
        if shows_face_up and has_face_up and not face_up_staged and hands:
            without = _comb(total - copies, held)
            holds = hands - without
            # holds a copy of the value but not the Face Up one
            lacks = _comb(total - 1, held) - without
            weight *= lacks / holds if holds else 0.0
        if weight > 0:
            weights.append((value, weight))
    norm = sum(weight for _, weight in weights)
    if norm <= 0:
        return None
    return tuple((value, weight / norm) for value, weight in weights)


def _comb(total: int, chosen: int) -> int:
    return math.comb(total, chosen) if 0 <= chosen <= total else 0


data.on_change(silent_reading.cache_clear)
