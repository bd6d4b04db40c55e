"""The Beat: Rockstars of the Galaxy -- the cooperative game, all 26 venues."""
