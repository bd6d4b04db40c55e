"""Songs broken on purpose: ``broken[song]`` iff some seat plays a card Face Up
(``face_up[seat, song]``) or Cues one (``cue[seat, cue card, song]``) on a song whose
events that breaks; who may, as :mod:`solver.beat.breaks` reads the engine's rules.

Face Up: a card the venue allows Face Up is played on the song (Rusty Airlock: every
value the Stage Area lacked at the start was played in an earlier round).  Cue: an
unused Cue card in the Stage Area before the round of the song (staged at the start,
or played -- or, at Upload Festival, staged -- in an earlier round; at Rock in the
Belt the song before is an earlier round unless the song is its round's second), and
a card of another value played on the song; each Cue card is used once, one Cue a
seat and song is enough.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ortools.sat.python import cp_model

from solver.beat import breaks as break_rules
from solver.beat import search, sim
from solver.beat.model.cards import CardVariables
from solver.beat.model.layout import Layout
from solver.beat.model.rounds import RoundVariables


@dataclass
class Breaks:
    broken: list[Any]  # per song: a literal, or None where no play can break it
    face_up: dict[tuple[int, int], Any] = field(default_factory=dict)  # (seat, song)
    cue: dict[tuple[int, str, int], Any] = field(default_factory=dict)  # (seat, Cue card, song)


def song_breaks(
    model: cp_model.CpModel,
    layout: Layout,
    spec: sim.Spec,
    state: sim.State,
    cards: CardVariables,
    rounds: RoundVariables,
    rotated: search.Rotated | None,
) -> Breaks:
    venue, sequences = spec.venue, layout.sequences
    plays_at = cards.plays_by_seat_and_song
    breaks = Breaks([None] * layout.song_count)
    if not break_rules.offered(venue):
        return breaks
    needs_full_stage = break_rules.face_up_needs_full_stage(venue)
    used = [set(rotated[seat]) if rotated else set() for seat in range(layout.seats)]
    # per seat: (Cue card, its position in the remaining sequence or None if staged)
    cue_cards = [
        [(card, None) for card in state.stages[seat] if sim.CUE[card] and card not in used[seat]]
        + [
            (sequences[seat][position], position)
            for position in range(layout.cards_left[seat])
            if sim.CUE[sequences[seat][position]]
        ]
        for seat in range(layout.seats)
    ]
    uses: dict[tuple[int, str], list] = {}
    for song in range(min(layout.song_count, layout.songs_with_cards)):
        flags = break_rules.song_flags(venue, layout.events[song])
        literals = []
        if break_rules.FACE_UP in flags:
            for seat in range(layout.seats):
                is_solo = seat == spec.solo
                allowed = [
                    play
                    for position, play in plays_at[seat][song]
                    if break_rules.face_up_ok(
                        venue, sequences[seat][position], [1, 2, 3, 4, 5], is_solo
                    )
                ]
                if not allowed:
                    continue
                face_up = model.new_bool_var("")
                model.add(sum(allowed) >= 1).only_enforce_if(face_up)
                if needs_full_stage:
                    staged = {sim.VALUE[card] for card in state.stages[seat]}
                    for value in set(range(1, 6)) - staged:
                        earlier = [
                            play
                            for earlier_song in range(song)
                            for position, play in plays_at[seat][earlier_song]
                            if sim.VALUE[sequences[seat][position]] == value
                        ]
                        model.add(sum(earlier) >= 1).only_enforce_if(face_up)
                breaks.face_up[seat, song] = face_up
                literals.append(face_up)
        if break_rules.CUE in flags:
            for seat in range(layout.seats):
                seat_cues = []
                for cue_card, position in cue_cards[seat]:
                    other_value = [
                        play
                        for played, play in plays_at[seat][song]
                        if sim.VALUE[sequences[seat][played]] != sim.VALUE[cue_card]
                    ]
                    if not other_value:
                        continue
                    cue = model.new_bool_var("")
                    model.add(sum(other_value) >= 1).only_enforce_if(cue)
                    if position is not None:
                        model.add(
                            sum(staged_before(model, layout, cards, rounds, seat, position, song))
                            >= 1
                        ).only_enforce_if(cue)
                    breaks.cue[seat, cue_card, song] = cue
                    uses.setdefault((seat, cue_card), []).append(cue)
                    seat_cues.append(cue)
                if len(seat_cues) > 1:
                    model.add_at_most_one(seat_cues)
                literals += seat_cues
        if literals:
            broken = breaks.broken[song] = model.new_bool_var("")
            model.add(sum(literals) >= 1).only_enforce_if(broken)
            for literal in literals:
                model.add_implication(literal, broken)
    for cue_uses in uses.values():
        if len(cue_uses) > 1:
            model.add_at_most_one(cue_uses)
    return breaks


def staged_before(
    model: cp_model.CpModel,
    layout: Layout,
    cards: CardVariables,
    rounds: RoundVariables,
    seat: int,
    position: int,
    song: int,
) -> list:
    """Literals of the seat's card at ``position`` being staged before the round of ``song``."""
    plays_at = cards.plays_by_seat_and_song[seat]
    if layout.songs_per_round == 1:
        stagings_at = cards.stagings_by_seat_and_song[seat]
        return [
            variable
            for earlier in range(song)
            for card, variable in plays_at[earlier] + stagings_at[earlier]
            if card == position
        ]
    literals = [
        play for earlier in range(song - 1) for card, play in plays_at[earlier] if card == position
    ]
    if song >= 1:  # the song before is an earlier round unless this song is the second
        for card, play in plays_at[song - 1]:
            if card == position:
                earlier_round = model.new_bool_var("")
                model.add_implication(earlier_round, play)
                model.add_implication(earlier_round, rounds.second_song[song].Not())
                literals.append(earlier_round)
    return literals
