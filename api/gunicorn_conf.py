"""gunicorn settings: open-file limit for streams; the loaded app kept out of the collector;
tell prometheus_client when workers exit."""

import gc
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


def post_worker_init(worker) -> None:
    """Move everything the worker holds once its app is loaded and warmed up (modules,
    schemas, the games' tables) out of the cyclic collector's reach.

    It lives as long as the worker, yet each full collection would walk all of it (tens
    of thousands of objects), and under gevent every request of the worker waits while
    it runs.  From here on only what requests create is walked.  (What is frozen and
    later dropped is still freed by reference counting; only cycles among it would stay.)
    """
    gc.freeze()


def child_exit(server, worker) -> None:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)
