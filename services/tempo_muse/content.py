"""Tempo Muse content (cards and setup numbers), loaded from YAML and validated.

The rulebook names only two cards, so the list is data a group owning the
physical cards can replace; validation makes a broken file fail loudly at load.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

DATA = Path(__file__).parent / "data" / "cards.yaml"

EFFECT_KINDS = ("draw", "salvage", "strip", "detune", "retune", "nuke", "knockout")
SETUP_KEYS = ("hand_size", "hand_limit", "studio_goal", "round_limit")


@dataclass(frozen=True)
class Card:
    value: int
    name: str
    copies: int
    duplex: bool
    kind: str
    amount: int

    def as_dict(self) -> dict[str, Any]:
        return {
            "value": self.value,
            "name": self.name,
            "copies": self.copies,
            "duplex": self.duplex,
            "effect": {"kind": self.kind, "amount": self.amount},
        }


@dataclass(frozen=True)
class Content:
    cards: dict[int, Card]
    hand_size: int
    hand_limit: int
    studio_goal: int
    round_limit: int
    #: strip and nuke only land on a rival holding more cards than the owner
    attacks_need_richer_rival: bool = True
    #: rounds still played after the round in which a Studio first holds studio_goal cards
    final_rounds: int = 0

    def deck(self) -> list[int]:
        """Every physical card, as its value, in value order (shuffled by the game)."""
        return [c.value for v, c in sorted(self.cards.items()) for _ in range(c.copies)]


def _int(x: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(x, bool) or not isinstance(x, int) or not lo <= x <= hi:
        raise ValueError(f"{where}: expected an integer in {lo}..{hi}, got {x!r}")
    return x


def parse_content(raw: Any) -> Content:
    """Validate a parsed YAML document; raise ValueError naming the first problem."""
    if not isinstance(raw, dict) or "cards" not in raw or "setup" not in raw:
        raise ValueError("tempo-muse content: a mapping with 'setup' and 'cards' is required")
    setup = raw["setup"]
    if not isinstance(setup, dict):
        raise ValueError("tempo-muse content: 'setup' must be a mapping")
    missing = [k for k in SETUP_KEYS if k not in setup]
    if missing:
        raise ValueError(f"tempo-muse setup: missing {missing}")
    goal = _int(setup["studio_goal"], "setup.studio_goal", 1, 15)
    cards: dict[int, Card] = {}
    names: set[str] = set()
    if not isinstance(raw["cards"], list):
        raise ValueError("tempo-muse content: 'cards' must be a list")
    for i, entry in enumerate(raw["cards"]):
        where = f"cards[{i}]"
        if not isinstance(entry, dict):
            raise ValueError(f"{where}: must be a mapping")
        for key in ("value", "name", "copies", "duplex", "effect"):
            if key not in entry:
                raise ValueError(f"{where}: missing '{key}'")
        value = _int(entry["value"], f"{where}.value", 1, 15)
        if value in cards:
            raise ValueError(f"{where}: value {value} appears twice (one named card per value)")
        name = entry["name"]
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"{where}.name: a non-empty string is required")
        if name in names:
            raise ValueError(f"{where}.name: {name!r} appears twice")
        names.add(name)
        copies = _int(entry["copies"], f"{where}.copies", 1, 20)
        if not isinstance(entry["duplex"], bool):
            raise ValueError(f"{where}.duplex: true or false")
        effect = entry["effect"]
        if not isinstance(effect, dict) or effect.get("kind") not in EFFECT_KINDS:
            raise ValueError(f"{where}.effect.kind: one of {EFFECT_KINDS} is required")
        amount = _int(effect.get("amount"), f"{where}.effect.amount", 1, 5)
        cards[value] = Card(value, name, copies, entry["duplex"], effect["kind"], amount)
    absent = [v for v in range(1, 16) if v not in cards]
    if absent:
        raise ValueError(f"tempo-muse cards: no card for values {absent} (1..15 needed)")
    richer = setup.get("attacks_need_richer_rival", True)
    if not isinstance(richer, bool):
        raise ValueError("setup.attacks_need_richer_rival: true or false")
    hand_size = _int(setup["hand_size"], "setup.hand_size", 1, 15)
    deck_size = sum(c.copies for c in cards.values())
    if 2 * hand_size >= deck_size:
        raise ValueError("tempo-muse setup: the deck cannot deal two starting hands")
    final_rounds = _int(setup.get("final_rounds", 0), "setup.final_rounds", 0, 3)
    return Content(
        cards=cards,
        hand_size=hand_size,
        hand_limit=_int(setup["hand_limit"], "setup.hand_limit", 1, 60),
        studio_goal=goal,
        round_limit=_int(setup["round_limit"], "setup.round_limit", 2, 500),
        attacks_need_richer_rival=richer,
        final_rounds=final_rounds,
    )


def load_content(path: Path | str) -> Content:
    """Read and validate a content file."""
    with open(path, encoding="utf-8") as fh:
        return parse_content(yaml.load(fh, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)))


@cache
def content() -> Content:
    """The shipped content, loaded once per process."""
    return load_content(DATA)
