"""The static shape of a venue's model: what is known before any variable exists.

Each seat's remaining sequence (hand, then the undrawn draw pile), how many cards
leave a seat per round, which Solo options are still open, and how many songs the
model spans (``song_count``) -- songs nobody holds a card for are played empty, except
where running out of cards loses (Entropy Hall) or songs come round again (Event
Horizon), where the cards bound the songs.
"""

from __future__ import annotations

from dataclasses import dataclass

from services.beat import venues
from solver.beat import sim


@dataclass(frozen=True)
class Layout:
    seats: int
    solo_seat: int
    sequences: list[list[str]]  # per seat: hand, then the undrawn draw pile
    hand_sizes: list[int]
    cards_left: list[int]
    encores_left: int  # in the Encore deck, 0 where the venue takes none
    songs_queued: int  # in the queue at the round start: those rounds are surely played
    songs_per_round: int  # 2 at Rock in the Belt
    forced_staging: bool  # Upload Festival
    # cards leaving a seat per round besides the Solo: the play(s) of the round are
    # counted per song, plus the forced staging at Upload Festival
    cards_per_round: int
    recycles: bool  # Event Horizon
    auto_encores: bool  # Entropy Hall: may end before the queue is empty
    rounds_surely_played: int
    solo_extra_open: bool  # the Solo seat may still play one extra card once
    solo_pass_open: bool  # Scrapyard: the Solo seat may still pass once
    songs_with_cards: int  # songs in which a card can still be played
    empty_songs_allowed: bool  # songs nobody holds a card for are played empty
    song_count: int  # songs the model spans
    events: list[tuple[str, ...]]  # the events of each song
    max_cards_per_song: int


def layout_of(spec: sim.Spec, state: sim.State) -> Layout:
    venue = spec.venue
    seats = spec.players
    sequences = [
        list(state.hands[seat]) + list(spec.draws[seat][state.ptr[seat] :]) for seat in range(seats)
    ]
    cards_left = [len(sequence) for sequence in sequences]
    encores_left = len(spec.encores) - state.enc if venues.encores_allowed(venue) else 0
    songs_queued = len(state.queue)
    songs_per_round = venues.songs_per_round(venue)
    forced_staging = venues.forced_staging(venue)
    cards_per_round = 1 + int(forced_staging)
    recycles = venues.recycles(venue)
    auto_encores = venues.auto_encores(venue)
    solo_extra_open = (not state.solo_used) and venues.solo_extra_card(venue)
    solo_pass_open = (not state.solo_used) and venues.solo_pass(venue)
    # the Solo pass keeps one card back; the last round starts while a seat still
    # holds a card, and may take every song of a round
    songs_with_cards = (
        max(
            -(-(cards_left[seat] + int(solo_pass_open and seat == spec.solo)) // cards_per_round)
            for seat in range(seats)
        )
        + songs_per_round
        - 1
    )
    empty_songs_allowed = not venues.out_of_cards_loses(venue)
    if recycles:  # Event Horizon: recycled songs come round again
        song_count = songs_with_cards
    elif empty_songs_allowed:  # songs nobody holds a card for are played empty
        song_count = songs_queued + encores_left
    else:  # Entropy Hall: the venue is lost when the cards run out
        song_count = min(songs_with_cards, songs_queued + encores_left)
    per_song = venues.events_per_song(venue)
    deck = len(spec.events)
    events = [
        tuple(spec.events[(state.ev + song * per_song + index) % deck] for index in range(per_song))
        for song in range(song_count)
    ]
    return Layout(
        seats=seats,
        solo_seat=spec.solo,
        sequences=sequences,
        hand_sizes=[len(state.hands[seat]) for seat in range(seats)],
        cards_left=cards_left,
        encores_left=encores_left,
        songs_queued=songs_queued,
        songs_per_round=songs_per_round,
        forced_staging=forced_staging,
        cards_per_round=cards_per_round,
        recycles=recycles,
        auto_encores=auto_encores,
        rounds_surely_played=1 if auto_encores else songs_queued,
        solo_extra_open=solo_extra_open,
        solo_pass_open=solo_pass_open,
        songs_with_cards=songs_with_cards,
        empty_songs_allowed=empty_songs_allowed,
        song_count=song_count,
        events=events,
        max_cards_per_song=seats + (1 if solo_extra_open else 0),
    )
