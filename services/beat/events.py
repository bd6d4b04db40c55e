"""Event cards as data, and the ONE interpreter of their clauses.

An event is a list of clauses (``data/events.yaml``).  Every clause is a pure
function of the cards played on one song: their printed values and their flags
(face up, cued, tuned).  The game engine and the solver both call
:func:`evaluate` (or :func:`clause_holds` / :func:`counted_values`), so a song is
resolved the same way everywhere.

Order of evaluation for one song under a list of events (Kaos Kesselhaus has two):

1. each card counts ``printed + sum of modify_card deltas for its printed value
   + its Milkyway tune``;
2. every ``ignore_card`` clause sets one still-counting card with the highest
   (lowest) printed value to 0;
3. the sum is the counted total plus every ``modify_sum`` delta;
4. every condition must hold (conditions read printed values, flags and, for
   ``sum_parity``, the final sum); if one fails, the song is a FAIL.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from services.beat.content import read_data

MODIFIERS = {"modify_card", "modify_sum", "ignore_card"}
CONDITIONS = {
    "forbid_value",
    "require_value",
    "require_same_value_count",
    "max_same_value_count",
    "require_distinct_values",
    "value_range",
    "sum_parity",
    "forbid_face_up",
    "forbid_cue",
}
#: clause kind -> {param: type or tuple of allowed values}
SCHEMA: dict[str, dict[str, Any]] = {
    "modify_card": {"value": "value", "delta": int},
    "modify_sum": {"delta": int},
    "ignore_card": {"which": ("highest", "lowest")},
    "forbid_value": {"value": "value"},
    "require_value": {"value": "value"},
    "require_same_value_count": {"min": "count"},
    "max_same_value_count": {"max": "count"},
    "require_distinct_values": {"min": "count"},
    "value_range": {"min": "value", "max": "value"},
    "sum_parity": {"parity": ("even", "odd")},
    "forbid_face_up": {},
    "forbid_cue": {},
}


@dataclass(frozen=True)
class Play:
    """One Beat card played on a song.

    ``value`` is the printed value; ``tune`` is the Milkyway adjustment (-1, 0, +1);
    ``cued`` is True when a Cue or a tune was given on this card.
    """

    seat: int
    value: int
    face_up: bool = False
    cued: bool = False
    tune: int = 0
    solo: bool = False
    card: str | None = None

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Play:
        return cls(
            seat=int(d.get("seat", 0)),
            value=int(d["value"]),
            face_up=bool(d.get("face_up", False)),
            cued=bool(d.get("cued", False)),
            tune=int(d.get("tune", 0)),
            solo=bool(d.get("solo", False)),
            card=d.get("card"),
        )


@dataclass(frozen=True)
class Event:
    id: str
    name: str
    text: str
    clauses: tuple[dict[str, Any], ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "text": self.text,
            "clauses": [dict(c) for c in self.clauses],
        }


@dataclass(frozen=True)
class EventOutcome:
    """The counted sum of a song and whether its events were fulfilled."""

    sum: int
    ok: bool
    broken: list[str] = field(default_factory=list)  # "event_id:clause_kind" that failed
    counted: list[int] = field(default_factory=list)  # per play, in the order given


# -- validation and loading ---------------------------------------------------


def _check_param(event_id: str, kind: str, name: str, spec: Any, val: Any) -> None:
    where = f"event {event_id!r}, clause {kind!r}, param {name!r}"
    if spec == "value":
        if not isinstance(val, int) or isinstance(val, bool) or not 1 <= val <= 5:
            raise ValueError(f"{where}: must be a card value 1-5, got {val!r}")
    elif spec == "count":
        if not isinstance(val, int) or isinstance(val, bool) or not 1 <= val <= 10:
            raise ValueError(f"{where}: must be a count 1-10, got {val!r}")
    elif spec is int:
        if not isinstance(val, int) or isinstance(val, bool):
            raise ValueError(f"{where}: must be an integer, got {val!r}")
    elif isinstance(spec, tuple) and val not in spec:
        raise ValueError(f"{where}: must be one of {list(spec)}, got {val!r}")


def validate_events(raw: Any) -> list[Event]:
    """Check the events data; raise ValueError with a clear message on any fault."""
    if not isinstance(raw, list) or not raw:
        raise ValueError("events data must be a non-empty list")
    out: list[Event] = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            raise ValueError(f"event #{i} must be a mapping")
        for key in ("id", "name", "text", "clauses"):
            if key not in item:
                raise ValueError(f"event #{i} lacks {key!r}")
        eid = item["id"]
        if not isinstance(eid, str) or not eid or eid in seen:
            raise ValueError(f"event #{i} has a missing or duplicate id {eid!r}")
        seen.add(eid)
        clauses = item["clauses"]
        if not isinstance(clauses, list):
            raise ValueError(f"event {eid!r}: clauses must be a list")
        checked = []
        for clause in clauses:
            if not isinstance(clause, dict) or clause.get("kind") not in SCHEMA:
                raise ValueError(f"event {eid!r}: unknown clause {clause!r}")
            kind = clause["kind"]
            params = SCHEMA[kind]
            extra = set(clause) - set(params) - {"kind"}
            if extra:
                raise ValueError(f"event {eid!r}, clause {kind!r}: unknown params {sorted(extra)}")
            for name, spec in params.items():
                if name not in clause:
                    raise ValueError(f"event {eid!r}, clause {kind!r}: missing param {name!r}")
                _check_param(eid, kind, name, spec, clause[name])
            if kind == "value_range" and clause["min"] > clause["max"]:
                raise ValueError(f"event {eid!r}: value_range min > max")
            checked.append(dict(clause))
        out.append(Event(eid, str(item["name"]), str(item["text"]), tuple(checked)))
    return out


@cache
def load_events() -> tuple[Event, ...]:
    return tuple(validate_events(read_data("events.yaml")))


@cache
def events_by_id() -> dict[str, Event]:
    return {e.id: e for e in load_events()}


def get_event(event_id: str) -> Event:
    try:
        return events_by_id()[event_id]
    except KeyError:
        raise ValueError(f"unknown event {event_id!r}") from None


# -- interpretation -------------------------------------------------------------


def _as_events(events: list[Event] | list[str] | tuple) -> list[Event]:
    return [e if isinstance(e, Event) else get_event(e) for e in events]


def counted_values(plays: list[Play], events: list[Event] | list[str]) -> list[int]:
    """What each play counts for after modify_card, tune and ignore_card."""
    evs = _as_events(events)
    counted = []
    for p in plays:
        c = p.value + p.tune
        for e in evs:
            for cl in e.clauses:
                if cl["kind"] == "modify_card" and cl["value"] == p.value:
                    c += cl["delta"]
        counted.append(c)
    ignored: set[int] = set()
    for e in evs:
        for cl in e.clauses:
            if cl["kind"] != "ignore_card":
                continue
            left = [i for i in range(len(plays)) if i not in ignored]
            if not left:
                continue
            if cl["which"] == "highest":
                pick = max(left, key=lambda i: (plays[i].value, counted[i], -i))
            else:
                pick = min(left, key=lambda i: (plays[i].value, counted[i], i))
            ignored.add(pick)
    return [0 if i in ignored else c for i, c in enumerate(counted)]


def song_sum(plays: list[Play], events: list[Event] | list[str]) -> int:
    evs = _as_events(events)
    total = sum(counted_values(plays, evs))
    for e in evs:
        for cl in e.clauses:
            if cl["kind"] == "modify_sum":
                total += cl["delta"]
    return total


def clause_holds(clause: dict[str, Any], plays: list[Play], final_sum: int) -> bool:
    """Whether a condition clause holds (modifiers always hold)."""
    kind = clause["kind"]
    values = [p.value for p in plays]
    counts = {v: values.count(v) for v in set(values)}
    if kind in MODIFIERS:
        return True
    if kind == "forbid_value":
        return clause["value"] not in counts
    if kind == "require_value":
        return clause["value"] in counts
    if kind == "require_same_value_count":
        return max(counts.values(), default=0) >= clause["min"]
    if kind == "max_same_value_count":
        return max(counts.values(), default=0) <= clause["max"]
    if kind == "require_distinct_values":
        return len(counts) >= clause["min"]
    if kind == "value_range":
        return all(clause["min"] <= v <= clause["max"] for v in values)
    if kind == "sum_parity":
        return final_sum % 2 == (0 if clause["parity"] == "even" else 1)
    if kind == "forbid_face_up":
        return not any(p.face_up for p in plays)
    if kind == "forbid_cue":
        return not any(p.cued for p in plays)
    raise ValueError(f"unknown clause kind {kind!r}")


def evaluate(plays: list[Play], events: list[Event] | list[str]) -> EventOutcome:
    """The counted sum of one song and whether all its events' conditions hold."""
    evs = _as_events(events)
    counted = counted_values(plays, evs)
    total = sum(counted) + sum(
        cl["delta"] for e in evs for cl in e.clauses if cl["kind"] == "modify_sum"
    )
    broken = [
        f"{e.id}:{cl['kind']}"
        for e in evs
        for cl in e.clauses
        if cl["kind"] in CONDITIONS and not clause_holds(cl, plays, total)
    ]
    return EventOutcome(sum=total, ok=not broken, broken=broken, counted=counted)
