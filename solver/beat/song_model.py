"""One song's result as CP-SAT constraints, from the engine's own definitions.

:func:`encode_song` reads the event clauses from the event data and the venue's
adjustment from the venue data, clause by clause; rounds with an ``ignore_card``
event and no tunes use :func:`result_table`, whose every row the engine computes.
Tested against the interpreter on every event.
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Any

from ortools.sat.python import cp_model

from services.beat import venues as V
from solver.beat import sim

F_, O_, L_ = 0, 1, 2
CODE = {V.FAIL: F_, V.ON_POINT: O_, V.LOUD: L_}


def vectors(max_cards: int) -> list[tuple[int, ...]]:
    """Every count of printed values 1-5 with at most ``max_cards`` cards."""
    return [c for c in itertools.product(range(max_cards + 1), repeat=5) if sum(c) <= max_cards]


@lru_cache(maxsize=4096)
def result_table(
    venue_id: str, difficulty: int, events: tuple[str, ...], max_cards: int, prev: str | None
) -> tuple[tuple[int, ...], ...]:
    """(c1..c5, result code) for every count vector, judged by the engine."""
    out = []
    for c in vectors(max_cards):
        plays = tuple(v for v in range(1, 6) for _ in range(c[v - 1]))
        r = sim.song_result(venue_id, difficulty, events, tuple((v, 0) for v in plays), prev)
        out.append((*c, CODE[r]))
    return tuple(out)


def has_ignore(events: tuple[str, ...]) -> bool:
    """Whether any of these events has an ``ignore_card`` clause."""
    from services.beat.events import get_event

    return any(cl["kind"] == "ignore_card" for e in events for cl in get_event(e).clauses)


def _ignored(m, which, counts, tunes, step, delta, present, reify) -> Any:
    """What the card an ``ignore_card`` clause picks counted (it then counts 0).

    As ``events.counted_values``: the card with the highest (lowest) printed value,
    among those the highest (lowest) counted one -- with one printed value that is
    the highest (lowest) tune.  Per value: does a card tuned up, untuned, tuned down
    exist (``tunes``: per-value up and down counts).  Tested against the interpreter.
    """
    high = which == "highest"
    order = range(5, 0, -1) if high else range(1, 6)
    iv = m.new_int_var(-20, 20, "")
    seen: list = []  # a more extreme printed value is present
    for v in order:
        c = counts[v - 1]
        pick = m.new_bool_var("")  # v is the extreme printed value played
        m.add_bool_and([present(v), *[s.Not() for s in seen]]).only_enforce_if(pick)
        m.add_bool_or([present(v).Not(), *seen]).only_enforce_if(pick.Not())
        seen.append(present(v))
        base = v + delta[v]
        if not tunes:
            m.add(iv == base).only_enforce_if(pick)
            continue
        up, dn = tunes[0][v - 1], tunes[1][v - 1]
        first = up if high else dn  # the tune the pick prefers
        sign = step if high else -step
        has_first = reify(first >= 1, first == 0)
        has_plain = reify(c - up - dn >= 1, c - up - dn <= 0)
        m.add(iv == base + sign).only_enforce_if([pick, has_first])
        m.add(iv == base).only_enforce_if([pick, has_first.Not(), has_plain])
        m.add(iv == base - sign).only_enforce_if([pick, has_first.Not(), has_plain.Not()])
    nothing = reify(sum(counts) == 0, sum(counts) >= 1)
    m.add(iv == 0).only_enforce_if(nothing)
    return iv


def encode_song(
    m: cp_model.CpModel,
    venue: V.Venue,
    counts: list,
    tunes: tuple | None,
    difficulty: int,
    events: tuple[str, ...],
    prev_loud: Any,
    rc: cp_model.IntVar,
) -> None:
    """Constrain ``rc`` to the song's result, encoded clause by clause from the event data.

    Used for every event without ``ignore_card`` (those rounds use the engine table).
    The sum is linear: printed value + ``modify_card`` deltas per value, + tunes,
    + ``modify_sum``; each condition clause becomes one reified constraint; the
    venue's adjustment (Astro City's margin cap, Stellar Studio's second LOUD) reads
    its parameters from the venue data.  Tested against the interpreter on random plays.
    """
    from services.beat.events import get_event

    clauses = [cl for e in events for cl in get_event(e).clauses]
    delta = {v: 0 for v in range(1, 6)}
    const = 0
    for cl in clauses:
        if cl["kind"] == "modify_card":
            delta[cl["value"]] += cl["delta"]
        elif cl["kind"] == "modify_sum":
            const += cl["delta"]
    ups = sum(tunes[0]) if tunes else 0
    dns = sum(tunes[1]) if tunes else 0
    step = V.tuning(venue)  # how far one tune moves a card
    total = sum((v + delta[v]) * counts[v - 1] for v in range(1, 6)) + const + step * (ups - dns)

    def reify(expr_true, expr_false) -> Any:
        b = m.new_bool_var("")
        m.add(expr_true).only_enforce_if(b)
        m.add(expr_false).only_enforce_if(b.Not())
        return b

    pres = {}

    def present(v: int) -> Any:
        if v not in pres:
            pres[v] = reify(counts[v - 1] >= 1, counts[v - 1] == 0)
        return pres[v]

    ignores = [cl for cl in clauses if cl["kind"] == "ignore_card"]
    if len(ignores) > 1:
        raise ValueError("more than one ignore_card clause has no linear encoding")
    if ignores:
        which = ignores[0]["which"]
        total = total - _ignored(m, which, counts, tunes, step, delta, present, reify)
    S = m.new_int_var(-100, 100, "")
    m.add(total == S)
    oks = []

    for cl in clauses:
        k = cl["kind"]
        if k == "forbid_value":
            oks.append(present(cl["value"]).Not())
        elif k == "require_value":
            oks.append(present(cl["value"]))
        elif k == "require_same_value_count":
            ge = [reify(c >= cl["min"], c <= cl["min"] - 1) for c in counts]
            b = m.new_bool_var("")
            m.add_bool_or(ge).only_enforce_if(b)
            m.add_bool_and([g.Not() for g in ge]).only_enforce_if(b.Not())
            oks.append(b)
        elif k == "max_same_value_count":
            le = [reify(c <= cl["max"], c >= cl["max"] + 1) for c in counts]
            b = m.new_bool_var("")
            m.add_bool_and(le).only_enforce_if(b)
            m.add_bool_or([g.Not() for g in le]).only_enforce_if(b.Not())
            oks.append(b)
        elif k == "require_distinct_values":
            n_present = sum(present(v) for v in range(1, 6))
            oks.append(reify(n_present >= cl["min"], n_present <= cl["min"] - 1))
        elif k == "value_range":
            out = sum(counts[v - 1] for v in range(1, 6) if not cl["min"] <= v <= cl["max"])
            oks.append(reify(out == 0, out >= 1))
        elif k == "sum_parity":
            half = m.new_int_var(-60, 60, "")
            want = 0 if cl["parity"] == "even" else 1
            b = m.new_bool_var("")
            m.add(2 * half + want == S).only_enforce_if(b)
            m.add(2 * half + 1 - want == S).only_enforce_if(b.Not())
            oks.append(b)
        elif k == "forbid_cue":
            if tunes:
                oks.append(reify(ups + dns == 0, ups + dns >= 1))
        elif k == "forbid_face_up":
            pass  # the solver never plays a card Face Up
        elif k in ("modify_card", "modify_sum", "ignore_card"):
            pass
        else:
            raise ValueError(f"clause {k!r} has no linear encoding")
    ok = m.new_bool_var("")
    if oks:
        m.add_bool_and(oks).only_enforce_if(ok)
        m.add_bool_or([o.Not() for o in oks]).only_enforce_if(ok.Not())
    else:
        m.add(ok == 1)
    eq = reify(difficulty == S, difficulty != S)
    gt = reify(difficulty + 1 <= S, difficulty >= S)
    on = m.new_bool_var("")
    m.add_bool_and([ok, eq]).only_enforce_if(on)
    m.add_bool_or([ok.Not(), eq.Not()]).only_enforce_if(on.Not())
    loud_parts = [ok, gt]
    if venue.rule_id == "margin_cap":
        loud_parts.append(
            reify(difficulty + venue.rule["max"] >= S, difficulty + venue.rule["max"] + 1 <= S)
        )
    if venue.rule_id == "no_loud_twice":
        loud_parts.append(prev_loud.Not())
    loud = m.new_bool_var("")
    m.add_bool_and(loud_parts).only_enforce_if(loud)
    m.add_bool_or([x.Not() for x in loud_parts]).only_enforce_if(loud.Not())
    m.add(rc == on + 2 * loud)
