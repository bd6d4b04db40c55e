"""Composition: draft letter cards, spell the best word, earn Roses and Applause Badges."""

from services.composition.game import CompositionGame

GAME = CompositionGame()

__all__ = ["GAME", "CompositionGame"]
