"""Event Horizon: a song not ON POINT goes under the Song deck, uncounted.

The queue is first in, first out: round ``t`` plays the ``t``-th song ever queued.
Round ``i`` queues its own song again when it is not ON POINT, then the Encores it
takes, so its recycled song lands at position ``queued[i]``; a later position that
no recycled song lands on is the next Encore in the Encore deck's order.
"""

from __future__ import annotations

from typing import Any

from ortools.sat.python import cp_model

from solver.beat import sim
from solver.beat.model.layout import Layout
from solver.beat.model.logic import all_of, reify


def recycled_queue(
    model: cp_model.CpModel,
    layout: Layout,
    spec: sim.Spec,
    state: sim.State,
    difficulties: list[Any],
    possible_difficulties: list[int],
    active: list[Any],
    on_point: list[Any],
    encores_taken: list[Any],
) -> list[Any]:
    """Ties each later song's difficulty to what lands there; returns ``queued``: the
    songs queued before each round's own additions, and at the end."""
    song_count, songs_queued = layout.song_count, layout.songs_queued
    recycled = [all_of(model, [active[song], on_point[song].Not()]) for song in range(song_count)]
    queued: list[Any] = [songs_queued]
    for song in range(song_count):
        queued.append(queued[-1] + recycled[song] + encores_taken[song])
    lands: dict[int, list] = {song: [] for song in range(songs_queued, song_count)}
    for source in range(song_count):
        for song in range(max(source + 1, songs_queued), song_count):
            at_song = reify(model, queued[source] == song, queued[source] != song)
            lands_here = all_of(model, [recycled[source], at_song])
            model.add(difficulties[song] == difficulties[source]).only_enforce_if(lands_here)
            lands[song].append(lands_here)
    # positions before a song taken by recycled songs; the rest are Encores in order
    encores = list(spec.encores[state.enc :])
    padded = encores + [possible_difficulties[0]] * (song_count + 1 - len(encores))
    taken: Any = 0
    for song in range(songs_queued, song_count):
        is_recycled = model.new_bool_var("")
        model.add(is_recycled == sum(lands[song]))
        encore_index = model.new_int_var(0, song_count, "")
        model.add(encore_index == song - songs_queued - taken)
        encore = model.new_int_var_from_domain(
            cp_model.Domain.FromValues(possible_difficulties), ""
        )
        model.add_element(encore_index, padded, encore)
        model.add(difficulties[song] == encore).only_enforce_if(is_recycled.Not())
        taken = taken + is_recycled
    return queued
