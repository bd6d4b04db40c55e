"""Composition solver on seeded MUD hands holding Crossroads: CPU per exact query.

Each hand is a game's seat 0 with the MUD Maestro (its letter cards included),
Crossroads plus n-1 cards drawn from the unlocked Notes and Crescendos, the Ghost
Note on about half of them and 0-8 Roses, built as the property tests build hands
(``tests/composition/helpers_composition``).  Each query is ``best_words(hand, k)``
with ``--budget`` seconds (wall); it prints the hands above ``--show`` s of CPU or
cut short, then the CPU median, p95 and max and how many were cut.  Figures are
printed, not asserted; compare codes by running it on each in the same window.

    .venv/bin/python benchmarks/composition_mud_sweep.py [--first 0] [--hands 60] [--cards 9]
        [--budget 20] [--k 1] [--show 0.5]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "composition"))

from helpers_composition import CROSS, DATA, compose, fresh  # noqa: E402

from solver.composition.hand import hand_from_state  # noqa: E402
from solver.composition.index import get_index  # noqa: E402
from solver.composition.search import best_words  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--first", type=int, default=0, help="first seed")
    ap.add_argument("--hands", type=int, default=60)
    ap.add_argument("--cards", type=int, default=9, help="Crossroads plus cards-1 drawn")
    ap.add_argument("--budget", type=float, default=20.0, help="seconds (wall) per query")
    ap.add_argument("--k", type=int, default=1)
    ap.add_argument("--show", type=float, default=0.5, help="print hands above this CPU s")
    args = ap.parse_args()
    get_index()
    pool = [c for c in DATA["notes"] + DATA["crescendos"] if not DATA["cards"][c].get("locked")]
    cpu, cut = [], 0
    for seed in range(args.first, args.first + args.hands):
        rng = random.Random(seed)
        rng.choice(["MUD"])  # the draw order of the hands the figures were taken on
        state = fresh(2, ["MUD", "REX"], seed=seed, tomatoes=False)
        cards = [CROSS] + rng.sample([c for c in pool if c != CROSS], args.cards - 1)
        ghost = rng.random() < 0.5
        state = compose(state, {0: cards}, ghost=0 if ghost else None)
        state["seats"][0]["roses"] = rng.randint(0, 8)
        hand = hand_from_state(state, 0)
        start = time.process_time()
        out = best_words(hand, args.k, budget_s=args.budget)
        spent = time.process_time() - start
        cpu.append(spent)
        cut += not out["exact"]
        if spent > args.show or not out["exact"]:
            pairs = out["figures"].get("pairs", {})
            print(
                f"seed {seed} ghost {ghost}: {spent:.2f} s CPU, exact {out['exact']}, "
                f"pairs scored {pairs.get('evaluated', 0)}",
                flush=True,
            )
    cpu.sort()
    print(
        f"{len(cpu)} hands: CPU median {cpu[len(cpu) // 2]:.2f} s, "
        f"p95 {cpu[int(len(cpu) * 0.95)]:.2f} s, max {cpu[-1]:.2f} s, cut {cut}"
    )


if __name__ == "__main__":
    main()
