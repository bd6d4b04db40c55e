"""The Beat's hidden information in live mode, as a counterfactual and as card ids.

Hidden (docs/games/beat.md, services/beat/views.py): other seats' hands (a Burning
Star seat's reversed cards are shown to bandmates, hidden from their holder and from
spectators), every draw pile and its order, confiscated cards, face-down plays until
the reveal (a reversed card played blind is hidden from its holder only, bandmates saw
it leave the hand), the order of the Song, Encore and Event decks, and at Warken the
difficulties from everyone but the Solo seat.  Puzzle mode is open and not probed.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from leak_probe_common import Move, ids_in, permute, reseed

from services.beat import venues as V

State = dict[str, Any]

VENUES = [v.id for v in V.load_venues()]


def _play_unseen(state: State, owner: int, viewer: int | None, play: dict[str, Any]) -> bool:
    """Whether ``viewer`` may not know the card of one of ``owner``'s plays."""
    if state["phase"] != "play" or play["face_up"]:
        return False  # revealed, or played face up
    if viewer == owner:
        return play["hidden"]  # a reversed card played blind
    return viewer is None or not play["hidden"]


def unseen_cards(state: State, owner: int, viewer: int | None) -> list[str]:
    """``owner``'s cards whose identity or position ``viewer`` may not know."""
    s = state["seats"][owner]
    pool = list(s["draw"]) + list(s["confiscated"])
    if viewer == owner:
        pool += list(s["flipped"])
    elif viewer is None:
        pool += list(s["hand"])
    else:
        pool += [c for c in s["hand"] if c not in s["flipped"]]
    for p in s["played"]:
        # a Cue or tune states a fact about the card's value: keep those plays fixed
        if _play_unseen(state, owner, viewer, p) and not p["cue"] and not p["tune"]:
            pool.append(p["card"])
    return pool


def hidden_ids(state: State, viewer: int | None) -> set[str]:
    """Card ids ``viewer`` must never find in its view."""
    return {c for i in range(state["players"]) for c in unseen_cards(state, i, viewer)}


def event_leaks(move: Move, after: State) -> set[str]:
    """Hidden ids the mover's events name, each event judged in its own deal.

    In a tour a lost or won venue is followed by a fresh deal of the same card ids:
    events before ``venue_started`` (the reveal that ended the venue) belong to the
    old deal, where only face-down plays were turned up; the rest to the new one.
    """
    seat, events, before, _ = move
    starts = [i for i, e in enumerate(events) if e.get("type") == "venue_started"]
    if not starts:
        return ids_in(events) & hidden_ids(after, seat)
    cut = starts[-1]
    revealed = {p["card"] for s in before["seats"] for p in s["played"]}
    old = ids_in(events[:cut]) & (hidden_ids(before, seat) - revealed)
    return old | (ids_in(events[cut:]) & hidden_ids(after, seat))


def _rename(seat: dict[str, Any], mapping: dict[str, str]) -> None:
    for zone in ("hand", "draw", "confiscated", "flipped"):
        seat[zone] = [mapping.get(c, c) for c in seat[zone]]
    for p in seat["played"]:
        p["card"] = mapping.get(p["card"], p["card"])


def _songs(state: State, viewer: int | None, rng: random.Random) -> None:
    v = V.get_venue(state["venue"])
    solo_sees = V.hidden_setlist(v) and viewer == state["solo_seat"]
    if V.visible_sorted_setlist(v) or solo_sees:
        state["encore_deck"] = permute(state["encore_deck"], rng)  # only its order is hidden
        return
    songs, encores = state["song_deck"], state["encore_deck"]
    current = state["current"] if V.hidden_setlist(v) else []
    pool = permute(songs + encores + [c["difficulty"] for c in current], rng)
    state["song_deck"] = pool[: len(songs)]
    state["encore_deck"] = pool[len(songs) : len(songs) + len(encores)]
    for c, d in zip(current, pool[len(songs) + len(encores) :], strict=True):
        c["difficulty"] = d


def scramble_hidden(state: State, viewer: int | None, rng: random.Random) -> State:
    """A live state ``viewer`` cannot tell apart from ``state``."""
    other = copy.deepcopy(state)
    reseed(other, rng)
    for i, seat in enumerate(other["seats"]):
        pool = unseen_cards(state, i, viewer)
        _rename(seat, dict(zip(pool, permute(pool, rng), strict=True)))
    _songs(other, viewer, rng)
    other["event_deck"] = permute(other["event_deck"], rng)
    _check_conservation(state, other)
    return other


def _check_conservation(a: State, b: State) -> None:
    """Every seat still holds its 15 cards once; decks hold the same songs and events."""
    for sa, sb in zip(a["seats"], b["seats"], strict=True):
        zones = ("hand", "draw", "confiscated", "stage")
        ca = sorted(c for z in zones for c in sa[z]) + sorted(p["card"] for p in sa["played"])
        cb = sorted(c for z in zones for c in sb[z]) + sorted(p["card"] for p in sb["played"])
        assert sorted(ca) == sorted(cb)
        assert set(sb["flipped"]) <= set(sb["hand"]) and len(sb["flipped"]) == len(sa["flipped"])
    songs = sorted(a["song_deck"] + a["encore_deck"] + [c["difficulty"] for c in a["current"]])
    assert songs == sorted(
        b["song_deck"] + b["encore_deck"] + [c["difficulty"] for c in b["current"]]
    )
    assert sorted(a["event_deck"]) == sorted(b["event_deck"])
