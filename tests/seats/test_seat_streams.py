"""Seat changes reach every viewer's stream (across API processes): who joined, which seat
is a bot, as public events."""

from __future__ import annotations

import threading
import time

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


def _finish(api, g) -> None:
    for _ in range(2000):
        listing = api.actions(g.id, g.host_token)
        if not listing["actions"]:
            break
        step = listing["actions"][0]
        api.act(g.id, g.host_token, step["action"], seat=step["seat"])
    assert api.view(g.id)["status"] == "finished"


def test_end_names_the_rematch_and_a_later_one_is_learnt_by_waiting(clients):
    """A stream ends with its game; the `end` event names the rematch once there is
    one, and a player whose stream has ended learns of a later one by long-polling."""
    mover, reader = clients
    g = mover.create("tour", 2, options={"mode": "versus"}, seed=3)
    _finish(mover, g)
    ann = reader.player(g.id, g.seat_tokens[0], 0)
    first = list(ann.stream())
    assert [e.event for e in first] == ["view", "end"] and first[-1].rematch is None

    found: list[str | None] = []
    waiter = threading.Thread(target=lambda: found.append(ann.wait_for_rematch(wait=30)))
    waiter.start()
    time.sleep(0.5)  # let the wait start first (it finds the rematch either way)
    bob_next = mover.player(g.id, g.seat_tokens[1], 1).rematch()
    waiter.join(40)
    assert found == [bob_next.game_id] and bob_next.game_id != g.id

    again = list(ann.stream(last_event_id=first[-1].id))
    assert [e.event for e in again] == ["view", "end"]
    assert again[-1].rematch == again[0].rematch == bob_next.game_id
    (move,) = again[0].moves
    assert move["events"] == [{"type": "rematch", "id": bob_next.game_id}]
    ann_next = ann.rematch()
    assert ann_next.game_id == bob_next.game_id and ann_next.view()["seat"] == 0
