"""Streams leak nothing: each viewer's pushed views and events, per game, over real HTTP."""

from __future__ import annotations

import pytest
from leak_probe_beat import hidden_ids as beat_hidden
from leak_probe_common import check_stream_views
from leak_probe_composition import hidden_ids as composition_hidden
from leak_probe_overdrive import hidden_ids as overdrive_hidden
from leak_probe_tour import hidden_ids as tour_hidden

GAMES = [
    ("beat", 3, {"venue": "garage"}, beat_hidden),
    ("composition", 2, {}, composition_hidden),
    ("overdrive", 3, {"mode": "competitive"}, overdrive_hidden),
    ("tempo-muse", 2, {}, None),  # its probe is a counterfactual one only
    ("tour", 2, {"mode": "versus"}, tour_hidden),
]


@pytest.mark.parametrize(("game", "players", "options", "hidden"), GAMES, ids=[g[0] for g in GAMES])
def test_each_viewers_stream_is_its_view_and_its_own_events(
    servers, game, players, options, hidden
):
    checked = check_stream_views(servers, game, players, options, hidden, steps=25)
    assert checked >= players + 1  # every viewer got at least one view
