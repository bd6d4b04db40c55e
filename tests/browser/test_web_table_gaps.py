"""What the tables still told badly, checked in Chromium: the score against Metallum while a
solo Overdrive runs, other seats' moves in words, hint estimates, form inputs."""

from __future__ import annotations

from .test_web_table_bugs import Api


def test_solo_overdrive_shows_the_live_score_against_metallum(new_page, client):
    game = Api(client, "overdrive", 1, 7)
    game.first(3)
    live = game.view(0)["live_vp"]
    page = game.open(new_page)
    panel = page.inner_text("section[aria-label='Score now']")
    assert f"{live['0']['total']} VP against Metallum {live['metallum']['total']} VP" in panel
    for key in ("0", "metallum"):
        assert f": {live[key]['total']} VP" in panel
