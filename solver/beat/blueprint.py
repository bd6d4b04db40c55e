"""A blueprint band policy for live Beat: each seat decides from what it may see.

The live hint (:mod:`solver.beat.live`) searches on top of this policy: it rolls
the venue out with every seat following the blueprint.  A blueprint decision
reads only one seat's information (:class:`Seen`): its own hand, every Stage
Area, the songs and events in play (Warken: the difficulty only for the Solo
player), the counted results, deck counts and what the bandmates already
signalled this round.  It never reads another seat's hand or a deck order.

**How a seat picks its card(s).**  Each possible result of a song gets a
utility: an estimate of the chance to still win the venue after that result
(:func:`result_utilities`, a small dynamic programme over the counts left to
reach, with fixed chances of landing the result a song is aimed at; venue rules
that force a result at a position are honoured).  The seat plays the cards that
maximise the expected utility, the bandmates' cards being drawn from what is
known of them: a Face Up value exactly, a Cued card within its range, otherwise
any value their deck still holds (their unstaged cards), and -- at Jupiter --
only values they have not staged yet.  The last bandmate still to play (the
*closer*) is modelled as answering: it holds a random hand of its unstaged cards
and plays the value best for what this seat's signal tells it.  The bandmates still
to play before the closer (3-4 seats) are modelled as aiming: from a random hand they
play the value closest to their share of the sum the song's best result needs.  Every
bandmate respects the song's per-card value rules when it can.  Small terms: a point of value
costs a little (keep high cards), a 1 is worth more while Encores are needed,
the Solo is kept unless it helps (and is spent on the last song at Twin Moon).

**Conventions (given and read).**  Seats play in turn from the lead seat (the
engine's ``lead``: the Solo player in round one, then one seat on per song).  A
seat that is not the last to play tells its card when it can: Face Up if it
plays a Face Up copy (and the venue and event allow it), else a Cue with the
staged Cue card that narrows the value most.  Later seats read those signals.
The last seat never signals (nobody is left to read it).  Encores are taken
while the targets still need more songs than are left (always at Entropy Hall,
up to the total at Cosmochella, never at Event Horizon or Scrapyard).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from services.beat import cards as C
from services.beat import venues as V
from services.beat.events import get_event
from solver.beat import sim

FAIL, OP, LOUD = V.FAIL, V.ON_POINT, V.LOUD
RESULTS = (FAIL, OP, LOUD)
FACE_UP: dict[str, bool] = {c: C.has_face_up(c) for c in sim.VALUE}

#: per seat count, the chance of each result when a song is aimed at a result (the
#: DP's model of a live band: ON POINT gets harder as more hidden cards add up).  At 4
#: seats the middle bandmates aim (``_share_dist``), which lands ON POINT a little more
#: often than at 3; a higher chance at 3 seats lost easy deals.  Chosen on the blueprint
#: band's wins over seeded deals, checked on held-out seeds.
AIMS = {
    n: {
        FAIL: ((FAIL, 0.9), (OP, 0.05), (LOUD, 0.05)),
        OP: ((OP, op), (LOUD, (1 - op) / 2 + 0.05), (FAIL, (1 - op) / 2 - 0.05)),
        LOUD: ((LOUD, loud), (OP, 0.1), (FAIL, 0.9 - loud)),
    }
    for n, op, loud in ((2, 0.45, 0.8), (3, 0.35, 0.75), (4, 0.36, 0.72))
}
#: per seat count, what a point of card value played costs in utility (times the song's
#: stakes): high cards are worth keeping, but with the 2-seat cost a 3- or 4-seat band
#: saves them into FAILs, so the cost is lower there (chosen on the blueprint band's
#: wins over seeded deals, confirmed with the hint band).
COST_PER_POINT = {2: 0.012, 3: 0.003, 4: 0.003}
#: at Scrapyard (every song must FAIL) a point of card value played is a gain instead:
#: low cards are what fail the songs to come, and with the cost the band won no deal
ALL_FAIL_GAIN_PER_POINT = 0.012
ENCORE_ONE_BONUS = 0.25
#: an Encore beyond the songs the targets need is taken when the result model's
#: chance to win gains more than this with one more song: a setlist with no room for a
#: miss (Rock in the Belt needs all 7 songs right with one Encore) is otherwise lost at
#: the first miss.  A smaller margin takes Encores that do not pay.
EXTRA_ENCORE_MARGIN = 0.05
SOLO_COST = 0.04
PASS_COST = 0.04
RANGE_PENALTY = 1.0
RECYCLE_DECAY = 0.8
#: a bandmate still to play that is not the closer is modelled as playing the value of
#: its hand closest to its share of the sum the song's best result needs: the song's
#: difficulty, plus this margin when the result is LOUD (see ``_share_dist``)
FAIR_LOUD_MARGIN = 2.5


# -- what one seat knows ---------------------------------------------------------


@dataclass
class Signal:
    """A bandmate's play this round as this seat knows it."""

    song: int
    exact: int | None = None  # Face Up value
    above: int = 0  # value > above (a Cue "higher")
    below: int = 6  # value < below (a Cue "lower")
    solo: bool = False


@dataclass
class Seen:
    """One seat's information at its decision in a round (nothing hidden from it)."""

    venue: V.Venue
    players: int
    seat: int
    hand: tuple[str, ...]  # the cards it holds and can see
    songs: list[tuple[int | None, tuple[str, ...]]]  # difficulty (None: hidden) + events
    results: tuple[tuple[int | None, str], ...]  # counted so far, in order
    songs_after: int  # songs in the Song deck after this round's
    encore_left: int
    setlist_total: int
    encores_taken: int
    solo_seat: int
    solo_used: bool
    stages: tuple[tuple[str, ...], ...]  # every Stage Area (public)
    rotated: frozenset[str]  # this seat's Cue cards already used
    hand_counts: tuple[int, ...]  # cards each seat holds now
    signals: dict[int, list[Signal]] = field(default_factory=dict)  # bandmates who played
    later: tuple[int, ...] = ()  # bandmates still to play this round, in order
    difficulty_pool: tuple[int, ...] = ()  # Warken: the difficulties a hidden song may have
    need: int = 1  # cards this seat plays (one per song, fewer with a short hand)


@dataclass
class Choice:
    """A seat's move for the round: cards (card, song, solo), a signal, or the Solo pass."""

    plays: list[tuple[str, int, bool]]
    face_up: str | None = None
    cue: tuple[str, str, str] | None = None  # (played card, cue card, direction)
    solo_pass: bool = False
    score: float = 0.0

    def key(self) -> tuple:
        return (
            tuple(sorted((sim.VALUE[c], s, solo) for c, s, solo in self.plays)),
            self.face_up is not None,
            self.cue is not None,
            self.solo_pass,
        )


# -- the value of a result --------------------------------------------------------


def _goal(t: dict[str, int] | None) -> tuple[int, int | None]:
    """(at least, at most) of a target."""
    if not t:
        return 0, None
    if "min" in t:
        return t["min"], None
    if "max" in t:
        return 0, t["max"]
    return t["exact"], t["exact"]


def _forced(v: V.Venue, pos: int, left_after: int, difficulty: int | None) -> str | None:
    """The result a venue rule demands of the song at 1-based position ``pos``."""
    rid = v.rule_id
    if rid == "odd_songs_loud" and pos % 2 == 1:
        return LOUD
    if rid == "first_songs_fail" and pos <= v.rule["count"]:
        return FAIL
    if rid == "even_songs_on_point" and difficulty is not None and difficulty % 2 == 0:
        return OP
    if rid == "last_song_loud" and left_after == 0:
        return LOUD
    if rid == "last_songs_on_point" and left_after < v.rule["count"]:
        return OP
    if rid in ("visible_setlist", "recycle"):
        return OP
    return None


@lru_cache(maxsize=200_000)
def _future(
    vid: str, op: int, loud: int, fail: int, left: int, pos: int, last: str | None, n: int = 2
) -> float:
    """Estimated chance to win with ``left`` songs to play after ``pos`` counted ones."""
    v = V.get_venue(vid)
    op_min, op_max = _goal(v.targets.get(OP))
    l_min, l_max = _goal(v.targets.get(LOUD))
    f_min, f_max = _goal(v.targets.get(FAIL))
    if (
        (op_max is not None and op > op_max)
        or (l_max is not None and loud > l_max)
        or (f_max is not None and fail > f_max)
    ):
        return 0.0
    if max(0, op_min - op) + max(0, l_min - loud) + max(0, f_min - fail) > left:
        return 0.0
    if left == 0:
        return 1.0
    forced = _forced(v, pos + 1, left - 1, None)
    even_share = 0.5 if v.rule_id == "even_songs_on_point" else 0.0
    best = 0.0
    for aim in RESULTS:
        if forced is not None and aim != forced:
            continue
        val = 0.0
        for r, p in AIMS[n][aim]:
            if forced is not None and r != forced:
                continue
            val += p * _after(vid, op, loud, fail, left, pos, last, r, n)
        best = max(best, val)
    if even_share:
        forced_op = sum(
            p * _after(vid, op, loud, fail, left, pos, last, r, n)
            for r, p in AIMS[n][OP]
            if r == OP
        )
        best = (1 - even_share) * best + even_share * forced_op
    return best


def _after(
    vid: str, op: int, loud: int, fail: int, left: int, pos: int, last, r: str, n: int
) -> float:
    v = V.get_venue(vid)
    if r == LOUD and v.rule_id == "no_loud_twice" and last == LOUD:
        r = FAIL
    return _future(
        vid, op + (r == OP), loud + (r == LOUD), fail + (r == FAIL), left - 1, pos + 1, r, n
    )


def planned_encores(seen: Seen) -> int:
    """Encores the band still needs (beyond the songs left), as far as the deck allows."""
    v = seen.venue
    if not V.encores_allowed(v) or V.auto_encores(v) or V.recycles(v) or V.solo_pass(v):
        return 0
    if v.rule_id == "exact_total_songs":
        return max(0, min(seen.encore_left, v.rule["total"] - seen.setlist_total))
    counts = Counter(r for _, r in seen.results)
    need = 0
    for res in (OP, LOUD, FAIL):
        lo, _ = _goal(v.targets.get(res))
        need += max(0, lo - counts[res])
    if v.rule_id == "first_songs_fail":  # the forced FAILs still to come
        need += max(0, v.rule["count"] - len(seen.results))
    remaining = seen.songs_after + len(seen.songs)
    extra = max(0, need - remaining)
    if v.rule_id == "encore_required" and seen.encores_taken == 0:
        extra = max(extra, 1)
    return min(seen.encore_left, extra)


def result_utilities(seen: Seen) -> list[dict[str, float]]:
    """Per song of the round: result -> estimated chance to still win after it."""
    v = seen.venue
    counts = Counter(r for _, r in seen.results)
    pos = len(seen.results)
    last = seen.results[-1][1] if seen.results else None
    k = len(seen.songs)
    plan = planned_encores(seen)
    out = []
    for i, (d, _) in enumerate(seen.songs):
        left_after = seen.songs_after + (k - 1 - i) + plan
        if v.rule_id == "entropy_chain":
            fails_left = (V.max_fails(v) or 0) - counts[FAIL]
            out.append({FAIL: 0.4 if fails_left > 0 else 0.0, OP: 1.0, LOUD: 1.0})
            continue
        if V.recycles(v):
            need = max(0, _goal(v.targets.get(OP))[0] - counts[OP])
            p = AIMS[seen.players][OP][0][1]
            rate = p / (1 - RECYCLE_DECAY * (1 - p))
            out.append(
                {
                    OP: rate ** max(0, need - 1),
                    FAIL: RECYCLE_DECAY * rate**need,
                    LOUD: RECYCLE_DECAY * rate**need,
                }
            )
            continue
        forced = _forced(v, pos + i + 1, left_after, d)
        u = {}
        for r in RESULTS:
            rr = r
            if r == LOUD and v.rule_id == "no_loud_twice" and last == LOUD:
                rr = FAIL
            if (
                forced is not None
                and rr != forced
                and v.rule_id
                in (
                    "odd_songs_loud",
                    "first_songs_fail",
                    "even_songs_on_point",
                )
            ):
                u[r] = 0.0
                continue
            val = _future(
                v.id,
                counts[OP] + (rr == OP),
                counts[LOUD] + (rr == LOUD),
                counts[FAIL] + (rr == FAIL),
                left_after,
                pos + i + 1,
                rr,
                seen.players,
            )
            if forced is not None and rr != forced and left_after < 2:
                val = 0.0  # a final-check rule (last song LOUD, finale ON POINT) broken
            u[r] = val
        out.append(u)
    return out


# -- the bandmates' cards as this seat sees them ------------------------------------


@lru_cache(maxsize=50_000)
def _pool(stage_values: tuple[int, ...], full_range: bool) -> tuple[tuple[int, int], ...]:
    """(value, copies) a seat still holds somewhere (hand, draw pile, confiscated);
    at Jupiter only the values it has not staged (the ones the blueprint plays)."""
    c = dict.fromkeys(C.VALUES, 3)
    for x in stage_values:
        c[x] -= 1
    out = tuple((v, n) for v, n in c.items() if n > 0)
    if full_range:
        staged = set(stage_values)
        missing = tuple((v, n) for v, n in out if v not in staged)
        return missing or out
    return out


@lru_cache(maxsize=50_000)
def _dist(
    pool: tuple[tuple[int, int], ...],
    exact: int | None,
    above: int,
    below: int,
    allowed: frozenset[int] | None = None,
) -> tuple[tuple[int, float], ...]:
    if exact is not None:
        return ((exact, 1.0),)
    inside = tuple((v, n) for v, n in pool if above < v < below) or pool
    if allowed is not None:
        inside = tuple((v, n) for v, n in inside if v in allowed) or inside
    tot = sum(n for _, n in inside)
    return tuple((v, n / tot) for v, n in inside) if tot else ()


@lru_cache(maxsize=5_000)
def allowed_values(events: tuple[str, ...]) -> frozenset[int] | None:
    """The card values a song's events let a card have (None: any).  A bandmate
    following the blueprint plays one of them when it can -- the song FAILs otherwise --
    so a first seat that modelled its bandmates as any unstaged card gave up on
    songs such as Power Chords' "every card 3, 4 or 5" that the band could play."""
    ok = set(C.VALUES)
    for e in events:
        for cl in get_event(e).clauses:
            if cl["kind"] == "forbid_value":
                ok.discard(cl["value"])
            elif cl["kind"] == "value_range":
                ok &= set(range(cl["min"], cl["max"] + 1))
    return None if len(ok) == len(C.VALUES) else frozenset(ok)


def _mate_pool(
    seen: Seen, mate: int, song: int
) -> tuple[tuple[tuple[int, int], ...], frozenset[int] | None]:
    """The values ``mate`` may still hold (its unstaged cards) and those the song's
    events let a card have."""
    stage = tuple(sim.VALUE[x] for x in seen.stages[mate])
    return _pool(stage, seen.venue.rule_id == "full_range"), allowed_values(seen.songs[song][1])


def _mate_dist(
    seen: Seen, mate: int, sig: Signal | None, song: int = 0
) -> tuple[tuple[int, float], ...]:
    pool, allowed = _mate_pool(seen, mate, song)
    if sig is None:
        return _dist(pool, None, 0, 6, allowed)
    return _dist(pool, sig.exact, sig.above, sig.below, allowed)


#: a multiset of card values as one integer (counts in base 8): union is addition
BASE = 8
CODE = {v: BASE ** (v - 1) for v in C.VALUES}


def code_of(values: tuple[int, ...] | list[int]) -> int:
    return sum(CODE[v] for v in values)


def values_of(code: int) -> tuple[int, ...]:
    out: list[int] = []
    for v in C.VALUES:
        out += [v] * ((code // CODE[v]) % BASE)
    return tuple(out)


@lru_cache(maxsize=50_000)
def _combine(dists: tuple) -> tuple[tuple[int, float], ...]:
    """The bandmates' values together: (multiset code, probability) pairs."""
    acc: dict[int, float] = {0: 1.0}
    for dist in dists:
        if not dist:
            continue
        nxt: dict[int, float] = {}
        for key, p in acc.items():
            for val, q in dist:
                kk = key + CODE[val]
                nxt[kk] = nxt.get(kk, 0.0) + p * q
        acc = nxt
    return tuple(acc.items())


def closer_of(seen: Seen) -> int | None:
    """The last bandmate still to play this round: it will read this seat's signal."""
    for mate in reversed(seen.later):
        if seen.hand_counts[mate] > 0:
            return mate
    return None


def _mates_per_song(seen: Seen) -> list[tuple[tuple[tuple[int, ...], float], ...]]:
    """Per song: the values of the bandmates other than the closer, as a distribution
    over sorted tuples (played ones as signalled, the others from their unstaged cards)."""
    k = len(seen.songs)
    closer = closer_of(seen)
    per_song: list[list] = [[] for _ in range(k)]
    for mate, sigs in seen.signals.items():
        for sig in sigs:
            if sig.song < k:
                per_song[sig.song].append(_mate_dist(seen, mate, sig, sig.song))
    utils = result_utilities(seen) if len(seen.later) > 1 else None
    for mate in seen.later:
        if mate == closer:
            continue
        for i in range(min(k, seen.hand_counts[mate])):
            d = seen.songs[i][0]
            if utils is not None and d is not None:
                per_song[i].append(_share_dist(seen, mate, i, d, utils[i]))
            else:
                per_song[i].append(_mate_dist(seen, mate, None, i))
    return [_combine(tuple(sorted(d))) for d in per_song]


def _share_dist(
    seen: Seen, mate: int, song: int, d: int, util: dict[str, float]
) -> tuple[tuple[int, float], ...]:
    """A bandmate still to play that is not the closer: it holds a random hand of its
    unstaged cards and plays the value closest to its fair share of the sum the song's
    best result needs (difficulty, plus ``FAIR_LOUD_MARGIN`` for a LOUD; nothing for a
    FAIL), the signalled cards of this round taken off and shared among the seats whose
    cards are not known.  Modelled as any unstaged card instead, such a bandmate looked
    like noise to the seats before it, which then played for safety: high cards into
    LOUDs by 4 or more and FAILs later."""
    aim = max(RESULTS, key=lambda r: (util[r], r == OP))
    if aim == FAIL:
        target = 0.0
    else:
        want = d + (FAIR_LOUD_MARGIN if aim == LOUD else 0.0)
        known = 0.0
        told = 0
        for who, sigs in seen.signals.items():
            for sig in sigs:
                if sig.song == song and not sig.solo:
                    known += sum(v * p for v, p in _mate_dist(seen, who, sig, song))
                    told += 1
        target = (want - known) / max(1, seen.players - told)
    pool, allowed = _mate_pool(seen, mate, song)
    if allowed is not None:
        pool = tuple((v, n) for v, n in pool if v in allowed) or pool
    return _closest_dist(pool, seen.hand_counts[mate], round(target, 3))


@lru_cache(maxsize=20_000)
def _closest_dist(
    pool: tuple[tuple[int, int], ...], hand: int, target: float
) -> tuple[tuple[int, float], ...]:
    """The value closest to ``target`` (the higher on a tie) in a random hand of
    ``hand`` cards of ``pool``: (value, probability) pairs (hypergeometric)."""
    order = sorted((v for v, _ in pool), key=lambda v: (abs(v - target), -v))
    copies = dict(pool)
    n_all = sum(copies.values())
    h = min(hand, n_all)
    total = _comb(n_all, h)
    out = []
    used = 0
    before = 1.0
    for x in order:
        used += copies[x]
        none = _comb(n_all - used, h) / total if total else 0.0
        if before - none > 1e-12:
            out.append((x, before - none))
        before = none
    return tuple(out)


def _comb(n: int, r: int) -> int:
    return math.comb(n, r) if 0 <= r <= n else 0


@lru_cache(maxsize=200_000)
def _closer_value(
    vid: str,
    diffs: tuple[int, ...],
    evs: tuple[str, ...],
    prev: str | None,
    own: int,
    mates: tuple,
    util: tuple[float, float, float],
    pool: tuple[tuple[int, int], ...],
    hand: int,
    belief: tuple[tuple[int, float], ...],
) -> tuple[float, float]:
    """(expected utility, chance of no FAIL) when the closer answers: it holds ``hand``
    random cards of its ``pool`` and plays the value best for what it believes this seat
    played (``belief``, multiset codes); the song then sums this seat's true ``own``."""
    u = {FAIL: util[0], OP: util[1], LOUD: util[2]}
    w = 1.0 / len(diffs)
    tabs = [_table(vid, dd, evs, prev) for dd in diffs]
    memo: dict[tuple[int, int], tuple[float, float]] = {}

    def expect(mine: int, x: int) -> tuple[float, float]:
        key = (mine, x)
        if key in memo:
            return memo[key]
        tot = nf = 0.0
        base = mine + CODE[x]
        for tab in tabs:
            for mc, p in mates:
                r = tab.get(base + mc) or _fill(tab, base + mc)
                tot += p * u[r]
                if r != FAIL:
                    nf += p
        memo[key] = (w * tot, w * nf)
        return memo[key]

    score = {}
    for x, _ in pool:
        score[x] = sum(pb * expect(ob, x)[0] for ob, pb in belief) - 1e-4 * x
    order = sorted(score, key=lambda x: (-score[x], x))
    n_all = sum(n for _, n in pool)
    copies = dict(pool)
    h = min(hand, n_all)
    total = _comb(n_all, h)
    e = nf = 0.0
    used = 0
    p_none_before = 1.0
    for x in order:
        used += copies[x]
        p_none = _comb(n_all - used, h) / total if total else 0.0
        pk = p_none_before - p_none
        if pk > 0:
            ex, nx = expect(own, x)
            e += pk * ex
            nf += pk * nx
        p_none_before = p_none
    return e, nf


# -- choosing -------------------------------------------------------------------------


def _previous(seen: Seen) -> str | None:
    return seen.results[-1][1] if seen.results else None


_TABLES: dict[tuple, dict[int, str]] = {}


def _table(vid: str, d: int, evs: tuple[str, ...], prev: str | None) -> dict[int, str]:
    """multiset code -> the engine's result of the song, filled on demand."""
    key = (vid, d, evs, prev)
    tab = _TABLES.get(key)
    if tab is None:
        if len(_TABLES) > 20_000:
            _TABLES.clear()
        tab = _TABLES[key] = {"_": (vid, d, evs, prev)}  # type: ignore[dict-item]
    return tab


def _fill(tab: dict, code: int) -> str:
    vid, d, evs, prev = tab["_"]
    r = sim.song_result(vid, d, evs, tuple((x, 0) for x in values_of(code)), prev)
    tab[code] = r
    return r


@lru_cache(maxsize=200_000)
def _song_value_cached(
    vid: str,
    diffs: tuple[int, ...],
    evs: tuple[str, ...],
    prev: str | None,
    own: int,
    mates: tuple,
    u_fail: float,
    u_op: float,
    u_loud: float,
) -> tuple[float, float]:
    util = {FAIL: u_fail, OP: u_op, LOUD: u_loud}
    total = nonfail = 0.0
    w = 1.0 / len(diffs)
    for dd in diffs:
        tab = _table(vid, dd, evs, prev)
        for mc, p in mates:
            r = tab.get(own + mc) or _fill(tab, own + mc)
            total += w * p * util[r]
            if r != FAIL:
                nonfail += w * p
    return total, nonfail


def _song_value(
    seen: Seen,
    i: int,
    own: tuple[int, ...],
    mates: tuple,
    util: dict[str, float],
    belief: tuple | None = None,
) -> tuple[float, float]:
    """(expected utility, chance the song is not a FAIL) of playing ``own`` on song ``i``
    (``belief``: what the closer will believe this seat played, from its signal)."""
    d, evs = seen.songs[i]
    diffs = (d,) if d is not None else tuple(sorted(set(seen.difficulty_pool))) or (6,)
    us = (round(util[FAIL], 4), round(util[OP], 4), round(util[LOUD], 4))
    own_code = code_of(own)
    closer = closer_of(seen)
    if closer is None or i >= seen.hand_counts[closer]:
        return _song_value_cached(seen.venue.id, diffs, evs, _previous(seen), own_code, mates, *us)
    stage = tuple(sim.VALUE[x] for x in seen.stages[closer])
    pool = _pool(stage, seen.venue.rule_id == "full_range")
    if belief is None:
        belief = ((own_code, 1.0),)
    return _closer_value(
        seen.venue.id,
        diffs,
        evs,
        _previous(seen),
        own_code,
        mates,
        us,
        pool,
        seen.hand_counts[closer],
        belief,
    )


def _belief_of(seen: Seen, own: tuple[int, ...], main: int | None) -> tuple:
    """What the closer will believe this seat played: its main card as the convention
    signals it (exactly when Face Up, a range with a Cue, else its unstaged cards),
    any other card of its as played."""
    if main is None:
        return ((code_of(own), 1.0),)
    rest = code_of(own) - CODE[main]
    sig = _signal_kind(seen, main)
    if sig is not None and sig[0] == "exact":
        return ((code_of(own), 1.0),)
    stage = tuple(sim.VALUE[x] for x in seen.stages[seen.seat])
    pool = _pool(stage, seen.venue.rule_id == "full_range")
    above, below = (sig[1], sig[2]) if sig is not None else (0, 6)
    dist = _dist(pool, None, above, below)
    return tuple((rest + CODE[x], p) for x, p in dist)


def _signal_kind(seen: Seen, value: int) -> tuple | None:
    """The signal the convention gives on a card of ``value``: ("exact",) for Face Up,
    ("range", above, below) for a Cue, None when there is none."""
    copies = [c for c in seen.hand if sim.VALUE[c] == value]
    if not copies:
        return None
    fu = _pick_copy(copies, value, True)
    f, cue = signal_for(seen, fu, 0)
    if f is not None:
        return ("exact",)
    f, cue = signal_for(seen, _pick_copy(copies, value, False), 0)
    if f is not None:
        return ("exact",)
    if cue is None:
        return None
    cv = sim.VALUE[cue[1]]
    return ("range", cv, 6) if cue[2] == "higher" else ("range", 0, cv)


def _card_terms(
    seen: Seen, values: tuple[int, ...], nonfail: float, plan: int, scale: float = 1.0
) -> float:
    """Tie-breaking terms of playing these values (cost, Encore 1s, Jupiter's range)."""
    v = seen.venue
    # scaled by the stakes: a long shot must beat the cost.  Where every song must
    # FAIL (Scrapyard) it is the other way round: low cards are what fail the songs to
    # come, so a high card spent on a song that still fails is the saving.
    per_point = (
        -ALL_FAIL_GAIN_PER_POINT if v.rule_id == "solo_pass" else COST_PER_POINT[seen.players]
    )
    s = -per_point * scale * sum(values)
    ones = values.count(1)
    if ones:
        if v.rule_id == "entropy_chain":
            s += 0.5 * ones
        elif plan > 0 and not seen.signals:
            # the first seat to play brings the Encore 1 (others cannot know it did)
            s += ENCORE_ONE_BONUS * min(ones, plan) * nonfail
    if v.rule_id == "full_range":
        staged = {sim.VALUE[x] for x in seen.stages[seen.seat]}
        seen_now: set[int] = set()
        for x in values:
            if x in staged or x in seen_now:
                s -= RANGE_PENALTY
            seen_now.add(x)
    return s


def _pick_copy(hand: list[str], value: int, face_up: bool) -> str:
    """The copy to play: the Face Up one to signal, else Cue copy (stages a Cue), plain,
    and the Face Up copy last (kept for a later signal)."""
    cands = [c for c in hand if sim.VALUE[c] == value]
    if face_up:
        for c in cands:
            if FACE_UP[c]:
                return c
    order = {"b": 0, "c": 1, "a": 2}
    return min(cands, key=lambda c: order[c[-1]])


def _events_forbid(seen: Seen, song: int, kind: str) -> bool:
    return any(cl["kind"] == kind for e in seen.songs[song][1] for cl in get_event(e).clauses)


def signal_for(seen: Seen, card: str, song: int) -> tuple[str | None, tuple | None]:
    """The convention's signal for a played card: (Face Up card, or Cue (card, cue, dir))."""
    if not seen.later:
        return None, None
    v = seen.venue
    if (
        FACE_UP[card]
        and not _events_forbid(seen, song, "forbid_face_up")
        and V.face_up_allowed(
            v, True, [sim.VALUE[x] for x in seen.stages[seen.seat]], seen.seat == seen.solo_seat
        )
    ):
        return card, None
    if _events_forbid(seen, song, "forbid_cue"):
        return None, None
    pv = sim.VALUE[card]
    best = None
    for cc in seen.stages[seen.seat]:
        if not sim.CUE[cc] or cc in seen.rotated:
            continue
        cv = sim.VALUE[cc]
        if cv == pv:
            continue
        width = (5 - cv) if pv > cv else (cv - 1)
        if best is None or width < best[0]:
            best = (width, cc, "higher" if pv > cv else "lower")
    if best is None:
        return None, None
    return None, (card, best[1], best[2])


def options(seen: Seen, limit: int | None = None) -> list[Choice]:
    """The seat's distinct moves this round, best first by the blueprint's score
    (the first ``limit`` of them)."""
    k = len(seen.songs)
    hand = list(seen.hand)
    want = min(seen.need, len(hand))
    v = seen.venue
    utils = result_utilities(seen)
    mates = _mates_per_song(seen)
    plan = planned_encores(seen)
    cache: dict[tuple, tuple[float, float]] = {}

    def val(i: int, own: tuple[int, ...], main: int | None = None) -> tuple[float, float]:
        key = (i, own, main)
        if key not in cache:
            belief = _belief_of(seen, own, main) if main is not None else None
            e, nf = _song_value(seen, i, own, mates[i], utils[i], belief)
            scale = max(utils[i].values(), default=1.0)
            cache[key] = (e + _card_terms(seen, own, nf, plan, scale), nf)
        return cache[key]

    have = Counter(sim.VALUE[c] for c in hand)
    values = sorted(have)
    solo_ok = seen.seat == seen.solo_seat and not seen.solo_used and V.solo_extra_card(v)
    twin_last = v.rule_id == "must_play_solo" and seen.songs_after == 0 and not seen.solo_used
    solo_cost = 0.0 if v.rule_id == "must_play_solo" else SOLO_COST

    def fits(vals: tuple[int, ...]) -> bool:
        c = Counter(vals)
        return all(have[x] >= m for x, m in c.items())

    scored: list[tuple[float, tuple[int, ...], tuple[int, int] | None]] = []
    combos = itertools.permutations(values * 2, want) if want > 1 else ((x,) for x in values)
    done = set()
    for combo in combos:
        if combo in done or not fits(combo):
            continue
        done.add(combo)
        terms = [val(i, (combo[i],), combo[i] if i == 0 else None)[0] for i in range(want)]
        base = sum(terms)
        scored.append((base - (1.0 if twin_last and solo_ok else 0.0), combo, None))
        if solo_ok and len(hand) > want:
            for x in values:
                if not fits(combo + (x,)):
                    continue
                for song in range(k):
                    own = tuple(sorted(((combo[song],) if song < want else ()) + (x,)))
                    main = combo[song] if song == 0 and want else None
                    sc = base - (terms[song] if song < want else 0.0) + val(song, own, main)[0]
                    scored.append((sc - solo_cost, combo, (x, song)))
    if V.solo_pass(v) and seen.seat == seen.solo_seat and not seen.solo_used and want:
        e = sum(val(i, ())[0] for i in range(k))
        scored.append((e - PASS_COST, ("pass",), None))
    scored.sort(key=lambda t: -t[0])
    out: list[Choice] = []
    keys = set()
    for sc, combo, extra in scored:
        if limit is not None and len(out) >= limit:
            break
        if combo == ("pass",):
            out.append(Choice(plays=[], solo_pass=True, score=sc))
            continue
        used: list[str] = []
        plays = []
        for i in range(want):
            c = _pick_copy([h for h in hand if h not in used], combo[i], False)
            used.append(c)
            plays.append((c, i, False))
        if extra is not None:
            c = _pick_copy([h for h in hand if h not in used], extra[0], False)
            used.append(c)
            plays.append((c, extra[1], True))
        ch = Choice(plays=plays, score=sc)
        if ch.key() in keys:
            continue
        keys.add(ch.key())
        out.append(ch)
    if not out:
        out.append(Choice(plays=[]))
    return out


def with_signal(seen: Seen, ch: Choice, signal: bool = True) -> Choice:
    """The choice with its card copies fixed and, if ``signal``, the convention's signal
    on its first card (Face Up with a Face Up copy, else a Cue)."""
    if not ch.plays or ch.solo_pass:
        return ch
    hand = list(seen.hand)
    order = sorted(range(len(ch.plays)), key=lambda j: ch.plays[j][2])  # main card first
    face_up = cue = None
    copies: dict[int, str] = {}
    used: list[str] = []
    for n_, j in enumerate(order):
        c, song, solo = ch.plays[j]
        free = [h for h in hand if h not in used]
        copy = _pick_copy(free, sim.VALUE[c], False)
        if n_ == 0 and signal:
            fu = _pick_copy(free, sim.VALUE[c], True)
            f, _ = signal_for(seen, fu, song) if FACE_UP[fu] else (None, None)
            if f is not None:
                copy, face_up = fu, fu
            else:
                f, q = signal_for(seen, copy, song)
                if f is not None:
                    face_up = copy
                cue = q
        copies[j] = copy
        used.append(copy)
    plays = [(copies[j], ch.plays[j][1], ch.plays[j][2]) for j in range(len(ch.plays))]
    return Choice(plays=plays, face_up=face_up, cue=cue, solo_pass=False, score=ch.score)


def choose(seen: Seen) -> Choice:
    """The blueprint's move: the best option, signalled by the convention."""
    return with_signal(seen, options(seen, 1)[0])


def take_encore(
    venue: V.Venue,
    results: tuple[tuple[int | None, str], ...],
    songs_left: int,
    setlist_total: int,
    encores_taken: int,
    encore_left: int,
    players: int | None = None,
) -> bool:
    """The blueprint's Encore decision, from public facts only.

    An Encore is taken while the targets need more songs than are left; with
    ``players`` given, also when the result model rates the venue clearly more
    winnable with one more song (a setlist with no room for a miss)."""
    if encore_left <= 0:
        return False
    rid = venue.rule_id
    if rid in ("recycle", "solo_pass") or V.auto_encores(venue) and rid != "entropy_chain":
        return False
    if rid == "entropy_chain":
        return True
    if rid == "exact_total_songs":
        return setlist_total < venue.rule["total"]
    if rid == "encore_required" and encores_taken == 0:
        return True
    counts = Counter(r for _, r in results)
    need = sum(max(0, _goal(venue.targets.get(res))[0] - counts[res]) for res in (OP, LOUD, FAIL))
    if need > songs_left:
        return True
    if players is None:
        return False
    last = results[-1][1] if results else None
    at = (venue.id, counts[OP], counts[LOUD], counts[FAIL])
    now = _future(*at, songs_left, len(results), last, players)
    more = _future(*at, songs_left + 1, len(results), last, players)
    return more > now + EXTRA_ENCORE_MARGIN
