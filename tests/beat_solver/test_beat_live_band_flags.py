"""The live band benchmark's hint settings: the CPU clock and the count of hints that
leave the blueprint's move."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import beat_live_band as BB  # noqa: E402


def _spy(monkeypatch) -> list:
    clocks: list = []
    real = BB.live.live_hint

    def spy(state, seat, budget_s, max_samples=10_000, clock=time.monotonic, draw=None):
        clocks.append(clock)
        return real(state, seat, budget_s, max_samples=1, clock=clock, draw=draw)

    monkeypatch.setattr(BB.live, "live_hint", spy)
    return clocks


def test_cpu_clock_measures_the_hint_budget_in_process_time(monkeypatch):
    clocks = _spy(monkeypatch)
    BB.play_deal("garage", 2, 0, "hint", 0, budget_s=0.01, cpu_clock=True)
    assert clocks and all(c is time.process_time for c in clocks)


def test_the_wall_clock_without_the_flag(monkeypatch):
    clocks = _spy(monkeypatch)
    BB.play_deal("garage", 2, 0, "hint", 0, budget_s=0.01)
    assert clocks and all(c is time.monotonic for c in clocks)


def test_the_report_names_the_cpu_clock():
    assert BB._hint_setting({"hint_budget_s": 2.0, "hint_clock": "cpu"}) == "2 s CPU per hint"
    assert BB._hint_setting({"hint_budget_s": 2.0, "hint_clock": "wall"}) == "2 s per hint"


def test_a_hint_off_the_blueprint_is_counted():
    est = [
        {"action": {"type": "play", "card": "a"}, "then": [{"type": "ready"}]},
        {"action": {"type": "play", "card": "b"}, "then": [{"type": "ready"}]},
    ]

    def hint(card: str) -> dict:
        acts = [{"type": "play", "card": card}, {"type": "ready"}]
        return {"actions": [{"seat": 0, "action": a} for a in acts], "estimates": est}

    assert not BB._deviates(hint("a"))
    assert BB._deviates(hint("b"))
    assert not BB._deviates({"actions": [], "estimates": est[:1]})
