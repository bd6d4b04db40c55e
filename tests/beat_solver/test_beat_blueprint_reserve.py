"""At Area Fifty the blueprint keeps the cards its odd songs need: a play costs the points
it takes from the seat's best cards for the songs still to come."""

from __future__ import annotations

from services.beat import venues as V
from solver.beat import blueprint as B
from solver.beat.blueprint import choice

LOUD, OP = V.LOUD, V.ON_POINT


def _area_fifty_second_song(hand: tuple[str, ...]) -> B.Seen:
    """Area Fifty, 2 seats, the first song LOUD, the second (even) song in play with
    five songs after it; the seat's Stage Area holds three 1s, so its unstaged cards
    are every 2-5 (twelve cards) and the reserve for five later songs is 5 5 5 4 4."""
    return B.Seen(
        venue=V.get_venue("area_fifty"),
        players=2,
        seat=0,
        hand=hand,
        songs=[(6, ("clear_skies",))],
        results=((5, LOUD),),
        songs_after=5,
        encore_left=5,
        setlist_total=7,
        encores_taken=0,
        solo_seat=1,
        solo_used=False,
        stages=(("s0-1a", "s0-1b", "s0-1c"), ("s1-2a", "s1-3a", "s1-4a")),
        rotated=frozenset(),
        hand_counts=(5, 5),
        later=(1,),
    )


def test_a_card_outside_the_reserve_costs_nothing_and_a_top_card_costs_its_excess():
    seen = _area_fifty_second_song(("s0-2a", "s0-3a", "s0-4a", "s0-5a", "s0-5b"))
    assert choice.reserve_loss(seen, (2,), 0) == 0.0
    assert choice.reserve_loss(seen, (3,), 0) == 0.0
    # a 5 played lets the next best card (a 4) into the reserve: 1 point lost
    assert choice.reserve_loss(seen, (5,), 0) == 1.0
    # the third 4 is outside the reserve (5 5 5 4 4): nothing lost
    assert choice.reserve_loss(seen, (4,), 0) == 0.0


def test_the_reserve_counts_the_planned_encores_as_songs_to_come():
    seen = _area_fifty_second_song(("s0-2a", "s0-3a", "s0-4a", "s0-5a", "s0-5b"))
    # six later songs: the reserve is 5 5 5 4 4 4, so a 4 played lets a 3 in
    assert choice.reserve_loss(seen, (4,), 1) == 1.0


def test_the_reserve_term_is_scoped_to_area_fifty():
    """Tried at every venue it lost deals nearly everywhere: only Area Fifty's odd
    songs make high cards the one resource that decides the venue."""
    seen = _area_fifty_second_song(("s0-2a", "s0-3a", "s0-4a", "s0-5a", "s0-5b"))
    at_fifty = choice.card_terms(seen, (5,), 1.0, 0) - choice.card_terms(seen, (4,), 1.0, 0)
    seen.venue = V.get_venue("garage")
    at_garage = choice.card_terms(seen, (5,), 1.0, 0) - choice.card_terms(seen, (4,), 1.0, 0)
    assert at_fifty < at_garage
