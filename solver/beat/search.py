"""Exact memoised depth-first search over rounds (perfect information, fixed deal).

Each node is a :class:`~solver.beat.sim.State`; the children are every legal
round (one card per seat per song, the Solo's extra card or pass, Milkyway
tunes, how many Encores to take), stepped through :mod:`solver.beat.sim`, i.e.
through the engine's own round API.  Cards of one value are interchangeable for
the outcome (icons only matter through Milkyway's staged Cue cards), so a seat's
options are deduplicated by value and the memo key reads hands as values.
Dead states are memoised; an optimistic bound on the songs left prunes
branches that can no longer reach a target.  Independent of the CP-SAT model,
it is the baseline of the benchmark and the oracle of the tests.
"""

from __future__ import annotations

import functools
import itertools
import time
from typing import Any

from services.beat import venues as V
from services.beat.events import get_event
from solver.beat import sim


class OutOfTime(Exception):
    pass


def _card_key(venue: V.Venue, card: str) -> tuple[int, bool]:
    return (sim.VALUE[card], bool(V.tuning(venue)) and sim.CUE[card])


def seat_options(
    spec: sim.Spec, st: sim.State, s: int, k: int, prefer: frozenset = frozenset()
) -> list[tuple]:
    """Every distinct way seat ``s`` can play this round (deduplicated by card value).

    ``prefer``: card ids that represent their value (a hint's committed plays).
    """
    v = spec.venue
    hand = tuple(sorted(st.hands[s], key=lambda c: c not in prefer))

    def ident(c: str) -> Any:
        # committed cards keep their identity: a hint must find the option holding
        # exactly those ids (two committed 3s, one of them the Solo, are not the same
        # as the same two 3s the other way round)
        return c if c in prefer else _card_key(v, c)

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
    return opts


PASS: tuple = ("pass",)


def decisions(spec: sim.Spec, st: sim.State, fixed: list[dict] | None = None, passed=False):
    """Every distinct legal round decision from ``st`` (lazily).

    ``fixed``: plays a hint must keep (ready or locked seats); ``passed``: the Solo
    player already passed this round.
    """
    k = len(sim.round_songs(spec, st))
    per_seat = []
    for s in range(spec.players):
        prefer = frozenset(p["card"] for p in fixed or () if p["seat"] == s)
        opts = seat_options(spec, st, s, k, prefer)
        if passed and s == spec.solo:
            opts = [PASS]
        if fixed:
            mine = {
                (p["card"], p.get("song", 0), bool(p.get("solo")), p.get("tune", 0))
                for p in fixed
                if p["seat"] == s
            }
            if mine:
                opts = [
                    o
                    for o in opts
                    if o is not PASS
                    and mine
                    <= {(p["card"], p["song"], bool(p.get("solo")), p.get("tune", 0)) for p in o}
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


def _counts(st: sim.State) -> dict[str, int]:
    c = dict.fromkeys(V.RESULTS, 0)
    for _, r in st.results:
        c[r] += 1
    return c


def hopeless(spec: sim.Spec, st: sim.State) -> bool:
    """True when no continuation can meet the venue's count targets (optimistic bound)."""
    v = spec.venue
    c = _counts(st)
    left = len(st.queue) + (len(spec.encores) - st.enc if V.encores_allowed(v) else 0)
    need = 0
    for res in (V.ON_POINT, V.LOUD):
        t = v.targets.get(res)
        if not t:
            continue
        if "min" in t:
            need += max(0, t["min"] - c[res])
        if "exact" in t:
            if c[res] > t["exact"]:
                return True
            need += t["exact"] - c[res]
        if "max" in t and c[res] > t["max"]:
            return True
    songs_max = max_songs(spec, st)
    if V.recycles(v):
        # Event Horizon ends by running out of cards: a queue longer than the songs the
        # band's cards can still play is a loss
        return len(st.queue) > songs_max or need > songs_max
    # elsewhere songs nobody holds a card for are still played, but an ON POINT or a
    # LOUD needs a card unless an event's bonus alone can reach a difficulty
    if empty_song_can_count(spec):
        return need > left
    return need > min(left, songs_max)


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
    v = spec.venue
    k = V.songs_per_round(v)
    per_round = k + (1 if V.forced_staging(v) else 0)
    rounds = 0
    for i in range(spec.players):
        cards = len(st.hands[i]) + len(spec.draws[i]) - st.ptr[i]
        r = -(-cards // per_round)
        if i == spec.solo and V.solo_pass(v) and not st.solo_used:
            r += 1
        rounds = max(rounds, r)
    return rounds * k


def memo_key(spec: sim.Spec, st: sim.State) -> tuple:
    v = spec.venue
    hands = tuple(tuple(sorted(_card_key(v, c) for c in h)) for h in st.hands)
    if V.tuning(v):
        extra: Any = tuple(
            sim.cue_cards_staged(st.stages[s]) - st.tunes_used[s] for s in range(spec.players)
        )
    elif v.rule_id == "full_range":
        extra = tuple(frozenset(sim.VALUE[c] for c in s) for s in st.stages)
    elif V.auto_encores(v):
        extra = tuple(sum(1 for c in s if sim.VALUE[c] == 1) for s in st.stages)
    else:
        extra = None
    c = _counts(st)
    return (
        hands,
        st.ptr,
        extra,
        st.queue,
        st.enc,
        st.ev,
        (c[V.FAIL], c[V.ON_POINT], c[V.LOUD]),
        len(st.results),
        tuple(r for _, r in st.results[-2:]),
        st.solo_used,
        st.encores_taken,
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
) -> tuple[list[dict[str, Any]] | None, int]:
    """A winning plan from ``st0`` or None; raises OutOfTime at the deadline."""
    dead: set[tuple] = set()
    nodes = 0

    def dfs(st: sim.State, first: bool) -> list[dict[str, Any]] | None:
        nonlocal nodes
        nodes += 1
        if time.monotonic() > deadline:
            raise OutOfTime
        key = memo_key(spec, st)
        if not first and key in dead:
            return None
        decs = decisions(spec, st, fixed if first else None, passed if first else False)
        for j, dec in enumerate(_ordered(spec, st, decs, deadline)):
            if j % 256 == 255 and time.monotonic() > deadline:
                raise OutOfTime
            nxt = sim.step(spec, st, dec, check=False)
            if nxt.status == "won":
                return [dec]
            if nxt.status == "lost" or hopeless(spec, nxt):
                continue
            rest = dfs(nxt, False)
            if rest is not None:
                return [dec, *rest]
        if not first:
            dead.add(key)
        return None

    if hopeless(spec, st0):
        return None, 0
    return dfs(st0, True), nodes


def solve(state: dict[str, Any], budget_s: float = 2.0) -> dict[str, Any]:
    """Verdict and plan for an engine state at a round start."""
    spec, st, fixed, passed = sim.from_engine(state)
    t0 = time.monotonic()
    try:
        plan, nodes = search(spec, st, t0 + budget_s, fixed, passed)
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
