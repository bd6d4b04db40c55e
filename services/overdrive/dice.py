"""Dice: rolling from the seeded RNG and matching faces to a space's slots."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from typing import Any

from services.overdrive.content import content


def roll_face(rng: random.Random) -> str:
    """One roll of an Overdrive die (1 Horns Up, 2 Skull, 2 Chord, 1 Influence)."""
    return rng.choice(content()["die_faces"])


def fits(faces: list[str], slots: list[str], skulls_wild: bool = False) -> bool:
    """Whether these faces fill these slots exactly (one die per slot).

    Specific slots take their face first; with Skulls wild, spare Skulls cover the
    missing specific faces; whatever is left fills the ``any`` slots.
    """
    if len(faces) != len(slots):
        return False
    have = Counter(faces)
    missing = 0
    for face, need in Counter(s for s in slots if s != "any").items():
        if face == "skull":
            short = max(0, need - have["skull"])
            have["skull"] -= min(need, have["skull"])
            missing += short
            continue
        use = min(need, have[face])
        have[face] -= use
        missing += need - use
    if missing == 0:
        return True
    return skulls_wild and have["skull"] >= missing


def unplaced(seat: dict[str, Any]) -> list[int]:
    """Indices of the seat's dice not yet on a space."""
    return [i for i, d in enumerate(seat["dice"]) if d["placed"] is None]


def distinct_subsets(idxs: list[int], faces: list[str]) -> list[list[int]]:
    """One non-empty subset of ``idxs`` per distinct multiset of their faces (dice showing
    the same face are interchangeable, so a reroll of either is the same choice)."""
    seen, out = set(), []
    for k in range(1, len(idxs) + 1):
        for combo in combinations(range(len(idxs)), k):
            key = tuple(sorted(faces[i] for i in combo))
            if key not in seen:
                seen.add(key)
                out.append([idxs[i] for i in combo])
    return out
