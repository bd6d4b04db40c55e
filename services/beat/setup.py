"""Setting up a venue: options, puzzle deals, decks, stage, hands and the Solo card."""

from __future__ import annotations

from collections import Counter
from typing import Any

from services.beat import cards as C
from services.beat import venues as V
from services.beat.events import events_by_id, load_events
from services.beat.songs import songs_for
from services.core import RulesError, draw_rng, new_rng_state

HAND_SIZE = 5
MODES = ("live", "puzzle")
DEFAULT_ATTEMPTS = 3


def _bad(msg: str) -> RulesError:
    return RulesError("invalid_options", msg)


def normalise_options(players: int, options: Any) -> dict[str, Any]:
    """Checked options with defaults; raises RulesError('invalid_options')."""
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
        raise _bad("The Beat seats 2 to 4 players")
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise _bad("options must be an object")
    unknown = set(options) - {"venue", "mode", "deal", "tour", "tour_attempts"}
    if unknown:
        raise _bad(f"unknown options {sorted(unknown)}")
    try:
        venue = V.get_venue(options.get("venue", "garage"))
    except ValueError as e:
        raise _bad(str(e)) from None
    mode = options.get("mode", "live")
    if mode not in MODES:
        raise _bad(f"mode must be one of {list(MODES)}")
    tour = options.get("tour", False)
    ids = [v.id for v in V.load_venues()]
    if tour is True:
        tour_list: list[str] | None = ids[ids.index(venue.id) :]
    elif tour is False or tour is None:
        tour_list = None
    elif isinstance(tour, list) and tour:
        tour_list = []
        for t in tour:
            try:
                tour_list.append(V.get_venue(t).id)
            except ValueError as e:
                raise _bad(str(e)) from None
        if "venue" in options and tour_list[0] != venue.id:
            raise _bad("with a tour list, venue must be its first venue (or omitted)")
        venue = V.get_venue(tour_list[0])
    else:
        raise _bad("tour must be true, false or a non-empty list of venues")
    attempts = options.get("tour_attempts", DEFAULT_ATTEMPTS)
    if not isinstance(attempts, int) or isinstance(attempts, bool) or not 1 <= attempts <= 10:
        raise _bad("tour_attempts must be an integer 1-10")
    deal = options.get("deal")
    if deal is not None:
        validate_deal(players, venue, deal)
    return {
        "venue": venue.id,
        "mode": mode,
        "tour": tour_list,
        "tour_attempts": attempts,
        "deal": deal,
    }


def validate_deal(players: int, venue: V.Venue, deal: Any) -> None:
    """Check a puzzle deal against the venue and player count."""
    if not isinstance(deal, dict):
        raise _bad("deal must be an object")
    unknown = set(deal) - {"decks", "songs", "encores", "events", "solo"}
    if unknown:
        raise _bad(f"unknown deal keys {sorted(unknown)}")
    decks = deal.get("decks")
    if decks is not None:
        if not isinstance(decks, list) or len(decks) != players:
            raise _bad(f"deal.decks must list {players} decks")
        for seat, deck in enumerate(decks):
            _deck_ids(seat, deck)
    songs, encores = deal.get("songs"), deal.get("encores")
    if songs is not None or encores is not None:
        if not isinstance(songs, list) or not isinstance(encores, list):
            raise _bad("deal.songs and deal.encores go together, as lists")
        size = V.setlist_size(venue)
        if len(songs) != size:
            raise _bad(f"deal.songs must hold {size} songs at {venue.name}")
        if Counter(songs + encores) != Counter(songs_for(players)):
            raise _bad(f"deal.songs + deal.encores must be the 12 songs for {players} players")
    evs = deal.get("events")
    if evs is not None:
        if not isinstance(evs, list) or len(evs) > len(load_events()):
            raise _bad("deal.events must be a list of at most 32 event ids")
        if len(set(map(str, evs))) != len(evs) or any(e not in events_by_id() for e in evs):
            raise _bad("deal.events must be distinct known event ids")
    solo = deal.get("solo")
    if solo is not None and (not isinstance(solo, int) or not 0 <= solo < players):
        raise _bad("deal.solo must be a seat")
    if solo is not None and not V.random_solo(venue):
        raise _bad("deal.solo only applies where the Solo is given at random")


def _deck_ids(seat: int, deck: Any) -> list[str]:
    if not isinstance(deck, list) or len(deck) != C.DECK_SIZE:
        raise _bad(f"deal.decks[{seat}] must hold {C.DECK_SIZE} cards")
    if all(isinstance(x, int) and not isinstance(x, bool) for x in deck):
        try:
            return C.ids_from_values(seat, deck)
        except ValueError as e:
            raise _bad(f"deal.decks[{seat}]: {e}") from None
    if sorted(map(str, deck)) != sorted(C.deck_ids(seat)):
        raise _bad(f"deal.decks[{seat}] must be 15 values or the 15 card ids of seat {seat}")
    return list(deck)


def solo_by_stage(stages: list[list[str]]) -> int:
    """Highest staged total, then most 5s, 4s, ... 1s; a perfect tie goes to the lowest seat."""

    def key(seat: int):
        vals = [C.value(c) for c in stages[seat]]
        return (sum(vals), *[vals.count(v) for v in (5, 4, 3, 2, 1)], -seat)

    return max(range(len(stages)), key=key)


def new_seat() -> dict[str, Any]:
    return {
        "hand": [],
        "draw": [],
        "stage": [],
        "played": [],
        "confiscated": [],
        "flipped": [],
        "rotated": [],
        "ready": False,
        "locked": False,
        "need": 0,
    }


def setup_venue(state: dict[str, Any], venue_id: str, deal: dict[str, Any] | None) -> None:
    """Lay out ``venue_id`` in ``state`` (mutated): decks, songs, events, Solo."""
    v = V.get_venue(venue_id)
    n = state["players"]
    deal = deal or {}
    rng = draw_rng(state)
    state["venue"] = v.id
    seats = []
    for s in range(n):
        seat = new_seat()
        if deal.get("decks") is not None:
            deck = _deck_ids(s, deal["decks"][s])
        else:
            deck = C.deck_ids(s)
            rng.shuffle(deck)
        k = V.staged_at_start(v)
        seat["stage"] = deck[:k]
        seat["hand"] = deck[k : k + HAND_SIZE]
        seat["draw"] = deck[k + HAND_SIZE :]
        c = V.confiscated_count(v)
        if c:
            seat["confiscated"] = seat["draw"][-c:]
            seat["draw"] = seat["draw"][:-c]
        h = V.hidden_count(v)
        if h:
            seat["flipped"] = seat["hand"][-h:]
        seats.append(seat)
    state["seats"] = seats

    if deal.get("songs") is not None:
        song_deck, encore_deck = list(deal["songs"]), list(deal["encores"])
    else:
        pool = songs_for(n)
        rng.shuffle(pool)
        size = V.setlist_size(v)
        song_deck, encore_deck = pool[:size], pool[size:]
    if V.visible_sorted_setlist(v):
        song_deck.sort()
    state["song_deck"] = song_deck
    state["encore_deck"] = encore_deck

    ids = [e.id for e in load_events()]
    first = list(deal.get("events") or [])
    rest = [e for e in ids if e not in first]
    rng.shuffle(rest)
    state["event_deck"] = first + rest
    state["event_discard"] = []

    if V.random_solo(v):
        solo = deal.get("solo")
        state["solo_seat"] = int(solo) if solo is not None else rng.randrange(n)
    else:
        state["solo_seat"] = solo_by_stage([s["stage"] for s in seats])
    state["solo_used"] = False
    state["round"] = 0
    state["lead"] = state["solo_seat"]
    state["current"] = []
    state["results"] = []
    state["setlist_total"] = V.setlist_size(v)
    state["encores_taken"] = 0
    state["pending_encores"] = []
    state["last_round"] = None
    state["venue_result"] = None
    state["phase"] = "play"


def new_state(players: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
    opts = normalise_options(players, options)
    state: dict[str, Any] = {
        "players": players,
        "rng": new_rng_state(seed),
        "mode": opts["mode"],
        "options": opts,
        "status": "running",
        "tour": None,
    }
    if opts["tour"]:
        state["tour"] = {"venues": opts["tour"], "index": 0, "attempt": 1, "log": []}
    setup_venue(state, opts["venue"], opts["deal"])
    return state
