"""A fast perfect-information replay of one venue on the engine's own definitions.

The searches step through a venue with this module.  Every song is judged as
``services.beat.rounds.resolve_song`` judges it (events interpreter, then
``rounds.judge_song``: comparison and venue adjustment)
and every venue check is ``services.beat.venues`` (``breaks``,
``final_failures``, ``entropy_won``), both memoised here because a search asks
the same questions many times.  Only the bookkeeping (hands, draws, Encores,
staging) is re-done here, in the same order as ``services.beat.engine``; the
tests replay every plan through the engine itself to hold the two together.

A *decision* for one round is a plain dict::

    {"plays": [{"seat": s, "card": id, "song": k, "tune": -1|0|1, "solo": bool}, ...],
     "encores": n,          # optional Encores taken this round (auto ones come on top)
     "solo_pass": bool}     # Scrapyard: the Solo player plays no card this round
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from services.beat import cards as C
from services.beat import rounds as R
from services.beat import venues as V
from services.beat.events import EventOutcome, Play, evaluate

HAND = 5
VALUE: dict[str, int] = {c: C.value(c) for s in range(4) for c in C.deck_ids(s)}
CUE: dict[str, bool] = {c: C.has_cue(c) for c in VALUE}


@dataclass(frozen=True)
class Spec:
    """The fixed facts of a dealt venue, from the current round on."""

    venue: V.Venue
    players: int
    draws: tuple[tuple[str, ...], ...]  # per seat: hand at round start, then the draw pile
    songs: tuple[int, ...]  # the current song(s) first, then the Song deck
    encores: tuple[int, ...]
    events: tuple[str, ...]  # the current event(s) first, then the Event deck
    solo: int


@dataclass(frozen=True)
class State:
    hands: tuple[tuple[str, ...], ...]
    ptr: tuple[int, ...]
    stages: tuple[tuple[str, ...], ...]
    queue: tuple[int, ...]
    enc: int = 0
    ev: int = 0
    results: tuple[tuple[int, str], ...] = ()
    solo_used: bool = False
    encores_taken: int = 0
    setlist_total: int = 0
    tunes_used: tuple[int, ...] = ()
    status: str = "running"
    reason: str | None = None


def from_engine(state: dict[str, Any]) -> tuple[Spec, State, list[dict[str, Any]], bool]:
    """Spec and round-start State of an engine state in its play phase.

    Also returns the plays already committed this round (as decision plays) and
    whether the Solo player already passed this round (Scrapyard).
    """
    v = V.get_venue(state["venue"])
    seats = state["seats"]
    committed: list[dict[str, Any]] = []
    draws, hands, stages, tunes = [], [], [], []
    solo_now = False
    for i, s in enumerate(seats):
        played = [p["card"] for p in s["played"]]
        for p in s["played"]:
            d = {"seat": i, "card": p["card"], "song": p["song"]}
            if p["solo"]:
                d["solo"] = True
                solo_now = True
            if p["tune"]:
                d["tune"] = p["tune"]["delta"]
            committed.append(d)
        hand = list(s["hand"]) + played
        draws.append(tuple(hand) + tuple(s["draw"]))
        hands.append(tuple(sorted(hand)))
        stages.append(tuple(s["stage"]))
        # this round's tunes come back as committed plays and are counted again; a Cue
        # given this round has used its card up for good
        this_round = {p["tune"]["cue_card"] for p in s["played"] if p["tune"]}
        tunes.append(sum(1 for c in s["rotated"] if c not in this_round))
    solo = state["solo_seat"]
    passed = (
        V.solo_pass(v)
        and state["phase"] == "play"
        and state["solo_used"]
        and seats[solo]["need"] == 0
        and bool(seats[solo]["hand"])
        and not seats[solo]["played"]
        and bool(state["current"])
    )
    cur = state["current"]
    spec = Spec(
        venue=v,
        players=state["players"],
        draws=tuple(draws),
        songs=tuple(c["difficulty"] for c in cur) + tuple(state["song_deck"]),
        encores=tuple(state["encore_deck"]) if V.encores_allowed(v) else (),
        events=tuple(e for c in cur for e in c["events"]) + tuple(state["event_deck"]),
        solo=solo,
    )
    results = tuple((r["difficulty"], r["result"]) for r in state["results"] if not r["recycled"])
    st = State(
        hands=tuple(hands),
        ptr=tuple(len(h) for h in hands),
        stages=tuple(stages),
        queue=spec.songs,
        results=results,
        solo_used=bool(state["solo_used"]) and not solo_now and not passed,
        encores_taken=state["encores_taken"],
        setlist_total=state["setlist_total"],
        tunes_used=tuple(tunes),
    )
    return spec, st, committed, passed


def round_songs(spec: Spec, st: State) -> list[tuple[int, tuple[str, ...]]]:
    """The songs of the next round with their events."""
    k = min(V.songs_per_round(spec.venue), len(st.queue))
    eps = V.events_per_song(spec.venue)
    n = len(spec.events)
    return [
        (st.queue[i], tuple(spec.events[(st.ev + i * eps + j) % n] for j in range(eps)))
        for i in range(k)
    ]


def cue_cards_staged(stage: tuple[str, ...]) -> int:
    return sum(1 for c in stage if CUE[c])


@lru_cache(maxsize=500_000)
def song_result(
    venue_id: str, difficulty: int, events: tuple[str, ...], plays: tuple, previous: str | None
) -> str:
    """The engine's ``rounds.resolve_song``; ``plays`` is a sorted tuple of (value, tune)."""
    out = song_outcome(events, plays)
    return judged(venue_id, difficulty, out.sum, out.ok, previous)


@lru_cache(maxsize=100_000)
def judged(venue_id: str, difficulty: int, total: int, ok: bool, previous: str | None) -> str:
    """The engine's ``rounds.judge_song`` of a song whose events gave the sum ``total``
    and held (``ok``) or not: the result reads nothing else of the outcome, so many
    plays share one judgement."""
    out = EventOutcome(sum=total, ok=ok)
    return R.judge_song(V.get_venue(venue_id), difficulty, out, previous).result


@lru_cache(maxsize=100_000)
def song_outcome(events: tuple[str, ...], plays: tuple) -> EventOutcome:
    """The events' sum and conditions of a song (``events.evaluate``), which read only
    the plays and the events: one evaluation serves every venue, difficulty and
    previous result."""
    ps = [Play(seat=0, value=v, tune=t, cued=t != 0) for v, t in plays]
    return evaluate(ps, list(events))


def _record(results, setlist_total=0, encores_taken=0, solo_used=False, stages=()):
    return {
        "results": [{"difficulty": d, "result": r} for d, r in results],
        "setlist_total": setlist_total,
        "encores_taken": encores_taken,
        "solo_used": solo_used,
        "stages": [list(s) for s in stages],
    }


@lru_cache(maxsize=500_000)
def breaks(venue_id: str, results: tuple, setlist_total: int) -> str | None:
    return V.breaks(V.get_venue(venue_id), _record(results, setlist_total))


@lru_cache(maxsize=200_000)
def final_failures(
    venue_id: str, results: tuple, setlist_total: int, encores: int, solo_used: bool, stages: tuple
) -> tuple[str, ...]:
    rec = _record(results, setlist_total, encores, solo_used, stages)
    return tuple(V.final_failures(V.get_venue(venue_id), rec))


def stage_values(st: State) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(VALUE[c] for c in s) for s in st.stages)


class IllegalDecision(ValueError):
    """A decision the rules do not allow in this state."""


def check_decision(spec: Spec, st: State, dec: dict[str, Any]) -> None:
    """Raise IllegalDecision unless the decision is a legal round for this state."""
    if st.status != "running":
        raise IllegalDecision("the venue is over")
    k = len(round_songs(spec, st))
    v = spec.venue
    plays = dec.get("plays", [])
    solo_pass = bool(dec.get("solo_pass"))
    if solo_pass and (not V.solo_pass(v) or st.solo_used):
        raise IllegalDecision("no Solo pass available")
    solos = [p for p in plays if p.get("solo")]
    if solos and (st.solo_used or solo_pass or not V.solo_extra_card(v)):
        raise IllegalDecision("the Solo is not available")
    if len(solos) > 1 or any(p["seat"] != spec.solo for p in solos):
        raise IllegalDecision("only the Solo player plays one extra card")
    for s in range(spec.players):
        mine = [p for p in plays if p["seat"] == s]
        cards = [p["card"] for p in mine]
        if len(set(cards)) != len(cards) or not set(cards) <= set(st.hands[s]):
            raise IllegalDecision(f"seat {s} plays cards it does not hold")
        if any(not 0 <= p.get("song", 0) < k for p in mine):
            raise IllegalDecision("a card is played on a song that is not in play")
        base = [p for p in mine if not p.get("solo")]
        want = 0 if solo_pass and s == spec.solo else min(k, len(st.hands[s]))
        if len(base) != want or len({p.get("song", 0) for p in base}) != len(base):
            raise IllegalDecision(f"seat {s} must play one card per song")
        tunes = [p for p in mine if p.get("tune", 0)]
        if tunes and (
            not V.tuning(v)
            or any(abs(p["tune"]) != V.tuning(v) for p in tunes)
            or len(tunes) > cue_cards_staged(st.stages[s]) - st.tunes_used[s]
        ):
            raise IllegalDecision(f"seat {s} has no staged Cue card left to tune with")
    if dec.get("encores", 0) < 0:
        raise IllegalDecision("negative encores")


def resolve(spec: Spec, st: State, dec: dict[str, Any]) -> list[str]:
    """The results of the round's songs (before Encores), as the engine judges them."""
    vid = spec.venue.id
    prev = st.results[-1][1] if st.results else None
    out = []
    plays = dec.get("plays", [])
    for i, (d, evs) in enumerate(round_songs(spec, st)):
        key = tuple(
            sorted((VALUE[p["card"]], p.get("tune", 0)) for p in plays if p.get("song", 0) == i)
        )
        r = song_result(vid, d, evs, key, prev)
        out.append(r)
        if not (V.recycles(spec.venue) and r != V.ON_POINT):
            prev = r
    return out


def step(spec: Spec, st: State, dec: dict[str, Any], check: bool = True) -> State:
    """Play one round: resolve, Encores, cleanup, then the venue's checks."""
    if check:
        check_decision(spec, st, dec)
    v = spec.venue
    vid = v.id
    songs = round_songs(spec, st)
    plays = dec.get("plays", [])
    res = resolve(spec, st, dec)
    recycle = V.recycles(v)
    results = st.results + tuple(
        (d, r) for (d, _), r in zip(songs, res, strict=True) if not (recycle and r != V.ON_POINT)
    )
    queue = st.queue[len(songs) :] + tuple(
        d for (d, _), r in zip(songs, res, strict=True) if recycle and r != V.ON_POINT
    )
    tunes_used = st.tunes_used
    if V.tuning(v):
        tunes_used = tuple(
            st.tunes_used[s] + sum(1 for p in plays if p["seat"] == s and p.get("tune", 0))
            for s in range(spec.players)
        )
    solo_used = st.solo_used or bool(dec.get("solo_pass")) or any(p.get("solo") for p in plays)
    common = dict(
        results=results,
        solo_used=solo_used,
        ev=st.ev + len(songs) * V.events_per_song(v),
        tunes_used=tunes_used,
    )
    lost = breaks(vid, results, st.setlist_total)
    if lost:
        return replace(st, **common, status="lost", reason=lost)
    n_enc = 0
    if V.encores_allowed(v):
        auto = sum(1 for r in res if r != V.FAIL) if V.auto_encores(v) else 0
        optional = sum(
            1
            for i, r in enumerate(res)
            if r != V.FAIL
            for p in plays
            if p.get("song", 0) == i and VALUE[p["card"]] == 1
        )
        n_enc = min(auto + min(int(dec.get("encores", 0)), optional), len(spec.encores) - st.enc)
    queue = queue + spec.encores[st.enc : st.enc + n_enc]
    setlist_total = st.setlist_total + n_enc
    encores_taken = st.encores_taken + n_enc
    if n_enc:
        lost = breaks(vid, results, setlist_total)
        if lost:
            return replace(st, **common, status="lost", reason=lost)
    hands, ptrs, stages = [], [], []
    forced = V.forced_staging(v)
    for s in range(spec.players):
        played = [p["card"] for p in plays if p["seat"] == s]
        hand = [c for c in st.hands[s] if c not in played]
        stage = st.stages[s] + tuple(played)
        if forced and hand:
            top = max(hand, key=lambda c: (VALUE[c], c))  # the plain copy first, as the engine
            hand.remove(top)
            stage = stage + (top,)
        ptr = st.ptr[s]
        draw = spec.draws[s]
        while len(hand) < HAND and ptr < len(draw):
            hand.append(draw[ptr])
            ptr += 1
        hands.append(tuple(sorted(hand)))
        ptrs.append(ptr)
        stages.append(stage)
    nxt = State(
        hands=tuple(hands),
        ptr=tuple(ptrs),
        stages=tuple(stages),
        queue=queue,
        enc=st.enc + n_enc,
        setlist_total=setlist_total,
        encores_taken=encores_taken,
        **common,
    )
    if V.auto_encores(v) or not queue:
        sv = stage_values(nxt)
        fails = final_failures(vid, results, setlist_total, encores_taken, solo_used, sv)
        if V.entropy_won(v, {"stages": sv}):
            fails = tuple(f for f in fails if f != "ones_not_staged")
            return replace(nxt, status="lost" if fails else "won", reason=",".join(fails) or None)
        if not queue:
            return replace(nxt, status="lost" if fails else "won", reason=",".join(fails) or None)
    if V.out_of_cards_loses(v) and not any(nxt.hands):
        return replace(nxt, status="lost", reason="no_cards_left")
    # elsewhere the next song is played with no cards, as the engine does
    return nxt


def replay(spec: Spec, st: State, plan: list[dict[str, Any]]) -> State:
    """Play a plan from ``st``; IllegalDecision when a step is not allowed."""
    for dec in plan:
        st = step(spec, st, dec)
    return st
