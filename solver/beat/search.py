"""Exact memoised depth-first search over rounds (perfect information, fixed deal).

Each node is a :class:`~solver.beat.sim.State`; the children are every legal
round (one card per seat per song, the Solo's extra card or pass, Milkyway
tunes, how many Encores to take), stepped through :mod:`solver.beat.sim`, i.e.
through the engine's own round API.  Cards of one value are interchangeable for
the outcome (icons only matter through Milkyway's staged Cue cards, and through
breaking Blackout / Radio Silence on purpose while such a song is still ahead: see
:mod:`solver.beat.breaks`), so a seat's options are deduplicated by value and the
memo key reads hands as values.
Dead states are memoised; an optimistic bound on the songs left prunes
branches that can no longer reach a target.  Independent of the CP-SAT model,
it is the baseline of the benchmark and the oracle of the tests.
"""

from __future__ import annotations

import functools
import itertools
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from services.beat import cards as C
from services.beat import venues as V
from services.beat.events import get_event
from solver.beat import breaks as B
from solver.beat import sim


class OutOfTime(Exception):
    pass


Rotated = tuple[tuple[str, ...], ...]  # per seat: staged Cue cards used up by Cues


def _card_key(venue: V.Venue, card: str, ahead: frozenset = frozenset()) -> tuple:
    """What tells a card apart from its copies: the value, and the icons that still
    matter (Milkyway's Cue cards; Face Up / Cue copies while a song they can break
    lies ahead -- a staged Cue copy pays for a Cue later)."""
    cue = bool(V.tuning(venue) or B.CUE in ahead) and sim.CUE[card]
    return (sim.VALUE[card], cue, B.FACE_UP in ahead and C.has_face_up(card))


def ahead(spec: sim.Spec, st: sim.State) -> frozenset:
    """The breaks some song still to be played may take (its events read by ``breaks``).

    Songs still to come: at most the queue plus the Encores left, or, where songs
    recycle, as many as the cards can play (``max_songs``)."""
    offered = B.offered(spec.venue)
    if not offered:
        return frozenset()
    v = spec.venue
    left = len(st.queue) + (len(spec.encores) - st.enc if V.encores_allowed(v) else 0)
    if V.recycles(v):
        left = max(left, max_songs(spec, st))
    return ahead_of(spec, st.ev, left)


def ahead_of(spec: sim.Spec, ev: int, left: int) -> frozenset:
    """:func:`ahead` for ``left`` songs still to come from event ``ev`` on."""
    if not B.offered(spec.venue):
        return frozenset()
    n = len(spec.events)
    m = min(n, left * V.events_per_song(spec.venue))
    return _ahead(spec.venue.id, tuple(spec.events[(ev + i) % n] for i in range(m)))


@functools.lru_cache(maxsize=4096)
def _ahead(venue_id: str, events: tuple[str, ...]) -> frozenset:
    v = V.get_venue(venue_id)
    return frozenset().union(*(B.song_flags(v, (e,)) for e in events))


def unused_cues(st: sim.State, rot: Rotated | None, s: int) -> tuple[str, ...]:
    """Seat ``s``'s staged Cue cards not yet used up (the engine's ``rotated``)."""
    used = rot[s] if rot else ()
    return tuple(c for c in st.stages[s] if sim.CUE[c] and c not in used)


def seat_options(
    spec: sim.Spec,
    st: sim.State,
    s: int,
    k: int,
    prefer: frozenset = frozenset(),
    rot: Rotated | None = None,
    brk: bool = False,
) -> list[tuple]:
    """Every distinct way seat ``s`` can play this round (deduplicated by card value).

    ``prefer``: card ids that represent their value (a hint's committed plays);
    ``brk``: also the plays that break Blackout / Radio Silence on purpose (a play
    flagged ``face_up: True`` or ``cue: <staged Cue card>``), ``rot`` the Cue cards
    already used up.
    """
    v = spec.venue
    hand = tuple(sorted(st.hands[s], key=lambda c: c not in prefer))
    fut = ahead(spec, st) if brk else frozenset()

    def ident(c: str) -> Any:
        # committed cards keep their identity: a hint must find the option holding
        # exactly those ids (two committed 3s, one of them the Solo, are not the same
        # as the same two 3s the other way round)
        return c if c in prefer else _card_key(v, c, fut)

    def picks(n: int) -> list[tuple[str, ...]]:
        out, seen = [], set()
        for combo in itertools.permutations(hand, n):
            key = tuple(ident(c) for c in combo)
            if key not in seen:
                seen.add(key)
                out.append(combo)
        return out

    want = min(k, len(hand))
    opts: list[tuple] = [
        tuple({"seat": s, "card": c, "song": i} for i, c in enumerate(combo))
        for combo in picks(want)
    ]
    if s == spec.solo and not st.solo_used:
        if V.solo_extra_card(v) and len(hand) > want:
            seen = set()
            for combo in picks(want + 1):
                for song in range(k):
                    key = (
                        tuple(sorted((ident(c) for c in combo[:want]), key=repr))
                        if k == 1
                        else tuple(ident(c) for c in combo[:want]),
                        ident(combo[want]),
                        song,
                    )
                    if key in seen:
                        continue
                    seen.add(key)
                    plays = [{"seat": s, "card": c, "song": i} for i, c in enumerate(combo[:want])]
                    plays.append({"seat": s, "card": combo[want], "song": song, "solo": True})
                    opts.append(tuple(plays))
        if V.solo_pass(v) and want:
            opts.append(PASS)
    tunes = sim.cue_cards_staged(st.stages[s]) - st.tunes_used[s] if V.tuning(v) else 0
    if tunes > 0:
        d = V.tuning(v)
        more = []
        for o in opts:
            if o is PASS:
                continue
            for n in range(1, min(tunes, len(o)) + 1):
                for which in itertools.combinations(range(len(o)), n):
                    for signs in itertools.product((-d, d), repeat=n):
                        t = [dict(p) for p in o]
                        for i, sg in zip(which, signs, strict=True):
                            t[i]["tune"] = sg
                        more.append(tuple(t))
        opts.extend(more)
    if fut:
        flags = [B.song_flags(v, evs) for _, evs in sim.round_songs(spec, st)]
        if any(flags):
            opts.extend(_break_variants(spec, st, s, opts, flags, unused_cues(st, rot, s)))
    return opts


def _break_variants(
    spec: sim.Spec, st: sim.State, s: int, opts: list, flags: list, unused: tuple[str, ...]
) -> list[tuple]:
    """The options again with one play per breakable song flagged Face Up or Cued.

    Tuned options are left out (a broken song FAILs whatever its tunes); per song one
    flagged play is enough, Face Up or a Cue with one of the usable Cue cards (which
    one is used up matters later)."""
    v = spec.venue
    stage = [sim.VALUE[c] for c in st.stages[s]]
    solo_seat = s == spec.solo
    out = []
    for o in opts:
        if o is PASS or any(p.get("tune") for p in o):
            continue
        per_song = []
        for i, fl in enumerate(flags):
            mine = [j for j, p in enumerate(o) if p.get("song", 0) == i]
            ch: list = [None]
            # the Solo seat may have two plays on a song: each may carry the flag (a
            # hint must find the one a seat committed)
            if B.FACE_UP in fl:
                for j in mine:
                    if B.face_up_ok(v, o[j]["card"], stage, solo_seat):
                        ch.append((j, "face_up", True))
            if B.CUE in fl:
                for j in mine:
                    for cc in B.cue_cards_for(o[j]["card"], unused):
                        ch.append((j, "cue", cc))
            per_song.append(ch)
        for combo in itertools.product(*per_song):
            picked = [c for c in combo if c is not None]
            cues = [c[2] for c in picked if c[1] == "cue"]
            if not picked or len(cues) != len(set(cues)):
                continue
            t = [dict(p) for p in o]
            for j, key, val in picked:
                t[j][key] = val
            out.append(tuple(t))
    return out


def broken_songs(spec: sim.Spec, st: sim.State, dec: dict[str, Any]) -> set[int]:
    """The songs of this round a flagged play breaks (the engine's clause reading)."""
    songs = sim.round_songs(spec, st)
    out = set()
    for p in dec.get("plays", ()):
        fl = B.flags_breaking(songs[p.get("song", 0)][1])
        if (p.get("face_up") and B.FACE_UP in fl) or (p.get("cue") and B.CUE in fl):
            out.add(p.get("song", 0))
    return out


# A broken song is stepped through ``sim`` with its difficulty raised out of reach (same
# parity, which Binary Ballroom reads), so the replay records the FAIL the engine gives
# it; the real difficulty is put back in the results and the queue.
_OUT_OF_REACH = 1000


def step(spec: sim.Spec, st: sim.State, dec: dict[str, Any], check: bool = True) -> sim.State:
    """``sim.step`` that also sees the songs a Face Up play or a Cue breaks."""
    broken = broken_songs(spec, st, dec)
    if not broken:
        return sim.step(spec, st, dec, check)
    q = list(st.queue)
    for i in broken:
        q[i] += _OUT_OF_REACH
    nxt = sim.step(spec, replace(st, queue=tuple(q)), dec, check)

    def real(d: int) -> int:
        return d - _OUT_OF_REACH if d >= _OUT_OF_REACH else d

    return replace(
        nxt,
        queue=tuple(real(d) for d in nxt.queue),
        results=tuple((real(d), r) for d, r in nxt.results),
    )


def rotate(rot: Rotated | None, dec: dict[str, Any], players: int) -> Rotated:
    """The Cue cards used up after this round's Cues."""
    base = rot or tuple(() for _ in range(players))
    return tuple(
        base[s] + tuple(p["cue"] for p in dec.get("plays", ()) if p["seat"] == s and p.get("cue"))
        for s in range(players)
    )


def replay(
    spec: sim.Spec, st: sim.State, plan: list[dict[str, Any]], rot: Rotated | None = None
) -> sim.State:
    """``sim.replay`` with breaks; IllegalDecision when a step is not allowed (a flagged
    play the rules do not allow included)."""
    for dec in plan:
        _check_breaks(spec, st, dec, rot)
        st = step(spec, st, dec)
        rot = rotate(rot, dec, spec.players)
    return st


def _check_breaks(spec: sim.Spec, st: sim.State, dec: dict[str, Any], rot: Rotated | None) -> None:
    v = spec.venue
    for s in range(spec.players):
        unused = list(unused_cues(st, rot, s))
        stage = [sim.VALUE[c] for c in st.stages[s]]
        for p in dec.get("plays", ()):
            if p["seat"] != s:
                continue
            if p.get("face_up") and (
                p.get("cue") or not B.face_up_ok(v, p["card"], stage, s == spec.solo)
            ):
                raise sim.IllegalDecision(f"seat {s} may not play {p['card']} Face Up")
            if p.get("cue"):
                if p["cue"] not in B.cue_cards_for(p["card"], unused):
                    raise sim.IllegalDecision(f"seat {s} has no such Cue card for {p['card']}")
                unused.remove(p["cue"])


PASS: tuple = ("pass",)


def decisions(
    spec: sim.Spec,
    st: sim.State,
    fixed: list[dict] | None = None,
    passed=False,
    rot: Rotated | None = None,
    brk: bool = False,
):
    """Every distinct legal round decision from ``st`` (lazily).

    ``fixed``: plays a hint must keep (ready or locked seats); ``passed``: the Solo
    player already passed this round; ``brk``/``rot``: as in :func:`seat_options`.
    """
    k = len(sim.round_songs(spec, st))
    per_seat = []
    for s in range(spec.players):
        prefer = frozenset(p["card"] for p in fixed or () if p["seat"] == s)
        opts = seat_options(spec, st, s, k, prefer, rot, brk)
        if passed and s == spec.solo:
            opts = [PASS]
        if fixed:
            mine = [p for p in fixed if p["seat"] == s]
            if mine:
                # a ready seat adds nothing (no Solo card, no second song's card)
                exact = any(f.get("ready") for f in mine)
                opts = [
                    _keep(mine, o)
                    for o in opts
                    if o is not PASS
                    and all(any(_matches(f, p) for p in o) for f in mine)
                    and not (exact and len(o) != len(mine))
                ]
        per_seat.append(opts)
    ones_left = len(spec.encores) - st.enc
    for combo in itertools.product(*per_seat):
        plays: list[dict] = []
        solo_pass = False
        for o in combo:
            if o is PASS:
                solo_pass = True
            else:
                plays.extend(o)
        n_max = 0
        if ones_left and V.encores_allowed(spec.venue):
            n_max = min(ones_left, sum(1 for p in plays if sim.VALUE[p["card"]] == 1))
        for n in range(n_max + 1):
            dec: dict[str, Any] = {"plays": plays, "encores": n}
            if solo_pass:
                dec["solo_pass"] = True
            yield dec


def _matches(f: dict[str, Any], p: dict[str, Any]) -> bool:
    """Whether play ``p`` keeps the committed play ``f``: same card, song and Solo, the
    tune and flags ``f`` carries (an option lacking a committed flag gets it from
    :func:`_keep`), and only the tune or flags the seat may still add (``may``)."""
    if any((f.get(k) or 0) != (p.get(k) or 0) for k in ("card", "song", "solo")):
        return False
    may = f.get("may", ())
    if (f.get("tune") or 0) != (p.get("tune") or 0) and (f.get("tune") or TUNE not in may):
        return False
    for flag, want, have in (
        (B.FACE_UP, bool(f.get("face_up")), bool(p.get("face_up"))),
        (B.CUE, f.get("cue"), p.get("cue")),
    ):
        if want != have and have and flag not in may:
            return False
        if want and have and want != have:
            return False
    return True


def _keep(mine: list[dict[str, Any]], o: tuple) -> tuple:
    """Option ``o`` with the committed flags put back on the plays that keep them (at
    venues where the search offers no break, a committed break is carried this way)."""
    out = []
    for p in o:
        f = next((f for f in mine if _matches(f, p)), None)
        q = dict(p)
        if f is not None:
            for k in ("face_up", "cue"):
                if f.get(k):
                    q[k] = f[k]
        out.append(q)
    return tuple(out)


TUNE = "tune"


def committed_flags(state: dict[str, Any], fixed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``sim.from_engine``'s committed plays with the Face Up plays and Cues that break
    their song, and what the seat can still change, read from the engine's action rules:

    * ``may``: the flags the seat can still add to a play (a Cue or a Milkyway tune
      while it is not ready; Face Up by taking the play back);
    * ``ready``: the seat is ready, so its plays this round are exactly these;
    * ``free``: the seat may still take every play back (neither ready nor locked).

    Flags that break nothing change no result and are left out (their Cue cards stay
    used up, see :func:`rotated_of`)."""
    tuning = V.tuning(V.get_venue(state["venue"]))
    out = []
    for d in fixed:
        s = state["seats"][d["seat"]]
        p = next(q for q in s["played"] if q["card"] == d["card"])
        fl = B.flags_breaking(tuple(state["current"][p["song"]]["events"]))
        d = dict(d)
        if p["face_up"] and B.FACE_UP in fl:
            d["face_up"] = True
        if p["cue"] and B.CUE in fl:
            d["cue"] = p["cue"]["cue_card"]
        open_ = not s["ready"] and not p["hidden"] and not p["cue"] and not p["tune"]
        may = []
        if not s["ready"] and not s["locked"]:
            may.append(B.FACE_UP)
        if open_ and not p["face_up"]:
            may.append(B.CUE)
        if open_ and tuning:
            may.append(TUNE)
        d["may"] = tuple(may)
        d["ready"] = bool(s["ready"])
        d["free"] = not s["ready"] and not s["locked"]
        out.append(d)
    return out


def kept(fixed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The committed plays no seat can take back any more (those of ready or locked
    seats): a seat free to take back is as free as one that has not played."""
    return [d for d in fixed if not d.get("free")]


def _counts(st: sim.State) -> dict[str, int]:
    c = dict.fromkeys(V.RESULTS, 0)
    for _, r in st.results:
        c[r] += 1
    return c


def hopeless(spec: sim.Spec, st: sim.State) -> bool:
    """True when no continuation can meet the venue's count targets (optimistic bound)."""
    v = spec.venue
    left = len(st.queue) + (len(spec.encores) - st.enc if V.encores_allowed(v) else 0)
    return hopeless_of(spec, _counts(st), left, len(st.queue), lambda: max_songs(spec, st))


def hopeless_of(
    spec: sim.Spec, c: dict[str, int], left: int, queued: int, songs_max: Callable[[], int]
) -> bool:
    """:func:`hopeless` of a position with result counts ``c``, ``left`` songs still to
    come (``queued`` of them queued) and ``songs_max()`` its :func:`max_songs`."""
    v = spec.venue
    need = need_of(spec, c)
    if need is None:
        return True
    if V.recycles(v):
        # Event Horizon ends by running out of cards: a queue longer than the songs the
        # band's cards can still play is a loss
        most = songs_max()
        return queued > most or need > most
    # elsewhere songs nobody holds a card for are still played, but an ON POINT or a
    # LOUD needs a card unless an event's bonus alone can reach a difficulty
    if empty_song_can_count(spec):
        return need > left
    return need > left or need > songs_max()


def need_of(spec: sim.Spec, c: dict[str, int]) -> int | None:
    """How many more ON POINTs and LOUDs the targets need with result counts ``c``
    (None: a count is already past its target's exact or most)."""
    need = 0
    for res in (V.ON_POINT, V.LOUD):
        t = spec.venue.targets.get(res)
        if not t:
            continue
        if "min" in t:
            need += max(0, t["min"] - c[res])
        if "exact" in t:
            if c[res] > t["exact"]:
                return None
            need += t["exact"] - c[res]
        if "max" in t and c[res] > t["max"]:
            return None
    return need


def empty_song_can_count(spec: sim.Spec) -> bool:
    """Whether some song could be ON POINT or LOUD with no card played: the largest
    ``modify_sum`` bonus a song's events can add reaches the lowest difficulty."""
    return _empty_song_can_count(
        V.events_per_song(spec.venue), tuple(spec.songs) + tuple(spec.encores), spec.events
    )


@functools.lru_cache(maxsize=1024)
def _empty_song_can_count(eps: int, songs: tuple[int, ...], events: tuple[str, ...]) -> bool:
    bonus = sorted(
        (
            sum(c["delta"] for c in get_event(e).clauses if c["kind"] == "modify_sum")
            for e in set(events)
        ),
        reverse=True,
    )
    return bool(songs) and sum(b for b in bonus[:eps] if b > 0) >= min(songs)


def max_songs(spec: sim.Spec, st: sim.State) -> int:
    """An upper bound on the songs in which a card can still be played: each round
    takes ``songs_per_round`` cards from every seat holding them (one more at Upload
    Festival, the forced staging; one fewer, once, at Scrapyard for the Solo pass).
    Songs after that are played with no cards (FAILs) or, where running out loses,
    not at all."""
    return max_songs_of(
        spec,
        [len(st.hands[i]) + len(spec.draws[i]) - st.ptr[i] for i in range(spec.players)],
        st.solo_used,
    )


def max_songs_of(spec: sim.Spec, cards: list[int], solo_used: bool) -> int:
    """:func:`max_songs` where each seat has ``cards`` cards left in hand and draw pile."""
    k, per_round, solo_pass = _per_round(spec.venue.id)
    rounds = 0
    for i, n in enumerate(cards):
        r = -(-n // per_round)
        if solo_pass and i == spec.solo and not solo_used:
            r += 1
        if r > rounds:
            rounds = r
    return rounds * k


@functools.lru_cache(maxsize=64)
def _per_round(venue_id: str) -> tuple[int, int, bool]:
    """Songs a round, cards a round takes from a seat, and whether the Solo may pass."""
    v = V.get_venue(venue_id)
    k = V.songs_per_round(v)
    return k, k + (1 if V.forced_staging(v) else 0), V.solo_pass(v)


def memo_key(spec: sim.Spec, st: sim.State, rot: Rotated | None = None, brk: bool = False) -> tuple:
    fut = ahead(spec, st) if brk else frozenset()
    tunes = st.tunes_used or (0,) * spec.players
    seats = tuple(
        seat_key(spec, st.hands[s], st.stages[s], tunes[s], rot[s] if rot else (), fut)
        for s in range(spec.players)
    )
    c = _counts(st)
    rest = (
        st.ptr,
        st.queue,
        st.enc,
        st.ev,
        (c[V.FAIL], c[V.ON_POINT], c[V.LOUD]),
        len(st.results),
        tuple(r for _, r in st.results[-2:]),
        st.solo_used,
        st.encores_taken,
    )
    return key_of(spec, seats, fut, rest)


_FULL = frozenset({1, 2, 3, 4, 5})


def seat_key(
    spec: sim.Spec,
    hand: tuple[str, ...],
    stage: tuple[str, ...],
    tunes_used: int,
    used: tuple[str, ...],
    fut: frozenset,
) -> tuple:
    """What a seat adds to the memo key: its hand as card keys, what its Stage Area
    still changes (:func:`key_of`'s ``extra``; ``tunes_used``: its Milkyway tunes so
    far), and, with breaks ahead, the values of its unused staged Cue cards (``used``:
    those used up) and whether its Stage Area shows every value."""
    v = spec.venue
    hand_key = tuple(sorted(_card_key(v, c, fut) for c in hand))
    if V.tuning(v):
        extra: Any = sim.cue_cards_staged(stage) - tunes_used
    elif v.rule_id == "full_range":
        extra = frozenset(sim.VALUE[c] for c in stage)
    elif V.auto_encores(v):
        extra = sum(1 for c in stage if sim.VALUE[c] == 1)
    else:
        extra = None
    cues = full = None
    if fut:
        if B.CUE in fut:
            cues = frozenset(sim.VALUE[c] for c in stage if sim.CUE[c] and c not in used)
        if B.FACE_UP in fut and B.face_up_needs_full_stage(v):
            full = frozenset(sim.VALUE[c] for c in stage) >= _FULL
    return hand_key, extra, cues, full


@functools.lru_cache(maxsize=64)
def _key_flags(venue_id: str) -> tuple[bool, bool]:
    """Whether the venue's memo key reads the Stage Areas (``extra``), and whether a
    Face Up play there needs a full Stage Area."""
    v = V.get_venue(venue_id)
    return (
        bool(V.tuning(v) or v.rule_id == "full_range" or V.auto_encores(v)),
        B.face_up_needs_full_stage(v),
    )


def key_of(spec: sim.Spec, seats: tuple, fut: frozenset, rest: tuple) -> tuple:
    """The memo key from every seat's :func:`seat_key`, the breaks ahead (``fut``) and
    the rest of the position: draw pointers, queue, Encores, next event, result counts
    (FAIL, ON POINT, LOUD), how many results and the last two, Solo used, Encores taken.

    States with the same key have the same future."""
    has_extra, needs_full = _key_flags(spec.venue.id)
    brk = None
    if fut:
        brk = (
            fut,
            tuple(k[2] for k in seats) if B.CUE in fut else None,
            tuple(k[3] for k in seats) if needs_full and B.FACE_UP in fut else None,
        )
    return (
        tuple(k[0] for k in seats),
        rest[0],
        tuple(k[1] for k in seats) if has_extra else None,
        *rest[1:],
        brk,
    )


_RANK = {V.ON_POINT: 0, V.LOUD: 1, V.FAIL: 2}


def _ordered(spec: sim.Spec, st: sim.State, decs, deadline: float = float("inf")) -> list:
    """Decisions sorted so that rounds serving the targets come first (ties: fewer cards)."""
    need_fail = spec.venue.rule_id in ("solo_pass", "first_songs_fail")
    scored = []
    for i, dec in enumerate(decs):
        if i % 512 == 511 and time.monotonic() > deadline:
            raise OutOfTime
        res = sim.resolve(spec, st, dec)
        broken = broken_songs(spec, st, dec)
        if broken:
            if all(res[j] == V.FAIL for j in broken):
                continue  # the same round unflagged FAILs those songs too
            for j in broken:
                res[j] = V.FAIL
        r = sum(_RANK[x] for x in res)
        if need_fail:
            r = -r
        scored.append((r, -dec.get("encores", 0), i, dec))
    scored.sort(key=lambda t: t[:3])
    return [t[3] for t in scored]


def search(
    spec: sim.Spec,
    st0: sim.State,
    deadline: float,
    fixed: list[dict] | None = None,
    passed: bool = False,
    rot0: Rotated | None = None,
) -> tuple[list[dict[str, Any]] | None, int]:
    """A winning plan from ``st0`` or None; raises OutOfTime at the deadline.

    ``rot0``: per seat the staged Cue cards already used up (the engine's ``rotated``).
    """
    dead: set[tuple] = set()
    nodes = 0

    def dfs(st: sim.State, rot: Rotated, first: bool) -> list[dict[str, Any]] | None:
        nonlocal nodes
        nodes += 1
        if time.monotonic() > deadline:
            raise OutOfTime
        key = memo_key(spec, st, rot, True)
        if not first and key in dead:
            return None
        decs = decisions(spec, st, fixed if first else None, passed if first else False, rot, True)
        for j, dec in enumerate(_ordered(spec, st, decs, deadline)):
            if j % 256 == 255 and time.monotonic() > deadline:
                raise OutOfTime
            nxt = step(spec, st, dec, check=False)
            if nxt.status == "won":
                return [dec]
            if nxt.status == "lost" or hopeless(spec, nxt):
                continue
            rest = dfs(nxt, rotate(rot, dec, spec.players), False)
            if rest is not None:
                return [dec, *rest]
        if not first:
            dead.add(key)
        return None

    if hopeless(spec, st0):
        return None, 0
    return dfs(st0, rot0 or tuple(() for _ in range(spec.players)), True), nodes


def solve(state: dict[str, Any], budget_s: float = 2.0) -> dict[str, Any]:
    """Verdict and plan for an engine state at a round start."""
    spec, st, fixed, passed = sim.from_engine(state)
    fixed = committed_flags(state, fixed)
    t0 = time.monotonic()
    try:
        plan, nodes = search(spec, st, t0 + budget_s, fixed, passed, rotated_of(state))
    except OutOfTime:
        return {"verdict": "unknown", "seconds": time.monotonic() - t0}
    out: dict[str, Any] = {
        "verdict": "feasible" if plan is not None else "infeasible",
        "nodes": nodes,
        "seconds": time.monotonic() - t0,
    }
    if plan is not None:
        out["plan"] = plan
    return out


def rotated_of(state: dict[str, Any]) -> Rotated:
    """Per seat the staged Cue cards used up, but for those of this round's committed
    Cues that break their song (:func:`committed_flags` carries them on the play)."""
    out = []
    for s in state["seats"]:
        now = {
            p["cue"]["cue_card"]
            for p in s["played"]
            if p["cue"] and B.CUE in B.flags_breaking(tuple(state["current"][p["song"]]["events"]))
        }
        out.append(tuple(c for c in s["rotated"] if c not in now))
    return tuple(out)
