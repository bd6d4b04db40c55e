"""``greenroom-worker``: an RQ worker that preloads solver data once per process."""

from __future__ import annotations

import argparse
import logging
import os
from functools import partial

from rq import Queue, SimpleWorker, Worker

from services.store.connections import RedisSpec, connect, specs_from_env
from solver.registry import PRELOADS, resolve
from workers.bot_turns import BotInlineWorker, requeue_lost_turn
from workers.clocks import sweep_clocks
from workers.game_redis import game_connection
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
        "--no-preload",
        action="store_true",
        default=os.environ.get("WORKER_PRELOAD", "1").strip() in ("0", "false", "no", "off"),
        help="skip loading solver data before work() (a faster start; the first job loads it)",
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    if not args.no_preload:
        preload()
    _, queue_spec = specs_from_env(os.environ)
    if args.redis_url:
        queue_spec = RedisSpec(url=args.redis_url)
    connection = connect(queue_spec, socket_timeout=None)
    queue = Queue(args.queue, connection=connection)
    cls = SimpleWorker if args.simple else Worker if args.fork_all else BotInlineWorker
    worker = cls([queue], connection=connection)
    sweeper = None
    if not args.burst:  # bot turns lost with another worker are queued again from here
        sweeper = start_sweeper(queue_spec, args.queue)
    try:
        worker.work(burst=args.burst, with_scheduler=False)
    finally:
        if sweeper is not None:
            sweeper.stop()


def start_sweeper(queue_spec: RedisSpec, queue_name: str) -> Sweeper:
    """The sweep of this worker process (lost bot turns, games' clocks), on connections of
    its own: leases, timers and heartbeats on the queue's Redis, games on the game store's."""
    client = connect(queue_spec, socket_timeout=5)
    games = game_connection(client)
    queue = Queue(queue_name, connection=client)
    requeue = partial(requeue_lost_turn, games, queue)
    return Sweeper(client, queue_name, requeue, partial(sweep_clocks, games, queue)).start()


if __name__ == "__main__":
    main()
