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
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

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

    def _tick(self) -> None:
        self.nodes += 1
        self.nodes_left -= 1
        if self.nodes_left < 0 or (self.nodes % 64 == 0 and time.monotonic() > self.deadline):
            raise OutOfBudget
        if self.winless_nodes is not None and not self.wins and self.nodes > self.winless_nodes:
            raise OutOfBudget

    def children(self, st: sim.State, rot: search.Rotated) -> list[Decision]:
        """The distinct legal rounds from ``st``, rounds that serve the targets first (so
        capped counts and winnability checks find wins early); stepped by the caller, so
        a check that wins on its first child steps no other."""
        return [dec for dec, _ in self._children(st, rot)]

    def _children(self, st: sim.State, rot: search.Rotated) -> list[tuple[Decision, bool]]:
        """:meth:`children`, each with whether its results alone already lose the venue
        (the engine's first check of a round): such a round is never stepped."""
        spec = self.spec
        need_fail = spec.venue.rule_id in ("solo_pass", "first_songs_fail")
        # the round's songs and the previous result are the same for every child:
        # read once here, not per decision as ``sim.resolve`` would
        songs = sim.round_songs(spec, st)
        vid = spec.venue.id
        recycle = V.recycles(spec.venue)
        prev0 = st.results[-1][1] if st.results else None
        flaggable = bool(search.ahead(spec, st))
        scored = []
        for i, dec in enumerate(search.decisions(spec, st, None, False, rot, True)):
            if self.allow is not None and not self.allow(dec):
                continue
            plays = dec["plays"]
            prev = prev0
            res = []
            for j, (d, evs) in enumerate(songs):
                mine = (p for p in plays if p["song"] == j)
                key = tuple(sorted((sim.VALUE[p["card"]], p.get("tune", 0)) for p in mine))
                r = sim.song_result(vid, d, evs, key, prev)
                res.append(r)
                if not (recycle and r != V.ON_POINT):
                    prev = r
            broken = search.broken_songs(spec, st, dec) if flaggable else ()
            if broken:
                if all(res[j] == V.FAIL for j in broken):
                    continue  # the unflagged round FAILs those songs too: the same line
                for j in broken:
                    res[j] = V.FAIL
            results = st.results + tuple(
                (d, x)
                for (d, _), x in zip(songs, res, strict=True)
                if not (recycle and x != V.ON_POINT)
            )
            lost = bool(sim.breaks(vid, results, st.setlist_total))
            r = sum(_RANK[x] for x in res)
            scored.append((-r if need_fail else r, -dec.get("encores", 0), i, dec, lost))
        scored.sort(key=lambda t: t[:3])
        return [(dec, lost) for *_, dec, lost in scored]

    def step(self, st: sim.State, dec: Decision) -> sim.State:
        return search.step(self.spec, st, dec, check=False)

    def lines(self, st: sim.State, rot: search.Rotated, want: int) -> int:
        """Winning lines from the round start ``st``, counted up to ``want``."""
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
        for dec, lost in self._children(st, rot):
            if lost:
                continue
            nxt = self.step(st, dec)
            total += self.lines(nxt, search.rotate(rot, dec, self.spec.players), want - total)
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
            for dec, lost in self._children(st, rot):
                if lost:
                    continue
                nxt = self.step(st, dec)
                r = search.rotate(rot, dec, self.spec.players)
                if self.winnable(nxt, r):
                    line.append(dec)
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
