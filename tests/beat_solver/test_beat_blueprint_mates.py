"""The blueprint's model of the bandmates still to play this round (4 seats): they
aim at the song and respect its per-card value rules -- not random cards."""

from __future__ import annotations

import dataclasses

from services.beat import GAME
from solver.beat import blueprint as B
from solver.beat import live
from solver.beat.blueprint import mate_values


def _lead_seen(events: tuple[str, ...], difficulty: int = 12) -> B.Seen:
    """The lead seat of a fresh 4-seat Garage deal, before anyone played this round."""
    state = GAME.new(4, {"venue": "garage"}, 3)
    seat = state["lead"]
    seen = live.seen_of(GAME.view(state, seat), seat, True)
    assert len(seen.later) == 3 and not seen.signals
    return dataclasses.replace(seen, songs=[(difficulty, events)])


def _middle_values(seen: B.Seen) -> dict[tuple[int, ...], float]:
    """The two middle bandmates' values together (the closer answers separately)."""
    (dist,) = mate_values.mates_per_song(seen)
    return {B.values_of(code): p for code, p in dist}


def test_per_card_value_rules():
    assert B.allowed_values(("power_chords",)) == frozenset({3, 4, 5})
    assert B.allowed_values(("blackout",)) is None
    assert B.allowed_values(("no_openers", "missing_middle")) == frozenset({2, 4, 5})


def test_bandmates_still_to_play_respect_the_songs_value_rules():
    """Power Chords (every card 3, 4 or 5): a bandmate plays such a card when it can, so
    the first seat must not count on 1s and 2s that would FAIL the song."""
    dist = _middle_values(_lead_seen(("power_chords",)))
    assert abs(sum(dist.values()) - 1) < 1e-9
    assert all(min(vals) >= 3 for vals in dist)


def test_bandmates_still_to_play_aim_at_their_share_of_the_song():
    """On a 12 at 4 seats each bandmate's share is about 3 (3.6 for a LOUD): the middle
    bandmates' two cards sum to 6-8 far more often than two random cards (48 %)."""
    dist = _middle_values(_lead_seen(()))
    near = sum(p for vals, p in dist.items() if 6 <= sum(vals) <= 8)
    assert near > 0.8
    # a low song: they aim low too
    low = _middle_values(_lead_seen((), difficulty=6))
    assert sum(p for vals, p in low.items() if sum(vals) <= 4) > 0.8


def test_bandmates_still_to_play_do_not_repeat_a_value_under_feedback_loop():
    """Feedback Loop (no two played cards of one value): the middle bandmates are
    modelled as playing apart, and as not repeating the value this seat shows Face Up.
    Aiming independently at the same share, they looked like colliding, and the first
    seat gave up songs the band could play."""
    seen = _lead_seen(("feedback_loop",))
    dist = _middle_values(seen)
    assert abs(sum(dist.values()) - 1) < 1e-9
    assert all(len(set(vals)) == len(vals) for vals in dist)
    (shown,) = mate_values.mates_per_song(seen, B.result_utilities(seen), shown=3)
    assert all(3 not in B.values_of(code) for code, _ in shown)
    # without the ban they may repeat (both aim at about 3 on a 12)
    plain = _middle_values(_lead_seen(()))
    assert any(len(set(vals)) < len(vals) for vals in plain)
