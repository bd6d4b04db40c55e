"""Game content loaded from ``data/*.yaml`` and validated at load.

Everything the rulebook leaves open (cards, Maestros, Awards, Ovations,
symbol table) lives in those files so an owner of the physical cards can
replace it.  Bad data raises ``ValueError`` naming the file and entry.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml

DATA_DIR = Path(__file__).parent / "data"
VOWELS = frozenset("aeiou")

CARD_ABILITIES: dict[str, tuple[str, ...]] = {
    "double_self": (),
    "double_vowels": (),
    "double_word": (),
    "pay_double_word": ("cost",),
    "roses": ("n",),
    "pay_roses": ("cost", "n"),
    "per_vowel": ("n",),
    "long_word": ("min", "n"),
    "on_take_roses": ("n",),
    "two_words": (),
}
# abilities a card may carry with ``hand: true`` (the hand symbol): they act while the
# card is held, used in the word or not, so they can only depend on the word itself
HAND_ABILITIES = frozenset({"per_vowel", "long_word"})
MAESTRO_ABILITIES: dict[str, tuple[str, ...]] = {
    "long_word": ("min", "n"),
    "per_vowel": ("n",),
    "ghost_free": (),
    "change_letter": (),
    "rex_mark": (),
    "crescendo_discount": ("n",),
    "cat_roses": ("n",),
}
TOMATO_EFFECTS: dict[str, tuple[str, ...]] = {
    "all_lose_roses": ("n",),
    "baton_loses_roses": ("n",),
    "discard_best_chorus": (),
    "ghost_cost": ("n",),
}
GOALS: dict[str, tuple[str, ...]] = {
    "min_length": ("n",),
    "min_vowels": ("n",),
    "symbol_count": ("n",),
    "min_score": ("n",),
    "uses_two_letter": (),
    "uses_crescendo": (),
    "uses_letter": ("letters",),
    "same_start_end": (),
    "min_cards": ("n",),
}


def _fail(where: str, msg: str) -> None:
    raise ValueError(f"composition content {where}: {msg}")


def _check_effect(where: str, eff: Any, table: dict[str, tuple[str, ...]]) -> dict[str, Any]:
    if not isinstance(eff, dict) or eff.get("type") not in table:
        _fail(where, f"unknown effect {eff!r}; expected one of {sorted(table)}")
    for key in table[eff["type"]]:
        val = eff.get(key)
        if key == "letters":
            if not isinstance(val, list) or not all(
                isinstance(c, str) and len(c) == 1 and c.islower() for c in val
            ):
                _fail(where, f"{eff['type']}.letters must be a list of single lowercase letters")
        elif not isinstance(val, int) or isinstance(val, bool) or val < 0:
            _fail(where, f"{eff['type']}.{key} must be a non-negative integer")
    return dict(eff)


def _check_letter_card(where: str, raw: Any, symbols: list[str]) -> dict[str, Any]:
    if not isinstance(raw, dict):
        _fail(where, "a card must be a mapping")
    letters = raw.get("letters")
    if not isinstance(letters, str) or not (1 <= len(letters) <= 2) or not letters.isalpha():
        _fail(where, f"letters must be one or two letters, got {letters!r}")
    if letters != letters.lower() or not letters.isascii():
        _fail(where, f"letters must be lowercase a-z, got {letters!r}")
    rose = raw.get("rose")
    if not isinstance(rose, int) or isinstance(rose, bool) or rose < 0:
        _fail(where, f"rose must be a non-negative integer, got {rose!r}")
    symbol = raw.get("symbol")
    if symbol is not None and symbol not in symbols:
        _fail(where, f"symbol {symbol!r} is not one of {symbols}")
    abilities = raw.get("abilities", []) or []
    if not isinstance(abilities, list):
        _fail(where, "abilities must be a list")
    for ab in abilities:
        if isinstance(ab, dict) and "hand" in ab:
            if not isinstance(ab["hand"], bool):
                _fail(where, "hand must be true or false")
            if ab["hand"] and ab.get("type") not in HAND_ABILITIES:
                _fail(where, f"only {sorted(HAND_ABILITIES)} abilities can carry the hand symbol")
    return {
        "letters": letters,
        "rose": rose,
        "symbol": symbol,
        "abilities": [_check_effect(where, a, CARD_ABILITIES) for a in abilities],
        "locked": bool(raw.get("locked", False)),
        "name": str(raw.get("name", letters.upper())),
        "rex": bool(raw.get("rex", False)),
    }


def _load(name: str) -> Any:
    path = DATA_DIR / name
    try:
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        return yaml.load(path.read_text(encoding="utf-8"), Loader=loader)
    except yaml.YAMLError as exc:  # pragma: no cover - exercised via validate()
        raise ValueError(f"composition content {name}: not valid YAML ({exc})") from exc


def build_content(
    rules: Any, cards: Any, maestros: Any, awards: Any, ovations: Any
) -> dict[str, Any]:
    """Validate raw YAML documents and index every card by id."""
    if not isinstance(rules, dict):
        _fail("rules.yaml", "must be a mapping")
    for key in ("costs", "reveal", "solo", "symbol_bonus", "max_rounds", "min_word_length"):
        if key not in rules:
            _fail("rules.yaml", f"missing {key!r}")
    rows = rules["symbol_bonus"]
    if not isinstance(rows, list) or not rows:
        _fail("rules.yaml", "symbol_bonus must be a non-empty list")
    counts = [r.get("count") for r in rows if isinstance(r, dict)]
    if len(counts) != len(rows) or counts != sorted(set(counts)) or counts[0] < 2:
        _fail("rules.yaml", "symbol_bonus rows need strictly increasing counts >= 2")
    for r in rows:
        for k in ("roses", "cards"):
            if not isinstance(r.get(k), int) or r[k] < 0:
                _fail("rules.yaml", f"symbol_bonus row {r!r}: {k} must be a non-negative int")
    if not isinstance(cards, dict) or not isinstance(cards.get("symbols"), list):
        _fail("cards.yaml", "needs a 'symbols' list")
    symbols = [str(s) for s in cards["symbols"]]
    index: dict[str, dict[str, Any]] = {}
    note_ids: list[str] = []
    cresc_ids: list[str] = []
    tomato_ids: list[str] = []
    for deck, prefix, ids in (("notes", "n", note_ids), ("crescendos", "c", cresc_ids)):
        entries = cards.get(deck)
        if not isinstance(entries, list) or not entries:
            _fail("cards.yaml", f"{deck} must be a non-empty list")
        for i, raw in enumerate(entries):
            where = f"cards.yaml {deck}[{i}]"
            card = _check_letter_card(where, raw, symbols)
            count = raw.get("count", 1)
            if not isinstance(count, int) or count < 1:
                _fail(where, "count must be a positive integer")
            for _ in range(count):
                cid = f"{prefix}{len(ids) + 1:02d}"
                index[cid] = {"id": cid, "kind": deck[:-1], **card}
                ids.append(cid)
    for i, raw in enumerate(cards.get("tomatoes") or []):
        where = f"cards.yaml tomatoes[{i}]"
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
            _fail(where, "a tomato needs a name")
        cid = f"t{i + 1}"
        passes = raw.get("passes", False)
        if not isinstance(passes, bool):
            _fail(where, "passes must be true or false")
        index[cid] = {
            "id": cid,
            "kind": "tomato",
            "name": raw["name"],
            "effect": _check_effect(where, raw.get("effect"), TOMATO_EFFECTS),
            "passes": passes,
        }
        tomato_ids.append(cid)
    ghost = cards.get("ghost") or {}
    index["ghost"] = {
        "id": "ghost",
        "kind": "ghost",
        "letters": "",
        "rose": int(ghost.get("rose", 0)),
        "symbol": None,
        "abilities": [],
        "locked": False,
        "name": "Ghost Note",
        "rex": False,
    }
    if not isinstance(maestros, list) or not maestros:
        _fail("maestros.yaml", "must be a non-empty list")
    m_index: dict[str, dict[str, Any]] = {}
    for i, raw in enumerate(maestros):
        where = f"maestros.yaml[{i}]"
        if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
            _fail(where, "a maestro needs an id")
        mid = raw["id"]
        if mid in m_index:
            _fail(where, f"duplicate maestro {mid}")
        abilities = [_check_effect(where, a, MAESTRO_ABILITIES) for a in raw.get("abilities") or []]
        letter_ids = []
        if not raw.get("masked"):
            letters = raw.get("letters")
            if not isinstance(letters, list) or len(letters) != 3:
                _fail(where, "a maestro has exactly 3 starting letters")
            for j, lraw in enumerate(letters):
                cid = f"{mid}-{j + 1}"
                index[cid] = {
                    "id": cid,
                    "kind": "locked",
                    **_check_letter_card(where, lraw, symbols),
                }
                index[cid]["locked"] = True
                letter_ids.append(cid)
        m_index[mid] = {
            "id": mid,
            "chorus": int(raw.get("chorus", 2)),
            "roses": int(raw.get("roses", rules.get("starting_roses", 1))),
            "letters": letter_ids,
            "abilities": abilities,
            "masked": bool(raw.get("masked", False)),
            "locked_count": int(raw.get("locked_count", 3)),
        }
    if sum(1 for m in m_index.values() if m["masked"]) != 1:
        _fail("maestros.yaml", "exactly one Masked Maestro is needed (solo mode)")
    award_index = _badged("awards.yaml", awards, with_goal=True)
    ovation_index = _badged("ovations.yaml", ovations, with_goal=False)
    biggest = max(int(v) for v in rules["reveal"].values())
    if len(award_index) < biggest or len(ovation_index) < biggest:
        _fail("rules.yaml", f"reveal asks for {biggest} cards; awards/ovations have fewer")
    return {
        "rules": rules,
        "symbols": symbols,
        "cards": index,
        "notes": note_ids,
        "crescendos": cresc_ids,
        "tomatoes": tomato_ids,
        "maestros": m_index,
        "awards": award_index,
        "ovations": ovation_index,
    }


def _badged(name: str, raw: Any, with_goal: bool) -> dict[str, dict[str, Any]]:
    if not isinstance(raw, list) or not raw:
        _fail(name, "must be a non-empty list")
    out: dict[str, dict[str, Any]] = {}
    for i, item in enumerate(raw):
        where = f"{name}[{i}]"
        if not isinstance(item, dict) or not isinstance(item.get("id"), str):
            _fail(where, "needs an id")
        if item["id"] in out:
            _fail(where, f"duplicate id {item['id']}")
        badges = item.get("badges")
        if badges != 1 or isinstance(badges, bool):
            # printed: one Applause Badge per player per round, which is why a seat that
            # bought an Ovation takes no Award that round; a 2-badge card would break it
            _fail(where, "badges must be 1 (one Applause Badge per card)")
        entry = {"id": item["id"], "name": str(item.get("name", item["id"])), "badges": badges}
        if with_goal:
            entry["goal"] = _check_effect(where, item.get("goal"), GOALS)
        out[item["id"]] = entry
    return out


@cache
def content() -> dict[str, Any]:
    """The validated content (cached: read once per process)."""
    return build_content(
        _load("rules.yaml"),
        _load("cards.yaml"),
        _load("maestros.yaml"),
        _load("awards.yaml"),
        _load("ovations.yaml"),
    )


def card(cid: str) -> dict[str, Any]:
    return content()["cards"][cid]
