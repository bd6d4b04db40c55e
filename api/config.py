"""Configuration from the environment (see the README's table)."""

from __future__ import annotations

import os
from dataclasses import dataclass

from services.store.connections import RedisSpec, parse_nodes


def _int(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


def _flag(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or not raw.strip():
        return default
    value = raw.strip().lower()
    if value not in ("1", "true", "yes", "on", "0", "false", "no", "off"):
        raise ValueError(f"{name} must be 1 or 0 (got {raw!r})")
    return value in ("1", "true", "yes", "on")


@dataclass(frozen=True)
class Settings:
    redis_url: str = "redis://127.0.0.1:6379/0"
    #: game state on a Redis Cluster: "host:port,host:port" seed nodes (services.store.connections)
    redis_cluster_nodes: str = ""
    #: REDIS_URL's server found through Sentinel: "host:port,..." and the master's name
    redis_sentinels: str = ""
    redis_sentinel_master: str = "greenroom"
    #: the job queue's Redis (RQ needs a plain one); empty: REDIS_URL's (or Sentinel's)
    queue_redis_url: str = ""
    #: the rate-limit windows' Redis; empty: the game store
    limits_redis_url: str = ""
    #: every key this service writes starts with it (tests use their own)
    prefix: str = "greenroom:"
    queue: str = "greenroom"
    max_body_bytes: int = 64 * 1024
    job_timeout_s: int = 120
    job_result_ttl_s: int = 3600
    max_wait_s: int = 30
    game_idle_ttl_s: int = 7 * 24 * 3600
    game_finished_ttl_s: int = 24 * 3600
    #: "N/second|minute|hour|day" (moving window, see api.ratelimit); empty disables it
    rate_limit_address: str = "6000/minute"
    rate_limit_token: str = "3000/minute"
    #: seconds between comment lines on an idle stream (keeps proxies from closing it)
    stream_heartbeat_s: float = 15.0
    #: a stream closes after this long; the client resumes with Last-Event-ID
    stream_max_s: int = 3600
    #: seconds a stream ticket (POST .../stream-tickets) stays usable before its stream opens
    stream_ticket_ttl_s: int = 30
    #: versions of move events kept per game for stream resumes
    game_events_cap: int = 10_000
    #: limit for loopback clients (127.0.0.0/8, ::1) instead of the two above: a
    #: Flask-Limiter string, "exempt" for none, "" for the same limits as everyone
    rate_limit_loopback: str = ""
    #: proxies in front of the API whose X-Forwarded-For is believed (0: none)
    trusted_proxies: int = 0
    #: hint budget of a bot seat's move, in seconds
    bot_budget_s: float = 0.5
    #: "module:attribute" of the factory ``(queue, store, budget_s)`` of the play layer's
    #: ``BotTurns`` port: named, as job functions are, so the API imports no worker code
    bot_turns: str = "workers.bot_turns:RqBotTurns"
    #: serve the common view and move outside Flask (api.fastpath); off: all through Flask
    fast_path: bool = True
    #: under gevent, the request path's scripts share one Redis connection per process
    #: (``services.store.redis_mux``); off: a connection per call
    redis_mux: bool = True

    def main_redis(self) -> RedisSpec:
        """The plain (or Sentinel-watched) Redis of ``REDIS_URL``."""
        return RedisSpec(
            url=self.redis_url,
            sentinels=parse_nodes(self.redis_sentinels),
            sentinel_master=self.redis_sentinel_master,
        )

    def game_redis(self) -> RedisSpec:
        """Where game state lives: the cluster when one is named, else the main Redis."""
        if self.redis_cluster_nodes:
            nodes = parse_nodes(self.redis_cluster_nodes)
            return RedisSpec(url=self.redis_url, cluster_nodes=nodes)
        return self.main_redis()

    def queue_redis(self) -> RedisSpec:
        """The job queue's Redis: ``QUEUE_REDIS_URL``, else the main Redis."""
        return RedisSpec(url=self.queue_redis_url) if self.queue_redis_url else self.main_redis()

    def limits_redis(self) -> RedisSpec | None:
        """The windows' own Redis, or None: they share the game store."""
        return RedisSpec(url=self.limits_redis_url) if self.limits_redis_url else None

    @classmethod
    def from_env(cls) -> Settings:
        return cls(
            redis_url=os.environ.get("REDIS_URL", cls.redis_url),
            redis_cluster_nodes=os.environ.get("REDIS_CLUSTER_NODES", ""),
            redis_sentinels=os.environ.get("REDIS_SENTINELS", ""),
            redis_sentinel_master=os.environ.get(
                "REDIS_SENTINEL_MASTER", cls.redis_sentinel_master
            ),
            queue_redis_url=os.environ.get("QUEUE_REDIS_URL", ""),
            limits_redis_url=os.environ.get("LIMITS_REDIS_URL", ""),
            prefix=os.environ.get("GREENROOM_PREFIX", cls.prefix),
            queue=os.environ.get("GREENROOM_QUEUE", cls.queue),
            max_body_bytes=_int("MAX_BODY_BYTES", cls.max_body_bytes),
            job_timeout_s=_int("JOB_TIMEOUT", cls.job_timeout_s),
            job_result_ttl_s=_int("JOB_RESULT_TTL", cls.job_result_ttl_s),
            max_wait_s=_int("MAX_WAIT", cls.max_wait_s),
            game_idle_ttl_s=_int("GAME_IDLE_TTL", cls.game_idle_ttl_s),
            game_finished_ttl_s=_int("GAME_FINISHED_TTL", cls.game_finished_ttl_s),
            rate_limit_address=os.environ.get("RATE_LIMIT_ADDRESS", cls.rate_limit_address),
            rate_limit_token=os.environ.get("RATE_LIMIT_TOKEN", cls.rate_limit_token),
            stream_heartbeat_s=float(os.environ.get("STREAM_HEARTBEAT", cls.stream_heartbeat_s)),
            stream_max_s=_int("STREAM_MAX_SECONDS", cls.stream_max_s),
            stream_ticket_ttl_s=_int("STREAM_TICKET_TTL", cls.stream_ticket_ttl_s),
            game_events_cap=_int("GAME_EVENTS_CAP", cls.game_events_cap),
            rate_limit_loopback=os.environ.get("RATE_LIMIT_LOOPBACK", cls.rate_limit_loopback),
            trusted_proxies=_int("TRUSTED_PROXIES", cls.trusted_proxies),
            bot_budget_s=float(os.environ.get("BOT_BUDGET", cls.bot_budget_s)),
            fast_path=_flag("FAST_PATH", cls.fast_path),
            redis_mux=_flag("REDIS_MUX", cls.redis_mux),
        )
