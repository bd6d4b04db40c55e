"""The protocol every game implements, and the helpers they share."""

from services.core.errors import RulesError
from services.core.game import Game, Outcome, SeatAction
from services.core.rng import draw_rng, new_rng_state

__all__ = ["Game", "Outcome", "RulesError", "SeatAction", "draw_rng", "new_rng_state"]
