"""The Beat: Rockstars of the Galaxy -- the cooperative game, all 26 venues."""

from services.beat.game import BeatGame

GAME = BeatGame()

__all__ = ["GAME", "BeatGame"]
