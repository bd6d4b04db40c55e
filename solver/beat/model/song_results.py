"""Each song's sums and result: how many cards of each value are played on it, and
FAIL, ON POINT or LOUD.

A song's result is encoded clause by clause from the event data
(:func:`solver.beat.song_model.encode_song`), or, with an ``ignore_card`` event and no
tunes, a table whose every row is the engine's ``rounds.resolve_song``.  Milkyway's
tunes under an ``ignore_card`` event stay linear: the ignored card is the extreme
printed value played, then the extreme tune among its copies, so the model stays
small at every player count (per-card tune tables grew as 3^cards).  A song broken
on purpose is a FAIL whatever was played.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ortools.sat.python import cp_model

from services.beat import venues
from solver.beat import sim
from solver.beat.model.cards import CardVariables
from solver.beat.model.layout import Layout
from solver.beat.song_model import CODE, encode_song, has_ignore, result_table

FAIL_CODE, ON_POINT_CODE, LOUD_CODE = CODE[venues.FAIL], CODE[venues.ON_POINT], CODE[venues.LOUD]


@dataclass
class SongResults:
    plays_by_value: list[list[list]]  # per song, per value - 1: the play literals
    counts: list[list[cp_model.IntVar]]  # per song, per value - 1: cards played
    result: list[cp_model.IntVar]  # per song: FAIL_CODE, ON_POINT_CODE or LOUD_CODE
    # per song: played and with that result
    failed: list[Any]
    on_point: list[Any]
    loud: list[Any]


def value_counts(
    model: cp_model.CpModel, layout: Layout, cards: CardVariables
) -> tuple[list[list[list]], list[list[cp_model.IntVar]]]:
    """The play literals per song and value, and a count variable for each."""
    plays_by_value: list[list[list]] = [[[] for _ in range(5)] for _ in range(layout.song_count)]
    for (seat, position, song), play in cards.plays.items():
        plays_by_value[song][sim.VALUE[layout.sequences[seat][position]] - 1].append(play)
    sums = [
        [sum(plays_by_value[song][value]) for value in range(5)]
        for song in range(layout.song_count)
    ]
    counts = []
    for song in range(layout.song_count):
        row = []
        for value in range(5):
            count = model.new_int_var(0, layout.max_cards_per_song, "")
            model.add(count == sums[song][value])
            row.append(count)
        counts.append(row)
    return plays_by_value, counts


def result_variables(model: cp_model.CpModel, layout: Layout) -> list[cp_model.IntVar]:
    return [model.new_int_var(0, 2, "") for _ in range(layout.song_count)]


def loud_before(model: cp_model.CpModel, state: sim.State) -> Any:
    """Whether the song played just before the round start was LOUD (Stellar Studio)."""
    previous = state.results[-1][1] if state.results else None
    return model.new_constant(1 if previous == venues.LOUD else 0)


def encode_results(
    model: cp_model.CpModel,
    layout: Layout,
    venue: venues.Venue,
    difficulties: list[Any],
    possible_difficulties: list[int],
    counts: list[list[cp_model.IntVar]],
    tuned: list[Any],
    broken: list[Any],
    results: list[cp_model.IntVar],
    previous_loud: Any,
) -> None:
    """Tie each song's result to its counts, tunes, difficulty and events."""
    for song in range(layout.song_count):
        difficulty, events = difficulties[song], layout.events[song]
        # a song broken on purpose is a FAIL whatever was played
        played_result = results[song] if broken[song] is None else model.new_int_var(0, 2, "")
        if has_ignore(events) and tuned[song] is None:  # Milkyway's tunes: encoded linearly
            result_by_table(
                model,
                venue,
                possible_difficulties,
                counts[song],
                played_result,
                difficulty,
                events,
                layout.max_cards_per_song,
                previous_loud,
            )
        else:
            encode_song(
                model,
                venue,
                counts[song],
                tuned[song],
                difficulty,
                events,
                previous_loud,
                played_result,
            )
        if broken[song] is not None:
            model.add(results[song] == FAIL_CODE).only_enforce_if(broken[song])
            model.add(results[song] == played_result).only_enforce_if(broken[song].Not())
        is_loud = model.new_bool_var("")
        model.add(results[song] == LOUD_CODE).only_enforce_if(is_loud)
        model.add(results[song] != LOUD_CODE).only_enforce_if(is_loud.Not())
        previous_loud = is_loud


def result_by_table(
    model: cp_model.CpModel,
    venue: venues.Venue,
    possible_difficulties: list[int],
    counts: list[cp_model.IntVar],
    result: cp_model.IntVar,
    difficulty: Any,
    events: tuple[str, ...],
    max_cards_per_song: int,
    previous_loud: Any,
) -> None:
    """Songs with an ignore_card event: the engine's result for every count vector."""
    if not isinstance(difficulty, int):  # Event Horizon: the difficulty is a variable too
        if venue.rule_id == "no_loud_twice":
            raise ValueError("a variable difficulty has no table with a previous result")
        rows = [
            (value, *row)
            for value in possible_difficulties
            for row in result_table(venue.id, value, events, max_cards_per_song, None)
        ]
        model.add_allowed_assignments([difficulty, *counts, result], rows)
        return
    if venue.rule_id == "no_loud_twice":
        after_loud = result_table(venue.id, difficulty, events, max_cards_per_song, venues.LOUD)
        after_other = result_table(venue.id, difficulty, events, max_cards_per_song, None)
        rows = [(*row[:5], 1, row[5]) for row in after_loud]
        rows += [(*row[:5], 0, row[5]) for row in after_other]
        model.add_allowed_assignments([*counts, previous_loud, result], rows)
    else:
        model.add_allowed_assignments(
            [*counts, result], result_table(venue.id, difficulty, events, max_cards_per_song, None)
        )


def result_flags(
    model: cp_model.CpModel, results: list[cp_model.IntVar], active: list[Any]
) -> tuple[list[Any], list[Any], list[Any]]:
    """Per song: played and FAILed, played and ON POINT, played and LOUD."""
    failed, on_point, loud = [], [], []
    for song, result in enumerate(results):
        flags = []
        for code in (FAIL_CODE, ON_POINT_CODE, LOUD_CODE):
            is_code = model.new_bool_var("")
            model.add(result == code).only_enforce_if(is_code)
            model.add(result != code).only_enforce_if(is_code.Not())
            played_with = model.new_bool_var("")
            model.add_bool_and([is_code, active[song]]).only_enforce_if(played_with)
            model.add_bool_or([is_code.Not(), active[song].Not()]).only_enforce_if(
                played_with.Not()
            )
            flags.append(played_with)
        failed.append(flags[0])
        on_point.append(flags[1])
        loud.append(flags[2])
    return failed, on_point, loud
