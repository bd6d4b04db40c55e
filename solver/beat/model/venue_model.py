"""The CP-SAT model of a dealt venue, built from its parts in a fixed order.

Variables are created in the same order on every build (CP-SAT's search depends on
it), so the parts are called in sequence here rather than each on its own.
"""

from __future__ import annotations

import time
from typing import Any

from ortools.sat.python import cp_model

from services.beat import venues
from solver.beat import search, sim
from solver.beat.model import (
    cards,
    committed,
    encores,
    milkyway,
    plan_readback,
    rock_in_the_belt,
    rounds,
    setlist,
    song_breaks,
    song_results,
    upload_festival,
    venue_goals,
)
from solver.beat.model.layout import layout_of


class Model:
    """Build once, then :meth:`solve`; :meth:`plan` reads a solution back as decisions.

    ``committed_plays``: plays already committed this round (fixed in round 0);
    ``solo_passed``: the Solo seat passed this round (Scrapyard); ``goals``: off only
    when a test reads the bare song results back; ``rotated``: Cue cards each seat
    has used up.
    """

    def __init__(
        self,
        spec: sim.Spec,
        state: sim.State,
        committed_plays: list[dict] | None = None,
        solo_passed: bool = False,
        goals: bool = True,
        rotated: search.Rotated | None = None,
    ):
        self.spec, self.state = spec, state
        model = self.sat_model = cp_model.CpModel()
        commits = committed_plays or []
        layout = self.layout = layout_of(spec, state)
        self.difficulties, self.possible_difficulties = setlist.song_difficulties(
            model, layout, spec, state
        )
        self.encores_taken = encores.encore_variables(model, layout)
        self.cards = cards.card_variables(model, layout)
        self.rounds = rounds.round_variables(model, layout)
        cards.use_each_card_once(model, layout, self.cards)
        rounds.add_solo_shift(self.rounds)
        plays_at = self.cards.plays_by_seat_and_song
        if layout.songs_per_round > 1:
            holds_card = rock_in_the_belt.two_song_rounds(
                model, layout, plays_at, self.rounds, self.encores_taken
            )
        else:
            self.rounds.second_song = [model.new_constant(0) for _ in range(layout.song_count)]
            self.rounds.opens_round = self.rounds.active
            holds_card = rounds.one_song_rounds(model, layout, plays_at, self.rounds)
            if layout.forced_staging:
                upload_festival.forced_staging(
                    model, layout, self.cards, self.rounds, goals and not commits
                )
        # No symmetry breaking between equal cards of a seat ("the earlier-drawn copy is
        # played first"): the extra constraints make CP-SAT slower on these models, at
        # every seat count and most of all on the hardest cells.  Upload Festival keeps
        # its own ordering (upload_festival), which pays.
        if not layout.empty_songs_allowed:  # a round with no card at any seat loses
            for song in range(layout.song_count):
                model.add_bool_or(
                    [holds_card[seat][song] for seat in range(layout.seats)]
                ).only_enforce_if(self.rounds.opens_round[song])
        plays_by_value, counts = song_results.value_counts(model, layout, self.cards)
        result = song_results.result_variables(model, layout)
        self.tunes = (
            milkyway.tunes(model, layout, state, self.cards) if venues.tuning(spec.venue) else None
        )
        tuned = self.tunes.by_value if self.tunes else [None] * layout.song_count
        previous_loud = song_results.loud_before(model, state)
        self.breaks = song_breaks.song_breaks(
            model, layout, spec, state, self.cards, self.rounds, rotated
        )
        committed.committed_breaks(model, self.breaks, commits)
        song_results.encode_results(
            model,
            layout,
            spec.venue,
            self.difficulties,
            self.possible_difficulties,
            counts,
            tuned,
            self.breaks.broken,
            result,
            previous_loud,
        )
        failed, on_point, loud = song_results.result_flags(model, result, self.rounds.active)
        self.results = song_results.SongResults(
            plays_by_value, counts, result, failed, on_point, loud
        )
        encores.encore_limits(model, layout, self.encores_taken, self.rounds.active, self.results)
        self.done = encores.songs_played(
            model,
            layout,
            spec,
            state,
            self.cards,
            self.difficulties,
            self.possible_difficulties,
            self.encores_taken,
            self.rounds.active,
            self.results,
            goals,
        )
        if goals:
            venue_goals.venue_goals(
                model,
                layout,
                spec,
                state,
                self.cards,
                self.rounds,
                self.results,
                self.difficulties,
                self.encores_taken,
            )
        # the plan reads back which committed card the seat committed as its Solo
        self.committed_solo = committed.committed_solo(commits)
        self.committed_flags = committed.committed_flags(commits)
        committed.committed_plays(
            model,
            layout,
            spec,
            state,
            self.cards,
            self.rounds,
            self.breaks,
            self.tunes,
            commits,
            solo_passed,
        )

    def solve(self, budget_s: float) -> str:
        """``feasible``, ``infeasible`` or ``unknown`` (out of budget)."""
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
        status = solver.solve(self.sat_model)
        self.solver = solver
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return "feasible"
        if status == cp_model.INFEASIBLE:
            return "infeasible"
        return "unknown"

    def plan(self) -> list[dict[str, Any]]:
        """The solution as the band's decisions, round by round (after :meth:`solve`)."""
        return plan_readback.read_plan(self, self.solver)

    def fix(self, plan: list[dict[str, Any]], enforced_by: Any | None = None) -> list[int]:
        """Constrain the model to play ``plan`` (only while ``enforced_by`` holds, when
        given); returns the song indices it plays."""
        return plan_readback.fix_plan(self, plan, enforced_by)

    def results_of(self, songs: list[int]) -> list[str]:
        """The solved result of each song index (after :meth:`solve`)."""
        return plan_readback.results_of(self.solver, self.results.result, songs)


def solve(spec: sim.Spec, state: sim.State, budget_s: float) -> dict[str, Any]:
    """CP-SAT verdict for a round-start state, with a plan checked by replay."""
    started = time.monotonic()
    built = Model(spec, state)
    built_at = time.monotonic()
    verdict = built.solve(budget_s - (built_at - started))
    out: dict[str, Any] = {
        "verdict": verdict,
        "build_s": built_at - started,
        "solve_s": time.monotonic() - built_at,
    }
    if verdict == "feasible":
        out["plan"] = built.plan()
    return out
