"""The blueprint's model of the bandmates still to play this round (3-4 seats): they
aim at the song, the first of them answers this seat's signal, and they respect the
song's per-card value rules -- not random cards."""

from __future__ import annotations

import dataclasses

from services.beat import GAME
from services.beat import cards as C
from solver.beat import blueprint as B
from solver.beat import live
from solver.beat.blueprint import conventions, mate_values, middle, song_value


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


def _three_seat_lead(hand: tuple[str, ...], stage: tuple[str, ...] | None = None) -> B.Seen:
    """The lead seat of a fresh 3-seat Garage deal holding ``hand`` (and staging
    ``stage``), on a 9 with no event."""
    state = GAME.new(3, {"venue": "garage"}, 2)
    seat = state["lead"]
    seen = live.seen_of(GAME.view(state, seat), seat, True)
    stages = list(seen.stages)
    if stage is not None:
        stages[seat] = stage
    hand = tuple(card.replace("s#", f"s{seat}") for card in hand)
    stages[seat] = tuple(card.replace("s#", f"s{seat}") for card in stages[seat])
    return dataclasses.replace(seen, songs=[(9, ())], hand=hand, stages=tuple(stages))


def _middle_mean(seen: B.Seen, main: int) -> float:
    """The mean card the middle bandmate is modelled as playing after this seat's
    ``main`` (3 seats: the one bandmate between this seat and the closer)."""
    assert len(mate_values.middles_of(seen)) == 1
    return _middles_mean(seen, main)


def _middles_mean(seen: B.Seen, main: int) -> float:
    """The mean sum of the middle bandmates' cards after this seat's ``main``."""
    utils = B.result_utilities(seen)
    shown = conventions.signal_read(seen, main)
    dist = middle.answered_mates(seen, 0, shown, utils, 0.0, song_value.song_context(seen, 0))
    assert dist is not None and abs(sum(p for _, p in dist) - 1) < 1e-9
    return sum(sum(B.values_of(code)) * p for code, p in dist)


def test_the_middle_bandmate_answers_a_face_up_signal():
    """A Face Up 4 on a 9 leaves less to play than a Face Up 2: the middle bandmate
    reads it and is modelled as playing lower (aiming at a fixed share, it played
    the same card after both)."""
    seen = _three_seat_lead(("s#-2a", "s#-4a", "s#-3c"))
    assert B.signal_for(seen, seen.hand[1], 0)[0] == seen.hand[1]
    assert _middle_mean(seen, 4) < _middle_mean(seen, 2) - 1


def test_the_middle_bandmate_answers_a_cue():
    """A Cue "higher than 3" (a 4 or a 5) and one "lower than 3" (a 1 or a 2): the
    middle bandmate answers the high one lower."""
    seen = _three_seat_lead(("s#-1b", "s#-5b"), ("s#-3b", "s#-1c", "s#-2c"))
    assert B.signal_for(seen, seen.hand[1], 0)[1] is not None
    assert _middle_mean(seen, 5) < _middle_mean(seen, 1) - 1


def test_both_middle_bandmates_answer_at_four_seats():
    """At 4 seats both bandmates before the closer answer, in turn: on a 12 they make
    up the 2 points between a Face Up 2 and a Face Up 4 together (with only the first
    answering, the second aiming at a fixed share, about 1.6 of them)."""
    state = GAME.new(4, {"venue": "garage"}, 0)
    seat = state["lead"]
    seen = live.seen_of(GAME.view(state, seat), seat, True)
    hand = tuple(f"s{seat}-{copy}" for copy in ("2a", "4a", "3c"))
    seen = dataclasses.replace(seen, songs=[(12, ())], hand=hand)
    assert len(mate_values.middles_of(seen)) == 2
    assert _middles_mean(seen, 2) - _middles_mean(seen, 4) > 2


def test_at_burning_star_a_bandmate_still_to_play_is_not_modelled_playing_its_flipped_cards():
    """Bandmates see a Burning Star seat's flipped cards; that seat cannot pick them.  A
    bandmate still to play picks from its other cards (the closer's answer as well), while
    a card already played is read from the Stage Area alone, as its player expects."""
    state = GAME.new(3, {"venue": "burning_star"}, 4)
    seat = state["lead"]
    seen = live.seen_of(GAME.view(state, seat), seat, True)
    closer = seen.later[-1]
    flipped = state["seats"][closer]["flipped"]
    assert len(flipped) == 2 and not set(flipped) & set(seen.hand)
    assert seen.unseen_by_seat[closer] == tuple(flipped) and seen.unseen_by_seat[seat] == ()

    def values(cards):
        return tuple(C.value(card) for card in cards)

    stage = values(state["seats"][closer]["stage"])
    pool, _ = mate_values.mate_pool(seen, closer, 0)
    assert pool == mate_values.card_pool(stage + values(flipped), False)
    *_, closer_pool, hand, _, _ = song_value.song_context(seen, 0)
    assert closer_pool == pool and hand == len(state["seats"][closer]["hand"]) - 2
    # once the bandmate played, its card is read from its Stage Area alone
    for action in live.blueprint_turn(GAME.view(state, closer), closer)[:-1]:
        state, _ = GAME.apply(state, closer, action)
    reader = live.seen_of(GAME.view(state, seat), seat, True)
    assert closer in reader.signals
    pool, _ = mate_values.mate_pool(reader, closer, 0)
    assert pool == mate_values.card_pool(stage, False)
