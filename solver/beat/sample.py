"""Deals consistent with one seat's view: the live hint never reads hidden state.

:func:`sampled_state` rebuilds a complete engine state from ``GAME.view(state, seat)``
alone, filling every hidden part at random among the cards, songs and events the
view leaves unaccounted for: other seats' hands, draw piles, confiscated cards
and face-down plays; the seat's own draw pile (and, at Burning Star, its flipped
cards); the order of the Song, Encore and Event decks; hidden difficulties (Warken).
"""

from __future__ import annotations

import random
from typing import Any

from services.beat import cards as C
from services.beat import venues as V
from services.beat.events import load_events
from services.beat.songs import songs_for


def _take(pool: list, n: int) -> list:
    out = pool[:n]
    del pool[:n]
    return out


def sampled_state(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One full engine state that shows ``view`` to its seat, hidden parts drawn at random."""
    n = view["players"]
    me = view["you"]
    v = V.get_venue(view["venue"]["id"])
    # -- cards -----------------------------------------------------------------
    seats = []
    for i, sv in enumerate(view["seats"]):
        known: set[str] = set(sv["stage"])
        hand = list(sv.get("hand", [])) if i == me else []
        known |= set(hand)
        played = []
        for p in sv["played"]:
            if p["card"]:
                known.add(p["card"])
        known |= set(sv.get("flipped", [])) if i != me else set()
        for r in view["results"]:
            known |= {c for c in r["cards"] if C.owner(c) == i}
        pool = [c for c in C.deck_ids(i) if c not in known]
        rng.shuffle(pool)
        for p in sv["played"]:
            card = p["card"] or _take(pool, 1)[0]
            played.append(
                {
                    "card": card,
                    "song": p["song"],
                    "face_up": p["face_up"],
                    "solo": p["solo"],
                    "hidden": p["hidden"],
                    "cue": dict(p["cue"]) if p["cue"] else None,
                    "tune": dict(p["tune"]) if p["tune"] else None,
                }
            )
        if i == me:
            flipped = _take(pool, sv["hidden_count"])
            hand = hand + flipped
        else:
            flipped = list(sv.get("flipped", [])) if sv.get("flipped") else []
            if len(flipped) < sv["hidden_count"]:
                flipped += _take(pool, sv["hidden_count"] - len(flipped))
            hand = flipped + _take(pool, sv["hand_count"] - len(flipped))
        draw = _take(pool, sv["draw_count"])
        confiscated = _take(pool, sv["confiscated_count"])
        seats.append(
            {
                "hand": hand,
                "draw": draw,
                "stage": list(sv["stage"]),
                "played": played,
                "confiscated": confiscated,
                "flipped": flipped,
                "rotated": list(sv["rotated"]),
                "ready": sv["ready"],
                "locked": sv["locked"],
                "need": sv["need"],
            }
        )
    # -- songs -------------------------------------------------------------------
    pool_songs = list(songs_for(n))
    for r in view["results"]:
        if r["difficulty"] is not None and not r.get("recycled"):
            pool_songs.remove(r["difficulty"])
    visible_deck = view["song_deck"].get("order")
    current = []
    for c in view["current"]:
        if c["difficulty"] is not None:
            pool_songs.remove(c["difficulty"])
    if visible_deck is not None:
        for d in visible_deck:
            pool_songs.remove(d)
    rng.shuffle(pool_songs)
    results = []
    for r in view["results"]:
        rr = {k: (list(x) if isinstance(x, list) else x) for k, x in r.items()}
        if rr["difficulty"] is None:
            rr["difficulty"] = _take(pool_songs, 1)[0]
        results.append(rr)
    for c in view["current"]:
        d = c["difficulty"] if c["difficulty"] is not None else _take(pool_songs, 1)[0]
        current.append({"difficulty": d, "events": [e["id"] for e in c["events"]]})
    song_deck = (
        list(visible_deck)
        if visible_deck is not None
        else _take(pool_songs, view["song_deck"]["count"])
    )
    encore_deck = _take(pool_songs, view["encore_deck"]["count"])
    # -- events ------------------------------------------------------------------
    seen = set(view["event_discard"]) | {e for c in current for e in c["events"]}
    ev_pool = [e.id for e in load_events() if e.id not in seen]
    rng.shuffle(ev_pool)
    return {
        "players": n,
        "rng": {"seed": rng.randrange(2**31), "n": 0},
        "mode": "puzzle",
        "options": {"venue": v.id, "mode": "puzzle", "tour": None, "deal": None},
        "status": view["status"],
        "tour": None,
        "venue": v.id,
        "seats": seats,
        "song_deck": song_deck,
        "encore_deck": encore_deck,
        "event_deck": ev_pool[: view["event_deck"]["count"]],
        "event_discard": list(view["event_discard"]),
        "solo_seat": view["solo_seat"],
        "solo_used": view["solo_used"],
        "round": view["round"],
        "lead": view["lead"],
        "current": current,
        "results": results,
        "setlist_total": view["setlist_total"],
        "encores_taken": view["encores_taken"],
        "pending_encores": [dict(p) for p in view["pending_encores"]],
        "last_round": None,
        "venue_result": None,
        "phase": view["phase"],
    }
