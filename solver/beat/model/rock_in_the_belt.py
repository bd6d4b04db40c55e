"""Rock in the Belt: a round plays two songs while the queue holds two.

A round starting at a song takes the next song too when that song is already in the
queue (scheduled, or an Encore taken in an earlier round).  A seat plays one card on
each song of a round while it holds two (one on either song when it holds one); the
Solo's extra card goes to either song.  So after a round ending with song ``t`` a
seat has played min(cards, t + 1) regular cards (the Solo seat min(cards - solo,
t + 1)): a cumulative count per seat, checked at round ends.
"""

from __future__ import annotations

from typing import Any

from ortools.sat.python import cp_model

from solver.beat.model.cards import BySeatAndSong
from solver.beat.model.layout import Layout
from solver.beat.model.logic import all_of, reify
from solver.beat.model.rounds import RoundVariables


def two_song_rounds(
    model: cp_model.CpModel,
    layout: Layout,
    plays_at: BySeatAndSong,
    rounds: RoundVariables,
    encores_taken: list[Any],
) -> list[list[Any]]:
    """Sets ``rounds.second_song`` and ``rounds.opens_round``; returns
    ``holds_card[seat][song]`` (the seat holds a card when the song is played)."""
    active, shift, solo_extra = rounds.active, rounds.solo_shift, rounds.solo_extra
    song_count, songs_queued = layout.song_count, layout.songs_queued
    second_song: list = [model.new_constant(0)]
    opens_round: list = [active[0]]
    for song in range(1, song_count):
        if song < songs_queued:
            is_second = opens_round[song - 1]
        else:  # the song must be in the queue when the round starts at the song before
            queued = songs_queued + sum(encores_taken[: song - 1])
            in_queue = reify(model, queued >= song + 1, queued <= song)
            is_second = all_of(model, [opens_round[song - 1], in_queue])
        second_song.append(is_second)
        opens_round.append(all_of(model, [active[song], is_second.Not()]))
    rounds.second_song, rounds.opens_round = second_song, opens_round
    ends_round = [
        all_of(model, [active[song], second_song[song + 1].Not()]) for song in range(song_count - 1)
    ] + [active[song_count - 1]]
    holds_card: list[list[Any]] = []
    for seat in range(layout.seats):
        is_solo = seat == layout.solo_seat and layout.solo_extra_open
        cards_left = layout.cards_left[seat]
        hand_size = layout.hand_sizes[seat]
        row = []
        played: Any = 0
        for song in range(song_count):
            plays = sum(play for _, play in plays_at[seat][song])
            regular = plays - solo_extra[song] if is_solo else plays
            if is_solo:
                model.add(regular >= 0)
            model.add(regular <= active[song])
            played_by_now = model.new_int_var(0, cards_left, "")
            model.add(played_by_now == played + regular)
            played = played_by_now
            if not is_solo:
                model.add(played_by_now == min(cards_left, song + 1)).only_enforce_if(
                    ends_round[song]
                )
                row.append(model.new_constant(int(song <= cards_left - 1)))
            else:
                solo_taken = reify(model, shift[song] >= 1, shift[song] <= 0)
                model.add(played_by_now == min(cards_left - 1, song + 1)).only_enforce_if(
                    [ends_round[song], solo_taken]
                )
                model.add(played_by_now == min(cards_left, song + 1)).only_enforce_if(
                    [ends_round[song], solo_taken.Not()]
                )
                extra_before = shift[song - 1] if song else 0
                row.append(
                    reify(
                        model,
                        song + extra_before <= cards_left - 1,
                        song + extra_before >= cards_left,
                    )
                )
                # the Solo needs a card beyond the round's regular plays
                if song > cards_left - 2:
                    model.add(solo_extra[song] == 0)
                elif song == cards_left - 2 and song + 1 < song_count:
                    model.add_implication(solo_extra[song], second_song[song + 1].Not())
            # a card is drawn once (songs before the round) + Solo >= position - hand + 1
            for position, play in plays_at[seat][song]:
                removed_to_draw = position - hand_size + 1
                if position < hand_size or removed_to_draw <= song - 1:
                    continue
                if not is_solo or removed_to_draw == song and song < 2:
                    model.add_implication(play, second_song[song].Not())
                elif removed_to_draw == song:
                    model.add(shift[song - 2] >= 1).only_enforce_if([play, second_song[song]])
                elif song == 0:
                    model.add(play == 0)
                else:
                    model.add_implication(play, second_song[song].Not())
                    model.add(shift[song - 1] >= 1).only_enforce_if(play)
        holds_card.append(row)
    return holds_card
