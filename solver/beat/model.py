"""The CP-SAT model of a dealt venue (perfect information), from a round start.

Variables: ``x[s, p, t]`` -- seat ``s`` plays the ``p``-th card of its remaining
sequence (hand, then draw pile) in round ``t``.  A card can be played once, and
only once it has been drawn: the ``p``-th card is in hand at round ``t`` when the
seat has played at least ``p - hand + 1`` cards before (hands refill to 5).
Each active round every seat holding a card plays one (the Solo player one more
once, or -- Scrapyard -- none once); Encores taken (at most the 1s played on a
non-FAIL song, at most the Encore deck) make later rounds active, so the number
of songs is exact, bounded by the cards the band holds.

A song's result is a *table* per round: for every count vector of printed
values played (and Milkyway tunes; and the previous result at Stellar Studio)
the result is computed by the engine's ``rounds.resolve_song`` -- the event
clauses are never re-encoded by hand.  Venue rules are encoded by rule id from
the venue data (``targets`` and ``rule`` params).  Rock in the Belt, Entropy
Hall, Event Horizon and Upload Festival are left to the round search
(``SUPPORTED`` says which rules this model covers).
"""

from __future__ import annotations

import itertools
import time
from functools import lru_cache
from typing import Any

from ortools.sat.python import cp_model

from services.beat import venues as V
from solver.beat import sim

SYMMETRY = True
UNSUPPORTED = {"medley", "entropy_chain", "recycle", "forced_staging"}
F_, O_, L_ = 0, 1, 2
CODE = {V.FAIL: F_, V.ON_POINT: O_, V.LOUD: L_}


def supported(venue: V.Venue, players: int = 2) -> bool:
    """Rules this model covers (Milkyway's per-card tune tables only stay small at 2 seats)."""
    if V.tuning(venue) and players > 2:
        return False
    return venue.rule_id not in UNSUPPORTED


def _vectors(max_cards: int) -> list[tuple[int, ...]]:
    return [c for c in itertools.product(range(max_cards + 1), repeat=5) if sum(c) <= max_cards]


@lru_cache(maxsize=4096)
def result_table(
    venue_id: str, difficulty: int, events: tuple[str, ...], max_cards: int, prev: str | None
) -> tuple[tuple[int, ...], ...]:
    """(c1..c5, result code) for every count vector, judged by the engine."""
    out = []
    for c in _vectors(max_cards):
        plays = tuple(v for v in range(1, 6) for _ in range(c[v - 1]))
        r = sim.song_result(venue_id, difficulty, events, tuple((v, 0) for v in plays), prev)
        out.append((*c, CODE[r]))
    return tuple(out)


@lru_cache(maxsize=4096)
def tuned_table(
    venue_id: str, difficulty: int, events: tuple[str, ...], max_cards: int, per_value: bool
) -> tuple[tuple[int, ...], ...]:
    """Milkyway: (c1..c5, ups, downs, result) -- or per value ups/downs under ignore_card."""
    out = []
    for c in _vectors(max_cards):
        plays = [v for v in range(1, 6) for _ in range(c[v - 1])]
        n = len(plays)
        if per_value:
            # every way to tune each card: per value, how many up and how many down
            seen = set()
            for tunes in itertools.product((-1, 0, 1), repeat=n):
                ups = tuple(
                    sum(1 for v, t in zip(plays, tunes) if v == w and t > 0) for w in range(1, 6)
                )
                dns = tuple(
                    sum(1 for v, t in zip(plays, tunes) if v == w and t < 0) for w in range(1, 6)
                )
                if (ups, dns) in seen:
                    continue
                seen.add((ups, dns))
                key = tuple(sorted(zip(plays, tunes)))
                r = sim.song_result(venue_id, difficulty, events, key, None)
                out.append((*c, *ups, *dns, CODE[r]))
        else:
            for u in range(n + 1):
                for d in range(n + 1 - u):
                    tunes = [1] * u + [-1] * d + [0] * (n - u - d)
                    key = tuple(sorted(zip(plays, tunes)))
                    r = sim.song_result(venue_id, difficulty, events, key, None)
                    out.append((*c, u, d, CODE[r]))
    return tuple(out)


def _has_ignore(events: tuple[str, ...]) -> bool:
    from services.beat.events import get_event

    return any(cl["kind"] == "ignore_card" for e in events for cl in get_event(e).clauses)


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
    total = sum((v + delta[v]) * counts[v - 1] for v in range(1, 6)) + const + ups - dns
    S = m.new_int_var(-100, 100, "")
    m.add(total == S)
    oks = []

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
        elif k in ("modify_card", "modify_sum"):
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


class Model:
    """Build once, then :meth:`solve`; ``plan()`` reads a solution back as decisions."""

    def __init__(
        self,
        spec: sim.Spec,
        st: sim.State,
        fixed: list[dict] | None = None,
        passed: bool = False,
        rules: bool = True,
    ):
        v = spec.venue
        if not supported(v, spec.players):
            raise ValueError(f"the CP-SAT model does not cover {v.id}")
        self.spec, self.st = spec, st
        m = self.m = cp_model.CpModel()
        n = spec.players
        solo_seat = spec.solo
        vid = v.id
        tuning = V.tuning(v)
        L = [len(spec.draws[s]) - (st.ptr[s] - len(st.hands[s])) for s in range(n)]
        # remaining sequence per seat: the hand, then the undrawn draw pile
        self.seq = [list(st.hands[s]) + list(spec.draws[s][st.ptr[s] :]) for s in range(n)]
        hand0 = [len(st.hands[s]) for s in range(n)]
        L = [len(q) for q in self.seq]
        enc_left = len(spec.encores) - st.enc if V.encores_allowed(v) else 0
        nbase = len(st.queue)
        H = min(max(L), nbase + enc_left)
        self.H, self.nbase = H, nbase
        songs = [st.queue[t] if t < nbase else spec.encores[st.enc + t - nbase] for t in range(H)]
        eps = V.events_per_song(v)
        ne = len(spec.events)
        events = [
            tuple(spec.events[(st.ev + t * eps + j) % ne] for j in range(eps)) for t in range(H)
        ]
        self.songs, self.events = songs, events
        solo_free = (not st.solo_used) and V.solo_extra_card(v)
        pass_free = (not st.solo_used) and V.solo_pass(v)
        maxc = n + (1 if solo_free else 0)

        # Every active round each seat holding a card plays exactly one (the Solo seat
        # one more once, or none once at Scrapyard), so a seat has played t cards
        # before round t (the Solo seat t + extra - pass): card p (p >= hand) is drawn
        # once p - hand + 1 cards have left the hand.  That makes availability static
        # for every seat but the Solo player's boundary cards.
        x: dict[tuple[int, int, int], cp_model.IntVar] = {}
        for s in range(n):
            slack = 1 if (s == solo_seat and solo_free) else 0
            for p in range(L[s]):
                for t in range(H):
                    if p - hand0[s] + 1 <= t + slack:
                        x[s, p, t] = m.new_bool_var("")
        self.x = x
        active = [m.new_constant(1) if t < nbase else m.new_bool_var("") for t in range(H)]
        self.active = active
        solo = [m.new_bool_var("") if solo_free else m.new_constant(0) for t in range(H)]
        spass = [m.new_bool_var("") if pass_free else m.new_constant(0) for t in range(H)]
        self.solo, self.spass = solo, spass
        if solo_free:
            m.add(sum(solo) <= 1)
        if pass_free:
            m.add(sum(spass) <= 1)
        for t in range(H):
            if solo_free:
                m.add_implication(solo[t], active[t])
            if pass_free:
                m.add_implication(spass[t], active[t])
        for t in range(nbase, H):
            if t > 0:
                m.add_implication(active[t], active[t - 1])
        has: dict[tuple[int, int], Any] = {}
        for s in range(n):
            for p in range(L[s]):
                vs = [x[s, p, t] for t in range(H) if (s, p, t) in x]
                if len(vs) > 1:
                    m.add_at_most_one(vs)
            special = s == solo_seat and (solo_free or pass_free)
            for t in range(H):
                y = [x[s, p, t] for p in range(L[s]) if (s, p, t) in x]
                if not special:
                    if t <= L[s] - 1:
                        m.add(sum(y) == active[t])
                        has[s, t] = m.new_constant(1)
                    else:
                        for xv in y:
                            m.add(xv == 0)
                        has[s, t] = m.new_constant(0)
                    continue
                shift = sum(solo[:t]) - sum(spass[:t])  # extra plays before round t
                h = m.new_bool_var("")
                m.add(t + shift <= L[s] - 1).only_enforce_if(h)
                m.add(t + shift >= L[s]).only_enforce_if(h.Not())
                main = m.new_bool_var("")
                m.add_bool_and([h, active[t]]).only_enforce_if(main)
                m.add_bool_or([h.Not(), active[t].Not()]).only_enforce_if(main.Not())
                m.add(sum(y) == main + solo[t] - spass[t])
                for p in range(hand0[s], L[s]):
                    need = p - hand0[s] + 1
                    if (s, p, t) in x and need > t - 1:
                        m.add(t + shift >= need).only_enforce_if(x[s, p, t])
                has[s, t] = h
        self._has = has
        # Symmetry: two cards of one seat with the same value (and, at Milkyway, the
        # same Cue icon) are interchangeable; the earlier-drawn one is played first.
        for s in range(n if SYMMETRY and rules and not fixed else 0):
            groups: dict[tuple, list[int]] = {}
            for p in range(L[s]):
                c = self.seq[s][p]
                groups.setdefault((sim.VALUE[c], bool(tuning) and sim.CUE[c]), []).append(p)
            for ps in groups.values():
                for p, q in zip(ps, ps[1:]):
                    xp = [x[s, p, t] for t in range(H) if (s, p, t) in x]
                    xq = [x[s, q, t] for t in range(H) if (s, q, t) in x]
                    if not xq:
                        continue
                    m.add(sum(xq) <= sum(xp))
                    tp = sum(t * x[s, p, t] for t in range(H) if (s, p, t) in x)
                    tq = sum(t * x[s, q, t] for t in range(H) if (s, q, t) in x)
                    played_q = m.new_bool_var("")
                    m.add(sum(xq) == 1).only_enforce_if(played_q)
                    m.add(sum(xq) == 0).only_enforce_if(played_q.Not())
                    m.add(tp <= tq).only_enforce_if(played_q)
        for t in range(H):
            m.add_bool_or([has[s, t] for s in range(n)]).only_enforce_if(active[t])

        # values per round, tunes, results
        by_value: list[list[list]] = [[[] for _ in range(5)] for _ in range(H)]
        for (s, p, t), xv in x.items():
            by_value[t][sim.VALUE[self.seq[s][p]] - 1].append(xv)
        cnt = [[sum(by_value[t][val]) for val in range(5)] for t in range(H)]
        cvars = []
        for t in range(H):
            row = []
            for val in range(5):
                c = m.new_int_var(0, maxc, "")
                m.add(c == cnt[t][val])
                row.append(c)
            cvars.append(row)
        res = [m.new_int_var(0, 2, "") for t in range(H)]
        self.cvars = cvars
        self.tu: dict = {}
        ud = self._tuning(n, L, H, cvars, res, maxc, vid) if tuning else [None] * H
        prev0 = st.results[-1][1] if st.results else None
        prev_loud: Any = m.new_constant(1 if prev0 == V.LOUD else 0)
        for t in range(H):
            d, evs = songs[t], events[t]
            if _has_ignore(evs):
                self._table(t, cvars[t], ud[t], res[t], d, evs, maxc, prev_loud)
            else:
                encode_song(m, v, cvars[t], ud[t], d, evs, prev_loud, res[t])
            pl = m.new_bool_var("")
            m.add(res[t] == L_).only_enforce_if(pl)
            m.add(res[t] != L_).only_enforce_if(pl.Not())
            prev_loud = pl
        Fb, Ob, Lb = [], [], []
        for t in range(H):
            bs = []
            for code in (F_, O_, L_):
                b = m.new_bool_var("")
                m.add(res[t] == code).only_enforce_if(b)
                m.add(res[t] != code).only_enforce_if(b.Not())
                a = m.new_bool_var("")
                m.add_bool_and([b, active[t]]).only_enforce_if(a)
                m.add_bool_or([b.Not(), active[t].Not()]).only_enforce_if(a.Not())
                bs.append(a)
            Fb.append(bs[0])
            Ob.append(bs[1])
            Lb.append(bs[2])
        self.F, self.O, self.Lb = Fb, Ob, Lb
        self.res = res

        # Encores
        e = []
        for t in range(H):
            ones = sum(by_value[t][0])
            if enc_left:
                et = m.new_int_var(0, min(maxc, enc_left), "")
                m.add(et <= ones)
                m.add(et == 0).only_enforce_if(Fb[t])
                m.add(et == 0).only_enforce_if(active[t].Not())
            else:
                et = m.new_constant(0)
            e.append(et)
        self.e = e
        E = sum(e)
        if enc_left:
            m.add(enc_left >= E)
            m.add(nbase + E <= H)
            for t in range(nbase, H):
                before = sum(e[:t])
                m.add(nbase + before >= t + 1).only_enforce_if(active[t])
                m.add(nbase + before <= t).only_enforce_if(active[t].Not())
        if rules:  # off only when a test reads the bare song results back
            self._rules(v, st, H, nbase, E, Fb, Ob, Lb, active, solo, spass, songs, L)
        # plays already committed this round (hints): fixed in round 0
        for fp in fixed or []:
            s, p = fp["seat"], self.seq[fp["seat"]].index(fp["card"])
            m.add(x[s, p, 0] == 1)
            if fp.get("solo"):
                m.add(solo[0] == 1)
            if self.tu:
                tune = fp.get("tune", 0)
                m.add(self.tu["up"][s, p, 0] == int(tune > 0))
                m.add(self.tu["dn"][s, p, 0] == int(tune < 0))
        if passed:
            m.add(spass[0] == 1)

    def _tuning(self, n, L, H, cvars, res, maxc, vid) -> list:
        """Milkyway: per played card an up/down tune, paid with unused staged Cue cards."""
        m, x, st = self.m, self.x, self.st
        avail0 = [sim.cue_cards_staged(st.stages[s]) - st.tunes_used[s] for s in range(n)]
        up, dn = {}, {}
        for key, xv in x.items():
            u = m.new_bool_var("")
            d = m.new_bool_var("")
            m.add(u + d <= xv)
            up[key], dn[key] = u, d
        self.tu = {"up": up, "dn": dn}
        for s in range(n):
            acc: Any = 0
            for t in range(H):
                used = sum(up[s, p, t] + dn[s, p, t] for p in range(L[s]) if (s, p, t) in x)
                gained = sum(
                    x[s, p, tt]
                    for tt in range(t)
                    for p in range(L[s])
                    if (s, p, tt) in x and sim.CUE[self.seq[s][p]]
                )
                m.add(used + acc <= avail0[s] + gained)
                acc = acc + used
        out = []
        for t in range(H):
            keys = [(s, p) for s in range(n) for p in range(L[s]) if (s, p, t) in x]
            ups = [
                sum(up[s, p, t] for s, p in keys if sim.VALUE[self.seq[s][p]] == w)
                for w in range(1, 6)
            ]
            dns = [
                sum(dn[s, p, t] for s, p in keys if sim.VALUE[self.seq[s][p]] == w)
                for w in range(1, 6)
            ]
            out.append((ups, dns))
        return out

    def _table(self, t, cv, ud, rc, d, evs, maxc, prev_loud) -> None:
        """Rounds with an ignore_card event: the engine's result for every count vector."""
        m, vid = self.m, self.spec.venue.id
        if ud is None:
            if self.spec.venue.rule_id == "no_loud_twice":
                rows = [(*r[:5], 1, r[5]) for r in result_table(vid, d, evs, maxc, V.LOUD)]
                rows += [(*r[:5], 0, r[5]) for r in result_table(vid, d, evs, maxc, None)]
                m.add_allowed_assignments([*cv, prev_loud, rc], rows)
            else:
                m.add_allowed_assignments([*cv, rc], result_table(vid, d, evs, maxc, None))
            return
        uv, dv = [], []
        for a, b in zip(*ud, strict=True):
            ui = m.new_int_var(0, maxc, "")
            m.add(ui == a)
            uv.append(ui)
            di = m.new_int_var(0, maxc, "")
            m.add(di == b)
            dv.append(di)
        m.add_allowed_assignments([*cv, *uv, *dv, rc], tuned_table(vid, d, evs, maxc, True))

    def _rules(self, v, st, H, nbase, E, Fb, Ob, Lb, active, solo, spass, songs, L):
        m = self.m
        rid = v.rule_id
        c0 = dict.fromkeys(V.RESULTS, 0)
        for _, r in st.results:
            c0[r] += 1
        tot = {
            V.FAIL: c0[V.FAIL] + sum(Fb),
            V.ON_POINT: c0[V.ON_POINT] + sum(Ob),
            V.LOUD: c0[V.LOUD] + sum(Lb),
        }
        for k, t in v.targets.items():
            if "min" in t:
                m.add(tot[k] >= t["min"])
            elif "max" in t:
                m.add(tot[k] <= t["max"])
            else:
                m.add(tot[k] == t["exact"])
        n0 = len(st.results)
        last = []
        for t in range(H):
            lt = m.new_bool_var("")
            nxt = active[t + 1] if t + 1 < H else m.new_constant(0)
            m.add_bool_and([active[t], nxt.Not()]).only_enforce_if(lt)
            m.add_bool_or([active[t].Not(), nxt]).only_enforce_if(lt.Not())
            last.append(lt)
        if rid == "last_song_loud":
            for t in range(H):
                m.add_implication(last[t], Lb[t])
        elif rid == "must_play_solo" and not st.solo_used:
            m.add(sum(solo) >= 1)
        elif rid == "encore_required" and st.encores_taken == 0:
            m.add(E >= 1)
        elif rid == "odd_songs_loud":
            for t in range(H):
                if (n0 + t) % 2 == 0:
                    m.add_implication(active[t], Lb[t])
        elif rid == "first_songs_fail":
            for t in range(H):
                if n0 + t < v.rule["count"]:
                    m.add_implication(active[t], Fb[t])
        elif rid == "full_range":
            for s in range(self.spec.players):
                staged = {sim.VALUE[c] for c in st.stages[s]}
                for val in range(1, 6):
                    if val not in staged:
                        m.add(
                            sum(
                                xv
                                for (ss, p, t), xv in self.x.items()
                                if ss == s and sim.VALUE[self.seq[s][p]] == val
                            )
                            >= 1
                        )
        elif rid == "even_songs_on_point":
            for t in range(H):
                if songs[t] % 2 == 0:
                    m.add_implication(active[t], Ob[t])
        elif rid == "exact_total_songs":
            m.add(st.setlist_total + E <= v.rule["total"])
            m.add(n0 + sum(active) == v.rule["total"])
        elif rid == "last_songs_on_point":
            k = v.rule["count"]
            for t in range(H):
                # t is among the last k active rounds when round t+k is inactive
                tail = active[t + k] if t + k < H else m.new_constant(0)
                m.add_implication(active[t], Ob[t]).only_enforce_if(tail.Not())
            nnew = sum(active)
            for i in range(1, k):
                if i > n0 or st.results[-i][1] != V.ON_POINT:
                    m.add(nnew >= k - i + 1)

    def solve(self, budget_s: float) -> str:
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.max_time_in_seconds = max(0.01, budget_s)
        solver.parameters.random_seed = 0
        # These models are small and mostly Boolean: presolve, probing and the LP
        # relaxation cost more than they prune.  Measured on 3 seeded deals x 22 venues
        # x 2-4 seats (CPU time of Solve): median 123 ms with probing off alone, 39 ms
        # with presolve and linearization off too, infeasible deals included.
        solver.parameters.cp_model_probing_level = 0
        solver.parameters.cp_model_presolve = False
        solver.parameters.linearization_level = 0
        # No inprocessing, no phase saving, no symmetry detection: over 20 venues x 4-5
        # seeds per player count (quiet machine, CPU time of Solve) the median went from
        # 11 / 14 / 24 ms to 6 / 7 / 13 ms at 2 / 3 / 4 seats and the mean fell too.
        solver.parameters.use_sat_inprocessing = False
        solver.parameters.use_phase_saving = False
        solver.parameters.symmetry_level = 0
        status = solver.solve(self.m)
        self.solver = solver
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return "feasible"
        if status == cp_model.INFEASIBLE:
            return "infeasible"
        return "unknown"

    def plan(self) -> list[dict[str, Any]]:
        sv = self.solver
        out = []
        for t in range(self.H):
            if not sv.Value(self.active[t]):
                break
            plays = []
            for (s, p, tt), xv in self.x.items():
                if tt == t and sv.Value(xv):
                    d: dict[str, Any] = {"seat": s, "card": self.seq[s][p], "song": 0}
                    if self.tu and sv.Value(self.tu["up"][s, p, t]):
                        d["tune"] = V.tuning(self.spec.venue)
                    if self.tu and sv.Value(self.tu["dn"][s, p, t]):
                        d["tune"] = -V.tuning(self.spec.venue)
                    plays.append(d)
            if sv.Value(self.solo[t]):
                mine = [q for q in plays if q["seat"] == self.spec.solo]
                mine[-1]["solo"] = True
            dec: dict[str, Any] = {"plays": plays, "encores": int(sv.Value(self.e[t]))}
            if sv.Value(self.spass[t]):
                dec["solo_pass"] = True
            out.append(dec)
        return out


def solve(spec: sim.Spec, st: sim.State, budget_s: float) -> dict[str, Any]:
    """CP-SAT verdict for a round-start state, with a plan checked by replay."""
    t0 = time.monotonic()
    mdl = Model(spec, st)
    t1 = time.monotonic()
    verdict = mdl.solve(budget_s - (t1 - t0))
    out: dict[str, Any] = {"verdict": verdict, "build_s": t1 - t0, "solve_s": time.monotonic() - t1}
    if verdict == "feasible":
        out["plan"] = mdl.plan()
    return out
