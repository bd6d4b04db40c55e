"""/v1/solver/{problem}: solver problems queued as jobs after a synchronous validation."""

from __future__ import annotations

from flask.views import MethodView
from rq.job import Job

from api.backend import backend
from api.blueprint import Blueprint
from api.errors import ApiError, error_responses
from api.games.schemas import JobAcceptedSchema
from api.jobs.queueing import accepted, clamp_budget, enqueue
from api.jobs.schemas import SolverRequestSchema
from solver.registry import PROBLEMS, resolve
from solver.registry import Problem as ProblemSpec

blp = Blueprint("solver", __name__, url_prefix="/v1/solver", description="Solver problems")


def queue_problem(problem: str, spec: ProblemSpec, payload: dict, budget: float) -> Job:
    """Queue ``problem``'s solve of ``payload`` on a worker, within its budget."""
    be = backend()
    return enqueue(
        be.queue,
        "workers.jobs.run_problem",
        (problem, payload, budget),
        budget,
        kind=f"solver:{problem}",
        max_timeout_s=max(be.settings.job_timeout_s, int(spec.max_budget_s)),
        result_ttl_s=be.settings.job_result_ttl_s,
        # where a result that carries an archive entry is stored (workers.jobs)
        meta={"prefix": be.store.prefix},
    )


@blp.route("")
class Problems(MethodView):
    @blp.response(200)
    def get(self):
        """The solver problems and their time budgets"""
        return {
            "problems": [
                {
                    "problem": name,
                    "default_budget_s": p.default_budget_s,
                    "max_budget_s": p.max_budget_s,
                }
                for name, p in sorted(PROBLEMS.items())
            ]
        }


@blp.route("/<path:problem>")
class Problem(MethodView):
    @blp.arguments(SolverRequestSchema)
    @blp.response(202, JobAcceptedSchema)
    @error_responses(blp, 400, 404, 422)
    def post(self, body, problem):
        """Validate a problem at once (422 when malformed) and queue its solve"""
        spec = PROBLEMS.get(problem)
        if spec is None:
            raise ApiError(404, "unknown_problem", f"no solver problem {problem!r}")
        budget = clamp_budget(body.pop("budget_s", None), spec.default_budget_s, spec.max_budget_s)
        payload = resolve(spec.validate)(body)
        return accepted(queue_problem(problem, spec, payload, budget))
