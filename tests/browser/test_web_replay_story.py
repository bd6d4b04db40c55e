"""A replay tells each step in the same lines the table's story told for it.

Games whose views hide nothing from a spectator: a replay of a finished hidden-hand game
may name a card the table's story, told while the game ran, could only call "a card".
"""

from __future__ import annotations

import pytest
from live_stack import finish_at_random

AT_STEP = (
    "k => (document.getElementById('replay-step')?.textContent || '').startsWith(`Step ${k} `)"
)


@pytest.mark.parametrize(
    "body",
    [
        {"game": "overdrive", "players": 2, "seed": 5, "options": {"speed_metal": True}},
        pytest.param({"game": "tour", "players": 1, "seed": 5}, marks=pytest.mark.slow),
    ],
    ids=["overdrive", "tour"],
)
def test_every_replay_step_tells_the_tables_lines(new_page, client, body):
    gid = finish_at_random(client, client.post("/v1/games", json=body).get_json(), 7)
    total = len(client.get(f"/v1/games/{gid}/log").get_json()["entries"])
    page = new_page()
    page.goto(f"/#/g/{gid}")  # a finished game: anyone may read the whole story
    page.wait_for_selector("#events li")
    told = list(reversed(page.locator("#events li").all_inner_texts()))  # newest first
    replayed: list[str] = []
    page.goto(f"/#/replay/{gid}?step=1")
    for step in range(1, total + 1):
        if step > 1:
            page.click("#replay-forward")
        page.wait_for_function(AT_STEP, arg=step)
        replayed += page.locator("#replay-story li").all_inner_texts()
    assert told and replayed[-len(told) :] == told  # the table keeps the newest lines
    assert page.js_errors == []
