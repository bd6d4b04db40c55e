"""The recommender's documented value of a turn's gains, and each gain event's exact delta.

Value (integers, hundredths of a victory point): Fans 100, Fame 100, Overdrive 80, Grana 25
per level gained; an extra die 200; a Hit bought 150 (1 VP and a symbol); a Distortion bought
50 (its symbol; what it does when played this turn is counted as its gains); Grana spent -25.
"""

from __future__ import annotations

import copy
from typing import Any

from services.overdrive import actors

WEIGHTS = {"fans": 100, "fame": 100, "overdrive": 80, "grana": 25}
EXTRA_DIE = 200
HIT_BOUGHT = 150
DIST_BOUGHT = 50
GRANA_SPENT = 25
SCALE = 100


def value_of(gains: dict[str, int]) -> int:
    return sum(WEIGHTS[k] * v for k, v in gains.items())


class Deltas:
    """Computes what one gain event really gives a seat, using the engine's own ``gain``.

    Triggers limited to once per turn are switched off here and accounted separately
    (``once``) because they depend on the whole turn, not on one event.
    """

    def __init__(self, seat_rec: dict[str, Any]):
        rec = copy.deepcopy(seat_rec)
        self.once: dict[str, int] = {}
        self.once_when: str | None = None
        self._scratch = {"players": 1, "seats": [rec], "metallum": None}
        for level, ab in actors.abilities(self._scratch, 0):
            if ab["kind"] == "gain_trigger" and ab.get("once_per_turn"):
                if not rec["turn"]["used"].get("trigger_" + level):
                    self.once_when = ab["when"]
                    self.once = self._gain(ab["gain"])
                rec["turn"]["used"]["trigger_" + level] = True

    def _gain(self, gains: dict[str, int]) -> dict[str, int]:
        rec = self._scratch["seats"][0]
        saved = {k: rec[k] for k in ("fans", "fame", "grana", "overdrive", "fans_symbol")}
        got = actors.gain(self._scratch, 0, gains, [])
        rec.update(saved)
        return got

    def event(self, gains: dict[str, int]) -> dict[str, int]:
        """The levels gained by one event (band bonuses included, once-per-turn excluded)."""
        return self._gain(gains)

    def fires_once(self, delta: dict[str, int]) -> bool:
        return self.once_when is not None and delta.get(self.once_when, 0) > 0
