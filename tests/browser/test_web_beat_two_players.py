"""Two people, two browsers, one Beat venue: created in the lobby, joined by link, played
to the end by clicking, each page following the other's moves without reloading."""

from __future__ import annotations

from .page_driver import ACTION, click_first_action, shot, status, version, wait_version_at_least


def test_two_browsers_play_a_beat_venue_to_the_end(new_page, tmp_path):
    alice = new_page()
    alice.goto("/")
    alice.fill("#name", "Alice")
    alice.select_option("#game", "beat")
    # the venue option offers the catalog's venues as choices
    alice.wait_for_selector("#choices-beat-venue option[value=garage]", state="attached")
    assert alice.locator("#choices-beat-venue option").count() >= 26
    alice.fill("#players", "2")
    alice.dispatch_event("#players", "change")
    alice.select_option("#my-seat", "0")
    alice.fill("#seed", "21")
    alice.click("#create")
    link = alice.input_value("#join-1")
    game_id = link.split("/")[-2]
    assert link.endswith(f"/#/join/{game_id}/1")
    alice.click("#open-table")
    alice.wait_for_selector("#turn:text('Waiting for players to take seat 1')")

    bob = new_page(width=390, height=844)  # a phone-width screen
    bob.goto("/")
    # the listed game is in Bob's lobby; its open seat is one click away
    listed = bob.locator("#open-games li", has_text=game_id)
    listed.get_by_role("button", name="Join seat 1").click()
    bob.fill("#join-name", "Bob")
    bob.click("#join-submit")
    bob.wait_for_selector("#board .beat")
    alice.wait_for_selector(ACTION)  # Bob's arrival reached Alice's page by itself
    assert "Bob (seat 1)" in alice.inner_text("#board")
    # a marker that a reload would wipe: both pages must keep it to the end
    for page in (alice, bob):
        page.evaluate("window.__noReload = true")

    # on a phone-width screen nothing runs off the side
    assert bob.evaluate("document.documentElement.scrollWidth") <= 390
    # card art is text with a text alternative; a playable card is a real button
    labels = bob.locator("#board .card").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))"
    )
    assert labels and all(label and "card" in label for label in labels)
    before = version(bob)
    bob.focus("#board button.card.playable")
    bob.keyboard.press("Enter")
    wait_version_at_least(alice, before + 1)

    moves = 1
    while status(alice) != "finished" or status(bob) != "finished":
        assert moves < 200, "the venue did not end"
        acted = False
        for me, other in ((alice, bob), (bob, alice)):
            if status(me) == "finished":
                continue
            if click_first_action(me):
                acted = True
                moves += 1
                # the other page shows the move by itself: stream or long-poll, no reload
                wait_version_at_least(other, version(me))
        if not acted:
            alice.wait_for_timeout(200)
    assert moves >= 6
    for page in (alice, bob):
        page.wait_for_selector("#outcome")
        assert page.evaluate("window.__noReload === true")
        assert page.js_errors == []
    assert version(alice) == version(bob)
    # each page tells the other's moves as they came in, as much as it may see of them
    assert "Bob played a card face down" in alice.inner_text("#events")
    assert "Alice played a card face down" in bob.inner_text("#events")
    assert alice.locator("#live").get_attribute("data-mode") == "stream"
    outcome = alice.inner_text("#outcome")
    assert "Game over" in outcome
    shot(alice, tmp_path, "beat-alice")
    shot(bob, tmp_path, "beat-bob-phone")

    # a rematch: each asks with their own seat, both land at the same new table
    alice.click("#rematch")
    alice.wait_for_function("id => !location.hash.includes(id)", arg=game_id)
    bob.click("#rematch")
    bob.wait_for_function("id => !location.hash.includes(id)", arg=game_id)
    assert alice.evaluate("location.hash") == bob.evaluate("location.hash")
    for page in (alice, bob):
        page.wait_for_selector(ACTION)
        assert page.evaluate("window.__noReload === true")  # the page moved without a reload
