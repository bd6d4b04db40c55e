"""Bot turns reach the job queue through the play layer's port, which the app wires at
start-up from a name: the API holds no worker code, and any implementation can stand in."""

from __future__ import annotations

from dataclasses import replace

from api.app import create_app
from services.play.bots import bot_seats_to_act
from services.play.records import GameRecord
from workers.bot_turns import RqBotTurns


class RecordingBotTurns:
    """A ``services.play.ports.BotTurns`` that keeps what it was asked to schedule."""

    asked: list[tuple[str, int, list[int]]] = []

    def __init__(self, queue, store, budget_s: float):
        self.budget_s = budget_s

    def schedule(self, record: GameRecord) -> list[int]:
        seats = bot_seats_to_act(record)
        RecordingBotTurns.asked.append((record.id, record.version, seats))
        return seats


def test_the_app_wires_the_job_queue_by_default(settings):
    backend = create_app(settings).extensions["greenroom"]
    assert isinstance(backend.bot_turns, RqBotTurns)
    assert backend.bot_turns.budget_s == settings.bot_budget_s


def test_every_change_goes_through_the_wired_port(settings):
    app = create_app(replace(settings, bot_turns="test_bot_turns_port:RecordingBotTurns"))
    app.config["TESTING"] = True
    client = app.test_client()
    created = client.post(
        "/v1/games",
        json={"game": "tour", "players": 2, "options": {"mode": "versus"}, "open_seats": [1]},
    ).get_json()
    gid, host = created["id"], created["host_token"]
    r = client.post(
        f"/v1/games/{gid}/seats/1/bot", json={}, headers={"Authorization": f"Bearer {host}"}
    )
    assert r.status_code == 200, r.get_json()
    asked = [entry for entry in RecordingBotTurns.asked if entry[0] == gid]
    assert asked, "seating a bot did not ask the port to schedule its turns"
    record = app.extensions["greenroom"].store.get(gid)
    # the port was asked about the game as it stands once the bot sat down
    assert asked[-1] == (gid, record.version, bot_seats_to_act(record))
