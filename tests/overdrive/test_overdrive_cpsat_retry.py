"""A first time limit too short for any plan (a loaded machine) is retried, not an error."""

from __future__ import annotations

import pytest

from services.overdrive import GAME
from solver.overdrive import cpsat, position
from tests.overdrive.allocation_positions import allocation_state


@pytest.mark.parametrize("seed", [3, 17, 40])
def test_a_first_limit_that_finds_no_plan_is_retried(monkeypatch, seed):
    state = allocation_state(2, {}, seed, 30)
    (seat,) = GAME.seats_to_act(state)
    pos = position.from_state(state, seat)
    monkeypatch.setattr(cpsat, "MIN_LIMIT_S", 1e-9)
    monkeypatch.setattr(cpsat, "RETRY_LIMITS_S", ())
    with pytest.raises(RuntimeError, match="UNKNOWN"):  # the first limit alone finds nothing
        cpsat.solve(pos, 0.0)
    monkeypatch.setattr(cpsat, "RETRY_LIMITS_S", (5.0,))
    assert cpsat.solve(pos, 0.0)["status"] == "OPTIMAL"
