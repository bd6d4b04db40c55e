"""What each seat may see.

Live mode hides: other seats' hands and draw piles, face-down plays (until the
reveal), confiscated cards, the order of the Song, Encore and Event decks.
Burning Star: a seat's flipped cards are hidden from that seat only.  Warken:
song difficulties are hidden from everyone but the Solo player.  Pulsar Palace:
the (sorted) setlist is public.  Puzzle mode (or ``omniscient``): everything.
"""

from __future__ import annotations

from typing import Any

from services.beat import cards as C
from services.beat import engine as E
from services.beat import venues as V
from services.beat.events import get_event


def _event_view(eid: str) -> dict[str, Any]:
    e = get_event(eid)
    return {"id": e.id, "name": e.name, "text": e.text, "clauses": [dict(c) for c in e.clauses]}


def _played_view(p: dict[str, Any], full: bool) -> dict[str, Any]:
    show = full or p["face_up"]
    return {
        "card": p["card"] if show else None,
        "value": C.value(p["card"]) if show else None,
        "song": p["song"],
        "face_up": p["face_up"],
        "solo": p["solo"],
        "hidden": p["hidden"],
        "cue": dict(p["cue"]) if p["cue"] else None,
        "tune": dict(p["tune"]) if p["tune"] else None,
    }


def seat_view(state: dict[str, Any], i: int, viewer: int | None, full: bool) -> dict[str, Any]:
    s = state["seats"][i]
    revealed = state["phase"] != "play"  # after the reveal (Encore decisions) plays are public
    out: dict[str, Any] = {
        "seat": i,
        "stage": list(s["stage"]),
        "rotated": list(s["rotated"]),
        "hand_count": len(s["hand"]),
        "draw_count": len(s["draw"]),
        "confiscated_count": len(s["confiscated"]),
        "hidden_count": len(s["flipped"]),
        "ready": s["ready"],
        "locked": s["locked"],
        "need": s["need"],
    }
    if full:
        out["hand"] = list(s["hand"])
        out["flipped"] = list(s["flipped"])
        out["draw"] = list(s["draw"])
        out["confiscated"] = list(s["confiscated"])
        out["played"] = [_played_view(p, True) for p in s["played"]]
    elif viewer == i:
        out["hand"] = [c for c in s["hand"] if c not in s["flipped"]]
        out["played"] = [_played_view(p, revealed or not p["hidden"]) for p in s["played"]]
    else:
        if viewer is not None and s["flipped"]:
            # bandmates see the fronts of the cards a Burning Star seat holds reversed
            out["flipped"] = list(s["flipped"])
        # revealed plays are public (the results list them); before the reveal bandmates
        # see only Face Up cards and the Burning Star cards they watched leave the hand
        out["played"] = [
            _played_view(p, revealed or (viewer is not None and p["hidden"])) for p in s["played"]
        ]
    return out


def build_view(state: dict[str, Any], seat: int | None, omniscient: bool) -> dict[str, Any]:
    full = omniscient or state["mode"] == "puzzle"
    v = E.venue_of(state)
    see_songs = full or not V.hidden_setlist(v) or seat == state["solo_seat"]
    see_setlist = (
        full or V.visible_sorted_setlist(v) or (V.hidden_setlist(v) and seat == state["solo_seat"])
    )

    def diff(d: int) -> int | None:
        return d if see_songs else None

    results = []
    for r in state["results"]:
        rr = dict(r)
        rr["events"] = list(r["events"])
        rr["broken"] = list(r["broken"])
        rr["cards"] = list(r["cards"])
        if not see_songs:
            E.hide_difficulty(rr)
        results.append(rr)
    piles = {
        k: [r["difficulty"] for r in results if r["result"] == k and not r["recycled"]]
        for k in V.RESULTS
    }
    view: dict[str, Any] = {
        "status": state["status"],
        "mode": state["mode"],
        "players": state["players"],
        "you": seat,
        "venue": v.as_dict(),
        "phase": state["phase"],
        "round": state["round"],
        "solo_seat": state["solo_seat"],
        "solo_used": state["solo_used"],
        "lead": state["lead"],
        "turn": E.turn_seat(state),
        "current": [
            {"difficulty": diff(c["difficulty"]), "events": [_event_view(e) for e in c["events"]]}
            for c in state["current"]
        ],
        "song_deck": {"count": len(state["song_deck"])},
        "encore_deck": {"count": len(state["encore_deck"])},
        "event_deck": {"count": len(state["event_deck"])},
        "event_discard": list(state["event_discard"]),
        "results": results,
        "piles": piles,
        "counts": {k: len(x) for k, x in piles.items()},
        "setlist_total": state["setlist_total"],
        "encores_taken": state["encores_taken"],
        "pending_encores": [dict(p) for p in state["pending_encores"]],
        "venue_result": dict(state["venue_result"]) if state["venue_result"] else None,
        "tour": _tour_view(state),
        "seats": [seat_view(state, i, seat, full) for i in range(state["players"])],
    }
    view["last_round"] = _last_round(state, see_songs)
    if see_setlist:
        view["song_deck"]["order"] = list(state["song_deck"])
    if full:
        view["encore_deck"]["order"] = list(state["encore_deck"])
        view["event_deck"]["order"] = list(state["event_deck"])
    return view


def _last_round(state: dict[str, Any], see_songs: bool) -> dict[str, Any] | None:
    lr = state["last_round"]
    if lr is None:
        return None
    songs = []
    for r in lr["songs"]:
        rr = dict(r)
        rr["events"] = list(r["events"])
        rr["broken"] = list(r["broken"])
        rr["cards"] = list(r["cards"])
        if not see_songs:
            E.hide_difficulty(rr)
        songs.append(rr)
    return {"round": lr["round"], "songs": songs}


def _tour_view(state: dict[str, Any]) -> dict[str, Any] | None:
    t = state["tour"]
    if t is None:
        return None
    return {
        "venues": list(t["venues"]),
        "index": t["index"],
        "attempt": t["attempt"],
        "log": [dict(x) for x in t["log"]],
    }
