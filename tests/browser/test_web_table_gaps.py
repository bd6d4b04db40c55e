"""What the tables still told badly, checked in Chromium: the score against Metallum while a
solo Overdrive runs, other seats' moves in words, hint estimates, form inputs."""

from __future__ import annotations

from .test_web_table_bugs import Api, story, wait_version


def test_solo_overdrive_shows_the_live_score_against_metallum(new_page, client):
    game = Api(client, "overdrive", 1, 7)
    game.first(3)
    live = game.view(0)["live_vp"]
    page = game.open(new_page)
    panel = page.inner_text("section[aria-label='Score now']")
    assert f"{live['0']['total']} VP against Metallum {live['metallum']['total']} VP" in panel
    for key in ("0", "metallum"):
        assert f": {live[key]['total']} VP" in panel


def _other_seat_moves(game, seat: int, moves: int) -> None:
    """Play the listing's first move for whoever acts until ``seat`` made ``moves`` moves."""
    made = 0
    while made < moves:
        pick = game.listing()[0]
        game.act(pick)
        made += pick["seat"] == seat


def _told_in_words(page, game, seat: int) -> list[str]:
    wait_version(page, game.view()["version"])
    page.wait_for_function(
        "v => [...document.querySelectorAll('#events li')]"
        ".some(li => Number(li.dataset.version) >= v)",
        arg=game.view()["version"],
    )
    told = story(page)
    assert told and not any("moved." in line for line in told), told
    return told


def test_overdrive_tells_another_seats_move_in_words(new_page, client):
    game = Api(client, "overdrive", 2, 7)
    page = game.open(new_page)
    _other_seat_moves(game, 1, 2)
    told = _told_in_words(page, game, 1)
    # the seat's dice on a board space, with their faces
    assert any(line.startswith("Seat 1 placed ") and " on " in line for line in told), told


def test_the_tour_tells_another_seats_move_in_words(new_page, client):
    game = Api(client, "tour", 2, 3, {"mode": "versus"})
    page = game.open(new_page)
    _other_seat_moves(game, 1, 2)
    told = _told_in_words(page, game, 1)
    assert any(line.startswith(("Seat 1 booked ", "Seat 1 staged ")) for line in told), told
