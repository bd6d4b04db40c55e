"""Deals consistent with one seat's view: the live hint never reads hidden state.

:func:`sampled_state` rebuilds a complete engine state from ``GAME.view(state, seat)``
alone, filling every hidden part at random among the cards, songs and events the
view leaves unaccounted for: other seats' hands, draw piles, confiscated cards
and face-down plays; the seat's own draw pile (and, at Burning Star, its flipped
cards); the order of the Song, Encore and Event decks; hidden difficulties (Warken).

Every fact of the view holds in the sample (tested on random positions):

* a face-down card with a Cue is higher (lower) than its Cue card;
* Face Up plays, staged, rotated and flipped-but-visible cards are the real ones;
* hand, draw, confiscated and hidden counts, deck counts and the current events;
* Warken: a hidden difficulty agrees with the public sum and result where the song's
  events held (FAIL below, ON POINT equal, LOUD above).

Within those facts the fill is uniform (cue-constrained plays are drawn first,
each uniformly among the unaccounted cards that satisfy its Cue).
"""

from __future__ import annotations

import random
from typing import Any

from services.beat import cards as C
from services.beat import venues as V
from services.beat.events import load_events
from services.beat.songs import songs_for

_TRIES = 50


def _take(pool: list, n: int) -> list:
    out = pool[:n]
    del pool[:n]
    return out


def cue_allows(value: int, cue: dict[str, Any] | None) -> bool:
    """Whether a card of ``value`` agrees with a Cue record (``None``: no Cue)."""
    if not cue:
        return True
    cv = C.value(cue["cue_card"])
    return value > cv if cue["direction"] == "higher" else value < cv


def _take_matching(pool: list[str], cue: dict[str, Any] | None) -> str:
    """The first pool card that agrees with the Cue (the pool is shuffled)."""
    for i, c in enumerate(pool):
        if cue_allows(C.value(c), cue):
            return pool.pop(i)
    return pool.pop(0)  # an inconsistent view (cannot happen from the engine): any card


def _seat_cards(view: dict[str, Any], i: int, rng: random.Random) -> dict[str, Any]:
    me = view["you"]
    sv = view["seats"][i]
    known: set[str] = set(sv["stage"])
    hand = list(sv.get("hand", [])) if i == me else []
    known |= set(hand)
    for p in sv["played"]:
        if p["card"]:
            known.add(p["card"])
    if i != me:
        known |= set(sv.get("flipped", []))
    for r in view["results"]:
        known |= {c for c in r["cards"] if C.owner(c) == i}
    pool = [c for c in C.deck_ids(i) if c not in known]
    rng.shuffle(pool)
    # constrained (cued) face-down plays first, then the unconstrained ones
    chosen: dict[int, str] = {}
    if view["phase"] != "play" and view["current"]:
        # after the reveal (Encore decisions) the round's cards are in the results
        k0 = len(view["results"]) - len(view["current"])
        shown = [p["card"] for p in sv["played"] if p["card"]]
        for k, p in enumerate(sv["played"]):
            if not p["card"]:
                mine = [
                    c
                    for c in view["results"][k0 + p["song"]]["cards"]
                    if C.owner(c) == i and c not in shown and c not in chosen.values()
                ]
                if mine:
                    chosen[k] = mine[0]
    order = sorted(range(len(sv["played"])), key=lambda k: sv["played"][k]["cue"] is None)
    for k in order:
        p = sv["played"][k]
        if not p["card"] and k not in chosen:
            chosen[k] = _take_matching(pool, p["cue"])
    played = []
    for k, p in enumerate(sv["played"]):
        played.append(
            {
                "card": p["card"] or chosen[k],
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
        flipped = list(sv.get("flipped") or [])
        if len(flipped) < sv["hidden_count"]:
            flipped += _take(pool, sv["hidden_count"] - len(flipped))
        hand = flipped + _take(pool, sv["hand_count"] - len(flipped))
    draw = _take(pool, sv["draw_count"])
    confiscated = _take(pool, sv["confiscated_count"])
    return {
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


def _remove(pool: list[int], d: int) -> None:
    if d in pool:
        pool.remove(d)


def _fits(d: int, r: dict[str, Any]) -> bool:
    """Warken: a hidden difficulty must agree with the public sum and result (a song
    whose events held compares its sum with the difficulty; a broken one tells nothing)."""
    if r.get("raw") is not None:
        return V.compare(r["sum"], d) == r["raw"]
    return not r["event_ok"] or V.compare(r["sum"], d) == r["result"]


def _hidden_results(
    results: list[dict[str, Any]], pool: list[int], rng: random.Random
) -> list[int] | None:
    """Difficulties for the results whose difficulty is hidden, each fitting its sum."""
    idx = [k for k, r in enumerate(results) if r["difficulty"] is None]
    if not idx:
        return []
    idx.sort(key=lambda k: sum(_fits(d, results[k]) for d in set(pool)))
    for _ in range(_TRIES):
        left = list(pool)
        rng.shuffle(left)
        out: dict[int, int] = {}
        for k in idx:
            ok = [j for j, d in enumerate(left) if _fits(d, results[k])]
            if not ok:
                break
            out[k] = left.pop(rng.choice(ok))
        else:
            for d in out.values():
                pool.remove(d)
            return [out[k] for k in sorted(out)]
    return None


def sampled_state(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One full engine state that shows ``view`` to its seat, hidden parts drawn at random."""
    n = view["players"]
    v = V.get_venue(view["venue"]["id"])
    seats = [_seat_cards(view, i, rng) for i in range(n)]
    # -- songs -------------------------------------------------------------------
    # In the Encore phase the current songs are already among the results (and an
    # Event Horizon song that was recycled is back in the Song deck): count each once.
    pool_songs = list(songs_for(n))
    for r in view["results"]:
        if r["difficulty"] is not None and not r.get("recycled"):
            _remove(pool_songs, r["difficulty"])
    in_play = view["phase"] == "play"
    if in_play:
        for c in view["current"]:
            if c["difficulty"] is not None:
                _remove(pool_songs, c["difficulty"])
    visible_deck = view["song_deck"].get("order")
    if visible_deck is not None:
        for d in visible_deck:
            _remove(pool_songs, d)
    rng.shuffle(pool_songs)
    hidden = _hidden_results([r for r in view["results"] if not r.get("recycled")], pool_songs, rng)
    results = []
    fill = iter(hidden or [])
    for r in view["results"]:
        rr = {k: (list(x) if isinstance(x, list) else x) for k, x in r.items()}
        if rr["difficulty"] is None:
            nxt = next(fill, None) if not r.get("recycled") else None
            rr["difficulty"] = nxt if nxt is not None else _take(pool_songs, 1)[0]
        if rr.get("raw") is None:  # hidden with the difficulty: the sampled one's comparison
            rr["raw"] = V.compare(rr["sum"], rr["difficulty"])
        results.append(rr)
    if not in_play:  # Encore phase: the current songs are the round's results
        done = results[-len(view["current"]) :] if view["current"] else []
        cur_diffs = [r["difficulty"] for r in done]
    else:
        cur_diffs = [
            c["difficulty"] if c["difficulty"] is not None else _take(pool_songs, 1)[0]
            for c in view["current"]
        ]
    current = [
        {"difficulty": d, "events": [e["id"] for e in c["events"]]}
        for d, c in zip(cur_diffs, view["current"], strict=True)
    ]
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
        "venue_result": dict(view["venue_result"]) if view["venue_result"] else None,
        "phase": view["phase"],
    }
