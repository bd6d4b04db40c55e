"""A seat's move for the round: its options scored by expected result utility, and
the best one with the convention's signal.

Small terms beside the utility: a point of value costs a little (keep high cards), a
1 is worth more while Encores are needed, the Solo is kept unless it helps (and is
spent on the last song at Twin Moon).
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass

from services.beat import venues as V
from solver.beat import sim
from solver.beat.blueprint.conventions import (
    FACE_UP,
    CueSignal,
    closer_belief,
    pick_copy,
    signal_for,
)
from solver.beat.blueprint.mate_values import mates_per_song
from solver.beat.blueprint.result_value import planned_encores, result_utilities
from solver.beat.blueprint.seat_view import Seen
from solver.beat.blueprint.song_value import song_value

#: per seat count, what a point of card value played costs in utility (times the song's
#: stakes): high cards are worth keeping, but with the 2-seat cost a 3- or 4-seat band
#: saves them into FAILs, so the cost is lower there (chosen on the blueprint band's
#: wins over seeded deals, confirmed with the hint band).
COST_PER_POINT = {2: 0.012, 3: 0.003, 4: 0.003}
#: at Scrapyard (every song must FAIL) a point of card value played is a gain instead:
#: low cards are what fail the songs to come, and with the cost the band won no deal
ALL_FAIL_GAIN_PER_POINT = 0.012
ENCORE_ONE_BONUS = 0.25
SOLO_COST = 0.04
PASS_COST = 0.04
RANGE_PENALTY = 1.0


@dataclass
class Choice:
    """A seat's move for the round: cards (card, song, solo), a signal, or the Solo pass."""

    plays: list[tuple[str, int, bool]]
    face_up: str | None = None
    cue: CueSignal | None = None  # (played card, cue card, direction)
    solo_pass: bool = False
    score: float = 0.0

    def key(self) -> tuple:
        """What makes two choices the same move (values, not copies)."""
        return (
            tuple(sorted((sim.VALUE[card], song, solo) for card, song, solo in self.plays)),
            self.face_up is not None,
            self.cue is not None,
            self.solo_pass,
        )


def card_terms(
    seen: Seen, values: tuple[int, ...], nonfail: float, plan: int, scale: float = 1.0
) -> float:
    """Tie-breaking terms of playing these values (cost, Encore 1s, Jupiter's range)."""
    venue = seen.venue
    # scaled by the stakes: a long shot must beat the cost.  Where every song must
    # FAIL (Scrapyard) it is the other way round: low cards are what fail the songs to
    # come, so a high card spent on a song that still fails is the saving.
    per_point = (
        -ALL_FAIL_GAIN_PER_POINT if venue.rule_id == "solo_pass" else COST_PER_POINT[seen.players]
    )
    terms = -per_point * scale * sum(values)
    ones = values.count(1)
    if ones:
        if venue.rule_id == "entropy_chain":
            terms += 0.5 * ones
        elif plan > 0 and not seen.signals:
            # the first seat to play brings the Encore 1 (others cannot know it did)
            terms += ENCORE_ONE_BONUS * min(ones, plan) * nonfail
    if venue.rule_id == "full_range":
        staged = {sim.VALUE[card] for card in seen.stages[seen.seat]}
        seen_now: set[int] = set()
        for value in values:
            if value in staged or value in seen_now:
                terms -= RANGE_PENALTY
            seen_now.add(value)
    return terms


def options(seen: Seen, limit: int | None = None) -> list[Choice]:
    """The seat's distinct moves this round, best first by the blueprint's score
    (the first ``limit`` of them)."""
    round_songs = len(seen.songs)
    hand = list(seen.hand)
    want = min(seen.need, len(hand))
    venue = seen.venue
    utils = result_utilities(seen)
    mates = mates_per_song(seen)
    plan = planned_encores(seen)
    cache: dict[tuple, tuple[float, float]] = {}

    def value(song: int, own: tuple[int, ...], main: int | None = None) -> tuple[float, float]:
        key = (song, own, main)
        if key not in cache:
            belief = closer_belief(seen, own, main) if main is not None else None
            expected, nonfail = song_value(seen, song, own, mates[song], utils[song], belief)
            scale = max(utils[song].values(), default=1.0)
            cache[key] = (expected + card_terms(seen, own, nonfail, plan, scale), nonfail)
        return cache[key]

    have = Counter(sim.VALUE[card] for card in hand)
    values = sorted(have)
    solo_ok = seen.seat == seen.solo_seat and not seen.solo_used and V.solo_extra_card(venue)
    twin_last = venue.rule_id == "must_play_solo" and seen.songs_after == 0 and not seen.solo_used
    solo_cost = 0.0 if venue.rule_id == "must_play_solo" else SOLO_COST

    def fits(vals: tuple[int, ...]) -> bool:
        return all(have[x] >= m for x, m in Counter(vals).items())

    scored: list[tuple[float, tuple, tuple[int, int] | None]] = []
    combos = itertools.permutations(values * 2, want) if want > 1 else ((x,) for x in values)
    done = set()
    for combo in combos:
        if combo in done or not fits(combo):
            continue
        done.add(combo)
        terms = [
            value(song, (combo[song],), combo[song] if song == 0 else None)[0]
            for song in range(want)
        ]
        base = sum(terms)
        scored.append((base - (1.0 if twin_last and solo_ok else 0.0), combo, None))
        if solo_ok and len(hand) > want:
            for extra in values:
                if not fits(combo + (extra,)):
                    continue
                for song in range(round_songs):
                    own = tuple(sorted(((combo[song],) if song < want else ()) + (extra,)))
                    main = combo[song] if song == 0 and want else None
                    score = base - (terms[song] if song < want else 0.0) + value(song, own, main)[0]
                    scored.append((score - solo_cost, combo, (extra, song)))
    if V.solo_pass(venue) and seen.seat == seen.solo_seat and not seen.solo_used and want:
        expected = sum(value(song, ())[0] for song in range(round_songs))
        scored.append((expected - PASS_COST, ("pass",), None))
    scored.sort(key=lambda entry: -entry[0])
    out: list[Choice] = []
    keys = set()
    for score, combo, extra_play in scored:
        if limit is not None and len(out) >= limit:
            break
        if combo == ("pass",):
            out.append(Choice(plays=[], solo_pass=True, score=score))
            continue
        used: list[str] = []
        plays = []
        for song in range(want):
            card = pick_copy([h for h in hand if h not in used], combo[song], False)
            used.append(card)
            plays.append((card, song, False))
        if extra_play is not None:
            card = pick_copy([h for h in hand if h not in used], extra_play[0], False)
            used.append(card)
            plays.append((card, extra_play[1], True))
        choice = Choice(plays=plays, score=score)
        if choice.key() in keys:
            continue
        keys.add(choice.key())
        out.append(choice)
    if not out:
        out.append(Choice(plays=[]))
    return out


def with_signal(seen: Seen, choice: Choice, signal: bool = True) -> Choice:
    """The choice with its card copies fixed and, if ``signal``, the convention's signal
    on its first card (Face Up with a Face Up copy, else a Cue)."""
    if not choice.plays or choice.solo_pass:
        return choice
    hand = list(seen.hand)
    order = sorted(range(len(choice.plays)), key=lambda j: choice.plays[j][2])  # main first
    face_up = cue = None
    copies: dict[int, str] = {}
    used: list[str] = []
    for rank, j in enumerate(order):
        card, song, _solo = choice.plays[j]
        free = [h for h in hand if h not in used]
        copy = pick_copy(free, sim.VALUE[card], False)
        if rank == 0 and signal:
            face_up_copy = pick_copy(free, sim.VALUE[card], True)
            shown, _ = (
                signal_for(seen, face_up_copy, song) if FACE_UP[face_up_copy] else (None, None)
            )
            if shown is not None:
                copy, face_up = face_up_copy, face_up_copy
            else:
                shown, cued = signal_for(seen, copy, song)
                if shown is not None:
                    face_up = copy
                cue = cued
        copies[j] = copy
        used.append(copy)
    plays = [(copies[j], choice.plays[j][1], choice.plays[j][2]) for j in range(len(choice.plays))]
    return Choice(plays=plays, face_up=face_up, cue=cue, solo_pass=False, score=choice.score)


def choose(seen: Seen) -> Choice:
    """The blueprint's move: the best option, signalled by the convention."""
    return with_signal(seen, options(seen, 1)[0])
