"""Shared steps of the seat, lobby, bot and rematch tests."""

from __future__ import annotations

from typing import Any

#: the smallest table of each game kind with room for one human and bots
TABLES: dict[str, tuple[int, dict[str, Any]]] = {
    "tour": (2, {"mode": "versus"}),
    "tempo-muse": (2, {}),
    "overdrive": (2, {}),
    "composition": (2, {}),
    "beat": (3, {}),
}


def create(client, game: str = "tour", players: int = 2, **extra) -> dict[str, Any]:
    options = extra.pop("options", TABLES.get(game, (0, {}))[1])
    body = {"game": game, "players": players, "options": options, **extra}
    response = client.post("/v1/games", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def claim(client, gid: str, seat: int, name: str, invite: str | None = None):
    body = {"name": name} if invite is None else {"name": name, "invite": invite}
    return client.post(f"/v1/games/{gid}/seats/{seat}", json=body)


def play_first_legal(client, gid: str, token: str) -> int:
    """Post this token's first listed action, if it has one; returns the status (0: none)."""
    listing = client.get(f"/v1/games/{gid}/actions", headers=auth(token)).get_json()
    if not listing["actions"]:
        return 0
    r = client.post(f"/v1/games/{gid}/actions", json=listing["actions"][0], headers=auth(token))
    return r.status_code
