"""The Beat's content: the data files under ``data/`` and where each is validated.

Each file is checked by the module that holds its vocabulary, so a rule and the data it
reads are read side by side; every loader reads its file through :func:`read_data`:

========================  ==============================================================
``data/venues.yaml``      ``venues.load_venues`` (``validate_venues``: targets, rule ids)
``data/events.yaml``      ``events.load_events`` (``validate_events``: clause vocabulary)
``data/songs.yaml``       ``songs.load_songs`` (``validate_songs``: 12 per player count)
========================  ==============================================================

Bad data raises ``ValueError`` naming the file's entry.  Cards are not data: every seat's
15 cards are fixed by the rulebook (``cards.py``).
"""

from __future__ import annotations

from importlib import resources
from typing import Any

import yaml

DATA_FILES = ("venues.yaml", "events.yaml", "songs.yaml")


def read_data(name: str) -> Any:
    """The parsed YAML of ``data/<name>`` (unvalidated: its loader validates it)."""
    if name not in DATA_FILES:
        raise ValueError(f"the Beat has no data file {name!r}")
    text = resources.files("services.beat").joinpath("data", name).read_text("utf-8")
    return yaml.safe_load(text)
