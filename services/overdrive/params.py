"""Strict readers for action parameters: malformed input becomes a RulesError."""

from __future__ import annotations

from typing import Any

from services.core import RulesError
from services.overdrive.content import FACES


def get_int(action: dict[str, Any], key: str) -> int:
    v = action.get(key)
    if not isinstance(v, int) or isinstance(v, bool):
        raise RulesError("bad_action", f"'{key}' must be an integer")
    return v


def get_str(action: dict[str, Any], key: str, choices: tuple | list | None = None) -> str:
    v = action.get(key)
    if not isinstance(v, str):
        raise RulesError("bad_action", f"'{key}' must be a string")
    if choices is not None and v not in choices:
        raise RulesError("bad_action", f"'{key}' must be one of {list(choices)}")
    return v


def get_face(action: dict[str, Any], key: str = "face") -> str:
    return get_str(action, key, FACES)


def get_int_list(action: dict[str, Any], key: str) -> list[int]:
    v = action.get(key)
    if not isinstance(v, list) or any(not isinstance(i, int) or isinstance(i, bool) for i in v):
        raise RulesError("bad_action", f"'{key}' must be a list of integers")
    if len(set(v)) != len(v):
        raise RulesError("bad_action", f"'{key}' repeats an entry")
    return v


def get_who(action: dict[str, Any], key: str = "target") -> int | str:
    v = action.get(key)
    if v == "metallum":
        return v
    if not isinstance(v, int) or isinstance(v, bool):
        raise RulesError("bad_action", f"'{key}' must be a seat number or 'metallum'")
    return v


def own_die(seat_rec: dict[str, Any], idx: int, *, allow_borrowed: bool = False) -> dict[str, Any]:
    """An unplaced die of the seat, by index."""
    if not 0 <= idx < len(seat_rec["dice"]):
        raise RulesError("no_such_die", f"no die {idx}")
    die = seat_rec["dice"][idx]
    if die["placed"] is not None:
        raise RulesError("die_already_placed", f"die {idx} is already on a space")
    if die.get("borrowed") and not allow_borrowed:
        raise RulesError("die_borrowed", "a borrowed die's face cannot be changed")
    return die
