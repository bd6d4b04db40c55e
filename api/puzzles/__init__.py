"""Beat puzzles over HTTP: codes, the daily puzzle, the archive, forks and analyses."""
