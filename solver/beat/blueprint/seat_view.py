"""What one seat knows at its decision in a round, and the signals it reads."""

from __future__ import annotations

from dataclasses import dataclass, field

from services.beat import venues as V


@dataclass
class Signal:
    """A bandmate's play this round as this seat knows it."""

    song: int
    exact: int | None = None  # Face Up value
    above: int = 0  # value > above (a Cue "higher")
    below: int = 6  # value < below (a Cue "lower")
    solo: bool = False


@dataclass
class Seen:
    """One seat's information at its decision in a round (nothing hidden from it)."""

    venue: V.Venue
    players: int
    seat: int
    hand: tuple[str, ...]  # the cards it holds and can see
    songs: list[tuple[int | None, tuple[str, ...]]]  # difficulty (None: hidden) + events
    results: tuple[tuple[int | None, str], ...]  # counted so far, in order
    songs_after: int  # songs in the Song deck after this round's
    encore_left: int
    setlist_total: int
    encores_taken: int
    solo_seat: int
    solo_used: bool
    stages: tuple[tuple[str, ...], ...]  # every Stage Area (public)
    rotated: frozenset[str]  # this seat's Cue cards already used
    hand_counts: tuple[int, ...]  # cards each seat holds now
    signals: dict[int, list[Signal]] = field(default_factory=dict)  # bandmates who played
    later: tuple[int, ...] = ()  # bandmates still to play this round, in order
    difficulty_pool: tuple[int, ...] = ()  # Warken: the difficulties a hidden song may have
    need: int = 1  # cards this seat plays (one per song, fewer with a short hand)
    broken: frozenset[int] = frozenset()  # songs a forbidden Face Up or Cue already FAILs
    rotated_by_seat: tuple[frozenset[str], ...] = ()  # every seat's used Cue cards (public)
    # Burning Star: each bandmate's flipped cards, which it cannot see and this seat can
    unseen_by_seat: tuple[tuple[str, ...], ...] = ()


def choosable(seen: Seen, mate: int) -> tuple[tuple[str, ...], int]:
    """(cards ``mate`` holds or has staged that it will not pick, how many cards it picks
    from): its Stage Area and its hand size, and at Burning Star, for a bandmate still to
    play, also the flipped cards this seat sees in its hand -- unless they are all it
    holds (then it plays one blind).  A card already played is read as the signal
    convention reads it, from the Stage Area alone: its player cannot know its own
    flipped cards, so it expects every reader to read it so."""
    unseen = seen.unseen_by_seat[mate] if seen.unseen_by_seat else ()
    if not unseen or mate in seen.signals or seen.hand_counts[mate] <= len(unseen):
        return seen.stages[mate], seen.hand_counts[mate]
    return seen.stages[mate] + unseen, seen.hand_counts[mate] - len(unseen)


def previous_result(seen: Seen) -> str | None:
    """The last counted result (rules such as "no LOUD twice" read it)."""
    return seen.results[-1][1] if seen.results else None


def closer_of(seen: Seen) -> int | None:
    """The last bandmate still to play this round: it will read this seat's signal."""
    for mate in reversed(seen.later):
        if seen.hand_counts[mate] > 0:
            return mate
    return None
