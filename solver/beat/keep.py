"""Which first plays of a round keep a dealt venue winnable: one CP-SAT model per round.

Grading asks, for many first plays of the same round, whether the venue is still
winnable after them.  Building a model per play costs more than solving it, so the
round start is modelled once (:class:`solver.beat.model.Model`) and each play is tried
under an assumption: ``Model.fix`` adds its constraints enforced only by a fresh
literal that the solve assumes.  A feasible answer is replayed through the
search's stepper, so a model bug can never turn into a wrong "keeps it winnable".
"""

from __future__ import annotations

import time
from typing import Any

from services.beat import venues as V
from solver.beat import search, sim


class RoundModel:
    """The CP-SAT model of one round start, asked about one first play at a time."""

    def __init__(self, spec: sim.Spec, state: sim.State, rotated: search.Rotated | None = None):
        from solver.beat import model as M

        self.spec, self.st, self.rot = spec, state, rotated
        self.mdl = M.Model(spec, state, rotated=rotated)

    def winnable_after(self, dec: dict[str, Any], deadline: float) -> bool | None:
        """Whether some winning line starts with round ``dec`` (None: out of time)."""
        if time.monotonic() >= deadline:
            return None
        m = self.mdl.sat_model
        lit = m.new_bool_var("")
        self.mdl.fix([dec], enforced_by=lit)
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
            used = list(mdl.rounds.solo_extra)
        elif feature == "encore":
            if V.auto_encores(self.spec.venue):
                return None  # the model's Encores include the automatic ones
            used = list(mdl.encores_taken)
        elif feature == "cue":
            used = list(mdl.breaks.cue.values())
            if mdl.tunes:
                used += list(mdl.tunes.up.values()) + list(mdl.tunes.down.values())
        elif feature == "face_up":
            used = list(mdl.breaks.face_up.values())
        else:
            raise ValueError(feature)
        if time.monotonic() >= deadline:
            return None
        m = mdl.sat_model
        lit = m.new_bool_var("")
        for u in used:
            m.add(u == 0).only_enforce_if(lit)
        m.clear_assumptions()
        m.add_assumptions([lit])
        verdict = mdl.solve(min(5.0, deadline - time.monotonic()))
        return {"feasible": True, "infeasible": False}.get(verdict)
