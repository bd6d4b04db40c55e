"""Hints, Beat puzzles with the solver's plan, replays and rule errors, in the browser."""

from __future__ import annotations

from .page_driver import ACTION, click_first_action, shot, status, version, wait_version_above


def at_step(page, text: str) -> None:
    page.wait_for_function(
        "t => document.getElementById('replay-step').textContent.startsWith(t)", arg=text
    )


def open_solo_tour(page) -> None:
    page.goto("/")
    page.select_option("#game", "tour")
    page.fill("#players", "1")
    page.dispatch_event("#players", "change")
    page.fill("#seed", "3")
    page.click("#create")
    page.wait_for_selector(ACTION)


def test_a_hint_explains_itself_and_plays_in_one_click(new_page, worker, tmp_path):
    page = new_page()
    open_solo_tour(page)
    page.click("#hint")
    page.wait_for_selector("#play-hint", timeout=40_000)
    assert page.inner_text("#hint-result .hint-text").strip()
    assert page.locator("#hint-result .plan li").count() >= 1
    before = version(page)
    page.click("#play-hint")
    wait_version_above(page, before)
    assert page.js_errors == []
    shot(page, tmp_path, "tour-hint")


def test_an_illegal_move_shows_the_rules_sentence(new_page):
    page = new_page()
    open_solo_tour(page)
    # the restock form is open at every decision; 50 pairs of shirts are beyond the band's cash
    form = page.locator("details.action-form", has_text="restock")
    form.locator("summary").click()
    form.locator("input").first.fill("50")
    form.locator("button[type=submit]").click()
    page.wait_for_selector("#error:not([hidden])")
    shown = page.inner_text("#error")
    # the same action posted straight to the API answers 422 with that sentence
    answer = page.evaluate(
        """async () => {
            const id = location.hash.split('/')[2];
            const {token} = JSON.parse(localStorage.getItem('greenroom:game:' + id));
            const r = await fetch('/v1/games/' + id + '/actions', {method: 'POST',
                headers: {'Content-Type': 'application/json', Authorization: 'Bearer ' + token},
                body: JSON.stringify({action: {type: 'restock', pairs: 50}})});
            return {status: r.status, body: await r.json()};
        }"""
    )
    assert answer["status"] == 422
    assert shown.startswith(answer["body"]["message"])
    assert answer["body"]["code"] in shown


def test_a_beat_puzzle_is_solved_stepped_through_and_replayed(new_page, worker, tmp_path):
    page = new_page()
    page.goto("/#/puzzle")
    page.select_option("#pz-venue", "garage")
    page.fill("#pz-players", "2")
    page.fill("#pz-seed", "1")
    page.get_by_role("button", name="Fill an example deal").click()
    assert '"decks"' in page.input_value("#pz-deal")
    page.click("#pz-create")
    page.wait_for_selector("#board .beat")
    # open information: the host sees both hands
    assert page.locator("#board [aria-label$=': hand'] .card").count() == 10
    page.click("#winnable")
    page.wait_for_selector("#verdict", timeout=40_000)
    assert page.inner_text("#verdict").startswith("Yes")
    steps = page.locator("#plan li").count()
    assert steps > 5
    # a click that lands before the plan is redrawn (here: on the button drawn before
    # the last move) plays the next step, not the one just played
    page.evaluate("window.staleStep = document.getElementById('plan-next')")
    for stale in (False, True, False, False):
        before = version(page)
        if stale:
            page.evaluate("window.staleStep.click()")
        else:
            page.click("#plan-next")
        wait_version_above(page, before)
    assert page.is_hidden("#error")
    # the plan marks the steps played (it reads the log after each move)
    page.wait_for_function("document.querySelectorAll('#plan li.done').length === 4")
    assert page.locator("#plan li.next").count() == 1
    page.click("#plan-all")
    page.wait_for_selector("#outcome")
    assert status(page) == "finished"
    assert "won" in page.inner_text("#outcome") and "nobody" not in page.inner_text("#outcome")
    shot(page, tmp_path, "beat-puzzle")

    page.click("#replay-link")
    page.wait_for_selector("#replay-board .beat")
    assert page.inner_text("#replay-step").startswith(f"Step {steps} of {steps}")
    end_board = page.inner_text("#replay-board")
    page.click("#replay-first")
    at_step(page, "Step 0")
    assert page.inner_text("#replay-board") != end_board
    page.click("#replay-forward")
    at_step(page, "Step 1 ")
    page.keyboard.press("ArrowRight")
    at_step(page, "Step 2 ")
    page.click("#replay-back")
    at_step(page, "Step 1 ")
    assert page.js_errors == []
    shot(page, tmp_path, "beat-replay")


def test_the_word_input_spells_with_the_seats_cards(new_page):
    page = new_page()
    page.goto("/")
    found = page.evaluate(
        """async () => {
            const {spell} = await import('/web/js/tables/composition.js');
            const map = new Map([['a', {letters: 'n'}], ['b', {letters: 'o'}],
                                 ['c', {letters: 'th'}], ['ghost', {}]]);
            return [spell('no', ['a', 'b'], map), spell('on', ['a', 'b'], map),
                    spell('both', ['a', 'b', 'c', 'ghost'], map), spell('noon', ['a', 'b'], map)];
        }"""
    )
    assert found[0] == {"cards": ["a", "b"], "assign": {}}
    assert found[1] == {"cards": ["b", "a"], "assign": {}}
    assert found[2] == {"cards": ["ghost", "b", "c"], "assign": {"ghost": "b"}}
    assert found[3] is None


def test_a_composition_word_is_typed_and_performed(new_page, app):
    from itertools import permutations

    from services.composition.wordlist import is_word
    from services.registry import get_game

    page = new_page()
    page.goto("/")
    page.select_option("#game", "composition")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    page.fill("form [name=max_rounds]", "1")
    page.fill("#seed", "7")
    page.select_option("#my-seat", "host")
    page.click("#create")
    page.click("#open-table")
    page.wait_for_selector("#board .composition")
    # draft by clicking until the table asks for a word
    for _ in range(40):
        page.wait_for_selector(f"{ACTION}, #word")
        if page.locator("#word").count():
            break
        assert click_first_action(page)
    game_id = page.evaluate("location.hash.split('/')[2]")
    record = app.extensions["greenroom"].store.get(game_id)
    listing = page.evaluate(
        """async id => {
            const {token} = JSON.parse(localStorage.getItem('greenroom:game:' + id));
            const r = await fetch('/v1/games/' + id + '/actions',
                                  {headers: {Authorization: 'Bearer ' + token}});
            return r.json();
        }""",
        game_id,
    )
    form = next(f for f in listing["forms"] if f["form"].get("usable_cards"))
    seat = form["seat"]
    seat_view = get_game("composition").view(record.state, seat)["seats"][seat]
    letters = {
        c["id"]: c["letters"]
        for key in ("locked", "drafted", "chorus")
        for c in seat_view.get(key, [])
        if c.get("letters")
    }
    usable = [c for c in form["form"]["usable_cards"] if c in letters]
    words = {
        "".join(letters[c] for c in combo) for n in (4, 3, 2) for combo in permutations(usable, n)
    }
    word = max((w for w in words if is_word(w)), key=len)
    before = version(page)
    page.fill("#word", word.upper())
    page.click("#perform-word")
    wait_version_above(page, before)
    assert page.locator("#error").is_hidden()
    log = app.extensions["greenroom"].store.log(game_id)
    posted = log[-1]["action"]
    assert (log[-1]["seat"], posted["type"]) == (seat, "perform")
    assert "".join(letters[c] for c in posted["cards"]) == word
