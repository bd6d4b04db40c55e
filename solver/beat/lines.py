"""Counting the winning lines of a dealt venue (perfect information).

A *line* is a sequence of round decisions from the position to a win, as the round
search enumerates them (:func:`solver.beat.search.decisions`): each seat's card per
song, the Solo's extra card or pass, Milkyway tunes, Face Up plays and Cues that break a
song, and how many Encores are taken.  Copies of a card that the outcome cannot tell
apart (same value, and no icon that still matters) are one card, so two lines that
differ only by swapping such copies are one line: that is the "symmetric swaps folded".
A flagged play that breaks a song which FAILs anyway is the unflagged line again and is
not counted twice.

Counts are memoised on the search's own state key (states with the same key have the
same future) and capped: a count that reaches ``want`` stops there.  Work is bounded by
a node budget, so the same deal and budget give the same answer on any machine; a
wall-clock deadline only guards the worker.

The count walks the search's rounds in the search's order, but builds them from each
seat's options (:class:`_Node`: what one seat's option decides is worked out once, and
kept for every position where that seat and the round are the same) and reads what it
needs of a child -- won, lost, beyond the bound, or its memo key -- without building
it (:meth:`_Node.peek`); only the children it expands are stepped.
``tests/puzzles/test_line_count_steps.py`` holds all of it to :func:`search.step`,
:func:`search.hopeless` and :func:`search.memo_key`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, overload

from services.beat import venues as V
from solver.beat import search, sim

Decision = dict[str, Any]
Filter = Callable[[Decision], bool]

_RANK = {V.ON_POINT: 0, V.LOUD: 1, V.FAIL: 2}


class OutOfBudget(Exception):
    """The node budget or the deadline ran out before the count was settled."""


class Counter:
    """Winning-line counts from positions of one dealt venue, sharing one memo."""

    def __init__(
        self,
        spec: sim.Spec,
        nodes: int = 200_000,
        deadline: float = float("inf"),
        allow: Filter | None = None,
    ):
        self.spec = spec
        self.nodes_left = nodes
        self.nodes = 0
        self.deadline = deadline
        self.allow = allow
        self.memo: dict[tuple, tuple[int, bool]] = {}
        #: won leaves reached so far (none after a count that ran out: most likely lost)
        self.wins = 0
        #: give up after this many nodes without a single win (None: never)
        self.winless_nodes: int | None = None
        #: each seat's options in the positions met so far (see :class:`_Node`)
        self.options: dict[tuple, list[_Option]] = {}
        #: per round (its songs and the previous result), song results by plays' code
        self.round_results: dict[tuple, dict[int, tuple]] = {}
        #: at most this many rounds enumerated in all (None: no cap); a node of a 4-seat
        #: deal can offer thousands of rounds, so nodes alone do not bound the cost
        self.rounds_left: int | None = None
        #: whether the rounds' cap, rather than the nodes or the clock, ran out
        self.exhausted = False

    def _tick(self) -> None:
        self.nodes += 1
        self.nodes_left -= 1
        if self.nodes_left < 0 or (self.nodes % 64 == 0 and time.monotonic() > self.deadline):
            raise OutOfBudget
        if self.winless_nodes is not None and not self.wins and self.nodes > self.winless_nodes:
            raise OutOfBudget

    def _node(self, st: sim.State, rot: search.Rotated, with_lost: bool = True) -> _Node:
        """A position's rounds, counted against :attr:`rounds_left`."""
        node = _Node(self, st, rot, with_lost=with_lost)
        if self.rounds_left is not None:
            self.rounds_left -= len(node.entries)
            if self.rounds_left < 0:
                self.exhausted = True
                raise OutOfBudget
        return node

    def children(self, st: sim.State, rot: search.Rotated) -> list[Decision]:
        """The distinct legal rounds from ``st``, rounds that serve the targets first (so
        capped counts and winnability checks find wins early); stepped by the caller, so
        a check that wins on its first child steps no other."""
        return list(self.rounds(st, rot))

    def rounds(self, st: sim.State, rot: search.Rotated) -> Rounds:
        """:meth:`children` as a sequence whose decisions are built when read."""
        return Rounds(self._node(st, rot))

    def _children(self, st: sim.State, rot: search.Rotated) -> list[tuple[Decision, bool]]:
        """:meth:`children`, each with whether its results alone already lose the venue
        (the engine's first check of a round): such a round is never stepped."""
        node = self._node(st, rot)
        return [(node.decision(e), e[_LOST]) for e in node.entries]

    def step(self, st: sim.State, dec: Decision) -> sim.State:
        return search.step(self.spec, st, dec, check=False)

    def lines(self, st: sim.State, rot: search.Rotated, want: int, key: tuple | None = None) -> int:
        """Winning lines from the round start ``st``, counted up to ``want``.

        ``key``: the position's memo key, given where the caller has read it already (a
        running position within the bound, not in the memo)."""
        if key is None:
            if st.status == "won":
                self.wins += 1
                return 1
            if st.status == "lost" or search.hopeless(self.spec, st):
                return 0
            key = search.memo_key(self.spec, st, rot, True)
            hit = self.memo.get(key)
            if hit is not None and (hit[1] or hit[0] >= want):
                return min(hit[0], want)
        self._tick()
        total = 0
        complete = True
        node = self._node(st, rot, with_lost=False)
        memo = self.memo
        for e in node.entries:
            if e[_LOST]:
                continue
            # most children are settled by their status, the bound or the memo: those
            # are read from the round's parts, and only the others are stepped
            left = want - total
            seen = node.peek(e)
            if seen is WON:
                self.wins += 1
                total += 1
            elif seen is LOST:
                pass
            else:
                hit = memo.get(seen) if seen is not None else None
                if hit is not None and (hit[1] or hit[0] >= left):
                    total += min(hit[0], left)
                else:
                    nxt, r = node.child(e)
                    total += self.lines(nxt, r, left, seen)
            if total >= want:
                complete = False
                break
        # a loop that stopped at the cap only knows "at least total"
        self.memo[key] = (total, complete)
        return total

    def winnable(self, st: sim.State, rot: search.Rotated) -> bool:
        return self.lines(st, rot, 1) > 0

    def first_line(self, st: sim.State, rot: search.Rotated) -> list[Decision] | None:
        """The first winning line in the children's order, or None."""
        line: list[Decision] = []
        while st.status == "running":
            node = self._node(st, rot, with_lost=False)
            for e in node.entries:
                if e[_LOST]:
                    continue
                nxt, r = node.child(e)
                if self.winnable(nxt, r):
                    line.append(node.decision(e))
                    st, rot = nxt, r
                    break
            else:
                return None
        return line if st.status == "won" else None


def start(state: dict[str, Any]) -> tuple[sim.Spec, sim.State, search.Rotated]:
    """The counting start of an engine state at a round start (nothing committed yet)."""
    spec, st, fixed, passed = sim.from_engine(state)
    if fixed or passed:
        raise ValueError("lines are counted from a round start")
    return spec, st, search.rotated_of(state)


class Rounds(Sequence[Decision]):
    """A position's rounds in the count's order, each decision built when read (a
    4-seat position has thousands, of which grading samples a few)."""

    def __init__(self, node: _Node):
        self.node = node

    def __len__(self) -> int:
        return len(self.node.entries)

    @overload
    def __getitem__(self, i: int) -> Decision: ...
    @overload
    def __getitem__(self, i: slice) -> list[Decision]: ...
    def __getitem__(self, i: int | slice) -> Decision | list[Decision]:
        if isinstance(i, slice):
            return [self.node.decision(e) for e in self.node.entries[i]]
        return self.node.decision(self.node.entries[i])


# the fields of a node's entry (one per legal round, in the count's order)
_I, _COMBO, _ENC, _LOST, _RES, _BROKEN, _FLAGGED = 2, 3, 4, 5, 6, 7, 8

#: :meth:`_Node.peek`'s answers for a child that is won, or lost (or hopeless)
WON = "won"
LOST = "lost"

#: per (value, tune) of a play, its place among the digits of a song's multiset code
_KIND: dict[tuple[int, int], int] = {}
#: digits a song's part of a round's code spans (every kind of play has one)
_SPAN = 32


def _digit(kind: tuple[int, int], song: int) -> int:
    """A play's digit in a round's code: base 16 (at most eight plays reach one song),
    one span of digits per song, so the code of a round's plays is the sum of its
    plays' digits and names the multiset of (value, tune) on each song."""
    d = _KIND.get(kind)
    if d is None:
        d = _KIND[kind] = len(_KIND)
        if d >= _SPAN:
            raise ValueError("more kinds of play than a song's code spans")
    return 16 ** (d + _SPAN * song)


class _Option:
    """One seat's way to play a round, with what every round holding it shares: its
    cards, per song its plays' (value, tune) (and that multiset's code), its 1s per
    song, and the seat's hand, draw pointer and Stage Area after it and its part of
    the memo key (worked out once, and shared by the positions where the seat's
    options are the same)."""

    __slots__ = ("plays", "cards", "keys", "code", "ones", "n_ones", "solo", "flagged")
    __slots__ += ("tuned", "cues", "broken", "part", "seat_keys")

    def __init__(self, plays: tuple, k: int):
        self.plays = plays
        mine = () if plays is search.PASS else plays
        self.cards = [p["card"] for p in mine]
        self.keys = [
            [(sim.VALUE[p["card"]], p.get("tune", 0)) for p in mine if p.get("song", 0) == j]
            for j in range(k)
        ]
        self.code = sum(_digit(x, j) for j, ks in enumerate(self.keys) for x in ks)
        self.ones = [sum(1 for v, _ in ks if v == 1) for ks in self.keys]
        self.n_ones = sum(1 for p in mine if sim.VALUE[p["card"]] == 1)
        self.solo = any(p.get("solo") for p in mine)
        self.flagged = any(p.get("face_up") or p.get("cue") for p in mine)
        self.tuned = sum(1 for p in mine if p.get("tune", 0))
        #: the staged Cue cards its Cues use up (:func:`search.rotate`)
        self.cues = tuple(p["cue"] for p in mine if p.get("cue"))
        #: the songs its flagged plays break (set by the node, which knows the songs)
        self.broken: frozenset = frozenset()
        self.part: tuple | None = None
        self.seat_keys: dict[frozenset, tuple] = {}


class _Node:
    """The legal rounds from one position, scored and ordered as the count walks them.

    A round is a choice of one option per seat (:func:`search.decisions`' product, in
    its order), so what depends on one seat's option alone (the cards it plays on each
    song, the hand it leaves) is worked out once per option, not once per round; the
    song results of a round are looked up by the multiset of its plays per song.  A
    round's decision dict is built only when asked for; :meth:`child` steps a round
    from those shared parts (the same state as :func:`search.step`), and :meth:`peek`
    reads what the count needs of the position after it (won, lost or hopeless, or its
    memo key) without building that position at all."""

    def __init__(
        self,
        counter: Counter,
        st: sim.State,
        rot: search.Rotated | None,
        with_lost: bool = True,
    ):
        """``with_lost``: also the rounds whose song results alone lose the venue
        (the count never steps them: without, they are left out)."""
        spec = self.spec = counter.spec
        self.st, self.rot = st, rot
        v = spec.venue
        songs = self.songs = sim.round_songs(spec, st)
        k = self.k = len(songs)
        fut = search.ahead(spec, st)
        flaggable = bool(fut)
        # a seat's options read only its own hand, Stage Area, draw pointer, tunes and
        # used-up Cue cards, the Solo (its seat's), the round's songs and the breaks
        # ahead: positions alike in those share them, and what they worked out
        shared = (k, st.queue[:k], st.ev, fut)
        self.opts = []
        for s in range(spec.players):
            key = (
                s,
                st.hands[s],
                st.stages[s],
                st.ptr[s],
                st.tunes_used[s] if st.tunes_used else None,
                rot[s] if rot else (),
                st.solo_used if s == spec.solo else None,
                shared,
            )
            opts = counter.options.get(key)
            if opts is None:
                plays = search.seat_options(spec, st, s, k, frozenset(), rot, True)
                opts = counter.options[key] = [_Option(o, k) for o in plays]
                for o in opts if flaggable else ():
                    if o.flagged:
                        mine = {"plays": list(o.plays)}
                        o.broken = frozenset(search.broken_songs(spec, st, mine))
            self.opts.append(opts)
        self.decs: dict[int, Decision] = {}
        recycle = self.recycle = V.recycles(v)
        self.need_fail = v.rule_id in ("solo_pass", "first_songs_fail")
        prev0 = st.results[-1][1] if st.results else None
        ones_left = len(spec.encores) - st.enc
        encores = bool(ones_left) and V.encores_allowed(v)
        allow = counter.allow
        # the rounds in the product's order, with what their options add up to: the
        # code of their plays per song, their 1s, the songs they break, any flag
        combos: list[tuple] = [((), 0, 0, frozenset(), False)]
        for opts in self.opts:
            mine = [(o, o.n_ones, o.code, o.broken, o.flagged) for o in opts]
            combos = [
                (c + (o,), n + on, code + oc, b | ob if ob else b, f or of)
                for c, n, code, b, f in combos
                for o, on, oc, ob, of in mine
            ]
        # a round's song results read only its songs, the previous result and the plays
        # on each song (the code): positions with the same round share them
        by_code = counter.round_results.setdefault((tuple(songs), prev0), {})
        res_cache: dict[tuple, tuple] = {}
        # a round's rank, loss, results and broken songs by its code and the songs it
        # breaks, in this position (None: the same line as the unflagged round)
        scored: dict[Any, tuple | None] = {}
        entries = []
        i = 0
        for combo, ones, code, brk, flagged in combos:
            n_max = min(ones_left, ones) if encores else 0
            sk = (code, brk) if brk else code
            if sk in scored:
                got = scored[sk]
            else:
                got = scored[sk] = self._score(code, combo, brk, by_code, res_cache)
            if got is None or (got[1] and not with_lost):
                i += n_max + 1
                continue
            rank, lost, rt, broken = got
            for n in range(n_max + 1):
                if allow is not None:
                    dec = _decision(combo, n)
                    if not allow(dec):
                        i += 1
                        continue
                    self.decs[i] = dec
                entries.append((rank, -n, i, combo, n, lost, rt, broken, flagged))
                i += 1
        # ``i`` is unique: the sort never compares past it
        entries.sort()
        self.entries = entries
        self.res_cache = res_cache
        self.fast = not (recycle or V.auto_encores(v))
        # one song a round: a broken song is the round's only song, so its FAIL (which
        # ``res`` already holds) is all the break changes; with more, the songs after it
        # read it as their previous result, which only stepping tells
        self.breaks_fast = k == 1 and not recycle
        self.ev_next = st.ev + k * V.events_per_song(v)
        self.futs: dict[int, frozenset] = {}
        self.empty_songs_count = search.empty_song_can_count(spec)
        self.encores = V.encores_allowed(v)
        self.out_of_cards_loses = V.out_of_cards_loses(v)
        self.summaries: dict[tuple, tuple] = {}

    def _score(
        self, code: int, combo: tuple, brk: frozenset, by_code: dict, res_cache: dict
    ) -> tuple | None:
        """A round's (rank, lost at once, song results, broken songs); None where it
        breaks only songs that FAIL anyway (the unflagged round is the same line)."""
        st, songs, recycle = self.st, self.songs, self.recycle
        vid = self.spec.venue.id
        fail, on_point = V.FAIL, V.ON_POINT
        rt = by_code.get(code)
        if rt is None:
            prev = st.results[-1][1] if st.results else None
            res = []
            for j, (d, evs) in enumerate(songs):
                key = tuple(sorted(x for o in combo for x in o.keys[j]))
                r = sim.song_result(vid, d, evs, key, prev)
                res.append(r)
                if not (recycle and r != on_point):
                    prev = r
            rt = by_code[code] = tuple(res)
        broken: tuple = ()
        if brk:
            broken = tuple(sorted(brk))
            if all(rt[j] == fail for j in broken):
                return None
            rt = tuple(fail if j in brk else x for j, x in enumerate(rt))
        hit = res_cache.get(rt)
        if hit is None:
            results = st.results + tuple(
                (d, x)
                for (d, _), x in zip(songs, rt, strict=True)
                if not (recycle and x != on_point)
            )
            lost = bool(sim.breaks(vid, results, st.setlist_total))
            r = sum(_RANK[x] for x in rt)
            hit = res_cache[rt] = (-r if self.need_fail else r, lost, results)
        return hit[0], hit[1], rt, broken

    def decision(self, e: tuple) -> Decision:
        dec = self.decs.get(e[_I])
        if dec is None:
            dec = self.decs[e[_I]] = _decision(e[_COMBO], e[_ENC])
        return dec

    def child(self, e: tuple) -> tuple[sim.State, search.Rotated]:
        """The position after round ``e`` and the Cue cards used up by then."""
        spec, st, rot = self.spec, self.st, self.rot
        combo = e[_COMBO]
        if e[_LOST] or (e[_BROKEN] and not self.breaks_fast):
            dec = self.decision(e)
            return search.step(spec, st, dec, check=False), search.rotate(rot, dec, spec.players)
        nxt = self._step(combo, e[_ENC], e[_RES], self.res_cache[e[_RES]][2])
        if rot is None:
            rot = tuple(() for _ in range(spec.players))
        if e[_FLAGGED]:
            rot = tuple(r + o.cues for r, o in zip(rot, combo, strict=True))
        return nxt, rot

    def peek(self, e: tuple) -> str | tuple | None:
        """What the count reads of the position after round ``e``, without building it:
        :data:`WON`, :data:`LOST` (lost, or no longer able to meet the targets:
        :func:`search.hopeless`), or its :func:`search.memo_key`; None where only
        :meth:`child` tells (a break in a round of two songs, and venues whose songs
        recycle or whose Encores come by themselves)."""
        if not self.fast or e[_LOST] or (e[_BROKEN] and not self.breaks_fast):
            return None
        spec, st = self.spec, self.st
        v = spec.venue
        combo, n, res = e[_COMBO], e[_ENC], e[_RES]
        summary = self.summaries.get(res)
        if summary is None:
            results = self.res_cache[res][2]
            c = dict.fromkeys(V.RESULTS, 0)
            for _, r in results:
                c[r] += 1
            summary = self.summaries[res] = (
                results,
                search.need_of(spec, c),
                (c[V.FAIL], c[V.ON_POINT], c[V.LOUD]),
                len(results),
                tuple(r for _, r in results[-2:]),
            )
        results, need, count_key, n_results, last = summary
        if need is None:
            return LOST  # a count is past its target already (search.hopeless)
        n_enc = 0
        encores = self.encores
        if encores and n:
            fail = V.FAIL
            optional = sum(o.ones[j] for j, r in enumerate(res) if r != fail for o in combo)
            n_enc = min(n, optional, len(spec.encores) - st.enc)
        queue = st.queue[self.k :]
        if n_enc:
            queue = queue + spec.encores[st.enc : st.enc + n_enc]
        setlist_total = st.setlist_total + n_enc
        encores_taken = st.encores_taken + n_enc
        if n_enc and sim.breaks(v.id, results, setlist_total):
            return LOST
        solo_used = st.solo_used
        parts = []
        for s, o in enumerate(combo):
            parts.append(o.part or self._part(s, o))
            if o.solo or o.plays is search.PASS:
                solo_used = True
        if not queue:
            sv = tuple(p[3] for p in parts)
            fails = sim.final_failures(v.id, results, setlist_total, encores_taken, solo_used, sv)
            return LOST if fails else WON
        if self.out_of_cards_loses and not any(p[0] for p in parts):
            return LOST
        enc = st.enc + n_enc
        left = len(queue) + (len(spec.encores) - enc if encores else 0)
        # search.hopeless, where songs do not recycle: the targets need more songs than
        # are left, or (unless an empty song can count) than the cards can still play
        if need > left:
            return LOST
        if need and not self.empty_songs_count:
            most = search.max_songs_of(spec, [p[4] for p in parts], solo_used)
            if need > most:
                return LOST
        fut = self.futs.get(left)
        if fut is None:
            fut = self.futs[left] = search.ahead_of(spec, self.ev_next, left)
        rot = self.rot
        seats = []
        for s, o in enumerate(combo):
            sk = o.seat_keys.get(fut)
            if sk is None:
                hand, _, stage, _, _ = o.part
                tunes = st.tunes_used[s] + o.tuned if st.tunes_used else 0
                used = (rot[s] if rot else ()) + o.cues
                sk = o.seat_keys[fut] = search.seat_key(spec, hand, stage, tunes, used, fut)
            seats.append(sk)
        rest = (
            tuple(p[1] for p in parts),
            queue,
            enc,
            self.ev_next,
            count_key,
            n_results,
            last,
            solo_used,
            encores_taken,
        )
        return search.key_of(spec, tuple(seats), fut, rest)

    def _step(self, combo: tuple, n: int, res: tuple, results: tuple) -> sim.State:
        """:func:`search.step` of a round whose results do not break the venue (and that
        breaks a song only where it is the round's one song), from the parts its seats'
        options share: a broken song's FAIL is already in ``res``."""
        spec, st = self.spec, self.st
        v = spec.venue
        vid = v.id
        k = self.k
        queue = st.queue[k:]
        if V.recycles(v):
            queue += tuple(d for (d, _), r in zip(self.songs, res, strict=True) if r != V.ON_POINT)
        tunes_used = st.tunes_used
        if V.tuning(v):
            tunes_used = tuple(t + o.tuned for t, o in zip(st.tunes_used, combo, strict=True))
        solo_used = st.solo_used or any(o.plays is search.PASS or o.solo for o in combo)
        common = dict(
            results=results,
            solo_used=solo_used,
            ev=st.ev + k * V.events_per_song(v),
            tunes_used=tunes_used,
        )
        n_enc = 0
        if V.encores_allowed(v):
            fail = V.FAIL
            auto = sum(1 for r in res if r != fail) if V.auto_encores(v) else 0
            optional = sum(o.ones[j] for j, r in enumerate(res) if r != fail for o in combo)
            n_enc = min(auto + min(n, optional), len(spec.encores) - st.enc)
        queue = queue + spec.encores[st.enc : st.enc + n_enc]
        setlist_total = st.setlist_total + n_enc
        encores_taken = st.encores_taken + n_enc
        if n_enc:
            lost = sim.breaks(vid, results, setlist_total)
            if lost:
                return replace(st, **common, status="lost", reason=lost)
        parts = [o.part or self._part(s, o) for s, o in enumerate(combo)]
        hands = tuple(p[0] for p in parts)
        nxt = sim.State(
            hands=hands,
            ptr=tuple(p[1] for p in parts),
            stages=tuple(p[2] for p in parts),
            queue=queue,
            enc=st.enc + n_enc,
            setlist_total=setlist_total,
            encores_taken=encores_taken,
            **common,
        )
        if V.auto_encores(v) or not queue:
            sv = tuple(p[3] for p in parts)
            fails = sim.final_failures(vid, results, setlist_total, encores_taken, solo_used, sv)
            won = V.entropy_won(v, {"stages": sv})
            if won:
                fails = tuple(f for f in fails if f != "ones_not_staged")
            if won or not queue:
                status = "lost" if fails else "won"
                return replace(nxt, status=status, reason=",".join(fails) or None)
        if V.out_of_cards_loses(v) and not any(hands):
            return replace(nxt, status="lost", reason="no_cards_left")
        return nxt

    def _part(self, s: int, o: _Option) -> tuple:
        """Seat ``s``'s hand, draw pointer and Stage Area (and its values) after ``o``."""
        spec, st = self.spec, self.st
        played = o.cards
        hand = [c for c in st.hands[s] if c not in played]
        stage = st.stages[s] + tuple(played)
        if V.forced_staging(spec.venue) and hand:
            top = max(hand, key=lambda c: (sim.VALUE[c], c))  # the plain copy first, as the engine
            hand.remove(top)
            stage = stage + (top,)
        ptr = st.ptr[s]
        draw = spec.draws[s]
        while len(hand) < sim.HAND and ptr < len(draw):
            hand.append(draw[ptr])
            ptr += 1
        cards = len(hand) + len(draw) - ptr
        o.part = (tuple(sorted(hand)), ptr, stage, tuple(sim.VALUE[c] for c in stage), cards)
        return o.part


def _decision(combo: tuple, n: int) -> Decision:
    """The decision dict of one option per seat and ``n`` Encores, as
    :func:`search.decisions` builds it."""
    plays: list[dict] = []
    solo_pass = False
    for o in combo:
        if o.plays is search.PASS:
            solo_pass = True
        else:
            plays.extend(o.plays)
    dec: Decision = {"plays": plays, "encores": n}
    if solo_pass:
        dec["solo_pass"] = True
    return dec
