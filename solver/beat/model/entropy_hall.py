"""Entropy Hall: won the moment every seat has its 1s staged, lost on an empty queue.

``done[t]``: after round ``t`` every seat has staged (at the start, or played since)
as many 1s as ``venues.entropy_won`` asks -- the count is read from that helper.
The next round is played while the queue holds a song and the venue is not done; a
win needs the last round played to be done.
"""

from __future__ import annotations

from typing import Any

from ortools.sat.python import cp_model

from services.beat import venues
from solver.beat import sim
from solver.beat.model.cards import CardVariables
from solver.beat.model.layout import Layout
from solver.beat.model.logic import all_of, reify


def entropy_finish(
    model: cp_model.CpModel,
    layout: Layout,
    venue: venues.Venue,
    state: sim.State,
    cards: CardVariables,
    active: list[Any],
    queued: list[Any],
    goals: bool,
) -> list[Any]:
    """Rounds continue while queued and not done; with ``goals`` the last one is done.
    Returns ``done`` per song."""
    ones_needed = next(
        count for count in range(17) if venues.entropy_won(venue, {"stages": [[1] * count]})
    )
    done = []
    ones_staged: list[Any] = [
        sum(1 for card in state.stages[seat] if sim.VALUE[card] == 1)
        for seat in range(layout.seats)
    ]
    for song in range(layout.song_count):
        seats_done = []
        for seat in range(layout.seats):
            ones_staged[seat] = ones_staged[seat] + sum(
                play
                for position, play in cards.plays_by_seat_and_song[seat][song]
                if sim.VALUE[layout.sequences[seat][position]] == 1
            )
            seats_done.append(
                reify(
                    model,
                    ones_staged[seat] >= ones_needed,
                    ones_staged[seat] <= ones_needed - 1,
                )
            )
        done.append(all_of(model, seats_done))
    for song in range(1, layout.song_count):
        more_queued = reify(model, queued[song] >= song + 1, queued[song] <= song)
        model.add(
            active[song] == all_of(model, [active[song - 1], more_queued, done[song - 1].Not()])
        )
    if goals:
        for song in range(layout.song_count):
            next_active = (
                active[song + 1] if song + 1 < layout.song_count else model.new_constant(0)
            )
            model.add_bool_or([done[song], next_active]).only_enforce_if(active[song])
    return done
