"""The middle bandmate answering: the first bandmate still to play before the closer
(3-4 seats) reads this seat's signal and plays the card best for what it reads.

A seat models that bandmate as it decides itself: from a random hand of its unstaged
cards it plays the value with the best expected utility on the song (judged by the
engine's song rules, so events that change a card's value or the sum count), given
the signals it reads (this seat's included), the bandmates it models as aiming and the
closer answering after it, less the cost of the card's points.  Modelled as aiming at
a fixed share of the song whatever this seat signalled, it looked deaf to the signal,
and the seats before it aimed as if the signal went unread.
"""

from __future__ import annotations

from solver.beat.blueprint.conventions import signal_read
from solver.beat.blueprint.mate_values import (
    CodeDist,
    ValueDist,
    first_held,
    joined,
    mate_distribution,
    mate_parts,
    mate_pool,
    middle_of,
)
from solver.beat.blueprint.seat_view import Seen
from solver.beat.blueprint.song_value import SongContext, song_value


def answer_distribution(
    seen: Seen,
    mate: int,
    song: int,
    others: CodeDist,
    utility: dict[str, float],
    point_cost: float,
    context: SongContext,
    short: tuple[dict[str, float], ...] = (),
    waste: float = 0.0,
) -> ValueDist:
    """The value ``mate`` plays on ``song``: the best-scored value its random hand holds
    (``others``: every other card but the closer's as ``mate`` reads them;
    ``point_cost``: utility a point of card value costs it).  The closer is modelled as
    reading its card (it signals when it can)."""
    pool, _ = mate_pool(seen, mate, song)
    score = {}
    for value, _ in pool:
        expected, _ = song_value(
            seen, song, (value,), others, utility, None, (0, 0), context, short, waste
        )
        score[value] = expected - point_cost * value
    order = tuple(sorted(score, key=lambda value: (-score[value], value)))
    return first_held(pool, seen.hand_counts[mate], order)


def answered_mates(
    seen: Seen,
    song: int,
    main: int | None,
    utils: list[dict[str, float]],
    point_cost: float,
    context: SongContext,
    short: tuple[dict[str, float], ...] = (),
    waste: float = 0.0,
) -> CodeDist | None:
    """The bandmates other than the closer on ``song`` when this seat plays ``main``
    there and the middle bandmate answers what it reads of it; None when no middle
    bandmate plays the song or its difficulty is hidden from this seat."""
    mate = _answerer(seen, song)
    if mate is None or main is None:
        return None
    shown = signal_read(seen, main, song)
    parts = mate_parts(seen, utils, shown.exact if song == 0 else None, skip=mate)[song]
    mine = mate_distribution(seen, seen.seat, shown, song)
    others = joined(seen, song, [*parts, mine])
    answer = answer_distribution(
        seen, mate, song, others, utils[song], point_cost, context, short, waste
    )
    return joined(seen, song, [*parts, answer])


def _answerer(seen: Seen, song: int) -> int | None:
    """The middle bandmate that answers on ``song``, if it plays there and this seat
    sees the difficulty."""
    mate = middle_of(seen)
    if mate is None or song >= seen.hand_counts[mate] or seen.songs[song][0] is None:
        return None
    return mate
