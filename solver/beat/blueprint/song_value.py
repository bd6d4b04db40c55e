"""The value of this seat's card(s) on a song: the expected result utility, the
bandmates' values drawn from what is known of them, and the closer answering.

The last bandmate still to play (the *closer*) is modelled as answering: it holds a
random hand of its unstaged cards and plays the value best for what this seat's
signal tells it.  Songs are judged by the engine's own song rules
(``sim.song_result``), tabled per multiset of values.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TypeVar

from services.beat import venues as V
from services.beat.songs import songs_for
from solver.beat import sim
from solver.beat.blueprint.mate_values import (
    BASE,
    CODE,
    CodeDist,
    Pool,
    card_pool,
    code_of,
    first_held,
    values_of,
)
from solver.beat.blueprint.result_value import FAIL, LOUD, OP
from solver.beat.blueprint.seat_view import Seen, choosable, closer_of, previous_result

RESULT_INDEX = {FAIL: 0, OP: 1, LOUD: 2}

#: (venue, difficulty, events, previous result, tuned) -> {multiset code: result}
_TABLES: dict[tuple, dict[int, str]] = {}


def song_table(
    venue_id: str,
    difficulty: int,
    events: tuple[str, ...],
    previous: str | None,
    tuned: tuple[int, int] = (0, 0),
) -> dict[int, str]:
    """multiset code -> the engine's result of the song, filled on demand (``tuned``:
    Milkyway, one card of that value is tuned by that delta)."""
    key = (venue_id, difficulty, events, previous, tuned)
    table = _TABLES.get(key)
    if table is None:
        if len(_TABLES) > 20_000:
            _TABLES.clear()
        table = _TABLES[key] = {"_": key}  # type: ignore[dict-item]
    return table


def table_result(table: dict, code: int) -> str:
    """The song's result for the values of ``code`` (computed once per table)."""
    result = table.get(code)
    if result is None:
        venue_id, difficulty, events, previous, (tuned, delta) = table["_"]
        total, ok = song_outcome(events, code, tuned, delta)
        result = table[code] = sim.judged(venue_id, difficulty, total, ok, previous)
    return result


@lru_cache(maxsize=100_000)
def song_outcome(events: tuple[str, ...], code: int, tuned: int, delta: int) -> tuple[int, bool]:
    """The events' sum of the values of ``code`` and whether their conditions hold
    (``sim.song_outcome``; ``delta``: one card of value ``tuned`` is tuned by it).  The
    outcome reads neither the venue, the difficulty nor the previous result: the
    tables of every song with these events share it."""
    values = list(values_of(code))
    plays = [(value, 0) for value in values]
    if delta and tuned in values:
        plays[values.index(tuned)] = (tuned, delta)
    out = sim.song_outcome(events, tuple(sorted(plays)))
    return out.sum, out.ok


#: while Encores are needed: the utilities (FAIL, ON POINT, LOUD) of a song whose 1s
#: bring e of them, for e below the plan (:func:`.result_value.short_utilities`)
Short = tuple[tuple[float, float, float], ...]


def _worth(
    utility: dict[str, float],
    short: Short,
    code: int,
    result: str,
    waste: float = 0.0,
    difficulty: int = 0,
) -> float:
    """The utility of ``result`` for the values of ``code``: its 1s bring Encores; less
    ``waste`` per point the song spends beyond its result's need (:func:`wasted`)."""
    if short:
        ones = code % BASE
        if ones < len(short):
            return short[ones][RESULT_INDEX[result]] - waste * wasted(code, result, difficulty)
    return utility[result] - (waste * wasted(code, result, difficulty) if waste else 0.0)


@lru_cache(maxsize=100_000)
def wasted(code: int, result: str, difficulty: int) -> int:
    """Points of ``code`` a song spends beyond what its result needs: a LOUD's printed
    points past the difficulty plus one (a cost on a FAIL's points as well won fewer
    deals)."""
    if result != LOUD:
        return 0
    return max(0, sum(values_of(code)) - difficulty - 1)


@lru_cache(maxsize=200_000)
def _value_without_closer(
    venue_id: str,
    difficulties: tuple[int, ...],
    events: tuple[str, ...],
    previous: str | None,
    own: int,
    mates: CodeDist,
    u_fail: float,
    u_op: float,
    u_loud: float,
    tuned: tuple[int, int] = (0, 0),
    short: Short = (),
    waste: float = 0.0,
) -> tuple[float, float]:
    utility = {FAIL: u_fail, OP: u_op, LOUD: u_loud}
    total = nonfail = 0.0
    weight = 1.0 / len(difficulties)
    for difficulty in difficulties:
        table = song_table(venue_id, difficulty, events, previous, tuned)
        for code, chance in mates:
            result = table_result(table, own + code)
            total += weight * chance * _worth(utility, short, own + code, result, waste, difficulty)
            if result != FAIL:
                nonfail += weight * chance
    return total, nonfail


#: (venue, difficulty, events, previous result, bandmates' values) -> {code of this
#: seat's and the closer's cards: the song's result with each entry of the bandmates'
#: values}: what a sum of utilities reads of the song, shared by every set of utilities
_RUNS: dict[tuple, dict[int, tuple[str, ...]]] = {}
#: entries a song cache holds before it is emptied
CACHE_CAP = 20_000
T = TypeVar("T")


def _runs_of(
    venue_id: str, difficulty: int, events: tuple[str, ...], previous: str | None, mates: CodeDist
) -> dict[int, tuple[str, ...]]:
    """The :data:`_RUNS` entry of one song and bandmates' values."""
    return _entry(_RUNS, (venue_id, difficulty, events, previous, mates), dict)


def _entry(cache: dict, key: tuple, make: Callable[[], T]) -> T:
    """``cache[key]``, made on first use; the cache is emptied when it grows past
    :data:`CACHE_CAP` entries (as the song tables are)."""
    hit = cache.get(key)
    if hit is None:
        if len(cache) > CACHE_CAP:
            cache.clear()
        hit = cache[key] = make()
    return hit


@dataclass
class _Memo:
    """What one song, bandmates' distribution and set of utilities give, computed once.

    ``sums``: multiset code of this seat's and the closer's cards -> (expected utility,
    chance of no FAIL) over the bandmates' values; ``answers``: per closer (its pool,
    hand size) and belief, the values it may play with the chance of each.  A decision
    values several cards against the same answers and beliefs, and the same ones recur
    across decisions: each is computed once, keyed on the few inputs it reads."""

    sums: dict[int, tuple[float, float]] = field(default_factory=dict)
    answers: dict[tuple[Pool, int, CodeDist], tuple[tuple[int, float], ...]] = field(
        default_factory=dict
    )


#: (venue, difficulties, events, previous result, bandmates, utilities, shorts, waste)
_MEMOS: dict[tuple, _Memo] = {}


class SongSums:
    """One song's sums for fixed bandmates and utilities, read through a :class:`_Memo`
    (a decision builds one per song and reads it for each of its cards)."""

    __slots__ = (
        "memo",
        "venue_id",
        "difficulties",
        "events",
        "previous",
        "mates",
        "utility",
        "runs",
    )

    def __init__(
        self,
        venue_id: str,
        difficulties: tuple[int, ...],
        events: tuple[str, ...],
        previous: str | None,
        mates: CodeDist,
        utilities: tuple[float, float, float],
        short: Short,
        waste: float,
    ) -> None:
        key = (venue_id, difficulties, events, previous, mates, utilities, short, waste)
        self.memo = _entry(_MEMOS, key, _Memo)
        self.venue_id, self.difficulties, self.events = venue_id, difficulties, events
        self.previous, self.mates = previous, mates
        self.utility = (
            {FAIL: utilities[0], OP: utilities[1], LOUD: utilities[2]},
            short,
            waste,
        )
        self.runs: list[tuple[int, dict, dict[int, tuple[str, ...]]]] | None = None

    def _runs(self) -> list[tuple[int, dict, dict[int, tuple[str, ...]]]]:
        """Per difficulty: (difficulty, song table, the results of the bandmates' values)."""
        if self.runs is None:
            self.runs = [
                (
                    difficulty,
                    song_table(self.venue_id, difficulty, self.events, self.previous),
                    _runs_of(self.venue_id, difficulty, self.events, self.previous, self.mates),
                )
                for difficulty in self.difficulties
            ]
        return self.runs

    def expect(self, base: int) -> tuple[float, float]:
        """(mean utility, chance of no FAIL) over the difficulties of the cards ``base``
        with the bandmates' values."""
        hit = self.memo.sums.get(base)
        if hit is None:
            utility, short, waste = self.utility
            total = nonfail = 0.0
            for difficulty, table, runs in self._runs():
                results = runs.get(base)
                if results is None:
                    results = runs[base] = tuple(
                        table_result(table, base + code) for code, _ in self.mates
                    )
                if short or waste:
                    for (code, chance), result in zip(self.mates, results, strict=True):
                        total += chance * _worth(
                            utility, short, base + code, result, waste, difficulty
                        )
                        if result != FAIL:
                            nonfail += chance
                    continue
                for (_, chance), result in zip(self.mates, results, strict=True):
                    total += chance * utility[result]  # what _worth gives without these terms
                    if result != FAIL:
                        nonfail += chance
            n = len(self.difficulties)
            hit = self.memo.sums[base] = (total / n, nonfail / n)
        return hit

    def answers(
        self, pool: Pool, hand_size: int, belief: CodeDist
    ) -> tuple[tuple[int, float], ...]:
        """The closer's answers to ``belief`` with a random hand of ``hand_size`` cards of
        ``pool``: (value, chance it is the best value the hand holds), best first."""
        key = (pool, hand_size, belief)
        hit = self.memo.answers.get(key)
        if hit is None:
            sums = self.memo.sums
            score = {}
            for answer, _ in pool:
                code = CODE[answer]
                score[answer] = (
                    sum(
                        chance * (sums.get(thought + code) or self.expect(thought + code))[0]
                        for thought, chance in belief
                    )
                    - 1e-4 * answer
                )
            order = sorted(score, key=lambda answer: (-score[answer], answer))
            hit = self.memo.answers[key] = first_held(pool, hand_size, tuple(order))
        return hit


def _value_with_closer(
    song: SongSums, believed: SongSums, own: int, pool: Pool, hand_size: int, belief: CodeDist
) -> tuple[float, float]:
    """(expected utility, chance of no FAIL) when the closer answers: it holds
    ``hand_size`` random cards of its ``pool`` and plays the value best for what it
    believes this seat played (``belief``, multiset codes) and, at Warken, for the
    difficulties it believes possible (``believed``'s); the song then sums this seat's
    true ``own`` (``song``'s difficulties)."""
    expected = nonfail = 0.0
    for answer, p_this in believed.answers(pool, hand_size, belief):
        value, no_fail = song.expect(own + CODE[answer])
        expected += p_this * value
        nonfail += p_this * no_fail
    return expected, nonfail


def _rounded(
    utility: dict[str, float], short: tuple[dict[str, float], ...]
) -> tuple[tuple[float, float, float], Short]:
    """The utilities (FAIL, ON POINT, LOUD) and short utilities as the sums key them."""
    utilities = (round(utility[FAIL], 4), round(utility[OP], 4), round(utility[LOUD], 4))
    shorts: Short = ()
    if short:
        shorts = tuple((round(u[FAIL], 4), round(u[OP], 4), round(u[LOUD], 4)) for u in short)
        utilities = (shorts[0][0], *utilities[1:])  # a FAIL brings no Encore
    return utilities, shorts


#: what a song's value reads of a decision besides the cards: (venue id, difficulties,
#: events, previous result, closer's pool or None, closer's hand size, the difficulties
#: the closer believes possible when it cannot see them (Warken) or (), whether the
#: closer sees the difficulty this seat cannot see (Warken's Solo player))
SongContext = tuple[
    str, tuple[int, ...], tuple[str, ...], str | None, Pool | None, int, tuple[int, ...], bool
]


def song_context(seen: Seen, song: int) -> SongContext:
    """The parts of :func:`song_value` that depend on the decision and the song only
    (a decision values many cards on the same song: it computes them once)."""
    difficulty, events = seen.songs[song]
    difficulties = (
        (difficulty,)
        if difficulty is not None
        else tuple(sorted(set(seen.difficulty_pool))) or (6,)
    )
    closer = closer_of(seen)
    previous = previous_result(seen)
    if closer is None or song >= seen.hand_counts[closer]:
        return seen.venue.id, difficulties, events, previous, None, 0, (), False
    kept, hand = choosable(seen, closer)
    stage = tuple(sim.VALUE[card] for card in kept)
    pool = card_pool(stage, seen.venue.rule_id == "full_range")
    # Warken: the Solo player sees the difficulty, a closer that is not the Solo does not
    # and answers for every difficulty it may be; a Solo closer answers the true one
    hidden = V.hidden_setlist(seen.venue)
    blind = (
        tuple(sorted(set(songs_for(seen.players))))
        if hidden and difficulty is not None and closer != seen.solo_seat
        else ()
    )
    sighted = hidden and difficulty is None and closer == seen.solo_seat
    return seen.venue.id, difficulties, events, previous, pool, hand, blind, sighted


def song_sums(
    context: SongContext,
    mates: CodeDist,
    utility: dict[str, float],
    short: tuple[dict[str, float], ...] = (),
    waste: float = 0.0,
) -> tuple[SongSums, SongSums] | None:
    """The sums :func:`song_value` reads when a closer answers (this seat's, and those
    of the difficulties the closer believes possible), for a decision that values
    several cards on one song with the same bandmates; None when no closer answers."""
    venue_id, difficulties, events, previous, pool, _, blind, sighted = context
    if pool is None or sighted:
        return None
    utilities, shorts = _rounded(utility, short)
    song = SongSums(venue_id, difficulties, events, previous, mates, utilities, shorts, waste)
    if not blind:
        return song, song
    return song, SongSums(venue_id, blind, events, previous, mates, utilities, shorts, waste)


def song_value(
    seen: Seen,
    song: int,
    own: tuple[int, ...],
    mates: CodeDist,
    utility: dict[str, float],
    belief: CodeDist | None = None,
    tuned: tuple[int, int] = (0, 0),
    context: SongContext | None = None,
    short: tuple[dict[str, float], ...] = (),
    waste: float = 0.0,
    sums: tuple[SongSums, SongSums] | None = None,
) -> tuple[float, float]:
    """(expected utility, chance the song is not a FAIL) of playing ``own`` on ``song``
    (``belief``: what the closer will believe this seat played, from its signal;
    ``tuned``: Milkyway, the seat tunes its card of that value by that delta -- only
    the last seat to play tunes, so no closer answers it; ``context``:
    :func:`song_context` of ``seen`` and ``song`` when the caller has it already;
    ``short``: :func:`.result_value.short_utilities` of the song, the utilities when its
    1s bring fewer Encores than the band needs; ``waste``: utility lost per point the
    song spends beyond its result's need, :func:`wasted`; ``sums``: :func:`song_sums`
    of the same arguments when the caller has them already)."""
    if context is None:
        context = song_context(seen, song)
    venue_id, difficulties, events, previous, pool, closer_hand, _, sighted = context
    own_code = code_of(own)
    if pool is None:
        utilities, shorts = _rounded(utility, short)
        return _value_without_closer(
            venue_id,
            difficulties,
            events,
            previous,
            own_code,
            mates,
            *utilities,
            tuned,
            shorts,
            waste,
        )
    if belief is None:
        belief = ((own_code, 1.0),)
    if sighted:
        # the closer answers each difficulty it sees: the mean of those answers
        utilities, shorts = _rounded(utility, short)
        each = []
        for d in difficulties:
            one = SongSums(venue_id, (d,), events, previous, mates, utilities, shorts, waste)
            each.append(_value_with_closer(one, one, own_code, pool, closer_hand, belief))
        return sum(e for e, _ in each) / len(each), sum(n for _, n in each) / len(each)
    if sums is None:
        sums = song_sums(context, mates, utility, short, waste)
        assert sums is not None
    return _value_with_closer(sums[0], sums[1], own_code, pool, closer_hand, belief)
