"""Every game's hint box in plain words: asked for at two moments of each game in
Chromium, no line of it (the sentence, the plan, the estimates) shows a solver's ids."""

from __future__ import annotations

import re

from .page_driver import version, wait_version_above, wait_version_at_least

# a card or die id ("n47", "s0-3b"), a kind:id pair ("hit:mini_lover"), a snake_case id,
# a numbered offer ("offer 0") or raw data
RAW = re.compile(r"\b[a-z]{1,2}\d+(?:-\w+)?\b|\b\w+:\w+\b|\b[a-z]+_[a-z_]+\b|\boffer \d|[\[{]")

GAMES = {
    "beat": {"venue": "garage"},
    "overdrive": {},
    "composition": {"max_rounds": 2},
    "tempo-muse": {"round_limit": 5},
    "tour": {"mode": "versus"},
}


def others_move(client, gid: str, host: dict) -> int:
    """Seat 1 moves (its first listed action) until seat 0 may act; the version then."""
    for _ in range(30):
        listing = client.get(f"/v1/games/{gid}/actions", headers=host).get_json()
        if any(sa["seat"] == 0 for sa in listing["actions"]) or not listing["actions"]:
            break
        client.post(f"/v1/games/{gid}/actions", json=listing["actions"][0], headers=host)
    return listing["version"]


def test_every_games_hints_are_plain_words(new_page, client, worker):
    shown: dict[str, list[str]] = {}
    for game, options in GAMES.items():
        made = client.post(
            "/v1/games", json={"game": game, "players": 2, "seed": 5, "options": options}
        ).get_json()
        gid, host = made["id"], {"Authorization": f"Bearer {made['host_token']}"}

        page = new_page()
        page.goto(f"/#/g/{gid}?token={made['seat_tokens'][0]}")
        page.wait_for_selector("#board .table")
        texts = shown.setdefault(game, [])
        for _ in range(2):
            wait_version_at_least(page, others_move(client, gid, host))
            if page.locator("#hint").is_disabled():
                break
            page.click("#hint")
            page.wait_for_selector("#hint-result .hint-text, #hint-result .error", timeout=40_000)
            texts += page.locator("#hint-result p, #hint-result li").all_text_contents()
            if not page.locator("#play-hint").count():
                break
            before = version(page)
            page.click("#play-hint")
            wait_version_above(page, before)
        assert page.js_errors == []
    for game, texts in shown.items():
        assert texts, f"no hint asked in {game}"
        for text in texts:
            assert "Thinking" not in text and "failed" not in text, (game, text)
    # the tour's offers weighed by their venues' names
    assert any(t.startswith("House Show value: ") for t in shown["tour"]), shown["tour"]
    for game, texts in shown.items():
        for text in texts:
            assert not RAW.search(text), (game, RAW.search(text), text)
