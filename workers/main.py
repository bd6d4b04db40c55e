"""``greenroom-worker``: an RQ worker that preloads solver data once per process."""

from __future__ import annotations

import argparse
import logging
import os

from rq import Queue, SimpleWorker, Worker

from services.connections import RedisSpec, connect, specs_from_env
from solver.registry import PRELOADS, resolve
from workers.bot_turns import BotInlineWorker

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
        "--redis-url",
        default="",
        help="the queue's Redis (default: QUEUE_REDIS_URL, else REDIS_URL or its Sentinel's)",
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
        "--no-preload", action="store_true", help="skip loading solver data before work()"
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    if not args.no_preload:
        preload()
    _, queue_spec = specs_from_env(os.environ)
    if args.redis_url:
        queue_spec = RedisSpec(url=args.redis_url)
    connection = connect(queue_spec, socket_timeout=None)
    cls = SimpleWorker if args.simple else Worker if args.fork_all else BotInlineWorker
    worker = cls([Queue(args.queue, connection=connection)], connection=connection)
    worker.work(burst=args.burst, with_scheduler=False)


if __name__ == "__main__":
    main()
