"""Putting solver work on the RQ queue with a bounded time budget."""

from __future__ import annotations

from typing import Any

from rq import Queue
from rq.job import Job

from api.errors import ApiError

#: seconds the worker gets beyond the solver's own budget (imports, model build, I/O)
TIMEOUT_MARGIN_S = 30


def clamp_budget(requested: float | None, default: float, cap: float) -> float:
    """A client may lower a budget but never raise it past the cap."""
    if requested is None:
        return default
    if requested > cap:
        raise ApiError(
            422, "budget_too_large", f"budget_s may be at most {cap}", {"max_budget_s": cap}
        )
    return requested


def enqueue(
    queue: Queue,
    func: str,
    args: tuple[Any, ...],
    budget_s: float,
    kind: str,
    max_timeout_s: int,
    result_ttl_s: int,
    meta: dict[str, Any] | None = None,
) -> Job:
    timeout = min(max_timeout_s, int(budget_s) + TIMEOUT_MARGIN_S)
    return queue.enqueue(
        func,
        args=args,
        job_timeout=timeout,
        result_ttl=result_ttl_s,
        failure_ttl=result_ttl_s,
        ttl=result_ttl_s,
        meta={"kind": kind, "budget_s": budget_s, **(meta or {})},
    )


def accepted(job: Job) -> tuple[dict[str, Any], int, dict[str, str]]:
    location = f"/v1/jobs/{job.id}"
    return {"id": job.id, "status": "queued", "location": location}, 202, {"Location": location}
