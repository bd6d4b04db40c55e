"""/v1/jobs/{id}: the state and result of queued solver work, with ``Prefer: wait=N``."""

from __future__ import annotations

import re
from typing import Any

from flask import request
from flask.views import MethodView
from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus
from rq.registry import StartedJobRegistry

from api.backend import backend
from api.blueprint import Blueprint
from api.errors import ApiError, ErrorSchema
from api.jobs.schemas import JobSchema

blp = Blueprint("jobs", __name__, url_prefix="/v1/jobs", description="Queued solver work")

_JOB_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_PREFER_WAIT = re.compile(r"(?:^|[;,\s])wait\s*=\s*(\d+)")

_STATUS = {
    JobStatus.QUEUED: "queued",
    JobStatus.DEFERRED: "queued",
    JobStatus.SCHEDULED: "queued",
    JobStatus.STARTED: "started",
    JobStatus.FINISHED: "finished",
    JobStatus.FAILED: "failed",
    JobStatus.STOPPED: "failed",
    JobStatus.CANCELED: "failed",
}


def _wait_seconds(cap: int) -> int:
    m = _PREFER_WAIT.search(request.headers.get("Prefer", ""))
    return min(int(m.group(1)), cap) if m else 0


def _iso(value) -> str | None:
    return value.isoformat() if value else None


def _reason(exc_string: str | None) -> str:
    """The last line of a traceback: the exception and its message."""
    if not exc_string:
        return "the job failed"
    lines = [line for line in exc_string.strip().splitlines() if line.strip()]
    return lines[-1].strip() if lines else "the job failed"


def describe(job: Job, status: JobStatus) -> dict[str, Any]:
    body: dict[str, Any] = {
        "id": job.id,
        "kind": job.meta.get("kind"),
        "status": _STATUS.get(status, "queued"),
        "result": None,
        "error": None,
        "progress": job.meta.get("progress"),
        "enqueued_at": _iso(job.enqueued_at),
        "started_at": _iso(job.started_at),
        "ended_at": _iso(job.ended_at),
    }
    if status == JobStatus.FINISHED:
        body["result"] = job.return_value()
    elif body["status"] == "failed":
        latest = job.latest_result()
        body["error"] = _reason(latest.exc_string if latest else job.exc_info)
    return body


@blp.route("/<job_id>")
class JobResource(MethodView):
    @blp.response(200, JobSchema)
    @blp.alt_response(404, schema=ErrorSchema)
    def get(self, job_id):
        """A job's status and result; ``Prefer: wait=N`` blocks up to N seconds for the end"""
        be = backend()
        if not _JOB_ID.match(job_id):
            raise ApiError(404, "job_not_found", "no such job")
        try:
            job = Job.fetch(job_id, connection=be.redis)
        except NoSuchJobError:
            raise ApiError(404, "job_not_found", "no such job (results expire)") from None
        status = job.get_status()
        if status == JobStatus.STARTED:
            # a worker killed mid-job leaves it 'started'; once its execution
            # lease expires RQ's cleanup moves it to failed
            StartedJobRegistry(job.origin, connection=be.redis).cleanup()
            status = job.get_status()
        wait = _wait_seconds(be.settings.max_wait_s)
        headers = {}
        if wait and status not in (JobStatus.FINISHED, JobStatus.FAILED):
            Job.fetch(job_id, connection=be.blocking_redis).latest_result(timeout=wait)
            headers["Preference-Applied"] = f"wait={wait}"
            job = Job.fetch(job_id, connection=be.redis)
            status = job.get_status()
        return describe(job, status), 200, headers
