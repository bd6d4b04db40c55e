"""What a venue asks for a win: its result ``targets`` and its rule, by rule id.

Counts include the songs already played; Event Horizon counts ON POINT songs only
(a song not ON POINT comes round again).  Rules the engine enforces while playing
(turn order, hidden cards, tunes, ...) need nothing here: the plays model them.
"""

from __future__ import annotations

from typing import Any

from ortools.sat.python import cp_model

from services.beat import venues
from solver.beat import sim
from solver.beat.model.cards import CardVariables
from solver.beat.model.layout import Layout
from solver.beat.model.rounds import RoundVariables
from solver.beat.model.song_results import SongResults


def venue_goals(
    model: cp_model.CpModel,
    layout: Layout,
    spec: sim.Spec,
    state: sim.State,
    cards: CardVariables,
    rounds: RoundVariables,
    results: SongResults,
    difficulties: list[Any],
    encores_taken: list[Any],
) -> None:
    venue = spec.venue
    rule = venue.rule_id
    active, song_count = rounds.active, layout.song_count
    failed, on_point, loud = results.failed, results.on_point, results.loud
    encores = sum(encores_taken)
    so_far = dict.fromkeys(venues.RESULTS, 0)
    for _, result in state.results:
        so_far[result] += 1
    counted = 0 if venues.recycles(venue) else 1  # Event Horizon counts ON POINT songs only
    totals = {
        venues.FAIL: so_far[venues.FAIL] + counted * sum(failed),
        venues.ON_POINT: so_far[venues.ON_POINT] + sum(on_point),
        venues.LOUD: so_far[venues.LOUD] + counted * sum(loud),
    }
    for result, target in venue.targets.items():
        if "min" in target:
            model.add(totals[result] >= target["min"])
        elif "max" in target:
            model.add(totals[result] <= target["max"])
        else:
            model.add(totals[result] == target["exact"])
    played_before = len(state.results)
    last_played = []
    for song in range(song_count):
        is_last = model.new_bool_var("")
        next_active = active[song + 1] if song + 1 < song_count else model.new_constant(0)
        model.add_bool_and([active[song], next_active.Not()]).only_enforce_if(is_last)
        model.add_bool_or([active[song].Not(), next_active]).only_enforce_if(is_last.Not())
        last_played.append(is_last)
    if rule == "last_song_loud":
        for song in range(song_count):
            model.add_implication(last_played[song], loud[song])
    elif rule == "must_play_solo" and not state.solo_used:
        model.add(sum(rounds.solo_extra) >= 1)
    elif rule == "encore_required" and state.encores_taken == 0:
        model.add(encores >= 1)
    elif rule == "odd_songs_loud":
        for song in range(song_count):
            if (played_before + song) % 2 == 0:
                model.add_implication(active[song], loud[song])
    elif rule == "first_songs_fail":
        for song in range(song_count):
            if played_before + song < venue.rule["count"]:
                model.add_implication(active[song], failed[song])
    elif rule == "full_range":
        for seat in range(spec.players):
            staged = {sim.VALUE[card] for card in state.stages[seat]}
            for value in range(1, 6):
                if value not in staged:
                    model.add(
                        sum(
                            play
                            for (player, position, _), play in cards.plays.items()
                            if player == seat
                            and sim.VALUE[layout.sequences[seat][position]] == value
                        )
                        >= 1
                    )
    elif rule == "even_songs_on_point":
        for song in range(song_count):
            if difficulties[song] % 2 == 0:
                model.add_implication(active[song], on_point[song])
    elif rule == "exact_total_songs":
        model.add(state.setlist_total + encores <= venue.rule["total"])
        model.add(played_before + sum(active) == venue.rule["total"])
    elif rule == "last_songs_on_point":
        count = venue.rule["count"]
        for song in range(song_count):
            # the song is among the last ``count`` played when song + count is not
            later = active[song + count] if song + count < song_count else model.new_constant(0)
            model.add_implication(active[song], on_point[song]).only_enforce_if(later.Not())
        new_songs = sum(active)
        for back in range(1, count):
            if back > played_before or state.results[-back][1] != venues.ON_POINT:
                model.add(new_songs >= count - back + 1)
