"""Views, listings and move results are serialised without a schema dump (see api.json);
they must still be exactly what the spec's schemas describe."""

from __future__ import annotations

import pytest

from api.games.schemas import ActionResultSchema, GameViewSchema, LegalActionsSchema
from services.registry import all_games

GAMES = [(g.name, g.min_players) for g in all_games()]


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_view_listing_and_move_answers_validate(client, game, players):
    created = client.post("/v1/games", json={"game": game, "players": players, "seed": 3})
    assert created.status_code == 201
    body = created.get_json()
    gid = body["id"]
    host = {"Authorization": f"Bearer {body['host_token']}"}
    seat = {"Authorization": f"Bearer {body['seat_tokens'][0]}"}
    for headers in (host, seat, {}):
        view = client.get(f"/v1/games/{gid}", headers=headers)
        assert view.status_code == 200
        assert GameViewSchema().validate(view.get_json()) == {}
        assert view.headers["ETag"] == f'"{view.get_json()["version"]}"'
    listing = client.get(f"/v1/games/{gid}/actions", headers=host)
    assert LegalActionsSchema().validate(listing.get_json()) == {}
    first = listing.get_json()["actions"][0]
    moved = client.post(f"/v1/games/{gid}/actions", json=first, headers=host)
    assert moved.status_code == 200, moved.get_json()
    assert ActionResultSchema().validate(moved.get_json()) == {}
    assert moved.headers["ETag"] == f'"{moved.get_json()["version"]}"'
