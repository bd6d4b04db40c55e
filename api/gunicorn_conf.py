"""gunicorn settings: open-file limit for streams; tell prometheus_client when workers exit."""

import os
import resource

#: open streams would hold a graceful stop for the default 30 s; they resume anyway
graceful_timeout = 10


def on_starting(server) -> None:
    """Raise the soft open-file limit to the hard one: each open stream holds a socket."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        target = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


def child_exit(server, worker) -> None:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)
