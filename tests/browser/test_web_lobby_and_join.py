"""The lobby says what each game is and picks a Beat venue by name and tier; a join link's
page names the game, its host and its seats."""

from __future__ import annotations


def test_a_venue_is_picked_by_name_and_the_join_page_names_game_host_and_seats(new_page):
    alice = new_page()
    alice.goto("/")
    alice.fill("#name", "Alice")
    alice.select_option("#game", "beat")
    assert "cooperative" in alice.inner_text("#game-line")
    alice.wait_for_selector("#pick-beat-venue")
    names = alice.locator("#pick-beat-venue option").all_inner_texts()
    assert "Garage on Proxima V (starter)" in names
    assert len(names) >= 27  # the default and every venue
    alice.select_option("#pick-beat-venue", label="Garage on Proxima V (starter)")
    alice.fill("#players", "2")
    alice.dispatch_event("#players", "change")
    alice.select_option("#my-seat", "0")
    alice.click("#create")
    link = alice.input_value("#join-1")

    bob = new_page(width=390, height=844)
    bob.goto(link)
    bob.wait_for_selector("#join-game")
    assert bob.inner_text("#join-game") == "The Beat: Rockstars of the Galaxy, hosted by Alice"
    seats = bob.locator("#join-seats li").all_inner_texts()
    assert seats == ["Seat 0: Alice", "Seat 1: open: yours to take"]
    bob.fill("#join-name", "Bob")
    bob.click("#join-submit")
    bob.wait_for_selector("#board .beat")
    assert "Garage on Proxima V" in bob.inner_text("#board")
    assert alice.js_errors == [] and bob.js_errors == []


def test_overdrive_bands_are_chosen_by_name_seat_by_seat(new_page, client):
    page = new_page()
    page.goto("/")
    page.select_option("#game", "overdrive")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    page.wait_for_selector("#pick-overdrive-bands-1")
    page.wait_for_load_state("networkidle")  # every game's choices have arrived
    assert page.locator("#pick-overdrive-bands-1").count() == 1
    # names, never the ids a new player could not know
    assert "Dead & Death" in page.locator("#pick-overdrive-bands-0 option").all_inner_texts()
    page.select_option("#pick-overdrive-bands-0", label="Dead & Death")
    page.select_option("#pick-overdrive-bands-1", label="Starssacration")
    page.select_option("#my-seat", "0")
    page.click("#create")
    page.wait_for_selector("#join-1")
    gid = page.evaluate(
        "Object.keys(localStorage).find(k => k.startsWith('greenroom:game:')).split(':')[2]"
    )
    seats = client.get(f"/v1/games/{gid}").get_json()["seats"]
    assert [s["band"] for s in seats] == ["dead_and_death", "starssacration"]
    assert page.js_errors == []
