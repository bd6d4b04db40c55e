"""Choose the blueprint's conventions and weights by self-play, and write them as data.

``python -m tools.beat.tune_conventions`` plays the blueprint band on the fast replay
(:func:`solver.beat.live.rollout`: every seat deciding from its own information in the
dealt world) over *choosing* seeds only (below 1000; the seeds from 1000 on report and
are never used here), and searches the entries of
:data:`solver.beat.blueprint.data.SCHEMA` by coordinate ascent, one seat count at a
time: for each entry in an order drawn from ``--seed``, every value of its grid is
played on the same deals, and the best replaces the current value when it wins at
least ``--min-gain`` more deals.  Entries that matter at one venue only (Scrapyard's,
Jupiter's, Event Horizon's, Milkyway's, Entropy Hall's) are judged on that venue's
deals alone, with more seeds.  With ``--scope`` (a tier or a venue id) the entries every
venue reads are chosen for that scope's venues alone, on their deals, and written as its
overrides.
The result is deterministic for the same arguments and code, and is written to
``conventions.json`` (``--out``) after every accepted change, so a run cut short keeps
what it found.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from services.beat import GAME
from services.beat import venues as V
from solver.beat import live
from solver.beat.blueprint import data

REPORTING_FROM = 1000

#: entries that change the play of one venue only: judged on its deals alone (each
#: venue's own rule: Scrapyard's pass, Jupiter's full range, Event Horizon's recycling,
#: Milkyway's tunes)
ONLY_AT = {
    "all_fail_gain_per_point": ("scrapyard",),
    "pass_cost": ("scrapyard",),
    "range_penalty": ("jupiter",),
    "medley_plan_extra": ("rock_in_the_belt",),
    "fail_one_cost": ("comeback_comet",),
    "reserve_cost": ("area_fifty",),
    "recycle_decay": ("event_horizon",),
    "recycle_balance": ("event_horizon",),
    "tune_cost": ("milkyway",),
    "hidden_setlist_one_bonus": ("warken",),
    "staging_loud_decay": ("upload_festival",),
    "entropy_one_bonus": ("entropy_hall",),
    "entropy_fail_value": ("entropy_hall",),
    "spent_point_cost": ("neverending",),
}


def band_wins(players: int, venues: list[str], seeds: range) -> int:
    """Deals the blueprint band wins on the replay, over ``venues`` x ``seeds``."""
    if seeds.stop > REPORTING_FROM:
        raise SystemExit(f"seeds from {REPORTING_FROM} on are reporting seeds: never tuned on")
    won = 0
    for venue in venues:
        for seed in seeds:
            state = GAME.new(players, {"venue": venue, "mode": "puzzle"}, seed)
            won += live.replay_band(state)
    return won


Conventions = tuple[data.Values, data.Overrides]


def _at(conv: Conventions, name: str, players: int, scope: str | None):
    """The value ``scope`` (None: every venue) plays for ``name``."""
    return data.value_in(*conv, name, players, scope)


def _with(conv: Conventions, name: str, players: int, value, scope: str | None) -> Conventions:
    values = {key: dict(per) for key, per in conv[0].items()}
    overrides = {s: {k: dict(per) for k, per in o.items()} for s, o in conv[1].items()}
    if scope is None:
        values[name][players] = value
    else:
        overrides.setdefault(scope, {}).setdefault(name, {})[players] = value
    return values, overrides


def in_scope(scope: str | None) -> list[str]:
    """The ids of the venues a scope covers (None: all)."""
    return [v.id for v in V.load_venues() if scope is None or scope in data.scope_chain(v.id)]


def tune_seats(
    conv: Conventions,
    players: int,
    venues: list[str],
    seeds: range,
    one_venue_seeds: range,
    passes: int,
    min_gain: int,
    rng: random.Random,
    save,
    entries: list[str] | None = None,
    scope: str | None = None,
) -> Conventions:
    """Coordinate ascent over the entries of ``players`` seats (``entries``: only
    these; ``scope``: as that scope's overrides); returns the values and overrides."""
    names = [
        name
        for name in data.SCHEMA
        if (not entries or name in entries) and not (scope and name in ONLY_AT)
    ]
    memo: dict[tuple, int] = {}

    def played(c: Conventions, deals: list[str], use_seeds: range) -> int:
        key = (json.dumps(c, sort_keys=True), tuple(deals), use_seeds)
        if key not in memo:
            data.use(*c)
            memo[key] = band_wins(players, deals, use_seeds)
        return memo[key]

    for round_ in range(passes):
        rng.shuffle(names)
        changed = False
        for name in names:
            only = ONLY_AT.get(name)
            deals = [v for v in venues if only is None or v in only]
            if not deals:
                continue
            use_seeds = one_venue_seeds if only else seeds
            # an entry of one venue plays there alone: it needs no scope of its own
            where = None if only else scope
            now = _at(conv, name, players, where)
            base = played(conv, deals, use_seeds)
            best, best_value = base, now
            for value in data.SCHEMA[name].grid:
                if value == now:
                    continue
                won = played(_with(conv, name, players, value, where), deals, use_seeds)
                print(
                    f"  {players} seats pass {round_ + 1} {name}={value!r}: {won}"
                    f" (now {now!r}: {base})",
                    flush=True,
                )
                if won > best:
                    best, best_value = won, value
            if best >= base + min_gain and best_value != now:
                print(
                    f"{players} seats{f' ({where})' if where else ''}: {name} {now!r} ->"
                    f" {best_value!r} ({base} -> {best} of {len(deals) * len(use_seeds)} deals)",
                    flush=True,
                )
                conv = _with(conv, name, players, best_value, where)
                changed = True
                save(conv)
        if not changed:
            break
    data.use(*conv)
    return conv


def merge_seats(ours: Conventions, theirs: Conventions, seats: list[int]) -> Conventions:
    """``ours`` at the seat counts ``seats``, ``theirs`` at the others (values and
    overrides alike)."""

    def pick(mine: data.Values, other: data.Values) -> data.Values:
        out: data.Values = {}
        for name in set(mine) | set(other):
            per = {n: v for n, v in other.get(name, {}).items() if n not in seats}
            per.update({n: v for n, v in mine.get(name, {}).items() if n in seats})
            if per:
                out[name] = per
        return out

    values = pick(ours[0], theirs[0])
    overrides = {
        scope: changed
        for scope in set(ours[1]) | set(theirs[1])
        if (changed := pick(ours[1].get(scope, {}), theirs[1].get(scope, {})))
    }
    return values, overrides


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--seed0", type=int, default=0, help="first choosing seed")
    ap.add_argument("--seeds", type=int, default=20, help="deals per venue and seat count")
    ap.add_argument(
        "--one-venue-seeds", type=int, default=80, help="deals for an entry of one venue"
    )
    ap.add_argument("--passes", type=int, default=2)
    ap.add_argument("--min-gain", type=int, default=3, help="more deals won to change a value")
    ap.add_argument("--seed", type=int, default=0, help="order of the entries")
    ap.add_argument("--venues", nargs="*", default=None)
    ap.add_argument("--entries", nargs="*", default=None, help="tune only these entries")
    ap.add_argument(
        "--scope", choices=data.scopes(), default=None, help="tune a tier's or a venue's overrides"
    )
    ap.add_argument("--out", default=str(data.PATH))
    args = ap.parse_args()
    venues = [v for v in in_scope(args.scope) if not args.venues or v in args.venues]
    seeds = range(args.seed0, args.seed0 + args.seeds)
    one_venue = range(args.seed0, args.seed0 + args.one_venue_seeds)
    out = Path(args.out)
    conv: Conventions = (
        (data.load(out), data.load_overrides(out))
        if out.exists()
        else (data.current(), data.current_overrides())
    )
    rng = random.Random(args.seed)
    note = (
        "chosen by tools/beat/tune_conventions.py on choosing seeds "
        f"{args.seed0}-{args.seed0 + max(args.seeds, args.one_venue_seeds) - 1} "
        f"(--seed {args.seed}, --min-gain {args.min_gain})"
    )

    def save(c: Conventions) -> None:
        # another seat count's run may have written its own values meanwhile: merge
        on_disk = (data.load(out), data.load_overrides(out)) if out.exists() else c
        values, overrides = merge_seats(c, on_disk, args.players)
        out.write_text(data.to_json(values, note, overrides))

    t0 = time.process_time()
    for players in args.players:
        conv = tune_seats(
            conv,
            players,
            venues,
            seeds,
            one_venue,
            args.passes,
            args.min_gain,
            rng,
            save,
            args.entries,
            args.scope,
        )
        save(conv)
    print(f"done, {time.process_time() - t0:.0f} s CPU")


if __name__ == "__main__":
    main()
