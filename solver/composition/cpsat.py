"""CP-SAT model of one word: assign cards to letters, choose paid abilities, maximise net.

Used when a word has too many covers to enumerate, and by the tests as an
independent check of the search.  Models the whole scoring rule: per-card
doubles (capped), the Performance multiplier, symbol bonus rows, ability
Roses, and pay-cost abilities within the seat's Roses.
"""

from __future__ import annotations

from services.composition.content import VOWELS
from solver.composition.prepared import Fixed, Play, Prepared, make_play, score_cover, symbol_roses

TIME_LIMIT_S = 5.0


def best_play_cpsat(
    prep: Prepared,
    word: str,
    time_limit_s: float = TIME_LIMIT_S,
    cuts: frozenset[int] = frozenset(),
    fixed: Fixed | None = None,
) -> Play | None:
    """Solve the word's card assignment exactly with CP-SAT (None if unspellable).

    ``cuts`` and ``fixed`` as in ``assign._options`` (two words laid end to end,
    the shared card pinned: the first card of its type, all of which are alike).
    """
    # imported here: OR-Tools is heavy and most queries never need a model
    from ortools.sat.python import cp_model

    m = cp_model.CpModel()
    n = len(word)
    cards = prep.cards
    cap = prep.cap
    pinned = prep.types[fixed[1]][0] if fixed is not None else None
    # placement[i] = list of (var, start position, letters shown, mud?)
    placement: dict[int, list[tuple[cp_model.IntVar, int, str, bool]]] = {}
    cover_at: list[list[cp_model.IntVar]] = [[] for _ in range(n)]
    mud_vars = []
    for i, c in enumerate(cards):
        opts = []
        for p in range(n):
            if i == pinned:
                if p == fixed[0]:
                    opts.append((p, fixed[2], fixed[3]))
            elif fixed is not None and fixed[0] <= p < fixed[0] + len(fixed[2]):
                continue  # the pinned card's letters
            elif c.wild:
                opts.append((p, word[p], False))
            elif len(c.letters) == 1:
                if c.letters == word[p]:
                    opts.append((p, word[p], False))
                elif prep.mud:
                    opts.append((p, word[p], True))
            elif word[p : p + 2] == c.letters and p + 1 not in cuts:
                opts.append((p, c.letters, False))
        vs = []
        for p, letters, mud in opts:
            v = m.NewBoolVar(f"x{i}_{p}{'m' if mud else ''}")
            vs.append((v, p, letters, mud))
            for q in range(p, p + len(letters)):
                cover_at[q].append(v)
            if mud:
                mud_vars.append(v)
        placement[i] = vs
    if pinned is not None:
        if not placement[pinned]:
            return None
        m.Add(placement[pinned][0][0] == 1)
    for p in range(n):
        if not cover_at[p]:
            return None
        m.AddExactlyOne(cover_at[p])
    if mud_vars:
        m.Add(sum(mud_vars) <= 1)
    used = {}
    vowel_shown = {}
    for i, vs in placement.items():
        u = m.NewBoolVar(f"used{i}")
        m.Add(sum(v for v, *_ in vs) == u)
        used[i] = u
        vowel_shown[i] = [v for v, _, letters, _ in vs if all(ch in VOWELS for ch in letters)]
    facts = prep.facts
    vdbl = m.NewBoolVar("vowel_doubling")
    dv_cards = [used[i] for i in used if facts[i]["dv"]]
    if dv_cards:
        m.AddMaxEquality(vdbl, dv_cards)
    else:
        m.Add(vdbl == 0)
    values = []
    for i, c in enumerate(cards):
        if c.rose == 0:
            continue
        ds = facts[i]["ds"]
        vs = m.NewBoolVar(f"vowel{i}")
        m.Add(vs == sum(vowel_shown[i])) if vowel_shown[i] else m.Add(vs == 0)
        a = m.NewBoolVar(f"vd{i}")
        m.AddMultiplicationEquality(a, [vs, vdbl])
        # multiplier(ds + a): used -> 1 + min(ds + a, cap - 1)
        if ds >= cap - 1:
            values.append(c.rose * cap * used[i])
        else:
            extra_cap = cap - 1 - ds  # >= 1
            values.append(c.rose * (1 + ds) * used[i] + c.rose * min(1, extra_cap) * a)
    base = m.NewIntVar(0, 10**6, "base")
    m.Add(base == sum(values) if values else base == 0)
    pay = {}
    for i, f in enumerate(facts):
        if f["pay"] is not None:
            pv = m.NewBoolVar(f"pay{i}")
            m.AddImplication(pv, used[i])
            pay[i] = pv
    m.Add(sum(facts[i]["pay"][1] * pv for i, pv in pay.items()) <= prep.hand.roses)
    wd_terms = [facts[i]["dw"] * used[i] for i in used if facts[i]["dw"]]
    wd_terms += [pv for i, pv in pay.items() if facts[i]["pay"][0] == "pay_double_word"]
    wd = m.NewIntVar(0, 100, "word_doubles")
    m.Add(wd == sum(wd_terms)) if wd_terms else m.Add(wd == 0)
    capped = m.NewIntVar(0, cap - 1, "capped")
    m.AddMinEquality(capped, [wd, cap - 1])
    pm = m.NewIntVar(1, cap, "perf_mult")
    m.Add(pm == 1 + capped)
    perf = m.NewIntVar(0, 10**7, "perf")
    m.AddMultiplicationEquality(perf, [pm, base])
    vowels = sum(ch in VOWELS for ch in word)
    roses = []
    for i, f in enumerate(facts):
        flat = f["flat"] + f["pv"] * vowels + sum(k for mn, k in f["long"] if n >= mn)
        if flat:
            roses.append(flat * used[i])
        if i in pay and f["pay"][0] == "pay_roses":
            roses.append(f["pay"][2] * pay[i])
    symbols = sorted({c.symbol for c in cards if c.symbol})
    for s in symbols:
        members = [used[i] for i, c in enumerate(cards) if c.symbol == s]
        cnt = m.NewIntVar(0, len(members), f"cnt_{s}")
        m.Add(cnt == sum(members))
        bonus = m.NewIntVar(0, 10**4, f"bonus_{s}")
        m.AddElement(cnt, [symbol_roses(k, prep.table) for k in range(len(members) + 1)], bonus)
        roses.append(bonus)
    cost = sum(facts[i]["pay"][1] * pv for i, pv in pay.items()) if pay else 0
    m.Maximize(perf + sum(roses) - cost + 0)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = time_limit_s
    status = solver.Solve(m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    chosen = []
    muds = {}
    for i, vs in placement.items():
        for v, p, letters, mud in vs:
            if solver.Value(v):
                chosen.append((p, i, letters))
                muds[i] = mud
    chosen.sort()
    concrete = [(i, letters) for _, i, letters in chosen]
    pay_idx = tuple(sorted(i for i, pv in pay.items() if solver.Value(pv)))
    net, total, paid = score_cover(prep, word, concrete, pay_idx)
    method = "cp-sat" if status == cp_model.OPTIMAL else "cp-sat-feasible"
    return make_play(
        prep, word, concrete, [muds[i] for i, _ in concrete], pay_idx, net, total, paid, method
    )
