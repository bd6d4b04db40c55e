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
    (``once``) because they depend on the whole turn, not on one event.  An optional raise
    a gain earns (Epic Gods b) is counted as the Fame the plan spends it on.
    """

    def __init__(self, state: dict[str, Any], seat: int):
        rec = copy.deepcopy(state["seats"][seat])
        self.once: dict[str, int] = {}
        self.once_when: str | None = None
        now = actors.turn_key(state)
        self._scratch = {"players": 1, "seats": [rec], "metallum": None}
        # the scratch state keeps one turn key for good: triggers fire there at most once
        self._scratch.update({k: state.get(k) for k in ("phase", "round", "turn_pos")})
        fired = rec.setdefault("triggers", {})
        for level, ab in actors.abilities(self._scratch, 0):
            if ab["kind"] == "gain_trigger" and ab.get("once_per_turn"):
                if fired.get(level) != now:
                    self.once_when = ab["when"]
                    self.once = self._gain(ab["gain"])
                fired[level] = now

    def _gain(self, gains: dict[str, int]) -> dict[str, int]:
        rec = self._scratch["seats"][0]
        keys = ("fans", "fame", "grana", "overdrive", "fans_symbol", "picks", "unlocked")
        saved = {k: copy.copy(rec.get(k)) for k in keys}
        got = dict(actors.gain(self._scratch, 0, gains, []))
        picks = (rec.get("picks") or 0) - (saved["picks"] or 0)
        if picks:
            got["fame"] = got.get("fame", 0) + picks
        rec.update(saved)
        return got

    def event(self, gains: dict[str, int]) -> dict[str, int]:
        """The levels gained by one event (band bonuses included, once-per-turn excluded)."""
        return self._gain(gains)

    def fires_once(self, delta: dict[str, int]) -> bool:
        return self.once_when is not None and delta.get(self.once_when, 0) > 0


def holdings(rec: dict[str, Any]) -> int:
    """The documented value of a seat's holdings: a turn's value is their change."""
    return (
        sum(WEIGHTS[k] * rec[k] for k in WEIGHTS)
        + EXTRA_DIE * rec["extra_dice"]
        + HIT_BOUGHT * len(rec["hits"])
        + DIST_BOUGHT * (len(rec["hand"]) + len(rec["used"]))
    )
