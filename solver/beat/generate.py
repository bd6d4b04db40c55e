"""Generating a Beat puzzle of a given grade: a bounded search over dealt venues.

Candidates are deals the engine lays out from a stream of seeds derived from the request
(venue, seats, grade, ``start``). Each gets a cheap first look
(:func:`solver.beat.grade.narrowness_only`): CP-SAT's verdict (a lost deal costs tens of
ms), then N along the line the full report would measure, stopped once the difficulty D
(N plus the venue tier's weight) is past the target's band; a deal whose look would
enumerate more than :data:`WORK` rounds is skipped (its report would cost as much
again). Only a candidate whose D lands in the band gets the full report
(:mod:`solver.beat.grade`), and only a report of the asked grade (and, with ``unique``,
exactly one winning line, symmetric swaps folded: see :mod:`solver.beat.lines`) is
returned with its code. A deal with one winning line is grade 5, so ``unique`` below
grade 5 is answered at once as not found.

Every other candidate, once a deal has come near the target (D within :data:`NEAR` of
the grade's band), is instead a *mutation* of the deal nearest so far (two cards of one
seat's deck swapped, or two songs of different difficulty): one swap moves N a little,
so a near miss is walked into the band. Far off, fresh seeds hit more often. Mutations
are drawn from a generator seeded by the request, so a search bounded by
``max_candidates`` is repeatable. The search stops at the budget and says so: ``found:
false`` with how many deals were tried and the grades their first looks gave, never a
puzzle of another grade.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections import Counter
from typing import Any

from services.beat import GAME
from services.beat import venues as V
from services.core import RulesError
from solver.beat import deal as D
from solver.beat import grade_api as GA

#: the deadline of one candidate's first look, as a share of the budget left (a hard
#: candidate must not eat the whole search)
CANDIDATE_SHARE = 0.25
#: mutate only a near miss: a deal whose N lies at most this far outside the target's
#: band (far off, one swap rarely moves N enough, and fresh seeds hit more often)
NEAR = 0.5
#: rounds a candidate's first look may enumerate before it is skipped as too costly: a
#: deal whose count meets no early win at 4 seats (thousands of rounds per position)
#: would cost 10-45 s to grade, where most candidates cost under 2 s
WORK = 50_000


def candidate_seed(venue: str, players: int, grade: int, start: int, i: int) -> int:
    """The ``i``-th candidate's seed: fixed by the request, so a search is repeatable."""
    h = hashlib.sha256(f"{venue}/{players}/{grade}/{start}/{i}".encode()).digest()
    return int.from_bytes(h[:7], "big")


def generate(
    venue: str,
    players: int,
    grade: int,
    unique: bool,
    budget_s: float,
    start: int = 0,
    max_candidates: int | None = None,
    nodes: int | None = None,
) -> dict[str, Any]:
    """A puzzle of ``grade`` at ``venue`` for ``players`` seats, or an honest not-found.

    Each candidate first gets :func:`solver.beat.grade.narrowness_only` (CP-SAT's
    verdict, then N along the line the report would measure, stopped once N is past
    the band); only a candidate whose N lands in the band gets the full report, and
    only a report of the asked grade is returned. ``max_candidates`` and ``nodes``
    bound the work without a clock (a bounded search is repeatable)."""
    from solver.beat import grade as GR

    t0 = time.monotonic()
    end = t0 + budget_s
    nodes = nodes or GR.DEFAULT_NODES
    seen: Counter[str] = Counter()
    if unique and grade != 5:
        return _not_found(grade, unique, 0, seen, t0, "a deal with one winning line is grade 5")
    bounded = max_candidates is not None
    tier = V.get_venue(venue).tier
    hi = GR.GRADE_STEPS[grade - 1] if grade <= len(GR.GRADE_STEPS) else None
    # the grade's band is on D = N + the tier's weight; the look sums N. Past the band by
    # more than NEAR, N does not matter: neither a hit nor a near miss
    weight = GR.difficulty(0.0, tier)
    stop_at = 0.0 if unique else (None if hi is None else hi + NEAR - weight)
    rng = random.Random(candidate_seed(venue, players, grade, start, -1))
    nearest: tuple[float, dict[str, Any]] | None = None  # (distance, deal)
    i = fresh = 0
    while time.monotonic() < end and (max_candidates is None or i < max_candidates):
        i += 1
        state = None
        if nearest is not None and nearest[0] <= NEAR and i % 2 == 0:
            state = _mutant(venue, players, nearest[1], rng)
        if state is None:
            seed = candidate_seed(venue, players, grade, start, fresh)
            fresh += 1
            state = GAME.new(players, {"venue": venue, "mode": "puzzle"}, seed)
        now = time.monotonic()
        deadline = float("inf") if bounded else now + max(0.5, CANDIDATE_SHARE * (end - now))
        first = GR.narrowness_only(state, nodes, deadline, stop_at, WORK)
        n = first["narrowness"]
        if n is None:
            seen[_first_label(first, tier)] += 1
            continue
        gap = 0.0 if unique else distance(GR.difficulty(n, tier), grade, GR.GRADE_STEPS)
        if gap > 0:
            seen[_first_label(first, tier)] += 1
            if nearest is None or gap < nearest[0]:
                nearest = (gap, D.deal_of(state))
            continue
        # in the band: the full report, with the rest of the budget (a hit is rare)
        rep = GA.graded(state, float("inf") if bounded else end, nodes)
        seen[_label(rep)] += 1
        if rep["grade"] == grade and (not unique or rep["lines"] == 1):
            return {
                "found": True,
                "code": rep["code"],
                "report": rep,
                "tried": i,
                "grades_seen": dict(seen),
                "seconds": round(time.monotonic() - t0, 3),
            }
        if rep["difficulty"] is not None:
            gap = distance(rep["difficulty"], grade, GR.GRADE_STEPS)
            if unique and rep["lines"] != 1:
                gap += 1.0
            if nearest is None or gap < nearest[0]:
                nearest = (gap, rep["deal"])
    return _not_found(grade, unique, i, seen, t0)


def _not_found(
    grade: int, unique: bool, tried: int, seen: Counter[str], t0: float, why: str = ""
) -> dict[str, Any]:
    one = " with one winning line" if unique else ""
    return {
        "found": False,
        "reason": "not_found_in_budget",
        "message": f"no deal of grade {grade}{one} among the {tried} tried in the budget"
        + (f": {why}" if why else ""),
        "tried": tried,
        "grades_seen": dict(seen),
        "seconds": round(time.monotonic() - t0, 3),
    }


def distance(difficulty: float, grade: int, steps: tuple[float, ...]) -> float:
    """How far the difficulty D lies outside the band ``[lo, hi)`` of D that ``grade``
    takes (0 inside)."""
    lo = steps[grade - 2] if grade > 1 else float("-inf")
    hi = steps[grade - 1] if grade <= len(steps) else float("inf")
    if difficulty < lo:
        return lo - difficulty
    if difficulty >= hi:
        return difficulty - hi + 0.01  # D == hi is already the next grade
    return 0.0


#: swaps tried for a mutant before giving up (most that change nothing swap two hand cards)
MUTANT_TRIES = 8


def _mutant(
    venue: str, players: int, deal: dict[str, Any], rng: random.Random
) -> dict[str, Any] | None:
    """The engine state of ``deal`` with two cards of one seat's deck swapped (or, one
    time in four, two songs); None if the engine refuses the result or no swap tried
    changes the deal (two cards of the opening hand, which the engine holds sorted)."""
    for _ in range(MUTANT_TRIES):
        new = {k: [list(x) for x in v] if k == "decks" else v for k, v in deal.items()}
        songs = list(deal["songs"])
        pairs = [(a, b) for a in range(len(songs)) for b in range(a) if songs[a] != songs[b]]
        if rng.random() < 0.25 and pairs:  # only songs of different difficulty: a real change
            a, b = rng.choice(pairs)
            songs[a], songs[b] = songs[b], songs[a]
            new["songs"] = songs
        else:
            deck = new["decks"][rng.randrange(players)]
            a, b = rng.sample(range(len(deck)), 2)
            deck[a], deck[b] = deck[b], deck[a]
        try:
            state = D.engine_state({"venue": venue, "players": players, "seed": 0, "deal": new})
        except RulesError:
            return None
        if D.deal_of(state) != deal:
            return state
    return None


def _first_label(first: dict[str, Any], tier: str) -> str:
    """A candidate's entry in ``grades_seen`` from its first look alone (the grade its
    N gives at the venue's tier; "or more" where the look stopped past the band)."""
    from solver.beat import grade as GR

    if first["winnable"] is False:
        return "unwinnable"
    if first["costly"]:
        return "too costly to grade"
    if first["narrowness"] is None:
        return "undecided"
    g = GR.grade_from(first["narrowness"], False, tier)
    return f"grade {g}" if first["complete"] else f"grade {g} or more"


def _label(rep: dict[str, Any]) -> str:
    if rep["winnable"] is False:
        return "unwinnable"
    if rep["grade"] is None:
        return "undecided"
    return f"grade {rep['grade']}"


def archive_entry(rep: dict[str, Any], source: str) -> dict[str, Any]:
    """What the archive keeps of a graded puzzle."""
    return {
        "code": rep["code"],
        "venue": rep["venue"],
        "players": rep["players"],
        "grade": rep["grade"],
        "narrowness": rep["narrowness"],
        "lines": rep["lines"],
        "lines_exact": rep["lines_exact"],
        "unique": rep["lines"] == 1,
        "tags": rep["tags"],
        "source": source,
    }
