"""Encores taken and how many songs are played.

``encores_taken[song]`` (a round takes the sum of its songs'): at most the 1s played
on a song not FAILed, none on a song not played, at most the Encore deck in all.
Encores taken make later songs active, so the number of songs is exact: a round is
played while the queue holds its song (``queued[t]``: songs queued before round
``t``'s own additions), and a won venue plays every queued song.  At Entropy Hall a
song not FAILed adds an Encore by itself while the deck lasts.
"""

from __future__ import annotations

from typing import Any

from ortools.sat.python import cp_model

from solver.beat import sim
from solver.beat.model.cards import CardVariables
from solver.beat.model.entropy_hall import entropy_finish
from solver.beat.model.event_horizon import recycled_queue
from solver.beat.model.layout import Layout
from solver.beat.model.logic import reify
from solver.beat.model.song_results import SongResults


def encore_variables(model: cp_model.CpModel, layout: Layout) -> list[Any]:
    """Encores taken per song (constant 0 where none are left)."""
    encores_left = layout.encores_left
    most = min(layout.max_cards_per_song + int(layout.auto_encores), encores_left)
    return [
        model.new_int_var(0, most, "") if encores_left else model.new_constant(0)
        for _ in range(layout.song_count)
    ]


def encore_limits(
    model: cp_model.CpModel,
    layout: Layout,
    encores_taken: list[Any],
    active: list[Any],
    results: SongResults,
) -> None:
    """Per song: none on a FAIL or a song not played; at most its 1s (Entropy Hall:
    plus one by itself on a song not FAILed, taken while the deck lasts)."""
    if not layout.encores_left:
        return
    for song in range(layout.song_count):
        ones = sum(results.plays_by_value[song][0])
        taken = encores_taken[song]
        model.add(taken == 0).only_enforce_if(results.failed[song])
        model.add(taken == 0).only_enforce_if(active[song].Not())
        if not layout.auto_encores:
            model.add(taken <= ones)
            continue
        not_failed = results.on_point[song] + results.loud[song]
        model.add(taken <= ones + not_failed)
        left = layout.encores_left - sum(encores_taken[:song])
        model.add(taken >= not_failed).only_enforce_if(reify(model, left >= 1, left <= 0))


def songs_played(
    model: cp_model.CpModel,
    layout: Layout,
    spec: sim.Spec,
    state: sim.State,
    cards: CardVariables,
    difficulties: list[Any],
    possible_difficulties: list[int],
    encores_taken: list[Any],
    active: list[Any],
    results: SongResults,
    goals: bool,
) -> list[Any] | None:
    """A round is active exactly while the queue holds its song (Event Horizon: with
    the recycled songs; Entropy Hall: until done).  Returns Entropy Hall's ``done``."""
    song_count, songs_queued = layout.song_count, layout.songs_queued
    queued = (
        recycled_queue(
            model,
            layout,
            spec,
            state,
            difficulties,
            possible_difficulties,
            active,
            results.on_point,
            encores_taken,
        )
        if layout.recycles
        else None
    )
    if layout.encores_left:
        model.add(layout.encores_left >= sum(encores_taken))
    if layout.auto_encores:
        queued = [songs_queued + sum(encores_taken[:song]) for song in range(song_count + 1)]
        return entropy_finish(model, layout, spec.venue, state, cards, active, queued, goals)
    if layout.encores_left or layout.recycles:
        if queued is None:
            queued = [songs_queued + sum(encores_taken[:song]) for song in range(song_count + 1)]
        if goals:  # a won venue plays every queued song (a losing test plan may not)
            model.add(queued[song_count] <= song_count)
        for song in range(songs_queued, song_count):
            model.add(queued[song] >= song + 1).only_enforce_if(active[song])
            model.add(queued[song] <= song).only_enforce_if(active[song].Not())
    return None
