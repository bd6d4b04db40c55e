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
deals alone, with more seeds.
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
from solver.beat import live, sim
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
            spec, st, _, _ = sim.from_engine(state)
            rotated = [set(s["rotated"]) for s in state["seats"]]
            won += live.rollout(spec, st, None, state["lead"], rotated)
    return won


def _with(values: data.Values, name: str, players: int, value) -> data.Values:
    out = {key: dict(per) for key, per in values.items()}
    out[name][players] = value
    return out


def tune_seats(
    values: data.Values,
    players: int,
    venues: list[str],
    seeds: range,
    one_venue_seeds: range,
    passes: int,
    min_gain: int,
    rng: random.Random,
    save,
    entries: list[str] | None = None,
) -> data.Values:
    """Coordinate ascent over the entries of ``players`` seats (``entries``: only
    these); returns the values."""
    names = [name for name in data.SCHEMA if not entries or name in entries]
    memo: dict[tuple, int] = {}

    def played(vals: data.Values, deals: list[str], use_seeds: range) -> int:
        key = (json.dumps(vals, sort_keys=True), tuple(deals), use_seeds)
        if key not in memo:
            data.use(vals)
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
            base = played(values, deals, use_seeds)
            best, best_value = base, values[name][players]
            for value in data.SCHEMA[name].grid:
                if value == values[name][players]:
                    continue
                won = played(_with(values, name, players, value), deals, use_seeds)
                print(
                    f"  {players} seats pass {round_ + 1} {name}={value!r}: {won}"
                    f" (now {values[name][players]!r}: {base})",
                    flush=True,
                )
                if won > best:
                    best, best_value = won, value
            if best >= base + min_gain and best_value != values[name][players]:
                print(
                    f"{players} seats: {name} {values[name][players]!r} -> {best_value!r}"
                    f" ({base} -> {best} of {len(deals) * len(use_seeds)} deals)",
                    flush=True,
                )
                values = _with(values, name, players, best_value)
                changed = True
                save(values)
        if not changed:
            break
    data.use(values)
    return values


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
    ap.add_argument("--out", default=str(data.PATH))
    args = ap.parse_args()
    venues = [v.id for v in V.load_venues() if not args.venues or v.id in args.venues]
    seeds = range(args.seed0, args.seed0 + args.seeds)
    one_venue = range(args.seed0, args.seed0 + args.one_venue_seeds)
    out = Path(args.out)
    values = data.load(out) if out.exists() else data.current()
    rng = random.Random(args.seed)
    note = (
        "chosen by tools/beat/tune_conventions.py on choosing seeds "
        f"{args.seed0}-{args.seed0 + max(args.seeds, args.one_venue_seeds) - 1} "
        f"(--seed {args.seed}, --min-gain {args.min_gain})"
    )

    def save(vals: data.Values) -> None:
        # another seat count's run may have written its own values meanwhile: merge
        on_disk = data.load(out) if out.exists() else vals
        merged = {
            name: {n: (vals if n in args.players else on_disk)[name][n] for n in data.SEATS}
            for name in data.SCHEMA
        }
        out.write_text(data.to_json(merged, note))

    t0 = time.process_time()
    for players in args.players:
        values = tune_seats(
            values,
            players,
            venues,
            seeds,
            one_venue,
            args.passes,
            args.min_gain,
            rng,
            save,
            args.entries,
        )
        save(values)
    print(f"done, {time.process_time() - t0:.0f} s CPU")


if __name__ == "__main__":
    main()
