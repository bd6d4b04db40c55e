"""The blueprint values a 1 for the Encore it brings while the targets need one."""

from __future__ import annotations

from services.beat import cards as C
from services.beat import venues as V
from solver.beat import blueprint as B
from solver.beat.blueprint import data, result_value
from solver.beat.blueprint.mate_values import code_of
from solver.beat.blueprint.song_value import song_value

FAIL, OP, LOUD = V.FAIL, V.ON_POINT, V.LOUD


def _last_red_rocks_song(hand: tuple[str, ...]) -> B.Seen:
    """Red Rocks, 2 seats, two LOUDs counted, the last song in play, no Encore yet:
    the targets need its Encore (ON POINT and a third LOUD), the first seat to play."""
    return B.Seen(
        venue=V.get_venue("red_rocks"),
        players=2,
        seat=0,
        hand=hand,
        songs=[(5, ("clear_skies",))],
        results=((4, LOUD), (5, LOUD)),
        songs_after=0,
        encore_left=9,
        setlist_total=3,
        encores_taken=0,
        solo_seat=1,
        solo_used=True,
        stages=(("s0-2a", "s0-3a", "s0-4a"), ("s1-2a", "s1-3a", "s1-4a")),
        rotated=frozenset(),
        hand_counts=(5, 5),
        later=(1,),
    )


def test_on_the_last_song_only_a_song_with_a_1_keeps_red_rocks_alive():
    """Counting the planned Encore as sure rated every result of the last song as if it
    came; without a 1 on it the Encore cannot come, and neither can the win."""
    seen = _last_red_rocks_song(("s0-1a", "s0-2b", "s0-3b", "s0-5a", "s0-5b"))
    plan = B.planned_encores(seen)
    assert plan == 1
    utils = B.result_utilities(seen, plan)
    (short,) = result_value.short_utilities(seen, plan)
    without_one = short[0]
    assert without_one == dict.fromkeys((FAIL, OP, LOUD), 0.0)
    assert utils[0][LOUD] > 0 and utils[0][OP] > 0


def test_a_1_is_worth_more_than_a_card_that_brings_no_encore():
    """The same closer, the same song: the 1 brings the Encore the targets need."""
    seen = _last_red_rocks_song(("s0-1a", "s0-2b", "s0-3b", "s0-5a", "s0-5b"))
    plan = B.planned_encores(seen)
    (utility,) = B.result_utilities(seen, plan)
    (short,) = result_value.short_utilities(seen, plan)
    mates = ((code_of(()), 1.0),)
    one, _ = song_value(seen, 0, (1,), mates, utility, short=short)
    two, _ = song_value(seen, 0, (2,), mates, utility, short=short)
    assert one > two


def test_a_sure_later_encore_gives_the_old_utilities():
    """``encore_later_chance`` 1.0 counts every planned Encore as sure: no split by 1s."""
    values = data.current()
    for n in data.SEATS:
        values["encore_later_chance"][n] = 1.0
    seen = _last_red_rocks_song(tuple(C.deck_ids(0)[:5]))
    with data.using(values):
        assert result_value.short_utilities(seen, B.planned_encores(seen)) == [()]
