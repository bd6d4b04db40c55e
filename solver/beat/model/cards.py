"""Which card a seat may play (or stage) on which song, and each card at most once.

``plays[seat, position, song]``: the seat plays the ``position``-th card of its
remaining sequence on that song.  Every active round each seat holding a card plays
one per song (the Solo seat one more once, or none once at Scrapyard) and, at Upload
Festival, stages one more, so before the round of a song a seat has removed
``cards_per_round`` x (songs before) cards, plus its Solo shift.  A card is drawn once
``position - hand + 1`` cards have left the hand, so availability is static for every
card but the boundary ones (the Solo seat's, a round's second song), which the round
constraints check.
"""

from __future__ import annotations

from dataclasses import dataclass

from ortools.sat.python import cp_model

from solver.beat.model.layout import Layout

# per seat and song: [(position, variable)] -- so no loop scans the dictionaries
BySeatAndSong = list[list[list[tuple[int, cp_model.IntVar]]]]


@dataclass
class CardVariables:
    plays: dict[tuple[int, int, int], cp_model.IntVar]  # (seat, position, song)
    stagings: dict[tuple[int, int, int], cp_model.IntVar]  # Upload Festival only
    plays_by_seat_and_song: BySeatAndSong
    stagings_by_seat_and_song: BySeatAndSong


def card_variables(model: cp_model.CpModel, layout: Layout) -> CardVariables:
    """A play variable for every card on every song by which it can have been drawn."""
    song_count = layout.song_count
    plays: dict[tuple[int, int, int], cp_model.IntVar] = {}
    stagings: dict[tuple[int, int, int], cp_model.IntVar] = {}
    plays_at: BySeatAndSong = [[[] for _ in range(song_count)] for _ in range(layout.seats)]
    stagings_at: BySeatAndSong = [[[] for _ in range(song_count)] for _ in range(layout.seats)]
    for seat in range(layout.seats):
        solo_extra = 1 if (seat == layout.solo_seat and layout.solo_extra_open) else 0
        for position in range(layout.cards_left[seat]):
            removed_to_draw = position - layout.hand_sizes[seat] + 1
            for song in range(min(song_count, layout.songs_with_cards)):
                if removed_to_draw <= layout.cards_per_round * song + solo_extra:
                    play = plays[seat, position, song] = model.new_bool_var("")
                    plays_at[seat][song].append((position, play))
                    if layout.forced_staging:
                        staging = stagings[seat, position, song] = model.new_bool_var("")
                        stagings_at[seat][song].append((position, staging))
    return CardVariables(plays, stagings, plays_at, stagings_at)


def use_each_card_once(model: cp_model.CpModel, layout: Layout, cards: CardVariables) -> None:
    """A card leaves its seat once: played or staged on one song at most."""
    for seat in range(layout.seats):
        uses: dict[int, list] = {}
        for song in range(layout.song_count):
            for position, variable in (
                cards.plays_by_seat_and_song[seat][song]
                + cards.stagings_by_seat_and_song[seat][song]
            ):
                uses.setdefault(position, []).append(variable)
        for variables in uses.values():
            if len(variables) > 1:
                model.add_at_most_one(variables)
