"""Which first plays of a round keep a dealt venue winnable: one CP-SAT model per round.

Grading asks, for many first plays of the same round, whether the venue is still
winnable after them.  Building a model per play costs more than solving it, so the
round start is modelled once (:class:`solver.beat.model.Model`) and each play is tried
under an assumption: its constraints (those of ``Model.fix``) are enforced only by a
fresh literal that the solve assumes.  A feasible answer is replayed through the
search's stepper, so a model bug can never turn into a wrong "keeps it winnable".
"""

from __future__ import annotations

import time
from typing import Any

from services.beat import venues as V
from solver.beat import search, sim


class RoundModel:
    """The CP-SAT model of one round start, asked about one first play at a time."""

    def __init__(self, spec: sim.Spec, st: sim.State, rot: search.Rotated | None = None):
        from solver.beat import model as M

        self.spec, self.st, self.rot = spec, st, rot
        self.mdl = M.Model(spec, st, rotated=rot)

    def _enforce(self, dec: dict[str, Any], lit: Any) -> None:
        """``Model.fix`` for the first round only, each constraint enforced by ``lit``."""
        mdl, spec, st = self.mdl, self.spec, self.st
        m = mdl.m
        k = len(sim.round_songs(spec, st))
        broken = search.broken_songs(spec, st, dec)
        nxt = search.step(spec, st, dec, check=False)
        for i in range(k):
            chosen = {
                (p["seat"], mdl.seq[p["seat"]].index(p["card"])): p
                for p in dec["plays"]
                if p.get("song", 0) == i
            }
            for s in range(spec.players):
                for pos, xv in mdl._xs[s][i]:
                    m.add(xv == int((s, pos) in chosen)).only_enforce_if(lit)
                    if mdl.tu:
                        tune = chosen.get((s, pos), {}).get("tune", 0)
                        m.add(mdl.tu["up"][s, pos, i] == int(tune > 0)).only_enforce_if(lit)
                        m.add(mdl.tu["dn"][s, pos, i] == int(tune < 0)).only_enforce_if(lit)
            m.add(mdl.solo[i] == int(any(p.get("solo") for p in chosen.values()))).only_enforce_if(
                lit
            )
            if mdl.brk[i] is not None:
                m.add(mdl.brk[i] == int(i in broken)).only_enforce_if(lit)
            m.add(mdl.active[i] == 1).only_enforce_if(lit)
        if k < mdl.H:
            m.add(mdl.sec[k] == 0).only_enforce_if(lit)
        if k > 1:
            m.add(mdl.sec[1] == 1).only_enforce_if(lit)
        m.add(mdl.spass[0] == int(bool(dec.get("solo_pass")))).only_enforce_if(lit)
        m.add(sum(mdl.e[t] for t in range(k)) == nxt.enc - st.enc).only_enforce_if(lit)

    def winnable_after(self, dec: dict[str, Any], deadline: float) -> bool | None:
        """Whether some winning line starts with round ``dec`` (None: out of time)."""
        if time.monotonic() >= deadline:
            return None
        m = self.mdl.m
        lit = m.new_bool_var("")
        self._enforce(dec, lit)
        m.clear_assumptions()
        m.add_assumptions([lit])
        verdict = self.mdl.solve(min(5.0, deadline - time.monotonic()))
        if verdict == "infeasible":
            return False
        if verdict != "feasible":
            return None
        end = search.replay(self.spec, self.st, self.mdl.plan(), self.rot)
        if end.status != "won":  # a model bug must never surface as a wrong answer
            raise AssertionError(f"plan does not win in replay: {end.reason}")
        return True

    def winnable_without(self, feature: str, deadline: float) -> bool | None:
        """Whether some winning line from the round start goes without ``feature``
        (``solo``, ``encore``, ``cue`` or ``face_up``, as :mod:`solver.beat.grade`'s tags
        read them; None: out of time, or a feature this model cannot forbid)."""
        mdl = self.mdl
        if feature == "solo":
            used = list(mdl.solo)
        elif feature == "encore":
            if V.auto_encores(self.spec.venue):
                return None  # the model's Encores include the automatic ones
            used = list(mdl.e)
        elif feature == "cue":
            used = list(mdl.cu.values())
            if mdl.tu:
                used += list(mdl.tu["up"].values()) + list(mdl.tu["dn"].values())
        elif feature == "face_up":
            used = list(mdl.fu.values())
        else:
            raise ValueError(feature)
        if time.monotonic() >= deadline:
            return None
        m = mdl.m
        lit = m.new_bool_var("")
        for u in used:
            m.add(u == 0).only_enforce_if(lit)
        m.clear_assumptions()
        m.add_assumptions([lit])
        verdict = mdl.solve(min(5.0, deadline - time.monotonic()))
        return {"feasible": True, "infeasible": False}.get(verdict)
