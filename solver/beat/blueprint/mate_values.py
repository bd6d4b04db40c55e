"""The bandmates' card values as one seat sees them: distributions over what they play.

A bandmate's card is known exactly after a Face Up, within a range after a Cue, and
otherwise is any value its deck still holds (its unstaged cards; at Jupiter only the
values it has not staged yet).  Bandmates still to play before the closer (3-4 seats)
are modelled as aiming at their share of the song (under Feedback Loop: apart from
each other and from the values shown Face Up), except the first of them where it
answers this seat's signal (:mod:`.middle`).  Every bandmate respects the song's
per-card value rules when it can.
"""

from __future__ import annotations

import math
from functools import lru_cache

from services.beat import cards as C
from services.beat.events import get_event
from solver.beat import sim
from solver.beat.blueprint import data
from solver.beat.blueprint.result_value import FAIL, LOUD, OP, RESULTS, result_utilities
from solver.beat.blueprint.seat_view import Seen, Signal, choosable, closer_of
from solver.beat.blueprint.signal_rules import events_forbid, face_up_shown, silent_reading

#: a multiset of card values as one integer (counts in base 8): union is addition
BASE = 8
CODE = {value: BASE ** (value - 1) for value in C.VALUES}

ValueDist = tuple[tuple[int, float], ...]  # (card value, probability)
CodeDist = tuple[tuple[int, float], ...]  # (multiset code, probability)
Pool = tuple[tuple[int, int], ...]  # (card value, copies)


def code_of(values: tuple[int, ...] | list[int]) -> int:
    """The multiset code of these card values."""
    return sum(CODE[value] for value in values)


def values_of(code: int) -> tuple[int, ...]:
    """The sorted card values of a multiset code."""
    out: list[int] = []
    for value in C.VALUES:
        out += [value] * ((code // CODE[value]) % BASE)
    return tuple(out)


@lru_cache(maxsize=50_000)
def card_pool(stage_values: tuple[int, ...], full_range: bool) -> Pool:
    """(value, copies) a seat still holds somewhere (hand, draw pile, confiscated);
    at Jupiter (``full_range``) only the values it has not staged (the ones the
    blueprint plays)."""
    copies = dict.fromkeys(C.VALUES, 3)
    for value in stage_values:
        copies[value] -= 1
    out = tuple((value, n) for value, n in copies.items() if n > 0)
    if full_range:
        staged = set(stage_values)
        missing = tuple((value, n) for value, n in out if value not in staged)
        return missing or out
    return out


@lru_cache(maxsize=50_000)
def value_distribution(
    pool: Pool,
    exact: int | None,
    above: int,
    below: int,
    allowed: frozenset[int] | None = None,
) -> ValueDist:
    """A card of ``pool`` known to be ``exact``, or within (``above``, ``below``) and
    among ``allowed`` where the pool has such values: (value, probability) pairs."""
    if exact is not None:
        return ((exact, 1.0),)
    inside = tuple((value, n) for value, n in pool if above < value < below) or pool
    if allowed is not None:
        inside = tuple((value, n) for value, n in inside if value in allowed) or inside
    total = sum(n for _, n in inside)
    return tuple((value, n / total) for value, n in inside) if total else ()


@lru_cache(maxsize=5_000)
def allowed_values(events: tuple[str, ...]) -> frozenset[int] | None:
    """The card values a song's events let a card have (None: any).  A bandmate
    following the blueprint plays one of them when it can -- the song FAILs otherwise --
    so a first seat that modelled its bandmates as any unstaged card gave up on
    songs such as Power Chords' "every card 3, 4 or 5" that the band could play."""
    ok = set(C.VALUES)
    for event in events:
        for clause in get_event(event).clauses:
            if clause["kind"] == "forbid_value":
                ok.discard(clause["value"])
            elif clause["kind"] == "value_range":
                ok &= set(range(clause["min"], clause["max"] + 1))
    return None if len(ok) == len(C.VALUES) else frozenset(ok)


def mate_pool(seen: Seen, mate: int, song: int) -> tuple[Pool, frozenset[int] | None]:
    """The values ``mate`` may still hold (its unstaged cards) and those the song's
    events let a card have."""
    kept, _ = choosable(seen, mate)
    stage = tuple(sim.VALUE[card] for card in kept)
    return card_pool(stage, seen.venue.rule_id == "full_range"), allowed_values(seen.songs[song][1])


def mate_distribution(seen: Seen, mate: int, signal: Signal | None, song: int = 0) -> ValueDist:
    """The value ``mate`` plays on ``song`` as its ``signal`` (if any) tells it; a card
    on the round's first song with no signal as its silence tells it
    (:func:`silence_of`)."""
    pool, allowed = mate_pool(seen, mate, song)
    if signal is None:
        return value_distribution(pool, None, 0, 6, allowed)
    if signal.exact is None and signal.above == 0 and signal.below == 6 and not signal.solo:
        held = choosable(seen, mate)[1] + len(seen.signals.get(mate, ()))
        reading = silence_of(seen, mate, song, held, (pool, allowed))
        if reading:
            return reading
    return value_distribution(pool, signal.exact, signal.above, signal.below, allowed)


def silence_of(
    seen: Seen,
    seat: int,
    song: int,
    held: int,
    pooled: tuple[Pool, frozenset[int] | None] | None = None,
) -> ValueDist | None:
    """What a card ``seat`` played on ``song`` face down with no signal tells, from a
    hand of ``held`` cards (:func:`.signal_rules.silent_reading`; None: nothing beyond
    its unstaged cards; ``pooled``: its :func:`mate_pool` when the caller has it).  Only
    the round's first song carries a signal, and a seat's used Cue cards must be known.
    Read as any unstaged value, a silent card of a seat with an unused Cue card would
    hide what the convention says: it is not that Cue card's narrowed values."""
    if song != 0 or len(seen.rotated_by_seat) <= seat:
        return None
    stage = seen.stages[seat]
    events = seen.songs[song][1]
    pool, allowed = pooled or mate_pool(seen, seat, song)
    reading = silent_reading(
        pool,
        held,
        stage,
        seen.rotated if seat == seen.seat else seen.rotated_by_seat[seat],
        face_up_shown(seen.venue, seen.players, events, stage, seat == seen.solo_seat),
        not events_forbid(events, "forbid_cue"),
        seen.players,
        seen.venue.id,
    )
    if reading and allowed is not None:
        kept = tuple((value, chance) for value, chance in reading if value in allowed)
        norm = sum(chance for _, chance in kept)
        if norm > 0:
            reading = tuple((value, chance / norm) for value, chance in kept)
    return reading


@lru_cache(maxsize=50_000)
def combine(distributions: tuple[ValueDist, ...]) -> CodeDist:
    """The bandmates' values together: (multiset code, probability) pairs."""
    acc: dict[int, float] = {0: 1.0}
    for dist in distributions:
        if not dist:
            continue
        nxt: dict[int, float] = {}
        for key, chance in acc.items():
            for value, weight in dist:
                joined = key + CODE[value]
                nxt[joined] = nxt.get(joined, 0.0) + chance * weight
        acc = nxt
    return tuple(acc.items())


def middles_of(seen: Seen) -> tuple[int, ...]:
    """The bandmates still to play this round before the closer (3-4 seats), in order:
    they read this seat's signal and answer it."""
    closer = closer_of(seen)
    return tuple(m for m in seen.later if m != closer and seen.hand_counts[m] > 0)


def mate_parts(
    seen: Seen,
    utils: list[dict[str, float]] | None = None,
    shown: int | None = None,
    skip: frozenset[int] = frozenset(),
) -> list[list[ValueDist]]:
    """Per song: the value distribution of every bandmate other than the closer (and
    those of ``skip``), as :func:`mates_per_song` combines them."""
    round_songs = len(seen.songs)
    closer = closer_of(seen)
    per_song: list[list[ValueDist]] = [[] for _ in range(round_songs)]
    for mate, signals in seen.signals.items():
        for signal in signals:
            if signal.song < round_songs:
                per_song[signal.song].append(mate_distribution(seen, mate, signal, signal.song))
    if len(seen.later) <= 1:
        utils = None
    elif utils is None:
        utils = result_utilities(seen)
    for mate in seen.later:
        if mate == closer or mate in skip:
            continue
        for song in range(min(round_songs, seen.hand_counts[mate])):
            difficulty = seen.songs[song][0]
            if utils is not None and difficulty is not None:
                avoid = frozenset() if shown is None or song else frozenset((shown,))
                per_song[song].append(
                    share_distribution(seen, mate, song, difficulty, utils[song], avoid)
                )
            else:
                per_song[song].append(mate_distribution(seen, mate, None, song))
    return per_song


def joined(seen: Seen, song: int, parts: list[ValueDist]) -> CodeDist:
    """The bandmates' values on ``song`` together (apart from each other where repeats
    FAIL the song)."""
    out = combine(tuple(sorted(parts)))
    return apart(out) if repeats_banned(seen, song) and len(parts) > 1 else out


def mates_per_song(
    seen: Seen, utils: list[dict[str, float]] | None = None, shown: int | None = None
) -> list[CodeDist]:
    """Per song: the values of the bandmates other than the closer, as a distribution
    over multiset codes (played ones as signalled, the others from their unstaged cards;
    ``utils``: :func:`result_utilities` of ``seen`` when the caller has them already;
    ``shown``: the value this seat shows Face Up on the round's first song, which the
    bandmates still to play do not repeat where repeats FAIL it)."""
    parts = mate_parts(seen, utils, shown)
    return [joined(seen, song, parts[song]) for song in range(len(seen.songs))]


def repeats_banned(seen: Seen, song: int) -> bool:
    """Whether ``song`` FAILs on two played cards of one value (Feedback Loop)."""
    return _bans_repeats(seen.songs[song][1])


@lru_cache(maxsize=5_000)
def _bans_repeats(events: tuple[str, ...]) -> bool:
    return any(
        clause["kind"] == "max_same_value_count" and clause["max"] <= 1
        for event in events
        for clause in get_event(event).clauses
    )


def apart(dist: CodeDist) -> CodeDist:
    """The bandmates' values where no two are the same, renormalised (unchanged when
    none is): under a ban on repeats the bandmates play apart -- modelled as aiming
    independently, they looked like colliding on the same card, and the seats before
    them gave up songs the band could play."""
    kept = [
        (code, chance) for code, chance in dist if len(set(values_of(code))) == len(values_of(code))
    ]
    total = sum(chance for _, chance in kept)
    if total <= 0:
        return dist
    return tuple((code, chance / total) for code, chance in kept)


def share_distribution(
    seen: Seen,
    mate: int,
    song: int,
    difficulty: int,
    utility: dict[str, float],
    avoid: frozenset[int] = frozenset(),
) -> ValueDist:
    """A bandmate still to play that is not the closer: it holds a random hand of its
    unstaged cards and plays the value closest to its fair share of the sum the song's
    best result needs (difficulty, plus ``fair_loud_margin`` of :mod:`.data` for a LOUD;
    nothing for a FAIL), the signalled cards of this round taken off and shared among
    the seats whose cards are not known.  Modelled as any unstaged card instead, such a
    bandmate looked like noise to the seats before it, which then played for safety:
    high cards into LOUDs by 4 or more and FAILs later."""
    aim = max(RESULTS, key=lambda result: (utility[result], result == OP))
    if aim == FAIL:
        target = 0.0
    else:
        want = difficulty + (
            data.get("fair_loud_margin", seen.players, seen.venue.id) if aim == LOUD else 0.0
        )
        known = 0.0
        told = 0
        for who, signals in seen.signals.items():
            for signal in signals:
                if signal.song == song and not signal.solo:
                    dist = mate_distribution(seen, who, signal, song)
                    known += sum(value * chance for value, chance in dist)
                    told += 1
        target = (want - known) / max(1, seen.players - told)
    pool, allowed = mate_pool(seen, mate, song)
    if allowed is not None:
        pool = tuple((value, n) for value, n in pool if value in allowed) or pool
    if repeats_banned(seen, song):
        avoid = avoid | {
            signal.exact
            for signals in seen.signals.values()
            for signal in signals
            if signal.song == song and signal.exact is not None
        }
        pool = tuple((value, n) for value, n in pool if value not in avoid) or pool
    return closest_distribution(pool, choosable(seen, mate)[1], round(target, 3))


@lru_cache(maxsize=20_000)
def closest_distribution(pool: Pool, hand_size: int, target: float) -> ValueDist:
    """The value closest to ``target`` (the higher on a tie) in a random hand of
    ``hand_size`` cards of ``pool``: (value, probability) pairs (hypergeometric)."""
    order = sorted((value for value, _ in pool), key=lambda value: (abs(value - target), -value))
    return first_held(pool, hand_size, tuple(order))


@lru_cache(maxsize=20_000)
def first_held(pool: Pool, hand_size: int, order: tuple[int, ...]) -> ValueDist:
    """The first value of ``order`` held in a random hand of ``hand_size`` cards of
    ``pool``: (value, probability) pairs (hypergeometric)."""
    copies = dict(pool)
    n_all = sum(copies.values())
    held = min(hand_size, n_all)
    total = comb(n_all, held)
    out = []
    used = 0
    before = 1.0
    for value in order:
        used += copies[value]
        none = comb(n_all - used, held) / total if total else 0.0
        if before - none > 1e-12:
            out.append((value, before - none))
        before = none
    return tuple(out)


def comb(total: int, chosen: int) -> int:
    """``total`` choose ``chosen``; 0 outside 0 <= chosen <= total."""
    return math.comb(total, chosen) if 0 <= chosen <= total else 0
