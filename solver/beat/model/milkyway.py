"""Milkyway: per played card an up or down tune, paid with unused staged Cue cards.

A seat's tunes up to a song never exceed the Cue cards it had staged and not yet
used at the round start plus the Cue cards it has played since.  The song encoding
reads the tunes as, per printed value, how many copies are tuned up and down.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ortools.sat.python import cp_model

from solver.beat import sim
from solver.beat.model.cards import CardVariables
from solver.beat.model.layout import Layout

PerValue = list[Any]  # index value - 1: a sum of tune literals


@dataclass
class Tunes:
    up: dict[tuple[int, int, int], cp_model.IntVar]  # (seat, position, song)
    down: dict[tuple[int, int, int], cp_model.IntVar]
    by_value: list[tuple[PerValue, PerValue]]  # per song: (tuned up, tuned down) per value


def tunes(model: cp_model.CpModel, layout: Layout, state: sim.State, cards: CardVariables) -> Tunes:
    plays, sequences = cards.plays, layout.sequences
    cues_at_start = [
        sim.cue_cards_staged(state.stages[seat]) - state.tunes_used[seat]
        for seat in range(layout.seats)
    ]
    up, down = {}, {}
    for key, play in plays.items():
        tuned_up = model.new_bool_var("")
        tuned_down = model.new_bool_var("")
        model.add(tuned_up + tuned_down <= play)
        up[key], down[key] = tuned_up, tuned_down
    for seat in range(layout.seats):
        positions = range(layout.cards_left[seat])
        spent: Any = 0
        for song in range(layout.song_count):
            used = sum(
                up[seat, position, song] + down[seat, position, song]
                for position in positions
                if (seat, position, song) in plays
            )
            gained = sum(
                plays[seat, position, earlier]
                for earlier in range(song)
                for position in positions
                if (seat, position, earlier) in plays and sim.CUE[sequences[seat][position]]
            )
            model.add(used + spent <= cues_at_start[seat] + gained)
            spent = spent + used
    by_value = []
    for song in range(layout.song_count):
        played = [
            (seat, position)
            for seat in range(layout.seats)
            for position in range(layout.cards_left[seat])
            if (seat, position, song) in plays
        ]
        tuned_up = [
            sum(
                up[seat, position, song]
                for seat, position in played
                if sim.VALUE[sequences[seat][position]] == value
            )
            for value in range(1, 6)
        ]
        tuned_down = [
            sum(
                down[seat, position, song]
                for seat, position in played
                if sim.VALUE[sequences[seat][position]] == value
            )
            for value in range(1, 6)
        ]
        by_value.append((tuned_up, tuned_down))
    return Tunes(up, down, by_value)
