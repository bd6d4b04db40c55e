"""Which rounds are played, the Solo, and each seat's plays in a one-song round.

``active[song]``: the song is played (the queued songs surely are; later ones while
the queue holds a song).  The Solo is taken once a venue: an extra card
(``solo_extra[song]``) or, at Scrapyard, a pass (``solo_pass[song]``); ``solo_shift``
counts the Solo seat's extra cards minus passes up to and including each song.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ortools.sat.python import cp_model

from solver.beat.model.cards import BySeatAndSong
from solver.beat.model.layout import Layout
from solver.beat.model.logic import all_of, reify


@dataclass
class RoundVariables:
    active: list[Any]
    solo_extra: list[Any]
    solo_pass: list[Any]
    solo_shift: list[Any]
    # set by the round shape: second_song[song] says the song is the second of its
    # round (Rock in the Belt; constant 0 elsewhere), opens_round[song] that it starts one
    second_song: list[Any]
    opens_round: list[Any]


def round_variables(model: cp_model.CpModel, layout: Layout) -> RoundVariables:
    """Active rounds (later ones only after earlier ones) and the one Solo of the venue."""
    songs = range(layout.song_count)
    active = [
        model.new_constant(1) if song < layout.rounds_surely_played else model.new_bool_var("")
        for song in songs
    ]
    solo_extra = [
        model.new_bool_var("") if layout.solo_extra_open else model.new_constant(0) for _ in songs
    ]
    solo_pass = [
        model.new_bool_var("") if layout.solo_pass_open else model.new_constant(0) for _ in songs
    ]
    if layout.solo_extra_open or layout.solo_pass_open:
        model.add(sum(solo_extra) + sum(solo_pass) <= 1)
    for song in songs:
        if layout.solo_extra_open:
            model.add_implication(solo_extra[song], active[song])
        if layout.solo_pass_open:
            model.add_implication(solo_pass[song], active[song])
    for song in range(layout.rounds_surely_played, layout.song_count):
        if song > 0:
            model.add_implication(active[song], active[song - 1])
    return RoundVariables(active, solo_extra, solo_pass, [], [], [])


def add_solo_shift(rounds: RoundVariables) -> None:
    """The Solo seat's extra cards minus passes up to and including each song."""
    running: Any = 0
    for extra, passed in zip(rounds.solo_extra, rounds.solo_pass, strict=True):
        running = running + extra - passed
        rounds.solo_shift.append(running)


def one_song_rounds(
    model: cp_model.CpModel, layout: Layout, plays_at: BySeatAndSong, rounds: RoundVariables
) -> list[list[Any]]:
    """One song a round: each seat holding a card plays one (Solo +1, pass -1).

    Returns ``holds_card[seat][song]``: the seat holds a card when the round starts.
    """
    per_round = layout.cards_per_round
    solo_open = layout.solo_extra_open or layout.solo_pass_open
    active, shift = rounds.active, rounds.solo_shift
    holds_card: list[list[Any]] = []
    for seat in range(layout.seats):
        is_solo = seat == layout.solo_seat and solo_open
        cards_left = layout.cards_left[seat]
        row = []
        for song in range(layout.song_count):
            plays = [play for _, play in plays_at[seat][song]]
            if not is_solo:
                if per_round * song <= cards_left - 1:
                    model.add(sum(plays) == active[song])
                    row.append(model.new_constant(1))
                else:
                    for play in plays:
                        model.add(play == 0)
                    row.append(model.new_constant(0))
                continue
            extra_before = shift[song - 1] if song else 0  # extra plays before the round
            removed = per_round * song + extra_before
            holds = reify(model, removed <= cards_left - 1, removed >= cards_left)
            regular = all_of(model, [holds, active[song]])
            model.add(sum(plays) == regular + rounds.solo_extra[song] - rounds.solo_pass[song])
            if per_round * song > cards_left - 2:  # the Solo needs a second card in hand
                model.add(rounds.solo_extra[song] == 0)
            for position, play in plays_at[seat][song]:
                removed_to_draw = position - layout.hand_sizes[seat] + 1
                if position >= layout.hand_sizes[seat] and removed_to_draw > per_round * song - 1:
                    model.add(per_round * song + extra_before >= removed_to_draw).only_enforce_if(
                        play
                    )
            row.append(holds)
        holds_card.append(row)
    return holds_card
