"""Overdrive: A Batalha do Rock — dice allocation, bands, Battles of Bands, Metallum."""

from services.overdrive.game import Overdrive

GAME = Overdrive()

__all__ = ["GAME", "Overdrive"]
