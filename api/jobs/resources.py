"""/v1/jobs/{id}: the state and result of queued solver work, with ``Prefer: wait=N``."""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime
from typing import Any

from flask import request
from flask.views import MethodView
from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus
from rq.registry import FailedJobRegistry, StartedJobRegistry

from api.backend import backend
from api.blueprint import Blueprint
from api.errors import ApiError, error_responses
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


#: beyond its timeout a job cannot still be running: its worker is gone
LOST_GRACE_S = 5
LOST_CHECK_EVERY_S = 5
DONE = (JobStatus.FINISHED, JobStatus.FAILED, JobStatus.STOPPED, JobStatus.CANCELED)
LOST_REASON = "the worker running this job was lost (it outlived its timeout)"


def fail_if_lost(job: Job) -> bool:
    """Mark a 'started' job failed once it has outlived its timeout.

    A worker killed outright (not just its work horse) leaves the job
    'started'; RQ would only notice after its execution lease (a minute or
    more).  No job legitimately runs past its timeout, so past it we call it.
    """
    if not (job.started_at and job.timeout and job.timeout > 0):
        return False
    started = (
        job.started_at.replace(tzinfo=UTC) if job.started_at.tzinfo is None else job.started_at
    )
    if (datetime.now(UTC) - started).total_seconds() < job.timeout + LOST_GRACE_S:
        return False
    job.meta["lost"] = LOST_REASON
    job.save_meta()
    with job.connection.pipeline() as pipe:
        job.set_status(JobStatus.FAILED, pipeline=pipe)
        FailedJobRegistry(job.origin, connection=job.connection).add(
            job, ttl=job.failure_ttl, exc_string=LOST_REASON, pipeline=pipe
        )
        pipe.execute()
    return True


def refreshed_status(job: Job) -> JobStatus:
    status = job.get_status()
    if status == JobStatus.STARTED:
        # a killed work horse is reported by its worker; a killed worker is
        # found by RQ's lease cleanup or, sooner, by fail_if_lost
        StartedJobRegistry(job.origin, connection=job.connection).cleanup()
        fail_if_lost(job)
        status = job.get_status()
    return status


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
        body["error"] = job.meta.get("lost") or _reason(latest.exc_string if latest else None)
    return body


@blp.route("/<job_id>")
class JobResource(MethodView):
    @blp.response(200, JobSchema)
    @error_responses(blp, 404)
    def get(self, job_id):
        """A job's status and result; ``Prefer: wait=N`` blocks up to N seconds for the end"""
        be = backend()
        if not _JOB_ID.match(job_id):
            raise ApiError(404, "job_not_found", "no such job")
        try:
            job = Job.fetch(job_id, connection=be.queue_redis)
        except NoSuchJobError:
            raise ApiError(404, "job_not_found", "no such job (results expire)") from None
        status = refreshed_status(job)
        wait = _wait_seconds(be.settings.max_wait_s)
        headers = {}
        if wait:
            headers["Preference-Applied"] = f"wait={wait}"
            deadline = time.monotonic() + wait
            while status not in DONE and (left := deadline - time.monotonic()) > 0:
                # wake at the latest when a lost worker could be declared
                Job.fetch(job_id, connection=be.blocking_redis).latest_result(
                    timeout=max(1, int(min(left, LOST_CHECK_EVERY_S)))
                )
                job = Job.fetch(job_id, connection=be.queue_redis)
                status = refreshed_status(job)
        return describe(job, status), 200, headers
