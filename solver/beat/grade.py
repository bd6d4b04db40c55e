"""Grading a Beat deal: winnable or not, its winning lines, how narrow each round is,
tags the solver can prove, and a 1-5 grade.

**Narrowness.** Along the solver's first winning line, each round offers ``plays``
distinct round decisions (:mod:`solver.beat.lines`) of which ``keep`` leave the venue
winnable. ``N = sum over rounds of log10(plays / keep)`` is minus the log-chance that a
band choosing each round's play at random stays on a winnable path along that line:
N = 2 means about one chance in 100. Where a round offers more than
:data:`SAMPLE` plays, ``keep`` is estimated from a fixed sample of them (spread evenly
over the search's order, so the same deal gives the same sample) and scaled; each
sampled play is decided by the line count's memo when it settled that position, else by
CP-SAT on the round's one model, the play given as an assumption (:mod:`solver.beat.keep`).

**Grade** from N (and uniqueness), one step per decade of the random band's chance:

=====  ==================  =================================================
grade  narrowness N        meaning
=====  ==================  =================================================
1      N < 1               a random band stays winnable more than 1 time in 10
2      1 <= N < 2
3      2 <= N < 3
4      3 <= N < 4.5
5      N >= 4.5, or unique  a long narrow path, or exactly one winning line
=====  ==================  =================================================

N reads the property a band must overcome -- how few plays keep the venue alive, round
after round -- and is measured, not guessed; ``benchmarks/beat_grades.py`` checks
that the hint and heuristic bands win less often as the grade rises.

**Winning lines** are also counted, up to :data:`CAP` (symmetric swaps folded, see
:mod:`solver.beat.lines`): ``lines_exact`` is false when the count reached the cap or
ran out of its budget. A deal is *unique* when exactly one line wins.

Work is bounded by node budgets (the same deal and budgets give the same report on any
machine) and guarded by a deadline; nothing that ran out is guessed.
"""

from __future__ import annotations

import contextlib
import math
import time
from typing import Any

from services.beat import venues as V
from solver.beat import lines as L
from solver.beat import search, sim

CAP = 1000
#: at most this many plays of a round are decided (a fixed, evenly spread sample)
SAMPLE = 16
#: grade floors on the narrowness N: the least N of grades 2, 3, 4, 5
GRADE_STEPS = (1.0, 2.0, 3.0, 4.5)
DEFAULT_NODES = 20_000
#: the line count stops after this share (1/n) of its budget without reaching a win
WINLESS_SHARE = 10
#: the search's budget for "needs an Encore" where Encores also come by themselves
TAG_NODES = 1_500

TAG_SOLO = "needs the Solo"
TAG_ENCORE = "needs an Encore"
TAG_CUE = "a Cue decides it"
TAG_FACE_UP = "a Face Up play decides it"
TAG_UNIQUE = "unique"
TAG_ONE_PLAY = "one play keeps it alive"


def grade_of(narrowness: float, unique: bool = False) -> int:
    if unique:
        return 5
    return 1 + sum(1 for step in GRADE_STEPS if narrowness >= step)


def _uses_solo(d: L.Decision) -> bool:
    return any(p.get("solo") for p in d.get("plays", ()))


def _uses_encore(d: L.Decision) -> bool:
    return d.get("encores", 0) > 0


def _uses_cue(d: L.Decision) -> bool:
    return any(p.get("cue") or p.get("tune") for p in d.get("plays", ()))


def _uses_face_up(d: L.Decision) -> bool:
    return any(p.get("face_up") for p in d.get("plays", ()))


#: (tag, whether a round uses the feature, the feature's name in :mod:`solver.beat.keep`)
TAG_TESTS = (
    (TAG_SOLO, _uses_solo, "solo"),
    (TAG_ENCORE, _uses_encore, "encore"),
    (TAG_CUE, _uses_cue, "cue"),
    (TAG_FACE_UP, _uses_face_up, "face_up"),
)


def _decide(state: dict[str, Any], deadline: float) -> dict[str, Any]:
    from solver.beat import solve as S

    return S.decide(state, max(0.05, min(5.0, deadline - time.monotonic())))


def report(
    state: dict[str, Any], nodes: int = DEFAULT_NODES, deadline: float = float("inf")
) -> dict[str, Any]:
    """The grade report of an engine state at its first round start (see the module)."""
    t0 = time.monotonic()
    spec, st, rot = L.start(state)
    out: dict[str, Any] = {"cap": CAP, "sample": SAMPLE}
    # one memo for every question about this deal: the line count settles most
    # positions the first line and the per-round checks then ask about again
    counter = L.Counter(spec, nodes, deadline)
    count: int | None = None
    # a count that meets no win early will not settle in its budget (4-seat deals,
    # thousands of rounds per position): CP-SAT decides those, and the count is unknown
    counter.winless_nodes = nodes // WINLESS_SHARE
    with contextlib.suppress(L.OutOfBudget):
        count = counter.lines(st, rot, CAP)
    counter.winless_nodes = None
    counter.nodes_left = nodes
    try:
        if count is None and not counter.wins:
            # a count that ran out without reaching a single win: CP-SAT decides such
            # deals (mostly lost ones) far sooner than a second search would
            raise L.OutOfBudget
        line = counter.first_line(st, rot) if count != 0 else None
        winnable: bool | None = line is not None
    except L.OutOfBudget:
        found = _decide(state, deadline)
        winnable = {"feasible": True, "infeasible": False}.get(found["verdict"])
        line = found.get("plan")
    out["winnable"] = winnable
    out.update(lines=None, lines_exact=False, grade=None, narrowness=None, rounds=[], tags=[])
    if winnable and line:
        if count is not None:
            out.update(lines=count, lines_exact=count < CAP)
        out["line"] = line
        out["rounds"] = _rounds(counter, st, rot, line, deadline)
        if all(r["keep"] for r in out["rounds"]):
            out["narrowness"] = round(
                sum(math.log10(r["plays"] / r["keep"]) for r in out["rounds"]), 2
            )
            out["grade"] = grade_of(out["narrowness"], out["lines"] == 1)
        out["tags"] = _tags(spec, st, rot, line, out, nodes, deadline)
    out["seconds"] = round(time.monotonic() - t0, 3)
    return out


def _spread(n: int, k: int) -> list[int]:
    """``k`` indices spread evenly over ``range(n)`` (all of them when ``n <= k``)."""
    if n <= k:
        return list(range(n))
    return sorted({(i * n) // k for i in range(k)})


def _rounds(
    judge: L.Counter,
    st: sim.State,
    rot: search.Rotated,
    line: list[L.Decision],
    deadline: float,
) -> list[dict[str, Any]]:
    """Per round of ``line``: the distinct plays and how many keep the venue winnable
    (``keep`` scaled from the sample when the round offers more than :data:`SAMPLE`).

    ``judge`` carries the memo of the line count, so positions it settled cost nothing."""
    spec = judge.spec
    out = []
    for i, dec in enumerate(line):
        kids = judge.children(st, rot)
        picked = _spread(len(kids), SAMPLE)
        alive = decided = 0
        cpsat = _Fallback(spec, st, rot)
        for j in picked:
            d = kids[j]
            nxt = judge.step(st, d)
            verdict = _alive(judge, cpsat, d, nxt, search.rotate(rot, d, spec.players), deadline)
            if verdict is not None:
                decided += 1
                alive += verdict
        exact = decided == len(kids)
        keep: float | None = alive if exact else alive * len(kids) / max(decided, 1)
        # the line's own play keeps it winnable, sampled or not; nothing decided: unknown
        keep = max(keep, 1) if decided else None
        out.append(
            {
                "round": i + 1,
                "plays": len(kids),
                "keep": keep if exact or keep is None else round(keep, 1),
                "sampled": decided,
                "exact": exact,
            }
        )
        st = search.step(spec, st, dec, check=False)
        rot = search.rotate(rot, dec, spec.players)
    return out


class _Fallback:
    """CP-SAT for the plays of one round the line count could not settle, its model
    built on first use only (most rounds need none)."""

    def __init__(self, spec: sim.Spec, st: sim.State, rot: search.Rotated):
        self.args = (spec, st, rot)
        self.model: Any = None

    def winnable_after(self, dec: L.Decision, deadline: float) -> bool | None:
        from solver.beat import keep as K

        if self.model is None:
            self.model = K.RoundModel(*self.args)
        return self.model.winnable_after(dec, deadline)


def _alive(
    judge: L.Counter,
    cpsat: _Fallback,
    dec: L.Decision,
    nxt: sim.State,
    rot: search.Rotated,
    deadline: float,
) -> bool | None:
    """Whether the venue is still winnable after round ``dec`` (None: undecided within
    the budgets)."""
    if nxt.status != "running":
        return nxt.status == "won"
    if time.monotonic() > deadline:
        return None  # out of time: left undecided, never guessed
    # the memo only: where it has not settled the position, CP-SAT on the round's
    # model decides in a few ms, sooner than a search that must prove a loss
    judge.nodes_left = 0
    try:
        return judge.winnable(nxt, rot)
    except L.OutOfBudget:
        if time.monotonic() > deadline:
            return None
        return cpsat.winnable_after(dec, deadline)


def _tags(
    spec: sim.Spec,
    st: sim.State,
    rot: search.Rotated,
    line: list[L.Decision],
    out: dict[str, Any],
    nodes: int,
    deadline: float,
) -> list[str]:
    """Tags the solver proves: a feature is *needed* when no winning line goes without it
    (checked only when the first line uses it), decided by CP-SAT on the start's model
    with the feature forbidden under an assumption. Unknown in time means no tag."""
    from solver.beat import keep as K

    tags = []
    if out["lines"] == 1:
        tags.append(TAG_UNIQUE)
    if any(r["keep"] == 1 and r["exact"] for r in out["rounds"]):
        tags.append(TAG_ONE_PLAY)
    model: K.RoundModel | None = None
    for tag, uses, feature in TAG_TESTS:
        if not any(uses(d) for d in line):
            continue
        if feature == "encore" and V.auto_encores(spec.venue):
            # the model cannot tell chosen Encores from automatic ones: the search
            # proves this one, within its budget
            budget = min(nodes, TAG_NODES)
            without = L.Counter(spec, budget, deadline, allow=lambda d, u=uses: not u(d))
            with contextlib.suppress(L.OutOfBudget):
                if not without.winnable(st, rot):
                    tags.append(tag)
            continue
        model = model or K.RoundModel(spec, st, rot)
        if model.winnable_without(feature, deadline) is False:
            tags.append(tag)
    return tags


class _Capped(L.Counter):
    """A :class:`~solver.beat.lines.Counter` that also stops after enumerating ``work``
    rounds in all (``exhausted`` then says so): a node of a 4-seat deal can offer
    thousands of rounds, so nodes alone do not bound the cost."""

    def __init__(self, spec: sim.Spec, nodes: int, deadline: float, work: int | None):
        super().__init__(spec, nodes, deadline)
        self.work_left = work
        self.exhausted = False

    def _children(self, st: sim.State, rot: search.Rotated) -> list[tuple[L.Decision, bool]]:
        out = super()._children(st, rot)
        if self.work_left is not None:
            self.work_left -= len(out)
            if self.work_left < 0:
                self.exhausted = True
                raise L.OutOfBudget
        return out


def narrowness_only(
    state: dict[str, Any],
    nodes: int = DEFAULT_NODES,
    deadline: float = float("inf"),
    stop_at: float | None = None,
    work: int | None = None,
) -> dict[str, Any]:
    """A cheap first look at a deal for a search that wants a band of N: whether it is
    winnable and the narrowness :func:`report` would measure, without counting the
    lines to the cap or proving tags.

    CP-SAT decides the deal first (tens of ms; a lost deal ends there). The line is
    then chosen as :func:`report` chooses it: the line count's search runs only until
    its first win (the nodes the count visits before that win; none within a tenth of
    ``nodes``: CP-SAT's line), and its first winning line is taken. Each round's sampled
    plays are decided by that search's memo, else by CP-SAT on the round's model: exact
    verdicts, so the same ``keep`` as the report's. Where the report's own first line
    runs out of its budget it measures CP-SAT's line and the two N can differ: a
    filter, never a grade.

    ``stop_at``: the rounds stop once N reaches it (N only grows round by round);
    ``complete`` is then false and ``narrowness`` a lower bound. ``work``: at most this
    many rounds are enumerated in all; past it ``costly`` is true and N unknown (such a
    deal's report costs at least as much). Results past ``deadline`` are unknown."""
    found = _decide(state, deadline)
    winnable = {"feasible": True, "infeasible": False}.get(found["verdict"])
    out: dict[str, Any] = {
        "winnable": winnable,
        "narrowness": None,
        "complete": False,
        "costly": False,
    }
    line = found.get("plan")
    if not winnable or not line:
        return out
    spec, st, rot = L.start(state)
    judge = _Capped(spec, nodes, deadline, work)
    judge.winless_nodes = nodes // WINLESS_SHARE
    try:
        if judge.winnable(st, rot):
            judge.winless_nodes = None
            judge.nodes_left = nodes
            line = judge.first_line(st, rot) or line
    except L.OutOfBudget:
        # no win early enough, or the first line ran out: the report takes CP-SAT's line
        if judge.exhausted:
            out["costly"] = True
            return out
    judge.winless_nodes = None
    total = 0.0
    try:
        for dec in line:
            kids = judge.children(st, rot)
            alive = decided = 0
            cpsat = _Fallback(spec, st, rot)
            for j in _spread(len(kids), SAMPLE):
                d = kids[j]
                nxt = judge.step(st, d)
                rot_d = search.rotate(rot, d, spec.players)
                verdict = _alive(judge, cpsat, d, nxt, rot_d, deadline)
                if verdict is not None:
                    decided += 1
                    alive += verdict
            if not decided:
                return out  # out of time: unknown, never guessed
            keep = alive if decided == len(kids) else round(alive * len(kids) / decided, 1)
            total += math.log10(len(kids) / max(keep, 1))
            if stop_at is not None and total >= stop_at:
                out["narrowness"] = round(total, 2)
                return out
            st = search.step(spec, st, dec, check=False)
            rot = search.rotate(rot, dec, spec.players)
    except L.OutOfBudget:
        if not judge.exhausted:
            raise
        out["costly"] = True
        return out
    out.update(narrowness=round(total, 2), complete=True)
    return out
