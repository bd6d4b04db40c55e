"""The difficulty of each song the model spans: the queue, then the Encores in deck order.

At Event Horizon a song not ON POINT comes round again, so the difficulty of a song
beyond the queue is a variable over every difficulty still in play
(:mod:`solver.beat.model.event_horizon` ties it to the recycled song or the next Encore).
"""

from __future__ import annotations

from typing import Any

from ortools.sat.python import cp_model

from solver.beat import sim
from solver.beat.model.layout import Layout


def song_difficulties(
    model: cp_model.CpModel, layout: Layout, spec: sim.Spec, state: sim.State
) -> tuple[list[Any], list[int]]:
    """Each song's difficulty (an int, or a variable at Event Horizon), and the
    difficulties such a variable ranges over (empty elsewhere)."""
    queued = layout.songs_queued
    difficulties: list[Any] = [
        state.queue[song] if song < queued else spec.encores[state.enc + song - queued]
        for song in range(layout.song_count)
    ]
    if not layout.recycles:
        return difficulties, []
    possible = sorted(set(state.queue) | set(spec.encores[state.enc :]))
    domain = cp_model.Domain.FromValues(possible)
    difficulties = [
        difficulties[song] if song < queued else model.new_int_var_from_domain(domain, "")
        for song in range(layout.song_count)
    ]
    return difficulties, possible
