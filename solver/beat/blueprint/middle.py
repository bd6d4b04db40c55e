"""The middle bandmates answering: the bandmates still to play before the closer (3-4
seats) read this seat's signal and play the card best for what they read.

A seat models each of them, in turn, as it decides itself: from a random hand of its
unstaged cards it plays the value with the best expected utility on the song (judged
by the engine's song rules, so events that change a card's value or the sum count),
given the signals it reads (this seat's included), the answers of the middle bandmates
before it (taken as it would read them), those after it (aiming at a share) and the
closer answering after it, less the cost of the card's points.  Modelled as aiming at
a fixed share of the song whatever this seat signalled, they looked deaf to the signal,
and the seats before them aimed as if the signal went unread.  ``middle_answers`` (per
seat count, :mod:`.data`) says how many of them answer.
"""

from __future__ import annotations

from solver.beat.blueprint import data
from solver.beat.blueprint.mate_values import (
    CodeDist,
    ValueDist,
    first_held,
    joined,
    mate_distribution,
    mate_parts,
    mate_pool,
    middles_of,
)
from solver.beat.blueprint.seat_view import Seen, Signal, choosable
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
    return first_held(pool, choosable(seen, mate)[1], order)


def answered_mates(
    seen: Seen,
    song: int,
    shown: Signal,
    utils: list[dict[str, float]],
    point_cost: float,
    context: SongContext,
    short: tuple[dict[str, float], ...] = (),
    waste: float = 0.0,
) -> CodeDist | None:
    """The bandmates other than the closer on ``song`` when the middle bandmates answer
    what they read of this seat's card there (``shown``: its signal, from
    :func:`~.conventions.signal_read`; cards read alike are answered alike); None when
    no middle bandmate answers there (none plays the song, or its difficulty is hidden
    from this seat)."""
    mates = _answerers(seen, song)
    if not mates:
        return None
    exact = shown.exact if song == 0 else None
    mine = mate_distribution(seen, seen.seat, shown, song)
    answers: list[ValueDist] = []
    for k, mate in enumerate(mates):
        # it reads this seat and the bandmates who played, and takes the answers before
        # it as it would read them; the bandmates after it still aim
        parts = mate_parts(seen, utils, exact, skip=frozenset(mates[: k + 1]))[song]
        others = joined(seen, song, [*parts, mine, *answers])
        answers.append(
            answer_distribution(
                seen, mate, song, others, utils[song], point_cost, context, short, waste
            )
        )
    played = mate_parts(seen, utils, exact, skip=frozenset(mates))[song]
    return joined(seen, song, [*played, *answers])


def _answerers(seen: Seen, song: int) -> tuple[int, ...]:
    """The middle bandmates that answer on ``song`` (the first ``middle_answers`` of
    them that play there), none where this seat cannot see the difficulty."""
    if seen.songs[song][0] is None:
        return ()
    many = data.get("middle_answers", seen.players, seen.venue.id)
    return tuple(m for m in middles_of(seen) if song < seen.hand_counts[m])[:many]
