"""Prefer words people know: a hint's ties and near-ties ranked by word frequency.

Frequencies are ``wordfreq``'s Zipf scale for English (log10 of uses per billion
words; "the" is about 7.7, a word never seen 0), read from the data its wheel ships.
Among the words scoring at most ``NEAR_TIE`` Roses below the best, a word is worth
one Rose more for each Zipf point it is more common, so a word ten times as common
wins a one-Rose near-tie and an equal score always goes to the commoner word.
"""

from __future__ import annotations

from functools import cache
from typing import Any

#: how many Roses below the best a more familiar word may score and still be chosen
NEAR_TIE = 1
#: Zipf points (a factor of 10 in frequency) worth one Rose in a near-tie
ZIPF_PER_ROSE = 1.0


@cache
def zipf(word: str) -> float:
    """How common ``word`` is in English, on the Zipf scale (0 when unknown)."""
    from wordfreq import zipf_frequency

    return float(zipf_frequency(word, "en"))


def familiarity(row: dict[str, Any]) -> float:
    """A play's familiarity: its least common word's (two-word plays have two)."""
    words = row.get("words") or [row["word"]]
    return min(zipf(w) for w in words)


def choose(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The play to recommend from ``rows`` (best net first): the most familiar of the
    ties and near-ties, each Rose given up paid for by ``ZIPF_PER_ROSE``."""
    best = rows[0]["net"]
    near = [r for r in rows if r["net"] >= best - NEAR_TIE]
    return max(near, key=lambda r: (familiarity(r) - (best - r["net"]) * ZIPF_PER_ROSE, r["net"]))
