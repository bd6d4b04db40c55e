"""The blueprint's tunable conventions and weights, shipped as data.

``conventions.json`` (next to this module) holds one value per seat count (2, 3, 4) for
every entry of :data:`SCHEMA`: the signals the band agrees on (whether a Face Up copy
signals, how wide a Cue's range may be for it to be given, which copy of a value is
played first) and the weights of the blueprint's scores (the cost of a point of card
value, the result model's chances of landing an aimed result, the Encore margin, ...).
``tools/beat/tune_conventions.py`` chooses them by self-play on the fast replay over
choosing seeds and writes the file.

The file is validated when it is loaded: an unknown or missing entry, a value of the
wrong type or out of its range, or a missing seat count is a :class:`ConventionsError`
that names the entry.  Giving and reading a signal both go through these values, so a
seat reads what it would have given whatever the file says.

An optional ``overrides`` object replaces some values at some venues: its keys are
*scopes*, a tier (``easy``: venues 1-5, the starter Garage with them; ``medium``;
``hard``) or a venue id, each holding entries by seat count like ``values`` but only
for the entries and seat counts it changes.  A venue's own scope wins over its tier's,
and both over ``values``.  Tiers can want different weights (at 4 seats the easy venues
win more with a cheaper Solo and an Encore-1 bonus the hard ones do without), so the
tuner can choose them per scope.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from services.beat import venues as V

PATH = Path(__file__).with_name("conventions.json")
SEATS = (2, 3, 4)


@dataclass(frozen=True)
class Entry:
    """One tunable value: its type, range (numbers) or choices (text), and meaning."""

    kind: type
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()
    doc: str = ""
    #: the values the tuner tries (numbers: a grid inside the range)
    grid: tuple[Any, ...] = ()


SCHEMA: dict[str, Entry] = {
    "face_up_signal": Entry(
        bool,
        doc="a seat that plays a Face Up copy shows it (the exact value) when allowed",
        grid=(True, False),
    ),
    "cue_max_width": Entry(
        int,
        0,
        4,
        doc="a Cue is given only when the values it leaves number at most this (0: never)",
        grid=(0, 1, 2, 3, 4),
    ),
    "copy_order": Entry(
        str,
        choices=("cue_first", "plain_first"),
        doc="which copy of a value is played when it does not signal (the Face Up copy last)",
        grid=("cue_first", "plain_first"),
    ),
    "cost_per_point": Entry(
        float,
        0.0,
        0.1,
        doc="utility a point of card value played costs (times the song's stakes)",
        grid=(0.0, 0.003, 0.006, 0.012, 0.02, 0.03),
    ),
    "all_fail_gain_per_point": Entry(
        float,
        0.0,
        0.1,
        doc="at Scrapyard (every song must FAIL) the gain of a point of card value played",
        grid=(0.0, 0.006, 0.012, 0.024),
    ),
    "encore_one_bonus": Entry(
        float,
        0.0,
        1.0,
        doc="worth of a 1 played by the first seat while an Encore is needed",
        grid=(0.0, 0.1, 0.25, 0.5),
    ),
    "hidden_setlist_one_bonus": Entry(
        float,
        0.0,
        2.0,
        doc="Warken: encore_one_bonus there (its targets need an Encore, its FAILs are cheap)",
        grid=(0.0, 0.25, 0.5, 0.75, 1.0),
    ),
    "fail_one_cost": Entry(
        float,
        0.0,
        1.0,
        doc="Comeback Comet: cost of a 1 played on a song it FAILs while an Encore is needed",
        grid=(0.0, 0.003, 0.006, 0.01, 0.02, 0.03, 0.1),
    ),
    "reserve_cost": Entry(
        float,
        0.0,
        0.1,
        doc="Area Fifty: cost per point the play takes from the seat's best cards for the "
        "songs still to come (its odd songs must all be LOUD)",
        grid=(0.0, 0.01, 0.02, 0.03, 0.05),
    ),
    "spent_point_cost": Entry(
        float,
        0.0,
        0.2,
        doc="Neverending: cost of a point a LOUD spends past the difficulty plus one, "
        "times the song's stakes",
        grid=(0.0, 0.005, 0.01, 0.02, 0.03, 0.05),
    ),
    "solo_cost": Entry(
        float,
        0.0,
        1.0,
        doc="utility the Solo's extra card must gain to be spent",
        grid=(0.0, 0.02, 0.04, 0.08, 0.15),
    ),
    "pass_cost": Entry(
        float,
        0.0,
        1.0,
        doc="utility the Scrapyard pass must gain to be taken",
        grid=(0.0, 0.04, 0.1),
    ),
    "medley_plan_extra": Entry(
        bool,
        doc="Rock in the Belt: plan the Encores that raise the result model's chance by "
        "more than extra_encore_margin, not only those the targets need",
        grid=(False, True),
    ),
    "middle_answers": Entry(
        int,
        0,
        2,
        doc="how many bandmates between a seat and the closer it models as answering its "
        "signal (the best card for what each reads), the first ones in turn; the others "
        "aim at a fixed share",
        grid=(0, 1, 2),
    ),
    "range_penalty": Entry(
        float,
        0.0,
        5.0,
        doc="Jupiter: utility lost per repeated value staged",
        grid=(0.0, 0.1, 0.25, 0.5, 1.0, 2.0),
    ),
    "entropy_one_bonus": Entry(
        float,
        0.0,
        2.0,
        doc="Entropy Hall: worth of each 1 played (every seat must stage three 1s)",
        grid=(0.0, 0.05, 0.1, 0.2, 0.35, 0.5, 0.75),
    ),
    "entropy_fail_value": Entry(
        float,
        0.0,
        1.0,
        doc="Entropy Hall: worth of a FAIL while one more is allowed (ON POINT, LOUD: 1)",
        grid=(0.2, 0.3, 0.4, 0.6, 0.8),
    ),
    "aim_on_point": Entry(
        float,
        0.05,
        0.95,
        doc="result model: chance that a song aimed at ON POINT lands it",
        grid=(0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55),
    ),
    "aim_loud": Entry(
        float,
        0.1,
        0.9,
        doc="result model: chance that a song aimed at LOUD lands it",
        grid=(0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85),
    ),
    "recycle_decay": Entry(
        float,
        0.0,
        1.0,
        doc="Event Horizon: share of a recycled song's value kept",
        grid=(0.5, 0.65, 0.8, 0.9),
    ),
    "recycle_balance": Entry(
        float,
        0.0,
        0.2,
        doc="Event Horizon: cost of a point played per point the band's unstaged cards "
        "average below 3 (a gain when above)",
        grid=(0.0, 0.005, 0.01, 0.02, 0.05),
    ),
    "fair_loud_margin": Entry(
        float,
        0.0,
        6.0,
        doc="a middle bandmate aims at its share of the difficulty plus this for a LOUD",
        grid=(1.0, 1.5, 2.0, 2.5, 3.0, 4.0),
    ),
    "read_silence": Entry(
        bool,
        doc="a card played face down with no signal is read as the convention's silence "
        "tells (no Face Up copy it could show, no Cue narrow enough), not as any "
        "unstaged value",
        grid=(False, True),
    ),
    "tune_cost": Entry(
        float,
        0.0,
        1.0,
        doc="Milkyway: utility a tune must gain to use up a staged Cue card (1.0: never)",
        grid=(0.0, 0.02, 0.05, 0.1, 0.2, 1.0),
    ),
    "encore_later_chance": Entry(
        float,
        0.0,
        1.0,
        doc="chance that a later song brings a 1 for an Encore still needed (1.0: sure)",
        grid=(0.3, 0.5, 0.7, 0.85, 1.0),
    ),
    "staging_loud_decay": Entry(
        float,
        0.0,
        0.15,
        doc="Upload Festival: result model, an aimed LOUD's chance lost per song played",
        grid=(0.0, 0.03, 0.05, 0.06, 0.08),
    ),
    "extra_encore_margin": Entry(
        float,
        0.0,
        1.0,
        doc="an Encore beyond the targets' need is taken when the model gains more than this",
        grid=(0.0, 0.02, 0.05, 0.1, 1.0),
    ),
}

Values = dict[str, dict[int, Any]]
#: scope (a tier or a venue id) -> the entries it changes -> seat count -> value
Overrides = dict[str, Values]


class ConventionsError(ValueError):
    """A conventions file that does not fit :data:`SCHEMA`."""


def _check(name: str, seats: int, value: Any) -> Any:
    entry = SCHEMA[name]
    where = f"{name} at {seats} seats"
    if entry.kind is bool:
        if not isinstance(value, bool):
            raise ConventionsError(f"{where}: expected true or false, got {value!r}")
        return value
    if entry.kind is str:
        if value not in entry.choices:
            raise ConventionsError(f"{where}: expected one of {list(entry.choices)}, got {value!r}")
        return value
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ConventionsError(f"{where}: expected a number, got {value!r}")
    if entry.kind is int and not (isinstance(value, int) or float(value).is_integer()):
        raise ConventionsError(f"{where}: expected a whole number, got {value!r}")
    if not entry.low <= value <= entry.high:  # type: ignore[operator]
        raise ConventionsError(f"{where}: {value!r} is outside the range {entry.low}..{entry.high}")
    return entry.kind(value)


def validate(raw: Any) -> Values:
    """The values of a parsed conventions file, or :class:`ConventionsError`."""
    if not isinstance(raw, Mapping) or not isinstance(raw.get("values"), Mapping):
        raise ConventionsError('a conventions file is an object with a "values" object')
    given = raw["values"]
    unknown = sorted(set(given) - set(SCHEMA))
    if unknown:
        raise ConventionsError(f"unknown entries: {', '.join(unknown)}")
    missing = sorted(set(SCHEMA) - set(given))
    if missing:
        raise ConventionsError(f"missing entries: {', '.join(missing)}")
    out: Values = {}
    for name in SCHEMA:
        per_seat = given[name]
        if not isinstance(per_seat, Mapping):
            raise ConventionsError(f'{name}: expected an object by seat count ("2", "3", "4")')
        keys = {str(key) for key in per_seat}
        if keys != {str(n) for n in SEATS}:
            raise ConventionsError(f'{name}: expected exactly the seat counts "2", "3", "4"')
        out[name] = {n: _check(name, n, per_seat.get(str(n), per_seat.get(n))) for n in SEATS}
    return out


TIERS = ("easy", "medium", "hard")


def tier_of(venue: V.Venue) -> str:
    """The tier scope of ``venue`` (the starter Garage counts as easy)."""
    return "easy" if venue.tier == "starter" else venue.tier


def scopes() -> tuple[str, ...]:
    """Every scope an override may name: the tiers, then the venue ids."""
    return TIERS + tuple(v.id for v in V.load_venues())


def scope_chain(scope: str | None) -> tuple[str, ...]:
    """The scopes whose overrides apply at ``scope``, the nearest first: a venue's own,
    then its tier's; a tier's own; none for None (the values everywhere)."""
    if scope is None:
        return ()
    if scope in TIERS:
        return (scope,)
    return (scope, tier_of(V.get_venue(scope)))


def value_in(
    values: Values, overrides: Overrides, name: str, players: int, scope: str | None
) -> Any:
    """The value of ``name`` at ``players`` seats that ``values`` and ``overrides`` give
    at ``scope`` (a venue id, a tier, or None)."""
    for where in scope_chain(scope):
        per = overrides.get(where, {}).get(name, {})
        if players in per:
            return per[players]
    return values[name][players]


def validate_overrides(raw: Any) -> Overrides:
    """The overrides of a parsed file's ``overrides`` object, or :class:`ConventionsError`."""
    if not isinstance(raw, Mapping):
        raise ConventionsError('"overrides" is an object by tier or venue id')
    known = scopes()
    out: Overrides = {}
    for scope, given in raw.items():
        if scope not in known:
            raise ConventionsError(f"overrides: unknown tier or venue {scope!r}")
        if not isinstance(given, Mapping) or not given:
            raise ConventionsError(f"overrides of {scope}: expected an object of entries")
        unknown = sorted(set(given) - set(SCHEMA))
        if unknown:
            raise ConventionsError(f"overrides of {scope}: unknown entries: {', '.join(unknown)}")
        out[scope] = {}
        for name, per_seat in given.items():
            keys = {str(key) for key in per_seat} if isinstance(per_seat, Mapping) else set()
            if not keys or not keys <= {str(n) for n in SEATS}:
                raise ConventionsError(
                    f"overrides of {scope}: {name}: expected an object by seat count "
                    '("2", "3", "4"), some of them'
                )
            out[scope][name] = {
                n: _check(name, n, per_seat.get(str(n), per_seat.get(n)))
                for n in SEATS
                if str(n) in keys
            }
    return out


def load(path: Path | str | None = None) -> Values:
    """The validated values of the conventions file at ``path`` (the shipped one)."""
    return _read(path)[0]


def load_overrides(path: Path | str | None = None) -> Overrides:
    """The validated overrides of the conventions file at ``path`` (the shipped one)."""
    return _read(path)[1]


def _read(path: Path | str | None) -> tuple[Values, Overrides]:
    path = Path(path) if path is not None else PATH
    try:
        raw = json.loads(path.read_text())
    except json.JSONDecodeError as exc:
        raise ConventionsError(f"{path.name} is not valid JSON: {exc}") from exc
    return validate(raw), validate_overrides(raw.get("overrides", {}))


def _as_raw(values: Values) -> dict[str, dict[str, Any]]:
    return {name: {str(n): v for n, v in per.items()} for name, per in values.items()}


def _checked(values: Values, overrides: Overrides | None) -> tuple[Values, Overrides]:
    """``values`` and ``overrides`` validated as a file would be."""
    return validate({"values": _as_raw(values)}), validate_overrides(
        {scope: _as_raw(changed) for scope, changed in (overrides or {}).items()}
    )


def to_json(values: Values, note: str = "", overrides: Overrides | None = None) -> str:
    """The text of a conventions file holding ``values`` and ``overrides``."""
    values, overrides = _checked(values, overrides)
    order = scopes()
    body: dict[str, Any] = {
        "note": note,
        "values": {name: {str(n): values[name][n] for n in SEATS} for name in SCHEMA},
    }
    if overrides:
        body["overrides"] = {
            scope: {
                name: {str(n): changed[name][n] for n in SEATS if n in changed[name]}
                for name in SCHEMA
                if name in changed
            }
            for scope, changed in sorted(overrides.items(), key=lambda o: order.index(o[0]))
        }
    return json.dumps(body, indent=2) + "\n"


_CURRENT, _OVERRIDES = _read(None)
#: (venue id or None, seat count) -> every entry's value there, resolved once
_TABLES: dict[tuple[str | None, int], dict[str, Any]] = {}
_LISTENERS: list[Callable[[], None]] = []


def get(name: str, players: int, venue: str | None) -> Any:
    """The value of ``name`` for a band of ``players`` seats at the venue of id ``venue``
    (None: the values without overrides)."""
    table = _TABLES.get((venue, players))
    if table is None:
        table = _TABLES[venue, players] = _resolve(venue, players)
    return table[name]


def _resolve(venue: str | None, players: int) -> dict[str, Any]:
    return {name: value_in(_CURRENT, _OVERRIDES, name, players, venue) for name in _CURRENT}


def current() -> Values:
    """A copy of the values in use (without overrides)."""
    return {name: dict(per) for name, per in _CURRENT.items()}


def current_overrides() -> Overrides:
    """A copy of the overrides in use."""
    return {scope: {name: dict(per) for name, per in o.items()} for scope, o in _OVERRIDES.items()}


def on_change(listener: Callable[[], None]) -> None:
    """Call ``listener`` (e.g. a cache's ``cache_clear``) whenever the values change."""
    _LISTENERS.append(listener)


def use(values: Values, overrides: Overrides | None = None) -> None:
    """Play with ``values`` and ``overrides`` (None: none, the values everywhere) from
    now on (validated; the caches that hold results of the old values are cleared)."""
    global _CURRENT, _OVERRIDES
    _CURRENT, _OVERRIDES = _checked(values, overrides)
    _TABLES.clear()
    for listener in _LISTENERS:
        listener()


@contextmanager
def using(values: Values, overrides: Overrides | None = None) -> Iterator[None]:
    """Play with ``values`` and ``overrides`` inside the block, then with those in use
    before."""
    before, before_overrides = current(), current_overrides()
    use(values, overrides)
    try:
        yield
    finally:
        use(before, before_overrides)
