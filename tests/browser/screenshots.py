"""Screenshots of every table and the lobby for the docs (not a test): games are made and
moved through the public API, then each is opened in Chromium as seat 0 sees it.

    .venv/bin/python tests/browser/screenshots.py docs/img

Uses the Redis at ``REDIS_URL`` (default 127.0.0.1:6379) under a prefix of its own, which
it deletes afterwards.
"""

from __future__ import annotations

import os
import sys
import uuid
from pathlib import Path

import redis

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from live_stack import served  # noqa: E402

from api.app import create_app  # noqa: E402
from api.config import Settings  # noqa: E402

CHROMIUM = "/usr/bin/chromium"


def main(out: Path) -> None:
    tag = uuid.uuid4().hex[:8]
    settings = Settings(
        redis_url=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"),
        prefix=f"greenroom-shots-{tag}:",
        queue=f"greenroom-shots-{tag}",
        rate_limit_address="1000000/minute",
        rate_limit_token="1000000/minute",
    )
    app = create_app(settings)
    client = app.test_client()
    out.mkdir(parents=True, exist_ok=True)
    try:
        with served(app, "screenshots") as base:
            shoot(client, base, out)
    finally:
        r = redis.Redis.from_url(settings.redis_url)
        for key in r.scan_iter(f"{settings.prefix}*"):
            r.delete(key)


class Game:
    def __init__(self, client, game: str, players: int, seed: int, options=None):
        self.client = client
        body = {"game": game, "players": players, "seed": seed, "options": options or {}}
        made = client.post("/v1/games", json=body).get_json()
        self.id, self.tokens = made["id"], made["seat_tokens"]
        self.host = {"Authorization": f"Bearer {made['host_token']}"}

    def listing(self) -> list[dict]:
        return self.client.get(f"/v1/games/{self.id}/actions", headers=self.host).get_json()[
            "actions"
        ]

    def act(self, sa: dict) -> None:
        r = self.client.post(f"/v1/games/{self.id}/actions", json=sa, headers=self.host)
        assert r.status_code == 200, r.get_json()

    def moves(self, n: int, pick=lambda listing: listing[0]) -> None:
        for _ in range(n):
            listing = self.listing()
            if not listing:
                return
            self.act(pick(listing))


def beat_with_a_cue(client) -> Game:
    """Two songs played, then the bandmate's face-down card with a Cue on it."""
    game = Game(client, "beat", 2, 21, {"venue": "garage"})
    game.moves(4, lambda ls: [sa for sa in ls if sa["action"]["type"] != "take_back"][0])
    for sa in [sa for sa in game.listing() if sa["seat"] == 1]:
        if sa["action"]["type"] == "play" and not sa["action"].get("face_up"):
            game.act(sa)
            cues = [x for x in game.listing() if x["action"]["type"] == "cue"]
            if cues:
                game.act(cues[0])
                return game
            game.act({"seat": 1, "action": {"type": "take_back"}})
    return game


def shoot(client, base: str, out: Path) -> None:
    from playwright.sync_api import sync_playwright

    games: dict[str, tuple[Game, int]] = {}
    games["beat"] = (beat_with_a_cue(client), 1280)
    comp = Game(client, "composition", 2, 27)
    comp.moves(6, lambda ls: ([sa for sa in ls if sa["action"]["type"] == "take"] or ls)[0])
    games["composition"] = (comp, 1280)
    over = Game(client, "overdrive", 2, 3)
    over.moves(7)
    games["overdrive"] = (over, 1280)
    tempo = Game(client, "tempo-muse", 2, 5)
    tempo.moves(5)
    games["tempo-muse"] = (tempo, 1280)
    tour = Game(client, "tour", 2, 7, {"mode": "versus"})
    tour.moves(3)
    games["tour"] = (tour, 1280)
    # a solo tour played to its end: the rank in the game-over banner, the score breakdown
    done = Game(client, "tour", 1, 3)
    done.moves(400)
    games["tour-over"] = (done, 1280)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                     args=["--no-sandbox", "--disable-gpu"])  # fmt: skip
        try:
            page = browser.new_context(base_url=base, viewport={"width": 1280, "height": 900})
            lobby = page.new_page()
            lobby.goto("/")
            lobby.wait_for_selector("#create")
            lobby.select_option("#game", "beat")
            lobby.wait_for_timeout(300)
            lobby.screenshot(path=str(out / "lobby.png"), full_page=True)
            shots = [(name, g, w) for name, (g, w) in games.items()]
            shots.append(("beat-phone", games["beat"][0], 390))
            for name, game, width in shots:
                context = browser.new_context(
                    base_url=base,
                    viewport={"width": width, "height": 900 if width > 400 else 844},
                    reduced_motion="reduce",  # the reveal drawn still, as it ends
                )
                tab = context.new_page()
                tab.goto(f"/#/g/{game.id}?token={game.tokens[0]}")
                tab.wait_for_selector("#board .table")
                tab.wait_for_timeout(500)  # the catalog's names
                tab.screenshot(path=str(out / f"table-{name}.png"), full_page=True)
                context.close()
        finally:
            browser.close()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/img"))
