"""Song cards: 12 difficulties per player count (2, 3, 4), from ``data/songs.yaml``."""

from __future__ import annotations

from functools import cache
from typing import Any

from services.beat.content import read_data

PLAYER_COUNTS = (2, 3, 4)
PER_COUNT = 12


def validate_songs(raw: Any) -> dict[int, list[int]]:
    """Check the song data; raise ValueError with a clear message on any fault."""
    if not isinstance(raw, dict):
        raise ValueError("songs data must map a player count to 12 difficulties")
    out: dict[int, list[int]] = {}
    for n in PLAYER_COUNTS:
        songs = raw.get(str(n), raw.get(n))
        if not isinstance(songs, list) or len(songs) != PER_COUNT:
            raise ValueError(f"songs for {n} players must be a list of {PER_COUNT} difficulties")
        for d in songs:
            if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 30:
                raise ValueError(f"songs for {n} players: bad difficulty {d!r}")
        out[n] = sorted(songs)
    extra = {str(k) for k in raw} - {str(n) for n in PLAYER_COUNTS}
    if extra:
        raise ValueError(f"songs data has unknown player counts {sorted(extra)}")
    return out


@cache
def load_songs() -> dict[int, list[int]]:
    return validate_songs(read_data("songs.yaml"))


def songs_for(players: int) -> list[int]:
    return list(load_songs()[players])
