"""Each game's table reads like a game table: names and sentences, not the view's field
names, and every part of the board a player needs -- checked on a phone-width page
(390 px) against the seat's own view and the public catalog."""

from __future__ import annotations

import re

from services.registry import get_game

from .page_driver import shot

PHONE = 390


def open_seat(
    new_page, client, game: str, players: int = 2, options=None, moves: int = 0, until=None
):
    """A game created through the API, ``moves`` first-listed moves played (or as many as
    it takes until ``until(host_view)``), then seat 0's page."""
    created = client.post(
        "/v1/games",
        json={"game": game, "players": players, "seed": 7, "options": options or {}},
    ).get_json()
    game_id, host = created["id"], {"Authorization": f"Bearer {created['host_token']}"}
    for _ in range(moves):
        listing = client.get(f"/v1/games/{game_id}/actions", headers=host).get_json()
        client.post(f"/v1/games/{game_id}/actions", json=listing["actions"][0], headers=host)
    for _ in range(200 if until else 0):
        if until(client.get(f"/v1/games/{game_id}", headers=host).get_json()):
            break
        listing = client.get(f"/v1/games/{game_id}/actions", headers=host).get_json()
        client.post(f"/v1/games/{game_id}/actions", json=listing["actions"][0], headers=host)
    else:
        assert until is None, "the game never reached the state asked for"
    token = created["seat_tokens"][0]
    view = client.get(
        f"/v1/games/{game_id}", headers={"Authorization": f"Bearer {token}"}
    ).get_json()
    page = new_page(width=PHONE)
    page.goto(f"/#/g/{game_id}?token={token}")
    page.wait_for_selector(f"#board .table.{game.split('-')[0]}")
    page.wait_for_function(
        "v => Number(document.getElementById('main').dataset.version) === v", arg=view["version"]
    )
    return page, view


def seats_to_act_marked(page, client, game: str, view) -> None:
    """The seats the rules say are to act, and only they, carry a "to act" mark."""
    state = client.application.extensions["greenroom"].store.get(view["id"]).state
    to_act = get_game(game).seats_to_act(state)
    marked = page.locator(".seat.to-act")
    assert marked.count() == len(to_act) >= 1
    for i in range(marked.count()):
        assert "to act" in marked.nth(i).inner_text()


def no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE, f"the page is {width} px wide at a {PHONE} px screen"


def catalog(client, game: str, section: str):
    return client.get(f"/v1/catalog/{game}/{section}").get_json()["items"]


def test_overdrive_shows_every_board_space_with_its_occupants(new_page, client, tmp_path):
    # two moves: seat 0 places dice, so the board has occupants as well as blocked spaces
    page, view = open_seat(new_page, client, "overdrive", moves=2)
    assert view["occupied"], "the setup should have put dice on the board"
    for space in catalog(client, "overdrive", "spaces"):
        item = page.locator(f"li.space[data-space='{space['id']}']")
        assert item.count() == 1, f"space {space['id']} missing"
        text = item.inner_text()
        assert space["id"].replace("_", " ") in text.lower()
        assert "_" not in text
        if space["id"] in view["blocked"]:
            assert "Blocked" in text
        for who in view["occupied"].get(space["id"], []):
            assert f"Seat {who['seat']}" in text
            for face in who["faces"]:
                assert face.replace("horns", "horns up") in text.lower()
    # the market's Hits by their card names, Distortions with what they do
    hits = {h["id"]: h for h in catalog(client, "overdrive", "hits")}
    market = page.locator("[aria-label='Hit market'] .card")
    assert [market.nth(i).get_attribute("data-card") for i in range(market.count())] == view[
        "hit_market"
    ]
    for hit_id in view["hit_market"]:
        assert hits[hit_id]["name"] in page.inner_text("[aria-label='Hit market']")
    distortion = page.locator("[aria-label='Distortion market'] .card").first
    assert re.search(r"Distortion \d+ \(\w[\w ]*\): \w", distortion.get_attribute("aria-label"))
    seats_to_act_marked(page, client, "overdrive", view)
    no_sideways_scroll(page)
    assert page.js_errors == []
    shot(page, tmp_path, "overdrive-phone")


def test_overdrive_battle_shows_each_bands_battle_dice(new_page, client):
    page, view = open_seat(new_page, client, "overdrive", until=lambda v: v["phase"] == "battle")
    panel = page.locator("section[aria-label='Battle of Bands']")
    for seat, dice in view["battle"]["dice"].items():
        name = f"Seat {seat}, you" if seat == "0" else f"Seat {seat}"
        shown = panel.locator(f"[aria-label='{name}: battle dice'] .card")
        assert shown.count() == len(dice)
        for i, die in enumerate(dice):
            label = shown.nth(i).get_attribute("aria-label")
            assert label.startswith(f"battle die {i + 1}: ")
            assert die["face"].replace("horns", "horns up") in label.lower()
    assert page.js_errors == []


def test_composition_awards_read_as_sentences_and_ovations_have_a_price(new_page, client, tmp_path):
    page, view = open_seat(new_page, client, "composition", options={"max_rounds": 2})
    for award in view["awards"]:
        text = page.inner_text(f"li.award[data-award='{award['id']}']")
        assert text.startswith(f"{award['name']}: ")
        sentence = text.split(": ", 1)[1]
        # a sentence a player reads, not the goal's field names
        assert award["goal"]["type"] not in text and "_" not in text
        assert re.match(r"(Perform|Use|Score) ", sentence)
        if "n" in award["goal"]:
            assert f"{award['goal']['n']} or more" in sentence
        for letter in award["goal"].get("letters", []):
            assert letter.upper() in sentence
    for ovation in view["ovations"]:
        assert ovation["name"] in page.inner_text(f"li.ovation[data-ovation='{ovation['id']}']")
    assert f"{view['costs']['ovation']} Roses each" in page.inner_text("#board")
    # the draft row is labelled and its cards can be taken with a click
    takes = page.locator("[aria-label='Draft row'] button.card")
    assert takes.count() >= 1
    seats_to_act_marked(page, client, "composition", view)
    no_sideways_scroll(page)
    assert page.js_errors == []
    shot(page, tmp_path, "composition-phone")


def test_beat_shows_the_venue_rule_and_each_pile_beside_its_target(new_page, client, tmp_path):
    page, view = open_seat(new_page, client, "beat")
    venue = view["venue"]
    rule = page.inner_text(".venue-rule")
    assert rule.startswith("Venue rule: ") and "_" not in rule and rule.endswith(".")
    for pile, target in venue["targets"].items():
        text = page.inner_text(f"li.pile[data-pile='{pile}']")
        (bound, n), *_ = target.items()
        words = {"min": "at least", "max": "at most", "exact": "exactly"}[bound]
        assert f"target {words} {n} song" in text
    seats_to_act_marked(page, client, "beat", view)
    no_sideways_scroll(page)
    assert page.js_errors == []
    shot(page, tmp_path, "beat-phone")


def test_tempo_muse_studio_names_the_next_card_and_the_hand_names_muses(new_page, client, tmp_path):
    page, view = open_seat(new_page, client, "tempo-muse")
    cards = {c["value"]: c for c in catalog(client, "tempo-muse", "cards")}
    studio = view["studios"][0]
    heading = page.inner_text("section[aria-label='Seat 0, you: Studio'] h3")
    assert heading.startswith(f"Seat 0, you: Studio {len(studio)} of 15")
    nxt = len(studio) + 1
    assert f"next: {cards[nxt]['name']}" in page.inner_text("[aria-label='Seat 0, you: Studio']")
    hand = page.locator("[aria-label='Your hand'] .card")
    labels = [hand.nth(i).get_attribute("aria-label") for i in range(hand.count())]
    assert [label.split(",")[0] for label in labels] == [
        f"{v} {cards[v]['name']}" for v in view["hand"]
    ]
    seats_to_act_marked(page, client, "tempo-muse", view)
    no_sideways_scroll(page)
    assert page.js_errors == []
    shot(page, tmp_path, "tempo-muse-phone")


def test_tour_sheet_names_the_crew_and_offers_say_what_the_show_needs(new_page, client, tmp_path):
    page, view = open_seat(new_page, client, "tour", options={"mode": "versus"})
    crew = catalog(client, "tour", "crew")
    sheet = page.inner_text("section[aria-label='Seat 0, you: band sheet']")
    for role, info in crew.items():
        assert f"{role} ${info['cost']}" in sheet
    assert f"morale\n{view['sheets'][0]['morale']} of 6" in sheet
    for offer in view["offers"]:
        button = page.locator(".offers button.card", has_text=offer["name"])
        assert f"the show needs {offer['target']}" in button.get_attribute("aria-label")
    assert "Now: choosing tonight's gig" in sheet
    seats_to_act_marked(page, client, "tour", view)
    no_sideways_scroll(page)
    assert page.js_errors == []
    shot(page, tmp_path, "tour-phone")
