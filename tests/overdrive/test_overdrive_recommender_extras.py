"""The recommender's later additions: a clear Distortion bought and played in the same turn,
Cover Bots' copy choice and TNSHE's spare faces; solved by hand, replayed through the engine
and equal to the brute force."""

from __future__ import annotations

import pytest
from test_overdrive_recommender_actions import check_position

from solver.overdrive import solve, validate


def _solve(**kw) -> tuple[dict, list[dict]]:
    raw = {"grana": 0, "band": "rebeldogs", "players": 2, "free_spaces": ["resources"], **kw}
    out = solve(validate({"position": raw}), 2.0)
    check_position(raw)  # equal to the brute force; replayed: legal, gains what it said
    return out, [a["action"] for a in out["actions"]]


def test_a_clear_distortion_bought_this_turn_frees_a_space():
    # Every space but Resources is taken.  Chord x3 + Skull, 0 Grana, #4 (clear) for 1: the
    # Skull on Resources pays for it, it clears Appearance for the three Chords:
    # 1.00 + 0.25 + 0.50 (bought) - 0.25 (spent) = 1.50; all on Resources and #4 kept: 1.25.
    out, acts = _solve(faces=["chord", "chord", "chord", "skull"], distortions=["4"])
    assert out["value"] == pytest.approx(1.50)
    assert acts == [
        {"type": "place", "space": "resources", "dice": [3]},
        {"type": "buy_distortion", "card": "4"},
        {"type": "play_distortion", "card": "4", "target": "appearance"},
        {"type": "place", "space": "appearance", "dice": [0, 1, 2]},
        {"type": "end_turn"},
    ]


def test_the_clear_card_must_be_paid_before_the_clear():
    # Chord x3 and no Grana: nothing is left over to pay for #4 before the clear, so the
    # dice go to Resources and #4 is bought afterwards to keep: 0.75 + 0.50 - 0.25 = 1.00.
    out, acts = _solve(faces=["chord", "chord", "chord"], distortions=["4"])
    assert out["value"] == pytest.approx(1.00)
    assert [a["type"] for a in acts] == ["place"] * 3 + ["buy_distortion", "end_turn"]
    # with 1 Grana it pays: Appearance 1.00 + 0.50 - 0.25 = 1.25
    out, _ = _solve(faces=["chord", "chord", "chord"], distortions=["4"], grana=1)
    assert out["value"] == pytest.approx(1.25)
