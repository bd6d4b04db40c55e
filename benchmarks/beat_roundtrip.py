"""Round trip of one Beat feasibility request: HTTP -> RQ -> worker -> HTTP.

Starts a private stack (embedded Redis, the API under gunicorn, one RQ worker),
posts ``POST /v1/solver/beat/feasibility`` and reads the job with
``Prefer: wait=10``; prints the median and p95 over the requests, and the
solver's own time inside them.  Figures only, nothing asserted.

    .venv/bin/python benchmarks/beat_roundtrip.py [--requests 30]
"""

from __future__ import annotations

import argparse
import statistics
import time

import requests
from _stack import percentile, stack

BODY = {"venue": "garage", "players": 3}


def one(session: requests.Session, base: str, seed: int) -> tuple[float, float, str]:
    t0 = time.perf_counter()
    r = session.post(f"{base}/v1/solver/beat/feasibility", json={**BODY, "seed": seed})
    r.raise_for_status()
    loc = r.headers.get("Location") or f"/v1/jobs/{r.json()['id']}"
    job = session.get(f"{base}{loc}", headers={"Prefer": "wait=10"}).json()
    total = time.perf_counter() - t0
    result = job.get("result") or {}
    return total, float(result.get("seconds", float("nan"))), job.get("status", "?")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--requests", type=int, default=30)
    a = ap.parse_args()
    with stack(processes=2, workers=1) as (base, _):
        s = requests.Session()
        deadline = time.monotonic() + 120  # the worker preloads OR-Tools first
        while one(s, base, 0)[2] != "finished":
            if time.monotonic() > deadline:
                raise RuntimeError("the worker did not answer")
        rows = [one(s, base, seed) for seed in range(a.requests)]
    totals = [r[0] * 1000 for r in rows]
    solver = [r[1] * 1000 for r in rows]
    done = sum(1 for r in rows if r[2] == "finished")
    print(
        f"{a.requests} feasibility requests ({BODY['venue']}, {BODY['players']} players), "
        f"{done} finished"
    )
    for name, xs in (("round trip  ", totals), ("solver alone", solver)):
        print(f"{name} median {statistics.median(xs):.0f} ms  p95 {percentile(xs, 0.95):.0f} ms")
    print(
        f"overhead (median round trip - median solve): "
        f"{statistics.median(totals) - statistics.median(solver):.0f} ms"
    )


if __name__ == "__main__":
    main()
