"""The 12-week tour dice game (API id ``tour``)."""

from services.tour.game import TourGame

GAME = TourGame()

__all__ = ["GAME", "TourGame"]
