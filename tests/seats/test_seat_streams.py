"""Seat changes reach every viewer's stream (across API processes): who joined, which seat
is a bot, as public events."""

from __future__ import annotations

import httpx
from live_stack import Listener


def test_joins_and_bots_reach_every_stream(servers, clients):
    mover, reader = clients
    g = mover.create("beat", 3, open_seats=[1, 2])
    spectator = Listener(reader, g.id)
    host_stream = Listener(reader, g.id, g.host_token)
    for listener in (spectator, host_stream):
        first = listener.next()
        assert [s["open"] for s in first.view["seating"]] == [False, True, True]
    mover.join(g.id, 1, "Bob")
    r = httpx.post(
        f"{servers[0]}/v1/games/{g.id}/seats/2/bot",
        headers={"Authorization": f"Bearer {g.host_token}"},
        json={"name": "Robo"},
    )
    assert r.status_code == 200
    for listener in (spectator, host_stream):
        events = listener.until_version(3)
        moves = {m["version"]: m for e in events if e.event == "view" for m in e.moves}
        assert moves[2]["events"] == [
            {"type": "seat_taken", "seat": 1, "name": "Bob", "kind": "human"}
        ]
        assert moves[3]["events"][0]["kind"] == "bot"
        last = events[-1].view
        assert [s["name"] for s in last["seating"]] == [None, "Bob", "Robo"]
