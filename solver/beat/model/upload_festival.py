"""Upload Festival: after the plays each seat stages the highest card left in hand.

``stagings[seat, position, song]``: the card is staged in the round of that song.  A
seat stages when a card is left after its play(s) (static but for the Solo seat); the
staged card is the highest by the engine's tie order (``sim.step``): every higher
card drawn by then is gone (played now or removed before) -- a chain over the seat's
cards, highest first.
"""

from __future__ import annotations

from typing import Any

from ortools.sat.python import cp_model

from solver.beat import sim
from solver.beat.model.cards import CardVariables
from solver.beat.model.layout import Layout
from solver.beat.model.logic import all_of, reify
from solver.beat.model.rounds import RoundVariables


def forced_staging(
    model: cp_model.CpModel,
    layout: Layout,
    cards: CardVariables,
    rounds: RoundVariables,
    lowest_copy_first: bool,
) -> None:
    """Stage the highest card left; ``lowest_copy_first`` also orders equal copies.

    Copies of one value are interchangeable for the outcome (the hand's values evolve
    the same whichever copy is played), so with ``lowest_copy_first`` only the lowest
    one in hand is played -- staging still takes the highest, as the engine does.  It
    is off when plays are committed, since a seat may have committed any copy.
    """
    per_round = layout.cards_per_round
    solo_open = layout.solo_extra_open or layout.solo_pass_open
    active, shift = rounds.active, rounds.solo_shift
    for seat in range(layout.seats):
        is_solo = seat == layout.solo_seat and solo_open
        sequence = layout.sequences[seat]
        cards_left = layout.cards_left[seat]
        hand_size = layout.hand_sizes[seat]
        highest_first = sorted(
            range(cards_left),
            key=lambda position: (sim.VALUE[sequence[position]], sequence[position]),
            reverse=True,
        )
        plays_at = [
            dict(cards.plays_by_seat_and_song[seat][song]) for song in range(layout.song_count)
        ]
        stagings_at = [
            dict(cards.stagings_by_seat_and_song[seat][song]) for song in range(layout.song_count)
        ]
        removed: dict[int, Any] = {}  # card removed (played or staged) before the round
        copies = [
            (lower, higher)
            for lower in range(cards_left)
            for higher in range(cards_left)
            if sim.VALUE[sequence[lower]] == sim.VALUE[sequence[higher]]
            and sequence[lower] < sequence[higher]
        ]
        solo_extra = 1 if is_solo else 0
        # later songs are played empty: no staging
        for song in range(min(layout.song_count, layout.songs_with_cards)):
            removed_by_round = per_round * song
            staged_now = list(stagings_at[song].values())
            extra_before = shift[song - 1] if (is_solo and song) else 0
            if not is_solo:
                if removed_by_round <= cards_left - 2:
                    model.add(sum(staged_now) == active[song])
                else:
                    for staging in staged_now:
                        model.add(staging == 0)
            else:
                card_left_after = reify(
                    model,
                    removed_by_round + shift[song] <= cards_left - 2,
                    removed_by_round + shift[song] >= cards_left - 1,
                )
                model.add(sum(staged_now) == all_of(model, [card_left_after, active[song]]))
                for position, staging in stagings_at[song].items():
                    removed_to_draw = position - hand_size + 1
                    if position >= hand_size and removed_to_draw > removed_by_round - 1:
                        model.add(
                            removed_by_round + extra_before >= removed_to_draw
                        ).only_enforce_if(staging)
            if lowest_copy_first:  # a played copy is the lowest (tie order) of its value in hand
                for lower, higher in copies:
                    higher_played = plays_at[song].get(higher)
                    removed_to_draw = lower - hand_size + 1
                    if higher_played is None or removed_to_draw > removed_by_round + solo_extra:
                        continue  # the higher copy not playable, or the lower not drawn yet
                    lower_out = [
                        removed.get(lower, model.new_constant(0)),
                        plays_at[song].get(lower, model.new_constant(0)),
                    ]
                    if removed_to_draw > removed_by_round:
                        lower_out.append(
                            reify(
                                model,
                                removed_by_round + extra_before <= removed_to_draw - 1,
                                removed_by_round + extra_before >= removed_to_draw,
                            )
                        )
                    model.add_bool_or(lower_out).only_enforce_if(higher_played)
            all_higher_gone = None  # every drawn card above this one is gone after the plays
            for position in highest_first:
                removed_to_draw = position - hand_size + 1
                if removed_to_draw > removed_by_round + solo_extra:
                    continue  # not drawn yet
                gone = model.new_bool_var("")
                model.add(gone == removed.get(position, 0) + plays_at[song].get(position, 0))
                staging = stagings_at[song].get(position)
                if staging is not None and all_higher_gone is not None:
                    model.add_implication(staging, all_higher_gone)
                this_and_higher_gone = model.new_bool_var("")
                if all_higher_gone is not None:
                    model.add_implication(this_and_higher_gone, all_higher_gone)
                if removed_to_draw <= removed_by_round:
                    model.add_implication(this_and_higher_gone, gone)
                else:
                    drawn = reify(
                        model,
                        removed_by_round + extra_before >= removed_to_draw,
                        removed_by_round + extra_before <= removed_to_draw - 1,
                    )
                    model.add_bool_or([gone, drawn.Not()]).only_enforce_if(this_and_higher_gone)
                all_higher_gone = this_and_higher_gone
                removed_after = model.new_bool_var("")
                model.add(removed_after == gone + (staging if staging is not None else 0))
                removed[position] = removed_after
