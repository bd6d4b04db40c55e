"""Tempo Muse: two players race to a fifteen-card Studio of Rhythm cards."""

from services.tempo_muse.game import TempoMuse

GAME = TempoMuse()

__all__ = ["GAME", "TempoMuse"]
