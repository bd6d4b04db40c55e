"""``greenroom-worker``: an RQ worker that preloads solver data once per process."""

from __future__ import annotations

import argparse
import logging
import os
from functools import partial

import redis
from rq import Queue, SimpleWorker, Worker

from solver.registry import PRELOADS, resolve
from workers.bot_turns import BotInlineWorker, requeue_lost_turn
from workers.clocks import sweep_clocks
from workers.turn_lease import Sweeper

log = logging.getLogger("greenroom.worker")


def preload() -> None:
    """Load word indexes and models before ``work()``: forked jobs share them."""
    for target in PRELOADS:
        log.info("preloading %s", target)
        resolve(target)()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Run a Greenroom solver worker")
    parser.add_argument("--queue", default=os.environ.get("GREENROOM_QUEUE", "greenroom"))
    parser.add_argument(
        "--redis-url", default=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    )
    parser.add_argument("--burst", action="store_true", help="stop when the queue is empty")
    parser.add_argument(
        "--simple",
        action="store_true",
        default=os.environ.get("WORKER_CLASS") == "simple",
        help="run jobs in this process (no fork per job: faster, less isolated)",
    )
    parser.add_argument(
        "--fork-all",
        action="store_true",
        default=os.environ.get("WORKER_CLASS") == "fork",
        help="fork for bot turns too (the baseline of benchmarks/bot_turns.py)",
    )
    parser.add_argument(
        "--no-preload",
        action="store_true",
        default=os.environ.get("WORKER_PRELOAD", "1").strip() in ("0", "false", "no", "off"),
        help="skip loading solver data before work() (a faster start; the first job loads it)",
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    if not args.no_preload:
        preload()
    connection = redis.Redis.from_url(args.redis_url)
    queue = Queue(args.queue, connection=connection)
    cls = SimpleWorker if args.simple else Worker if args.fork_all else BotInlineWorker
    worker = cls([queue], connection=connection)
    sweeper = None
    if not args.burst:  # bot turns lost with another worker are queued again from here
        sweeper = start_sweeper(args.redis_url, args.queue)
    try:
        worker.work(burst=args.burst, with_scheduler=False)
    finally:
        if sweeper is not None:
            sweeper.stop()


def start_sweeper(redis_url: str, queue_name: str) -> Sweeper:
    """The sweep of this worker process (lost bot turns, games' clocks), on a connection of
    its own."""
    client = redis.Redis.from_url(redis_url, socket_timeout=5, socket_connect_timeout=2)
    queue = Queue(queue_name, connection=client)
    requeue = partial(requeue_lost_turn, client, queue)
    return Sweeper(client, queue_name, requeue, partial(sweep_clocks, client, queue)).start()


if __name__ == "__main__":
    main()
