"""The band's conventions: which signal a seat gives on its card, and what a bandmate
reads from it.

A seat that is not the last to play tells its card when it can: Face Up if it plays
a Face Up copy (and the venue and event allow it), else a Cue with the staged Cue
card that narrows the value most.  The last seat never signals (nobody is left to
read it).  The agreed details are data (:mod:`.data`, per seat count):
``face_up_signal`` (whether a Face Up copy shows its value), ``cue_max_width`` (a Cue
is given only when it leaves at most this many values) and ``copy_order`` (which copy
of a value is played when it does not signal).  A card with no signal is read as that
silence tells (``read_silence``: no Face Up copy to show, no Cue narrow enough).  Giving
and reading use the same functions and values (:mod:`.signal_rules`), so a seat reads
exactly what it would have given.
"""

from __future__ import annotations

from solver.beat import sim
from solver.beat.blueprint import data
from solver.beat.blueprint import signal_rules as rules
from solver.beat.blueprint.mate_values import (
    CODE,
    CodeDist,
    ValueDist,
    card_pool,
    code_of,
    silence_of,
    value_distribution,
)
from solver.beat.blueprint.seat_view import Seen, Signal
from solver.beat.blueprint.signal_rules import FACE_UP, face_up_shown, narrowest_cue

CueSignal = tuple[str, str, str]  # (played card, cue card, "higher" | "lower")


#: per ``copy_order``: card id suffix -> rank (Cue copy "b", plain "c", Face Up "a")
COPY_ORDERS = {"cue_first": {"b": 0, "c": 1, "a": 2}, "plain_first": {"c": 0, "b": 1, "a": 2}}


def pick_copy(hand: list[str], value: int, face_up: bool, players: int, venue_id: str) -> str:
    """The copy to play: the Face Up one to signal, else as ``copy_order`` says (the
    Cue copy first stages a Cue card for later signals; the plain copy first keeps it),
    and the Face Up copy last (kept for a later signal)."""
    candidates = [card for card in hand if sim.VALUE[card] == value]
    if face_up:
        for card in candidates:
            if FACE_UP[card]:
                return card
    order = COPY_ORDERS[data.get("copy_order", players, venue_id)]
    return min(candidates, key=lambda card: order[card[-1]])


def events_forbid(seen: Seen, song: int, kind: str) -> bool:
    """Whether an event of ``song`` has a clause of ``kind`` (e.g. ``forbid_face_up``)."""
    return rules.events_forbid(seen.songs[song][1], kind)


def signal_for(seen: Seen, card: str, song: int) -> tuple[str | None, CueSignal | None]:
    """The convention's signal for a played card: (Face Up card, or Cue (card, cue, dir))."""
    if not seen.later:
        return None, None
    stage = seen.stages[seen.seat]
    events = seen.songs[song][1]
    if FACE_UP[card] and face_up_shown(
        seen.venue, seen.players, events, stage, seen.seat == seen.solo_seat
    ):
        return card, None
    if rules.events_forbid(events, "forbid_cue"):
        return None, None
    best = narrowest_cue(stage, seen.rotated, sim.VALUE[card], seen.players, seen.venue.id)
    if best is None:
        return None, None
    return None, (card, best[1], best[2])


def signal_kind(seen: Seen, value: int) -> tuple | None:
    """The signal the convention gives on a card of ``value``: ("exact",) for Face Up,
    ("range", above, below) for a Cue, None when there is none."""
    copies = [card for card in seen.hand if sim.VALUE[card] == value]
    if not copies:
        return None
    shown = pick_copy(copies, value, True, seen.players, seen.venue.id)
    face_up, cue = signal_for(seen, shown, 0)
    if face_up is not None:
        return ("exact",)
    if FACE_UP[shown]:
        # with no Face Up copy in hand every copy gives the same Cue (it reads the value)
        face_up, cue = signal_for(
            seen, pick_copy(copies, value, False, seen.players, seen.venue.id), 0
        )
        if face_up is not None:
            return ("exact",)
    if cue is None:
        return None
    cue_value = sim.VALUE[cue[1]]
    return ("range", cue_value, 6) if cue[2] == "higher" else ("range", 0, cue_value)


def signal_read(seen: Seen, main: int, song: int = 0) -> Signal:
    """The signal a bandmate after this seat reads of its main card of value ``main``
    on ``song``, as the convention gives it (only the first song's card signals)."""
    kind = signal_kind(seen, main) if song == 0 else None
    if kind is None:
        return Signal(song=song)
    if kind[0] == "exact":
        return Signal(song=song, exact=main)
    return Signal(song=song, above=kind[1], below=kind[2])


def _main_reading(seen: Seen, main: int, signalled: bool) -> ValueDist | None:
    """What the closer reads of this seat's main card of value ``main``: the values it
    may be with their chances, None when it knows the value (Face Up)."""
    kind = signal_kind(seen, main) if signalled else None
    if kind is not None and kind[0] == "exact":
        return None
    if kind is None and signalled:
        silence = silence_of(seen, seen.seat, 0, len(seen.hand))
        if silence:
            return silence
    stage = tuple(sim.VALUE[card] for card in seen.stages[seen.seat])
    pool = card_pool(stage, seen.venue.rule_id == "full_range")
    above, below = (kind[1], kind[2]) if kind is not None else (0, 6)
    return value_distribution(pool, None, above, below)


def closer_belief(
    seen: Seen,
    own: tuple[int, ...],
    main: int | None,
    signalled: bool = True,
    readings: dict[tuple[int, bool], ValueDist | None] | None = None,
) -> CodeDist:
    """What the closer will believe this seat played on a song: its main card as the
    convention signals it (exactly when Face Up, a range with a Cue, else its unstaged
    cards; ``signalled`` False: a card on a later song of the round, which carries no
    signal), any other card of its as played.  ``readings``: a decision's memo of the
    main card's reading per (value, signalled), filled here, for a decision that asks
    for many."""
    if main is None:
        return ((code_of(own), 1.0),)
    if readings is None:
        reading = _main_reading(seen, main, signalled)
    else:
        key = (main, signalled)
        if key not in readings:
            readings[key] = _main_reading(seen, main, signalled)
        reading = readings[key]
    if reading is None:
        return ((code_of(own), 1.0),)
    rest = code_of(own) - CODE[main]
    return tuple((rest + CODE[value], chance) for value, chance in reading)
