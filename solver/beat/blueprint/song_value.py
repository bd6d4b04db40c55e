"""The value of this seat's card(s) on a song: the expected result utility, the
bandmates' values drawn from what is known of them, and the closer answering.

The last bandmate still to play (the *closer*) is modelled as answering: it holds a
random hand of its unstaged cards and plays the value best for what this seat's
signal tells it.  Songs are judged by the engine's own song rules
(``sim.song_result``), tabled per multiset of values.
"""

from __future__ import annotations

from functools import lru_cache

from solver.beat import sim
from solver.beat.blueprint.mate_values import (
    BASE,
    CODE,
    CodeDist,
    Pool,
    card_pool,
    code_of,
    comb,
    values_of,
)
from solver.beat.blueprint.result_value import FAIL, LOUD, OP
from solver.beat.blueprint.seat_view import Seen, closer_of, previous_result

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
        values = list(values_of(code))
        plays = [(value, 0) for value in values]
        if delta and tuned in values:
            plays[values.index(tuned)] = (tuned, delta)
        result = table[code] = sim.song_result(
            venue_id, difficulty, events, tuple(sorted(plays)), previous
        )
    return result


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
    no_one: tuple[float, float] | None = None,
) -> tuple[float, float]:
    utility = {FAIL: u_fail, OP: u_op, LOUD: u_loud}
    lacking = {FAIL: u_fail, OP: no_one[0], LOUD: no_one[1]} if no_one else utility
    total = nonfail = 0.0
    weight = 1.0 / len(difficulties)
    for difficulty in difficulties:
        table = song_table(venue_id, difficulty, events, previous, tuned)
        for code, chance in mates:
            result = table_result(table, own + code)
            worth = utility if (own + code) % BASE else lacking  # a 1 on the song or not
            total += weight * chance * worth[result]
            if result != FAIL:
                nonfail += weight * chance
    return total, nonfail


@lru_cache(maxsize=200_000)
def _value_with_closer(
    venue_id: str,
    difficulties: tuple[int, ...],
    events: tuple[str, ...],
    previous: str | None,
    own: int,
    mates: CodeDist,
    utilities: tuple[float, float, float],
    pool: Pool,
    hand_size: int,
    belief: CodeDist,
    no_one: tuple[float, float] | None = None,
) -> tuple[float, float]:
    """(expected utility, chance of no FAIL) when the closer answers: it holds
    ``hand_size`` random cards of its ``pool`` and plays the value best for what it
    believes this seat played (``belief``, multiset codes); the song then sums this
    seat's true ``own``."""
    utility = {FAIL: utilities[0], OP: utilities[1], LOUD: utilities[2]}
    lacking = {FAIL: utilities[0], OP: no_one[0], LOUD: no_one[1]} if no_one else utility
    weight = 1.0 / len(difficulties)
    tables = [song_table(venue_id, difficulty, events, previous) for difficulty in difficulties]
    memo: dict[tuple[int, int], tuple[float, float]] = {}

    def expect(mine: int, answer: int) -> tuple[float, float]:
        key = (mine, answer)
        if key in memo:
            return memo[key]
        total = nonfail = 0.0
        base = mine + CODE[answer]
        for table in tables:
            for code, chance in mates:
                result = table_result(table, base + code)
                worth = utility if (base + code) % BASE else lacking  # a 1 on the song or not
                total += chance * worth[result]
                if result != FAIL:
                    nonfail += chance
        memo[key] = (weight * total, weight * nonfail)
        return memo[key]

    score = {}
    for answer, _ in pool:
        score[answer] = (
            sum(chance * expect(thought, answer)[0] for thought, chance in belief) - 1e-4 * answer
        )
    order = sorted(score, key=lambda answer: (-score[answer], answer))
    n_all = sum(n for _, n in pool)
    copies = dict(pool)
    held = min(hand_size, n_all)
    total = comb(n_all, held)
    expected = nonfail = 0.0
    used = 0
    p_none_before = 1.0
    for answer in order:
        used += copies[answer]
        p_none = comb(n_all - used, held) / total if total else 0.0
        p_this = p_none_before - p_none
        if p_this > 0:
            value, no_fail = expect(own, answer)
            expected += p_this * value
            nonfail += p_this * no_fail
        p_none_before = p_none
    return expected, nonfail


#: what a song's value reads of a decision besides the cards: (venue id, difficulties,
#: events, previous result, closer's pool or None, closer's hand size)
SongContext = tuple[str, tuple[int, ...], tuple[str, ...], str | None, Pool | None, int]


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
        return seen.venue.id, difficulties, events, previous, None, 0
    stage = tuple(sim.VALUE[card] for card in seen.stages[closer])
    pool = card_pool(stage, seen.venue.rule_id == "full_range")
    return seen.venue.id, difficulties, events, previous, pool, seen.hand_counts[closer]


def song_value(
    seen: Seen,
    song: int,
    own: tuple[int, ...],
    mates: CodeDist,
    utility: dict[str, float],
    belief: CodeDist | None = None,
    tuned: tuple[int, int] = (0, 0),
    context: SongContext | None = None,
    no_one: dict[str, float] | None = None,
) -> tuple[float, float]:
    """(expected utility, chance the song is not a FAIL) of playing ``own`` on ``song``
    (``belief``: what the closer will believe this seat played, from its signal;
    ``tuned``: Milkyway, the seat tunes its card of that value by that delta -- only
    the last seat to play tunes, so no closer answers it; ``context``:
    :func:`song_context` of ``seen`` and ``song`` when the caller has it already;
    ``no_one``: ON POINT / LOUD worth when no card of the song is a 1, from
    :func:`~.result_value.without_encore_one`)."""
    venue_id, difficulties, events, previous, pool, closer_hand = (
        song_context(seen, song) if context is None else context
    )
    utilities = (round(utility[FAIL], 4), round(utility[OP], 4), round(utility[LOUD], 4))
    own_code = code_of(own)
    lacking = (round(no_one[OP], 4), round(no_one[LOUD], 4)) if no_one else None
    if pool is None:
        return _value_without_closer(
            venue_id, difficulties, events, previous, own_code, mates, *utilities, tuned, lacking
        )
    if belief is None:
        belief = ((own_code, 1.0),)
    return _value_with_closer(
        venue_id,
        difficulties,
        events,
        previous,
        own_code,
        mates,
        utilities,
        pool,
        closer_hand,
        belief,
        lacking,
    )
