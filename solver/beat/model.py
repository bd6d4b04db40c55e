"""The CP-SAT model of a dealt venue (perfect information), from a round start.

Variables: ``x[s, p, t]`` -- seat ``s`` plays the ``p``-th card of its remaining
sequence (hand, then draw pile) on song ``t`` (songs in play order: the queue, then
the Encores taken).  A card can be played once, and only once it has been drawn:
the ``p``-th card is in hand when the seat has removed at least ``p - hand + 1``
cards before the round (hands refill to 5).  Each active round every seat holding
a card plays one per song (the Solo player one more once, or -- Scrapyard only --
none once instead), so what a seat has removed is a static count and availability
is static but for boundary cards.  Encores taken (at most the 1s played on a non-FAIL song, at
most the Encore deck) make later songs active, so the number of songs is exact.
Songs after the band's last card are played empty (no ``x``; FAILs unless an event's
bonus reaches the difficulty), except at Event Horizon and Entropy Hall, where a
round with no card at any seat loses, so there the cards bound the songs.

Rock in the Belt plays two songs a round: ``sec[t]`` says song ``t`` is the second
of its round (the next song was already queued when the round started); a seat with
one card left plays it on either song, so a seat's played count is checked at the
end of each round.  Upload Festival stages each seat's highest hand card after the
plays (``z[s, p, t]``, the engine's tie order): two cards leave a seat per round.
Event Horizon puts a song not ON POINT back under the Song deck, uncounted: the
queue is first in, first out, so round ``t`` plays the ``t``-th song ever queued,
whose difficulty is a variable (a recycled song of an earlier round, or the next
Encore); events still advance every round.  Entropy Hall adds an Encore for every
song not FAILed (while the deck lasts) and ends the moment every seat has staged its
1s (``done[t]``): a round is played while the queue holds a song and the venue is not
done, and a win needs the last round played to be done.

A song's result is encoded clause by clause from the event data
(:func:`encode_song`), or, with an ``ignore_card`` event and no tunes, a table whose
every row is the engine's ``rounds.resolve_song``.  Milkyway's tunes under an
``ignore_card`` event stay linear: the ignored card is the extreme printed value
played, then the extreme tune among its copies (per value: one tuned up, untuned,
tuned down), so the model stays small at every player count (per-card tune tables
grew as 3^cards).  Venue rules are encoded by rule id from the
venue data (``targets`` and ``rule`` params); every venue is covered at every
player count.
"""

from __future__ import annotations

import time
from typing import Any

from ortools.sat.python import cp_model

from services.beat import venues as V
from solver.beat import breaks as B
from solver.beat import search, sim
from solver.beat.song_model import F_, L_, O_, encode_song, has_ignore, result_table


class Model:
    """Build once, then :meth:`solve`; ``plan()`` reads a solution back as decisions."""

    def __init__(
        self,
        spec: sim.Spec,
        st: sim.State,
        fixed: list[dict] | None = None,
        passed: bool = False,
        rules: bool = True,
        rotated: tuple[tuple[str, ...], ...] | None = None,
    ):
        v = spec.venue
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
        k = V.songs_per_round(v)
        forced = V.forced_staging(v)
        # cards leaving a seat per round besides the Solo: the play(s) of the round are
        # counted per song, plus the forced staging at Upload Festival
        c = 1 + int(forced)
        # the last round starts while a seat still holds a card; it may take k songs
        recycle = V.recycles(v)
        auto = V.auto_encores(v)  # Entropy Hall: may end before the queue is empty
        nfixed = 1 if auto else nbase  # rounds surely played
        solo_free = (not st.solo_used) and V.solo_extra_card(v)
        pass_free = (not st.solo_used) and V.solo_pass(v)
        # Hc: songs in which a card can still be played (the Solo pass keeps one back)
        Hc = max(-(-(L[s] + int(pass_free and s == solo_seat)) // c) for s in range(n)) + k - 1
        self.empty_ok = not V.out_of_cards_loses(v)
        if recycle:  # Event Horizon: recycled songs come round again
            H = Hc
        elif self.empty_ok:  # songs nobody holds a card for are played empty
            H = nbase + enc_left
        else:  # Entropy Hall: the venue is lost when the cards run out
            H = min(Hc, nbase + enc_left)
        self.Hc = Hc
        self.recycle = recycle
        self.k, self.forced = k, forced
        self.H, self.nbase = H, nbase
        songs: list[Any] = [
            st.queue[t] if t < nbase else spec.encores[st.enc + t - nbase] for t in range(H)
        ]
        if recycle:  # the song of a later round depends on which songs were recycled
            self.dom = sorted(set(st.queue) | set(spec.encores[st.enc :]))
            dom = cp_model.Domain.FromValues(self.dom)
            songs = [
                songs[t] if t < nbase else m.new_int_var_from_domain(dom, "") for t in range(H)
            ]
        eps = V.events_per_song(v)
        ne = len(spec.events)
        events = [
            tuple(spec.events[(st.ev + t * eps + j) % ne] for j in range(eps)) for t in range(H)
        ]
        self.songs, self.events = songs, events
        maxc = n + (1 if solo_free else 0)

        # Song index t is one song; a round plays one song, or two at Rock in the Belt
        # (sec[t]: song t is the second song of the round that starts with song t - 1).
        # Every active round each seat holding a card plays one card per song (the Solo
        # seat one more once, or none once at Scrapyard; at Rock in the Belt a seat with
        # one card left plays it on either song) and, at Upload Festival, stages one
        # more.  So before the round of song t a seat has removed c * (songs before)
        # cards (the Solo seat + extra - pass): card p (p >= hand) is drawn once
        # p - hand + 1 cards have left the hand.  That keeps availability static for
        # every card but the boundary ones (the Solo seat's, a round's second song).
        e = [
            m.new_int_var(0, min(maxc + int(auto), enc_left), "") if enc_left else m.new_constant(0)
            for t in range(H)
        ]
        self.e = e
        x: dict[tuple[int, int, int], cp_model.IntVar] = {}
        z: dict[tuple[int, int, int], cp_model.IntVar] = {}
        # per seat and song: [(p, var)] -- precomputed so no loop scans the dicts
        xs: list[list[list]] = [[[] for _ in range(H)] for _ in range(n)]
        zs: list[list[list]] = [[[] for _ in range(H)] for _ in range(n)]
        for s in range(n):
            slack = 1 if (s == solo_seat and solo_free) else 0
            for p in range(L[s]):
                need = p - hand0[s] + 1
                for t in range(min(H, Hc)):
                    if need <= c * t + slack:
                        xv = x[s, p, t] = m.new_bool_var("")
                        xs[s][t].append((p, xv))
                        if forced:
                            zv = z[s, p, t] = m.new_bool_var("")
                            zs[s][t].append((p, zv))
        self.x, self.z, self._xs = x, z, xs
        active = [m.new_constant(1) if t < nfixed else m.new_bool_var("") for t in range(H)]
        self.active = active
        solo = [m.new_bool_var("") if solo_free else m.new_constant(0) for t in range(H)]
        spass = [m.new_bool_var("") if pass_free else m.new_constant(0) for t in range(H)]
        self.solo, self.spass = solo, spass
        if solo_free or pass_free:  # one Solo a venue: an extra card or (Scrapyard) a pass
            m.add(sum(solo) + sum(spass) <= 1)
        for t in range(H):
            if solo_free:
                m.add_implication(solo[t], active[t])
            if pass_free:
                m.add_implication(spass[t], active[t])
        for t in range(nfixed, H):
            if t > 0:
                m.add_implication(active[t], active[t - 1])
        for s in range(n):
            uses: dict[int, list] = {}
            for t in range(H):
                for p, xv in xs[s][t] + zs[s][t]:
                    uses.setdefault(p, []).append(xv)
            for vs in uses.values():
                if len(vs) > 1:
                    m.add_at_most_one(vs)
        # shift[t]: the Solo seat's extra cards minus passes up to and including song t
        shift = []
        acc: Any = 0
        for t in range(H):
            acc = acc + solo[t] - spass[t]
            shift.append(acc)
        self._shift = shift
        self._solo_any = solo_free or pass_free
        if k > 1:
            has = self._medley_seats(n, L, H, hand0, xs, solo, shift, solo_free)
        else:
            self.sec = [m.new_constant(0) for t in range(H)]
            self.first = active
            has = self._single_seats(n, L, H, hand0, xs, solo, spass, shift, c)
            if forced:
                self._staging(n, L, H, hand0, xs, zs, shift, c, rules and not fixed)
        # No symmetry breaking between equal cards of a seat ("the earlier-drawn copy is
        # played first"): the extra constraints make CP-SAT slower on these models, at
        # every seat count and most of all on the hardest cells.  Upload Festival keeps
        # its own ordering (see _staging), which pays.
        if not self.empty_ok:  # a round with no card at any seat loses the venue
            for t in range(H):
                m.add_bool_or([has[s][t] for s in range(n)]).only_enforce_if(self.first[t])

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
        brk = self.brk = self._breaks(n, L, H, xs, zs, rotated)
        for fp in fixed or []:
            # a committed break the model offers no variable for (Burning Star, a Cue at
            # Milkyway) still FAILs its song
            song = fp.get("song", 0)
            keys = [((fp["seat"], song), self.fu)] if fp.get("face_up") else []
            keys += [((fp["seat"], fp["cue"], song), self.cu)] if fp.get("cue") else []
            if any(key not in where for key, where in keys):
                if brk[song] is None:
                    brk[song] = m.new_constant(1)
                else:
                    m.add(brk[song] == 1)
        for t in range(H):
            d, evs = songs[t], events[t]
            # a song broken on purpose is a FAIL whatever was played
            rt = res[t] if brk[t] is None else m.new_int_var(0, 2, "")
            if has_ignore(evs) and ud[t] is None:  # Milkyway's tunes: encoded below
                self._table(t, cvars[t], rt, d, evs, maxc, prev_loud)
            else:
                encode_song(m, v, cvars[t], ud[t], d, evs, prev_loud, rt)
            if brk[t] is not None:
                m.add(res[t] == F_).only_enforce_if(brk[t])
                m.add(res[t] == rt).only_enforce_if(brk[t].Not())
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

        # Encores (per song; a round takes the sum of its songs')
        for t in range(H):
            ones = sum(by_value[t][0])
            if enc_left:
                et = e[t]
                m.add(et == 0).only_enforce_if(Fb[t])
                m.add(et == 0).only_enforce_if(active[t].Not())
                if not auto:
                    m.add(et <= ones)
                    continue
                # Entropy Hall: a song not FAILed adds one by itself while the deck lasts
                m.add(et <= ones + Ob[t] + Lb[t])
                left = enc_left - sum(e[:t])
                m.add(et >= Ob[t] + Lb[t]).only_enforce_if(self._reify(left >= 1, left <= 0))
        E = sum(e)
        # queued[t]: songs queued before round t's own additions (a round is active
        # while the queue holds its song); Event Horizon adds recycled songs too
        queued = self._recycle(H, nbase, songs, Ob, e) if recycle else None
        if enc_left:
            m.add(enc_left >= E)
        if auto:
            queued = [nbase + sum(e[:t]) for t in range(H + 1)]
            self._entropy(n, H, L, queued, rules)
        elif enc_left or recycle:
            if queued is None:
                queued = [nbase + sum(e[:t]) for t in range(H + 1)]
            if rules:  # a won venue plays every queued song (a losing test plan may not)
                m.add(queued[H] <= H)
            for t in range(nbase, H):
                m.add(queued[t] >= t + 1).only_enforce_if(active[t])
                m.add(queued[t] <= t).only_enforce_if(active[t].Not())
        if rules:  # off only when a test reads the bare song results back
            self._rules(v, st, H, nbase, E, Fb, Ob, Lb, active, solo, spass, songs, L)
        # plays already committed this round (hints): fixed in round 0; the plan reads
        # back which of them the seat committed as its Solo
        self.committed = {(fp["seat"], fp["card"]): bool(fp.get("solo")) for fp in fixed or []}
        self.committed_flags = {
            (fp["seat"], fp["card"]): {k: fp[k] for k in ("face_up", "cue") if fp.get(k)}
            for fp in fixed or []
        }
        for fp in fixed or []:
            s, p = fp["seat"], self.seq[fp["seat"]].index(fp["card"])
            song = fp.get("song", 0)
            m.add(x[s, p, song] == 1)
            if song:
                m.add(self.sec[song] == 1)
            if fp.get("solo"):
                m.add(solo[song] == 1)
            # committed flags that break the song, and those the seat may no longer add
            # (search.committed_flags)
            may = fp.get("may", (B.FACE_UP, B.CUE))
            if fp.get("face_up") and (s, song) in self.fu:
                m.add(self.fu[s, song] == 1)
            elif B.FACE_UP not in may and (s, song) in self.fu:
                m.add(self.fu[s, song] == 0)
            if fp.get("cue") and (s, fp["cue"], song) in self.cu:
                m.add(self.cu[s, fp["cue"], song] == 1)
            elif B.CUE not in may:
                for (ss, _, tt), u in self.cu.items():
                    if ss == s and tt == song:
                        m.add(u == 0)
            tune = fp.get("tune", 0)
            if self.tu and (tune or search.TUNE not in may):
                m.add(self.tu["up"][s, p, song] == int(tune > 0))
                m.add(self.tu["dn"][s, p, song] == int(tune < 0))
        # a ready seat plays exactly its committed cards this round (no Solo card added)
        ready = {fp["seat"] for fp in fixed or [] if fp.get("ready")}
        mine = {(fp["seat"], self.seq[fp["seat"]].index(fp["card"])) for fp in fixed or []}
        for s in ready:
            for t in range(min(H, len(sim.round_songs(spec, st)))):
                for p, xv in xs[s][t]:
                    if (s, p) not in mine:
                        m.add(xv == 0)
        if passed:
            m.add(spass[0] == 1)

    def _breaks(self, n, L, H, xs, zs, rotated) -> list:
        """Songs broken on purpose: ``brk[t]`` iff some seat plays a card Face Up
        (``fu[s, t]``) or Cues one (``cu[s, cue card, t]``) on a song whose events
        that breaks; who may, as :mod:`solver.beat.breaks` reads the engine's rules.

        Face Up: a card the venue allows Face Up is played on t (Rusty Airlock: every
        value the Stage Area lacked at the start was played in an earlier round).  Cue:
        an unused Cue card in the Stage Area before the round of t (staged at the
        start, or played -- or, at Upload Festival, staged -- in an earlier round; at
        Rock in the Belt song t - 1 is an earlier round unless t is its second song),
        and a card of another value played on t; each Cue card is used once, one Cue a
        seat and song is enough.
        """
        m, spec, st, v, seq = self.m, self.spec, self.st, self.spec.venue, self.seq
        self.fu: dict[tuple[int, int], Any] = {}
        self.cu: dict[tuple[int, str, int], Any] = {}
        out: list[Any] = [None] * H
        if not B.offered(v):
            return out
        full = B.face_up_needs_full_stage(v)
        used = [set(rotated[s]) if rotated else set() for s in range(n)]
        # per seat: (Cue card, its position in the remaining sequence or None if staged)
        cues = [
            [(c, None) for c in st.stages[s] if sim.CUE[c] and c not in used[s]]
            + [(seq[s][p], p) for p in range(L[s]) if sim.CUE[seq[s][p]]]
            for s in range(n)
        ]
        uses: dict[tuple[int, str], list] = {}
        for t in range(min(H, self.Hc)):
            fl = B.song_flags(v, self.events[t])
            lits = []
            if B.FACE_UP in fl:
                for s in range(n):
                    solo_seat = s == spec.solo
                    cap = [
                        xv
                        for p, xv in xs[s][t]
                        if B.face_up_ok(v, seq[s][p], [1, 2, 3, 4, 5], solo_seat)
                    ]
                    if not cap:
                        continue
                    f = m.new_bool_var("")
                    m.add(sum(cap) >= 1).only_enforce_if(f)
                    if full:
                        staged = {sim.VALUE[c] for c in st.stages[s]}
                        for val in set(range(1, 6)) - staged:
                            before = [
                                xv
                                for tt in range(t)
                                for p, xv in xs[s][tt]
                                if sim.VALUE[seq[s][p]] == val
                            ]
                            m.add(sum(before) >= 1).only_enforce_if(f)
                    self.fu[s, t] = f
                    lits.append(f)
            if B.CUE in fl:
                for s in range(n):
                    mine = []
                    for cc, pos in cues[s]:
                        other = [xv for p, xv in xs[s][t] if sim.VALUE[seq[s][p]] != sim.VALUE[cc]]
                        if not other:
                            continue
                        u = m.new_bool_var("")
                        m.add(sum(other) >= 1).only_enforce_if(u)
                        if pos is not None:
                            m.add(sum(self._staged_before(s, pos, t, xs, zs)) >= 1).only_enforce_if(
                                u
                            )
                        self.cu[s, cc, t] = u
                        uses.setdefault((s, cc), []).append(u)
                        mine.append(u)
                    if len(mine) > 1:
                        m.add_at_most_one(mine)
                    lits += mine
            if lits:
                b = out[t] = m.new_bool_var("")
                m.add(sum(lits) >= 1).only_enforce_if(b)
                for lit in lits:
                    m.add_implication(lit, b)
        for us in uses.values():
            if len(us) > 1:
                m.add_at_most_one(us)
        return out

    def _staged_before(self, s, pos, t, xs, zs) -> list:
        """Literals of card ``pos`` of seat ``s`` being staged before the round of song t."""
        m = self.m
        if self.k == 1:
            return [xv for tt in range(t) for p, xv in xs[s][tt] + zs[s][tt] if p == pos]
        lits = [xv for tt in range(t - 1) for p, xv in xs[s][tt] if p == pos]
        if t >= 1:  # song t - 1 is an earlier round unless t is the second song of its round
            for p, xv in xs[s][t - 1]:
                if p == pos:
                    w = m.new_bool_var("")
                    m.add_implication(w, xv)
                    m.add_implication(w, self.sec[t].Not())
                    lits.append(w)
        return lits

    def _reify(self, ge: Any, lt: Any) -> Any:
        """A Boolean b with b => ``ge`` and not b => ``lt`` (two linear constraints)."""
        b = self.m.new_bool_var("")
        self.m.add(ge).only_enforce_if(b)
        self.m.add(lt).only_enforce_if(b.Not())
        return b

    def _and(self, lits: list) -> Any:
        b = self.m.new_bool_var("")
        self.m.add_bool_and(lits).only_enforce_if(b)
        self.m.add_bool_or([a.Not() for a in lits]).only_enforce_if(b.Not())
        return b

    def _entropy(self, n, H, L, queued, rules) -> None:
        """Entropy Hall: won the moment every seat has its 1s staged, lost on an empty queue.

        ``done[t]``: after round t every seat has staged (at the start, or played since)
        as many 1s as ``venues.entropy_won`` asks -- the count is read from that helper.
        The next round is played while the queue holds a song and the venue is not
        done; a win needs the last round played to be done.
        """
        m, v, active = self.m, self.spec.venue, self.active
        need = next(k for k in range(17) if V.entropy_won(v, {"stages": [[1] * k]}))
        xs = self._xs
        done = []
        have: list[Any] = [sum(1 for c in self.st.stages[s] if sim.VALUE[c] == 1) for s in range(n)]
        for t in range(H):
            oks = []
            for s in range(n):
                have[s] = have[s] + sum(xv for p, xv in xs[s][t] if sim.VALUE[self.seq[s][p]] == 1)
                oks.append(self._reify(have[s] >= need, have[s] <= need - 1))
            done.append(self._and(oks))
        self.done = done
        for t in range(1, H):
            more = self._reify(queued[t] >= t + 1, queued[t] <= t)
            m.add(active[t] == self._and([active[t - 1], more, done[t - 1].Not()]))
        if rules:
            for t in range(H):
                nxt = active[t + 1] if t + 1 < H else m.new_constant(0)
                m.add_bool_or([done[t], nxt]).only_enforce_if(active[t])

    def _recycle(self, H, nbase, songs, Ob, e) -> list:
        """Event Horizon: a song not ON POINT goes under the Song deck, uncounted.

        The queue is first in, first out: round t plays the t-th song ever queued.
        Round i queues its own song again when it is not ON POINT, then the Encores it
        takes, so its recycled song lands at position ``queued[i]``; a later position
        that no recycled song lands on is the next Encore in the Encore deck's order.
        Returns ``queued`` (songs queued before each round's additions, and at the end).
        """
        m, active, spec, st = self.m, self.active, self.spec, self.st
        rec = [self._and([active[i], Ob[i].Not()]) for i in range(H)]
        queued: list[Any] = [nbase]
        for t in range(H):
            queued.append(queued[-1] + rec[t] + e[t])
        lands: dict[int, list] = {t: [] for t in range(nbase, H)}
        for i in range(H):
            for t in range(max(i + 1, nbase), H):
                at = self._reify(queued[i] == t, queued[i] != t)
                b = self._and([rec[i], at])
                m.add(songs[t] == songs[i]).only_enforce_if(b)
                lands[t].append(b)
        # positions before t taken by recycled songs; the rest are Encores in order
        encs = list(spec.encores[st.enc :])
        pad = encs + [self.dom[0]] * (H + 1 - len(encs))
        taken: Any = 0
        for t in range(nbase, H):
            is_rec = m.new_bool_var("")
            m.add(is_rec == sum(lands[t]))
            j = m.new_int_var(0, H, "")
            m.add(j == t - nbase - taken)
            d = m.new_int_var_from_domain(cp_model.Domain.FromValues(self.dom), "")
            m.add_element(j, pad, d)
            m.add(songs[t] == d).only_enforce_if(is_rec.Not())
            taken = taken + is_rec
        return queued

    def _single_seats(self, n, L, H, hand0, xs, solo, spass, shift, c) -> list[list]:
        """One song a round: each seat holding a card plays one (Solo +1, pass -1)."""
        m, spec, active = self.m, self.spec, self.active
        has: list[list] = []
        for s in range(n):
            special = s == spec.solo and self._solo_any
            row = []
            for t in range(H):
                y = [xv for _, xv in xs[s][t]]
                if not special:
                    if c * t <= L[s] - 1:
                        m.add(sum(y) == active[t])
                        row.append(m.new_constant(1))
                    else:
                        for xv in y:
                            m.add(xv == 0)
                        row.append(m.new_constant(0))
                    continue
                before = shift[t - 1] if t else 0  # extra plays before round t
                h = self._reify(c * t + before <= L[s] - 1, c * t + before >= L[s])
                main = self._and([h, active[t]])
                m.add(sum(y) == main + solo[t] - spass[t])
                if c * t > L[s] - 2:  # the Solo needs a second card in hand
                    m.add(solo[t] == 0)
                for p, xv in xs[s][t]:
                    need = p - hand0[s] + 1
                    if p >= hand0[s] and need > c * t - 1:
                        m.add(c * t + before >= need).only_enforce_if(xv)
                row.append(h)
            has.append(row)
        return has

    def _staging(self, n, L, H, hand0, xs, zs, shift, c, sym) -> None:
        """Upload Festival: after the plays each seat stages the highest card left in hand.

        ``z[s, p, t]``: card p is staged in round t.  A seat stages when a card is left
        after its play(s) (static but for the Solo seat); the staged card is the highest
        by the engine's tie order (``sim.step``): every higher card drawn by then is gone
        (played now or removed before) -- a chain over the seat's cards, highest first.
        """
        m, spec, active = self.m, self.spec, self.active
        for s in range(n):
            special = s == spec.solo and self._solo_any
            seq = self.seq[s]
            order = sorted(range(L[s]), key=lambda p: (sim.VALUE[seq[p]], seq[p]), reverse=True)
            xat = [dict(xs[s][t]) for t in range(H)]
            zat = [dict(zs[s][t]) for t in range(H)]
            removed: dict[int, Any] = {}  # card p removed (played or staged) before round t
            # Copies of one value are interchangeable for the outcome (the hand's values
            # evolve the same whichever copy is played), so only the lowest one in hand
            # is played -- staging still takes the highest, as the engine does.
            pairs = [
                (p, q)
                for p in range(L[s])
                for q in range(L[s])
                if sim.VALUE[seq[p]] == sim.VALUE[seq[q]] and seq[p] < seq[q]
            ]
            slack = 1 if special else 0
            for t in range(min(H, self.Hc)):  # later songs are played empty: no staging
                zt = list(zat[t].values())
                before = shift[t - 1] if (special and t) else 0
                if not special:
                    if c * t <= L[s] - 2:
                        m.add(sum(zt) == active[t])
                    else:
                        for zv in zt:
                            m.add(zv == 0)
                else:
                    g = self._reify(c * t + shift[t] <= L[s] - 2, c * t + shift[t] >= L[s] - 1)
                    m.add(sum(zt) == self._and([g, active[t]]))
                    for p, zv in zat[t].items():
                        need = p - hand0[s] + 1
                        if p >= hand0[s] and need > c * t - 1:
                            m.add(c * t + before >= need).only_enforce_if(zv)
                if sym:  # a played copy is the lowest (by the tie order) of its value in hand
                    for p, q in pairs:
                        xq = xat[t].get(q)
                        need = p - hand0[s] + 1
                        if xq is None or need > c * t + slack:
                            continue  # q not playable, or p not drawn yet
                        out = [removed.get(p, m.new_constant(0)), xat[t].get(p, m.new_constant(0))]
                        if need > c * t:
                            out.append(
                                self._reify(c * t + before <= need - 1, c * t + before >= need)
                            )
                        m.add_bool_or(out).only_enforce_if(xq)
                prev_all = None  # every drawn card above this one is gone after the plays
                for q in order:
                    need = q - hand0[s] + 1
                    if need > c * t + slack:
                        continue  # not drawn yet
                    gone = m.new_bool_var("")
                    m.add(gone == removed.get(q, 0) + xat[t].get(q, 0))
                    zq = zat[t].get(q)
                    if zq is not None and prev_all is not None:
                        m.add_implication(zq, prev_all)
                    a = m.new_bool_var("")
                    if prev_all is not None:
                        m.add_implication(a, prev_all)
                    if need <= c * t:
                        m.add_implication(a, gone)
                    else:
                        drawn = self._reify(c * t + before >= need, c * t + before <= need - 1)
                        m.add_bool_or([gone, drawn.Not()]).only_enforce_if(a)
                    prev_all = a
                    r = m.new_bool_var("")
                    m.add(r == gone + (zq if zq is not None else 0))
                    removed[q] = r

    def _medley_seats(self, n, L, H, hand0, xs, solo, shift, solo_free) -> list[list]:
        """Rock in the Belt: a round plays two songs while the queue holds two.

        A round starting at song t takes song t + 1 too when that song is already in
        the queue (scheduled, or an Encore taken in an earlier round).  A seat plays one
        card on each song of a round while it holds two (one on either song when it
        holds one); the Solo's extra card goes to either song.  So after a round ending
        with song t a seat has played min(cards, t + 1) regular cards (the Solo seat
        min(cards - solo, t + 1)): a cumulative count per seat, checked at round ends.
        """
        m, spec, active, e, nbase = self.m, self.spec, self.active, self.e, self.nbase
        sec: list = [m.new_constant(0)]
        first: list = [active[0]]
        for t in range(1, H):
            if t < nbase:
                b = first[t - 1]
            else:  # song t must be in the queue when the round starts at song t - 1
                queued = nbase + sum(e[: t - 1])
                av = self._reify(queued >= t + 1, queued <= t)
                b = self._and([first[t - 1], av])
            sec.append(b)
            first.append(self._and([active[t], b.Not()]))
        self.sec, self.first = sec, first
        end = [self._and([active[t], sec[t + 1].Not()]) for t in range(H - 1)] + [active[H - 1]]
        has: list[list] = []
        for s in range(n):
            is_solo = s == spec.solo and solo_free
            Ls = L[s]
            row = []
            played: Any = 0
            for t in range(H):
                y = sum(xv for _, xv in xs[s][t])
                reg = y - solo[t] if is_solo else y
                if is_solo:
                    m.add(reg >= 0)
                m.add(reg <= active[t])
                pt = m.new_int_var(0, Ls, "")
                m.add(pt == played + reg)
                played = pt
                if not is_solo:
                    m.add(pt == min(Ls, t + 1)).only_enforce_if(end[t])
                    row.append(m.new_constant(int(t <= Ls - 1)))
                else:
                    used = self._reify(shift[t] >= 1, shift[t] <= 0)
                    m.add(pt == min(Ls - 1, t + 1)).only_enforce_if([end[t], used])
                    m.add(pt == min(Ls, t + 1)).only_enforce_if([end[t], used.Not()])
                    before = shift[t - 1] if t else 0
                    row.append(self._reify(t + before <= Ls - 1, t + before >= Ls))
                    # the Solo needs a card beyond the round's regular plays
                    if t > Ls - 2:
                        m.add(solo[t] == 0)
                    elif t == Ls - 2 and t + 1 < H:
                        m.add_implication(solo[t], sec[t + 1].Not())
                # card p is drawn once (songs before the round) + Solo >= p - hand + 1
                for p, xv in xs[s][t]:
                    need = p - hand0[s] + 1
                    if p < hand0[s] or need <= t - 1:
                        continue
                    if not is_solo or need == t and t < 2:
                        m.add_implication(xv, sec[t].Not())
                    elif need == t:
                        m.add(shift[t - 2] >= 1).only_enforce_if([xv, sec[t]])
                    elif t == 0:
                        m.add(xv == 0)
                    else:
                        m.add_implication(xv, sec[t].Not())
                        m.add(shift[t - 1] >= 1).only_enforce_if(xv)
            has.append(row)
        return has

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

    def _table(self, t, cv, rc, d, evs, maxc, prev_loud) -> None:
        """Rounds with an ignore_card event: the engine's result for every count vector."""
        m, vid = self.m, self.spec.venue.id
        if not isinstance(d, int):  # Event Horizon: the difficulty is a variable too
            if self.spec.venue.rule_id == "no_loud_twice":
                raise ValueError("a variable difficulty has no table with a previous result")
            rows = [(dv, *r) for dv in self.dom for r in result_table(vid, dv, evs, maxc, None)]
            m.add_allowed_assignments([d, *cv, rc], rows)
            return
        if self.spec.venue.rule_id == "no_loud_twice":
            rows = [(*r[:5], 1, r[5]) for r in result_table(vid, d, evs, maxc, V.LOUD)]
            rows += [(*r[:5], 0, r[5]) for r in result_table(vid, d, evs, maxc, None)]
            m.add_allowed_assignments([*cv, prev_loud, rc], rows)
        else:
            m.add_allowed_assignments([*cv, rc], result_table(vid, d, evs, maxc, None))

    def _rules(self, v, st, H, nbase, E, Fb, Ob, Lb, active, solo, spass, songs, L):
        m = self.m
        rid = v.rule_id
        c0 = dict.fromkeys(V.RESULTS, 0)
        for _, r in st.results:
            c0[r] += 1
        counted = 0 if V.recycles(v) else 1  # Event Horizon counts ON POINT songs only
        tot = {
            V.FAIL: c0[V.FAIL] + counted * sum(Fb),
            V.ON_POINT: c0[V.ON_POINT] + sum(Ob),
            V.LOUD: c0[V.LOUD] + counted * sum(Lb),
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
        # relaxation cost more than they prune, on feasible and infeasible deals alike.
        solver.parameters.cp_model_probing_level = 0
        solver.parameters.cp_model_presolve = False
        solver.parameters.linearization_level = 0
        # No inprocessing, no phase saving, no symmetry detection either: each costs
        # these models more than it saves, in the median and the mean alike.
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

    def _rounds(self, value) -> list[list[int]]:
        """The song indices of each round, read through ``value`` (a solution or a plan)."""
        out, t = [], 0
        while t < self.H and value(self.active[t]):
            songs = [t] + ([t + 1] if t + 1 < self.H and value(self.sec[t + 1]) else [])
            out.append(songs)
            t += len(songs)
        return out

    def _flag_solo(self, plays: list[dict[str, Any]], first_round: bool) -> None:
        """Mark one of the Solo seat's cards on a song as its Solo card.

        The model knows which cards the seat plays, not which one is the extra; any
        will do, except in the first round, where the plan must agree with what the
        seat already committed (the card committed as its Solo, never one committed
        as an ordinary play), or a hint built on it would take that play back.
        """
        rank = {True: 0, None: 1, False: 2}  # committed as Solo, free, committed plain
        pick = plays[-1]
        if first_round:
            pick = min(
                reversed(plays),
                key=lambda q: rank[self.committed.get((q["seat"], q["card"]))],
            )
        pick["solo"] = True

    def _flag_break(self, t: int, mine: list[dict[str, Any]]) -> None:
        """Flag the one play that breaks song t: Face Up if the model chose it, else the Cue."""
        sv, v = self.solver, self.spec.venue
        for (s, tt), f in self.fu.items():
            if tt == t and sv.Value(f):
                for q in mine:
                    if q["seat"] == s and B.face_up_ok(
                        v, q["card"], [1, 2, 3, 4, 5], s == self.spec.solo
                    ):
                        q["face_up"] = True
                        return
        for (s, cc, tt), u in self.cu.items():
            if tt == t and sv.Value(u):
                for q in mine:
                    if q["seat"] == s and B.cue_cards_for(q["card"], [cc]):
                        q["cue"] = cc
                        return
        raise AssertionError("a broken song with no play to flag")

    def plan(self) -> list[dict[str, Any]]:
        sv = self.solver
        out = []
        tune = V.tuning(self.spec.venue)
        for songs in self._rounds(sv.Value):
            plays = []
            encores = 0
            for i, t in enumerate(songs):
                mine = []
                for s in range(self.spec.players):
                    for p, xv in self._xs[s][t]:
                        if sv.Value(xv):
                            d: dict[str, Any] = {"seat": s, "card": self.seq[s][p], "song": i}
                            if self.tu and sv.Value(self.tu["up"][s, p, t]):
                                d["tune"] = tune
                            if self.tu and sv.Value(self.tu["dn"][s, p, t]):
                                d["tune"] = -tune
                            mine.append(d)
                if sv.Value(self.solo[t]):
                    self._flag_solo([q for q in mine if q["seat"] == self.spec.solo], not out)
                if not out:  # round 0: the flags the seats already committed
                    for q in mine:
                        q.update(self.committed_flags.get((q["seat"], q["card"]), {}))
                if (
                    self.brk[t] is not None
                    and sv.Value(self.brk[t])
                    and not any(q.get("face_up") or q.get("cue") for q in mine)
                ):
                    self._flag_break(t, mine)
                plays.extend(mine)
                encores += int(sv.Value(self.e[t]))
            dec: dict[str, Any] = {"plays": plays, "encores": encores}
            if sv.Value(self.spass[songs[0]]):
                dec["solo_pass"] = True
            out.append(dec)
        return out

    def fix(self, plan: list[dict[str, Any]]) -> list[int]:
        """Constrain the model to play ``plan`` (tests: read the song results back).

        The plan is stepped through ``sim`` (``search.step``: with its breaks) to learn
        each round's songs and the Encores it really takes; returns the song indices the plan plays.
        """
        m, spec, st = self.m, self.spec, self.st
        t, played = 0, []
        for dec in plan:
            if st.status != "running":
                break
            k = len(sim.round_songs(spec, st))
            broken = search.broken_songs(spec, st, dec)
            nxt = search.step(spec, st, dec)
            songs = list(range(t, t + k))
            for i, tt in enumerate(songs):
                chosen = {
                    (p["seat"], self.seq[p["seat"]].index(p["card"])): p
                    for p in dec["plays"]
                    if p.get("song", 0) == i
                }
                for s in range(spec.players):
                    for pos, xv in self._xs[s][tt]:
                        m.add(xv == int((s, pos) in chosen))
                        if self.tu:
                            tune = chosen.get((s, pos), {}).get("tune", 0)
                            m.add(self.tu["up"][s, pos, tt] == int(tune > 0))
                            m.add(self.tu["dn"][s, pos, tt] == int(tune < 0))
                m.add(self.solo[tt] == int(any(p.get("solo") for p in chosen.values())))
                if self.brk[tt] is not None:
                    m.add(self.brk[tt] == int(i in broken))
                m.add(self.active[tt] == 1)
            if t + k < self.H:
                m.add(self.sec[t + k] == 0)
            if k > 1:
                m.add(self.sec[t + 1] == 1)
            m.add(self.spass[t] == int(bool(dec.get("solo_pass"))))
            m.add(sum(self.e[tt] for tt in songs) == nxt.enc - st.enc)
            played += songs
            t += k
            st = nxt
        return played

    def results(self, songs: list[int]) -> list[str]:
        """The solved result of each song index (after :meth:`solve`)."""
        names = {F_: V.FAIL, O_: V.ON_POINT, L_: V.LOUD}
        return [names[self.solver.Value(self.res[t])] for t in songs]


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
