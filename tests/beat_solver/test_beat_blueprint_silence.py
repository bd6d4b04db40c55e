"""A card played face down with no signal tells what the convention's silence says:
the seat could not show it Face Up and no unused Cue card narrowed it enough."""

from __future__ import annotations

import dataclasses

import pytest

from services.beat import GAME
from solver.beat import blueprint as B
from solver.beat import live
from solver.beat.blueprint import data, mate_values


def _reading(stage: str, events: tuple[str, ...] = (), used: str = "") -> dict[int, float]:
    """How the second seat of a fresh 4-seat Garage deal reads the lead's card, played
    face down with no signal, the lead's Stage Area being ``stage`` (card suffixes: a
    the Face Up copy, b the Cue copy) with the Cue cards ``used`` already rotated."""
    state = GAME.new(4, {"venue": "garage"}, 3)
    lead = state["lead"]
    seat = (lead + 1) % 4
    seen = live.seen_of(GAME.view(state, seat), seat, True)
    stages = list(seen.stages)
    stages[lead] = tuple(f"s{lead}-{card}" for card in stage.split())
    rotated = list(seen.rotated_by_seat)
    rotated[lead] = frozenset(f"s{lead}-{card}" for card in used.split())
    counts = list(seen.hand_counts)
    counts[lead] -= 1
    seen = dataclasses.replace(
        seen,
        songs=[(12, events)],
        stages=tuple(stages),
        rotated_by_seat=tuple(rotated),
        hand_counts=tuple(counts),
        signals={lead: [B.Signal(song=0)]},
    )
    return dict(mate_values.mate_distribution(seen, lead, seen.signals[lead][0], 0))


def test_silence_with_an_unused_cue_card_is_that_cue_cards_value():
    """A Cue on a 3 Cue card leaves two values either way (within ``cue_max_width`` 2):
    a seat with an unused staged 3 Cue card that played silently played a 3."""
    assert _reading("3b 5a 1c") == {3: 1.0}


def test_a_used_cue_card_or_radio_silence_rules_nothing_out():
    assert set(_reading("3b 5a 1c", used="3b")) == {1, 2, 3, 4, 5}
    assert set(_reading("3b 5a 1c", ("radio_silence",))) == {1, 2, 3, 4, 5}


def test_an_unstaged_face_up_copy_makes_its_value_less_likely():
    """A seat holding the Face Up copy of the value it plays shows it: a value whose
    Face Up copy is unstaged counts only as often as a hand of 5 of the 12 unstaged
    cards holding that value lacks that copy (336 of 666 such hands for 3 copies)."""
    reading = _reading("5a 5b 1c")  # 5b is no Cue copy: only 2b, 3b and 4b are
    assert reading[4] / reading[5] == pytest.approx(3 * 336 / 666)
    assert reading[1] / reading[5] == pytest.approx(2)
    staged = _reading("4a 5b 1c")  # the 4's Face Up copy is staged: no longer held
    assert staged[4] == pytest.approx(staged[1])


def test_with_the_convention_off_a_silent_card_is_any_unstaged_value():
    values = data.current()
    values["read_silence"] = dict.fromkeys(data.SEATS, False)
    with data.using(values):
        reading = _reading("3b 5a 1c")
    assert reading[3] == pytest.approx(2 / 12) and reading[4] == pytest.approx(3 / 12)


def test_at_four_seats_a_cue_leaving_three_values_is_not_given():
    """With silent cards read, a narrow Cue convention makes silence tell more: at 4
    seats a 2 Cue card cues a 1 ("lower", one value) but not a 5 ("higher": 3, 4 or 5)."""
    state = GAME.new(4, {"venue": "garage"}, 3)
    lead = state["lead"]
    seen = live.seen_of(GAME.view(state, lead), lead, True)
    stages = list(seen.stages)
    stages[lead] = (f"s{lead}-2b", f"s{lead}-3c", f"s{lead}-4c")
    seen = dataclasses.replace(seen, stages=tuple(stages), rotated=frozenset(), songs=[(12, ())])
    assert B.signal_for(seen, f"s{lead}-1a", 0) == (None, (f"s{lead}-1a", f"s{lead}-2b", "lower"))
    assert B.signal_for(seen, f"s{lead}-5a", 0) == (None, None)
