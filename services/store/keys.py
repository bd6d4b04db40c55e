"""Every Redis key and channel name of the service, in one place.

``prefix`` (``REDIS_PREFIX``) keeps deployments and tests apart on one Redis; ``queue`` is
the RQ queue's name, beside whose own keys the workers keep theirs.  Every key of one game
carries its id as a hash tag (``{<id>}``), so on a Redis Cluster they share a slot and one
script may write them all.
"""

from __future__ import annotations


def game(prefix: str, game_id: str) -> str:
    """A game's hash: state, version, status, token hashes, seating."""
    return f"{prefix}game:{{{game_id}}}"


def game_log(prefix: str, game_id: str) -> str:
    """A game's accepted actions, in order (a list)."""
    return f"{game(prefix, game_id)}:log"


def game_events(prefix: str, game_id: str) -> str:
    """A game's capped events stream, one entry per version (for stream resumes)."""
    return f"{game(prefix, game_id)}:events"


def untagged_games(prefix: str) -> str:
    """The pattern of game keys written before the hash tag (``key_migration``)."""
    return f"{prefix}game:*"


def live_channel(prefix: str, game_id: str) -> str:
    """The channel a game's every change is published on."""
    return f"{prefix}live:{{{game_id}}}"


def live_pattern(prefix: str) -> str:
    """Every game's live channel (one pattern subscription per process)."""
    return f"{prefix}live:*"


def game_id_of_channel(prefix: str, channel: str) -> str:
    """The game id a :func:`live_channel` name carries."""
    return channel[len(prefix) + len("live:{") : -1]


def lobby(prefix: str, game: str | None = None) -> str:
    """The lobby's sorted set of listed games: of one kind, or of all (None)."""
    return f"{prefix}lobby" if game is None else f"{prefix}lobby:{game}"


def stream_ticket(prefix: str, game_id: str, ticket: str) -> str:
    """A single-use stream ticket's token hash."""
    return f"{prefix}ticket:{{{game_id}}}:{ticket}"


def rate_window(prefix: str, window: str) -> str:
    """A rate-limit window's list of admitted request times (``address:...``, ...)."""
    return f"{prefix}ratelimit:{window}"


def bot_turn_flag(prefix: str, game_id: str, seat: int) -> str:
    """Set while a bot seat's turn job is pending (one job per seat)."""
    return f"{prefix}bot:{{{game_id}}}:{seat}"


def puzzle(prefix: str, code: str) -> str:
    """An archived puzzle: its entry and its attempt and solve counts."""
    return f"{prefix}puzzle:{code}"


def puzzles(prefix: str) -> str:
    """The archived puzzle codes, scored by when added."""
    return f"{prefix}puzzles"


def puzzle_game(prefix: str, game_id: str) -> str:
    """The code a puzzle game was started from."""
    return f"{prefix}puzzle-game:{{{game_id}}}"


def puzzle_daily(prefix: str, date: str) -> str:
    """The daily puzzle's code for a UTC date."""
    return f"{prefix}puzzle-daily:{date}"


def puzzle_daily_job(prefix: str, date: str) -> str:
    """The job making a UTC date's daily puzzle (one per date)."""
    return f"{prefix}puzzle-daily-job:{date}"


def analysis_job(prefix: str, game_id: str, version: int | None = None) -> str:
    """The analysis job of a finished game, or of one version of a running puzzle."""
    key = f"{prefix}analysis-job:{game_id}"
    return key if version is None else f"{key}:{version}"


def workers_alive(queue: str) -> str:
    """The workers' liveness beats (``liveness``)."""
    return f"{queue}:workers-alive"


def bot_leases(queue: str) -> str:
    """Running bot turns' lease deadlines (a sorted set)."""
    return f"{queue}:bot-leases"


def bot_turns(queue: str) -> str:
    """Running bot turns' entries, by lease name (a hash)."""
    return f"{queue}:bot-turns"


def clocks(queue: str) -> str:
    """Armed game clocks' deadlines (a sorted set)."""
    return f"{queue}:clocks"


def clock_games(queue: str) -> str:
    """Armed game clocks' entries, by game (a hash)."""
    return f"{queue}:clock-games"
