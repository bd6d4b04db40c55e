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

**Difficulty and grade.** ``D = N + w`` where ``w`` is the weight of the venue's tier
(:data:`TIER_WEIGHT`: the medium and hard venues' ``w``; the starter and easy venues
add 0), and the grade counts the floors of :data:`GRADE_STEPS` that D reaches:
grade 1 below the first floor, 5 at or above the last; a unique deal is grade 5.

Why these two properties: a band loses a winnable venue by a play after which it
cannot be won, and N counts how few plays avoid that, round after round, measured on
the deal; but N is a perfect-information count, and the rules of the medium and hard
venues (Face Up locks, Cues, a full range to play, every song to play, ...) add what a
band cannot see -- at the same N, bands lose them more often. The venue's tier
carries that, and ``w`` says how many decades of N it is worth. Other measured
properties (the fewest plays that keep a round, rounds with one keeping play, the line
count, the rounds' number) added little once N and the tier are known.

The weight and floors are not guessed: ``tools/beat/fit_grades.py`` chooses them on
*choosing* deals (seeds below 1000): the floors are D's quintiles (each grade holds a
fifth of the dealt winnable deals), ``w`` the one whose grades best predict whether the
blueprint band wins, among those where its win share falls from grade to grade and every
grade holds a few per cent of each tier's deals. They are stored with their validation
in ``grade_steps.json``: on *held-out* deals (seeds from 1000 on, never used to choose)
the blueprint band's and the live hint band's win shares fall as the grade rises
(``benchmarks/beat_grades.py``; ``tests/puzzles/test_grade_definition_validated.py``
regrades those deals under the shipped definition). Chosen and checked at 2 seats on
venues 1-10; other seat counts and venues use the same D.

**Winning lines** are also counted, up to :data:`CAP` (symmetric swaps folded, see
:mod:`solver.beat.lines`): ``lines_exact`` is false when the count reached the cap or
ran out of its budget. A deal is *unique* when exactly one line wins.

Work is bounded by node budgets (the line count is the same on any machine) and guarded
by a deadline; CP-SAT's questions have a wall-clock limit each, so on a loaded machine a
round's ``keep`` may rest on fewer sampled plays (``sampled``). Nothing that ran out is
guessed.
"""

from __future__ import annotations

import contextlib
import json
import math
import time
from importlib import resources
from typing import Any

from services.beat import venues as V
from solver.beat import lines as L
from solver.beat import search, sim

CAP = 1000
#: at most this many plays of a round are decided (a fixed, evenly spread sample)
SAMPLE = 16
#: the grade's definition as ``tools/beat/fit_grades.py`` chose it on choosing deals,
#: with its validation on held-out deals
FIT: dict[str, Any] = json.loads(
    resources.files("solver.beat").joinpath("grade_steps.json").read_text("utf-8")
)
#: grade floors on the difficulty D: the least D of grades 2, 3, 4, 5
GRADE_STEPS: tuple[float, ...] = tuple(FIT["steps"])
#: what a venue's tier adds to N in D (tiers not listed add 0)
TIER_WEIGHT: dict[str, float] = FIT["tier_weight"]
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


def difficulty(narrowness: float, tier: str) -> float:
    """D: the narrowness N plus the weight of the venue's tier."""
    return round(narrowness + TIER_WEIGHT.get(tier, 0.0), 2)


def grade_of(difficulty: float, unique: bool = False) -> int:
    """The grade of a deal of difficulty D (5 for a unique deal)."""
    if unique:
        return 5
    return 1 + sum(1 for step in GRADE_STEPS if difficulty >= step)


def grade_from(narrowness: float, unique: bool, tier: str) -> int:
    """The grade of a deal from its measured properties."""
    return grade_of(difficulty(narrowness, tier), unique)


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
    out["difficulty"] = None
    if winnable and line:
        if count is not None:
            out.update(lines=count, lines_exact=count < CAP)
        out["line"] = line
        out["rounds"] = _rounds(counter, st, rot, line, deadline)
        if all(r["keep"] for r in out["rounds"]):
            out["narrowness"] = round(
                sum(math.log10(r["plays"] / r["keep"]) for r in out["rounds"]), 2
            )
            out["difficulty"] = difficulty(out["narrowness"], spec.venue.tier)
            out["grade"] = grade_of(out["difficulty"], out["lines"] == 1)
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
        plays, alive, decided = _sample_round(judge, st, rot, deadline)
        exact = decided == plays
        keep: float | None = alive if exact else alive * plays / max(decided, 1)
        # the line's own play keeps it winnable, sampled or not; nothing decided: unknown
        keep = max(keep, 1) if decided else None
        out.append(
            {
                "round": i + 1,
                "plays": plays,
                "keep": keep if exact or keep is None else round(keep, 1),
                "sampled": decided,
                "exact": exact,
            }
        )
        st = search.step(spec, st, dec, check=False)
        rot = search.rotate(rot, dec, spec.players)
    return out


def _sample_round(
    judge: L.Counter, st: sim.State, rot: search.Rotated, deadline: float
) -> tuple[int, int, int]:
    """(plays, alive, decided): the round's distinct plays, and of the evenly spread
    sample of them (:data:`SAMPLE`), how many keep the venue winnable and how many were
    decided within the budgets."""
    spec = judge.spec
    kids = judge.rounds(st, rot)
    alive = decided = 0
    cpsat = _Fallback(spec, st, rot)
    for j in _spread(len(kids), SAMPLE):
        d = kids[j]
        nxt = judge.step(st, d)
        verdict = _alive(judge, cpsat, d, nxt, search.rotate(rot, d, spec.players), deadline)
        if verdict is not None:
            decided += 1
            alive += verdict
    return len(kids), alive, decided


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
    judge = L.Counter(spec, nodes, deadline)
    judge.rounds_left = work
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
            plays, alive, decided = _sample_round(judge, st, rot, deadline)
            if not decided:
                return out  # out of time: unknown, never guessed
            keep = alive if decided == plays else round(alive * plays / decided, 1)
            total += math.log10(plays / max(keep, 1))
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
