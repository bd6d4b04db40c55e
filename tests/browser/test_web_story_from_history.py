"""The story ("What happened") is told from the game's history, not from what one browser
kept: a fresh browser shows the whole story so far, and a move made from another device
with the same token reads in the same plain words as one made here."""

from __future__ import annotations

import re

from .page_driver import ACTION, click_first_action, version, wait_version_at_least

# what a rules event looks like when no game sentence tells it: "place dice (die 3, face 2)"
RAW = re.compile(r"[a-z]+_[a-z]+|\(\w+ \d+(, \w+ \d+)*\)|\{|\[object")


def story(page) -> list[str]:
    return page.locator("#events li").all_inner_texts()


def open_seat(new_page, gid: str, token: str, wanted: int):
    page = new_page()
    page.goto(f"/#/g/{gid}?token={token}")
    page.wait_for_selector("#board .table")
    wait_version_at_least(page, wanted)
    return page


def test_a_fresh_browser_and_a_second_device_tell_the_same_plain_story(new_page, client):
    made = client.post("/v1/games", json={"game": "overdrive", "players": 2, "seed": 3}).get_json()
    gid, tokens = made["id"], made["seat_tokens"]
    host = {"Authorization": f"Bearer {made['host_token']}"}

    def seat1_moves() -> None:
        for _ in range(20):
            listing = client.get(f"/v1/games/{gid}/actions", headers=host).get_json()["actions"]
            mine = [sa for sa in listing if sa["seat"] == 1]
            if not mine or any(sa["seat"] == 0 for sa in listing):
                return
            moved = client.post(f"/v1/games/{gid}/actions", json=mine[0], headers=host)
            assert moved.status_code == 200, moved.get_json()

    here = open_seat(new_page, gid, tokens[0], 1)
    there = open_seat(new_page, gid, tokens[0], 1)  # the same player on another device
    made_there: list[str] = []
    for _ in range(2):
        seat1_moves()
        now = client.get(f"/v1/games/{gid}", headers=host).get_json()["version"]
        wait_version_at_least(there, now)
        if not there.locator(ACTION).count():
            break
        made_there.append(there.locator(ACTION).first.inner_text())
        assert click_first_action(there)
        wait_version_at_least(here, version(there))
    assert made_there
    now = client.get(f"/v1/games/{gid}", headers=host).get_json()["version"]
    wait_version_at_least(here, now)
    lines = story(here)
    # the other device's moves are this seat's own, told by their labels
    for text in made_there:
        assert f"You: {text}." in lines, (text, lines)
    assert not [x for x in lines if RAW.search(x)], lines
    # a browser that never saw the game (no storage) tells the same story from the start
    fresh = open_seat(new_page, gid, tokens[0], now)
    assert story(fresh) == lines
    # the bandmate's view of the same moves: its own by label, seat 0's without secrets
    other = open_seat(new_page, gid, tokens[1], now)
    theirs = story(other)
    assert len(theirs) >= len(made_there)
    assert not [x for x in theirs if RAW.search(x)], theirs
    for page in (here, there, fresh, other):
        assert page.js_errors == []
