"""The Beat's tools: the doc's generated lines and the song-difficulty calibration band."""
