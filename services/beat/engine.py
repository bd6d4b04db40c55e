"""The round flow of a venue: reveal, simultaneous plays, resolution, Encores, cleanup.

Functions here mutate the (already copied) state they are given and return the
public events that happened.  Action legality lives in ``actions.py``; song and
venue logic in ``rounds.py``/``venues.py``/``events.py``.
"""

from __future__ import annotations

from typing import Any

from services.beat import cards as C
from services.beat import venues as V
from services.beat.events import Play
from services.beat.rounds import resolve_round
from services.beat.setup import HAND_SIZE, setup_venue
from services.core import draw_rng

Events = list[dict[str, Any]]


def venue_of(state: dict[str, Any]) -> V.Venue:
    return V.get_venue(state["venue"])


def record_of(state: dict[str, Any]) -> dict[str, Any]:
    """The venues-module record of the venue so far (counted songs only)."""
    return {
        "results": [
            {"difficulty": r["difficulty"], "result": r["result"]}
            for r in state["results"]
            if not r["recycled"]
        ],
        "setlist_total": state["setlist_total"],
        "encores_taken": state["encores_taken"],
        "solo_used": state["solo_used"],
        "stages": [[C.value(c) for c in s["stage"]] for s in state["seats"]],
    }


def turn_seat(state: dict[str, Any]) -> int | None:
    """Roswell: the seat whose turn it is to play (the first not ready from the lead)."""
    if not V.turn_order(venue_of(state)) or state["phase"] != "play":
        return None
    n = state["players"]
    for i in range(n):
        s = (state["lead"] + i) % n
        if not state["seats"][s]["ready"]:
            return s
    return None


def _draw_event(state: dict[str, Any]) -> str:
    if not state["event_deck"]:
        # Only reachable with very long venues: reshuffle the discards (documented).
        deck = state["event_discard"]
        state["event_discard"] = []
        draw_rng(state).shuffle(deck)
        state["event_deck"] = deck
    return state["event_deck"].pop(0)


def start_round(state: dict[str, Any]) -> Events:
    """Reveal the next song(s) and event(s), or end the venue when none are left."""
    v = venue_of(state)
    if not state["song_deck"]:
        fails = V.final_failures(v, record_of(state))
        return end_venue(state, not fails, "final_check", fails)
    seats = state["seats"]
    # elsewhere a song with no card at any seat is played empty (a FAIL unless an
    # event says otherwise) and the final check decides
    if V.out_of_cards_loses(v) and all(not s["hand"] and not s["draw"] for s in seats):
        return end_venue(state, False, "no_cards_left", ["no_cards_left"])
    k = min(V.songs_per_round(v), len(state["song_deck"]))
    state["current"] = []
    for _ in range(k):
        d = state["song_deck"].pop(0)
        evs = [_draw_event(state) for _ in range(V.events_per_song(v))]
        state["current"].append({"difficulty": d, "events": evs})
    state["round"] += 1
    if state["round"] > 1:
        state["lead"] = (state["lead"] + 1) % state["players"]
    for s in seats:
        s["played"] = []
        s["ready"] = False
        s["locked"] = False
        s["need"] = min(k, len(s["hand"]))
    state["phase"] = "play"
    return [
        {
            "type": "round_started",
            "round": state["round"],
            "events": [[e for e in c["events"]] for c in state["current"]],
        }
    ]


def reveal_order(state: dict[str, Any]) -> list[int]:
    n = state["players"]
    return [(state["solo_seat"] + i) % n for i in range(n)]


def plays_per_song(state: dict[str, Any]) -> list[list[Play]]:
    out: list[list[Play]] = [[] for _ in state["current"]]
    for seat in reveal_order(state):
        for p in state["seats"][seat]["played"]:
            out[p["song"]].append(
                Play(
                    seat=seat,
                    value=C.value(p["card"]),
                    face_up=p["face_up"],
                    cued=p["cue"] is not None or p["tune"] is not None,
                    tune=p["tune"]["delta"] if p["tune"] else 0,
                    solo=p["solo"],
                    card=p["card"],
                )
            )
    return out


def resolve(state: dict[str, Any]) -> Events:
    """Every seat is ready: reveal, sum, judge, then Encores or cleanup."""
    v = venue_of(state)
    songs = [(c["difficulty"], c["events"]) for c in state["current"]]
    per_song = plays_per_song(state)
    rr = resolve_round(v, songs, per_song, record_of(state))
    revealed = []
    for i, (c, r) in enumerate(zip(state["current"], rr.songs)):
        entry = {
            "round": state["round"],
            "difficulty": c["difficulty"],
            "events": list(c["events"]),
            "sum": r.sum,
            "raw": r.raw,
            "result": r.result,
            "event_ok": r.event_ok,
            "broken": list(r.broken),
            "recycled": r.recycled,
            "cards": [p.card for p in per_song[i]],
        }
        state["results"].append(entry)
        revealed.append(entry)
        if r.recycled:
            state["song_deck"].append(c["difficulty"])
    state["last_round"] = {"round": state["round"], "songs": revealed}
    public = [dict(e) for e in revealed]
    if V.hidden_setlist(v):  # Warken: events go to every seat; difficulties stay with the Solo
        for e in public:
            hide_difficulty(e)
    events: Events = [{"type": "revealed", "round": state["round"], "songs": public}]
    if rr.lost:
        return events + end_venue(state, False, rr.lost, [rr.lost])
    if V.encores_allowed(v):
        if V.auto_encores(v):
            for entry in revealed:
                if entry["result"] != V.FAIL and not entry["recycled"]:
                    events += add_encore(state, None, "auto")
        pending = []
        for i, entry in enumerate(revealed):
            if entry["result"] == V.FAIL:
                continue
            for p in per_song[i]:
                if C.has_encore(p.card):
                    pending.append({"seat": p.seat, "card": p.card, "song": i})
        state["pending_encores"] = pending if state["encore_deck"] else []
        if state["venue_result"] is None and state["pending_encores"]:
            state["phase"] = "encore"
            return events
    if state["venue_result"] is not None:
        return events
    return events + cleanup(state)


def hide_difficulty(song: dict[str, Any]) -> None:
    """Blank what gives a hidden difficulty away: the number, and ``raw`` -- the sum's
    comparison with it before events, which with the public sum pins it down even when
    a broken event made the result a FAIL."""
    song["difficulty"] = None
    song["raw"] = None


def add_encore(state: dict[str, Any], seat: int | None, how: str) -> Events:
    """Move the top Encore deck song under the Song deck."""
    if not state["encore_deck"]:
        return []
    d = state["encore_deck"].pop(0)
    state["song_deck"].append(d)
    state["setlist_total"] += 1
    state["encores_taken"] += 1
    events: Events = [{"type": "encore_added", "seat": seat, "how": how}]
    lost = V.breaks(venue_of(state), record_of(state))
    if lost:
        events += end_venue(state, False, lost, [lost])
    return events


def decide_encore(state: dict[str, Any], take: bool) -> Events:
    pend = state["pending_encores"].pop(0)
    events: Events = [{"type": "encore_decided", "seat": pend["seat"], "take": take}]
    if take:
        events += add_encore(state, pend["seat"], "card")
        if state["venue_result"] is not None:
            return events
    if not state["encore_deck"]:
        state["pending_encores"] = []
    if not state["pending_encores"]:
        events += cleanup(state)
    return events


def _staging_pick(hand: list[str]) -> str:
    """Upload Festival: the highest card; among copies the plain one, then Cue, then Face Up."""
    order = {"c": 0, "b": 1, "a": 2}
    return min(hand, key=lambda c: (-C.value(c), order[C.parse(c)[2]]))


def cleanup(state: dict[str, Any]) -> Events:
    """Stage played cards, (Upload) stage the highest hand card, refill hands, next round."""
    v = venue_of(state)
    for c in state["current"]:
        state["event_discard"].extend(c["events"])
    state["current"] = []
    for s in state["seats"]:
        s["stage"].extend(p["card"] for p in s["played"])
        s["played"] = []
        s["ready"] = False
        s["locked"] = False
        if V.forced_staging(v) and s["hand"]:
            pick = _staging_pick(s["hand"])
            s["hand"].remove(pick)
            if pick in s["flipped"]:
                s["flipped"].remove(pick)
            s["stage"].append(pick)
        want_flipped = V.hidden_count(v) - len(s["flipped"])
        while len(s["hand"]) < HAND_SIZE and s["draw"]:
            c = s["draw"].pop(0)
            s["hand"].append(c)
            if want_flipped > 0:
                s["flipped"].append(c)
                want_flipped -= 1
    state["pending_encores"] = []
    if V.entropy_won(v, record_of(state)):
        fails = [f for f in V.final_failures(v, record_of(state)) if f != "ones_not_staged"]
        return end_venue(state, not fails, "entropy_complete", fails)
    return start_round(state)


def end_venue(state: dict[str, Any], won: bool, reason: str, failures: list[str]) -> Events:
    """Record the venue's result; in a tour move on (win) or wait for retry/skip (loss)."""
    state["venue_result"] = {"won": won, "reason": reason, "failures": list(failures)}
    for s in state["seats"]:  # revealed plays are public: they join the Stage Area
        s["stage"].extend(p["card"] for p in s["played"])
        s["played"] = []
    state["phase"] = "over"
    events: Events = [{"type": "venue_over", "venue": state["venue"], "won": won, "reason": reason}]
    tour = state["tour"]
    if tour is None:
        state["status"] = "finished"
        return events
    tour["log"].append(
        {"venue": state["venue"], "attempt": tour["attempt"], "won": won, "reason": reason}
    )
    if won or tour["attempt"] >= state["options"]["tour_attempts"]:
        return events + next_tour_venue(state, advance=True)
    state["phase"] = "tour_choice"
    return events


def next_tour_venue(state: dict[str, Any], advance: bool) -> Events:
    tour = state["tour"]
    if advance:
        tour["index"] += 1
        tour["attempt"] = 1
    else:
        tour["attempt"] += 1
    if tour["index"] >= len(tour["venues"]):
        state["status"] = "finished"
        state["phase"] = "over"
        return [{"type": "tour_over"}]
    deal = state["options"]["deal"] if tour["index"] == 0 else None  # a puzzle's retry
    setup_venue(state, tour["venues"][tour["index"]], deal)
    return [{"type": "venue_started", "venue": state["venue"]}] + start_round(state)
