"""docs/games/beat.md against the data it quotes."""

from __future__ import annotations

from pathlib import Path

import pytest

from services.beat.songs import load_songs
from tools.beat import docgen

DOC = Path(__file__).resolve().parents[2] / "docs" / "games" / "beat.md"


def test_doc_songs_line_is_the_data():
    text = DOC.read_text("utf-8")
    lines = text.split("\n")
    line = lines[lines.index(docgen.SONGS_MARKER) + 1]
    assert line == docgen.songs_line()
    assert docgen.rewrite(text) == text  # regenerating changes nothing
    for n, songs in load_songs().items():  # the line lists the data, count by count
        assert f"{n}p `{' '.join(map(str, songs))}`" in line


def test_rewrite_replaces_only_the_marked_line():
    text = f"a\n{docgen.SONGS_MARKER}\n2p `1 2`; stale.\nb"
    assert docgen.rewrite(text) == f"a\n{docgen.SONGS_MARKER}\n{docgen.songs_line()}\nb"
    with pytest.raises(ValueError):
        docgen.rewrite("no marker here")
