"""The live band benchmark's --resume: a run cut short goes on with the deals it lacks."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import beat_live_band as BB  # noqa: E402


def test_resume_skips_the_deals_the_out_file_holds(tmp_path):
    work = [("garage", 2, s, 16, ("hint",)) for s in range(3)] + [("roswell", 4, 0, 8, ("hint",))]
    out = tmp_path / "live.jsonl"
    assert BB._pending(work, str(out)) == work  # no file yet: everything
    out.write_text(
        json.dumps({"venue": "garage", "players": 2, "seed": 1})
        + "\n"
        + json.dumps({"venue": "roswell", "players": 4, "seed": 0})
        + "\n"
    )
    assert BB._pending(work, str(out)) == [work[0], work[2]]
