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


def _solver_figures() -> list[dict]:
    """Real hint answers of four games' solvers on fresh tables, minus the moves."""
    import importlib

    from services.registry import get_game

    out = []
    for name, players in (("beat", 2), ("overdrive", 1), ("tour", 1), ("composition", 2)):
        rules = get_game(name)
        state = rules.new(players, {}, 3)
        result = importlib.import_module(f"solver.{name}").hint(
            state, rules.seats_to_act(state)[0], 0.3
        )
        out.append({k: v for k, v in result.items() if k != "actions"})
    return out


def test_hint_estimates_read_as_plain_lines(new_page):
    import re

    page = new_page()
    page.goto("/")
    for figures in _solver_figures():
        lines = page.evaluate(
            # figures keyed by an index are named by the table (the tour's offers by venue)
            "f => import('/web/js/hints.js')"
            ".then(m => m.estimateLines(f, undefined, (k, i) => `Choice ${i + 1}`))",
            figures,
        )
        text = "\n".join(lines)
        assert lines, figures
        # no card ids ("s0-3b", "n06"), no kind:id pairs, no long decimals, no bookkeeping
        assert not re.search(r"\b[a-z]{1,2}\d+(-\w+)?\b|\b[a-z]+:[a-z_]+\b|\d\.\d{3,}", text), text
        assert "timing" not in text and "OPTIMAL" not in text, text
        assert not any(line.startswith(("Explanation", "Why")) for line in lines), text


def test_composition_asks_a_player_for_help_from_the_word_box(new_page, client, app):
    game = Api(client, "composition", 2, 7, {"max_rounds": 1})
    while not any(sa["action"]["type"] == "ask_help" for sa in game.listing()):
        game.first(1)
    asked = next(sa for sa in game.listing() if sa["action"]["type"] == "ask_help")
    seat = asked["seat"]
    mine = game.view(seat)["seats"][seat]
    letters = {
        c["id"]: c["letters"]
        for key in ("locked", "drafted", "chorus")
        for c in mine.get(key, [])
        if c.get("letters")
    }
    word = "".join(letters[c] for c in asked["action"]["cards"])
    page = game.open(new_page, seat)
    # no form asking for card ids or JSON: a seat picker and a button beside the word
    forms = page.locator("details.action-form summary").all_inner_texts()
    assert not any("ask" in f.lower() for f in forms), forms
    page.fill("#word", word.upper())
    page.select_option("#help-seat", str(1 - seat))
    before = game.view()["version"]
    page.click("#ask-help")
    wait_version(page, before + 1)
    posted = app.extensions["greenroom"].store.log(game.id)[-1]
    assert (posted["seat"], posted["action"]["type"]) == (seat, "ask_help")
    assert posted["action"]["helper"] == 1 - seat
    assert "".join(letters[c] for c in posted["action"]["cards"]) == word


def test_a_ranged_form_field_is_a_number_box(new_page, client):
    game = Api(client, "tour", 1, 3)
    page = game.open(new_page)
    form = page.locator("details.action-form", has_text="restock")
    form.locator("summary").click()
    box = form.locator("input")
    assert box.count() == 1
    assert box.get_attribute("type") == "number"
    assert (box.get_attribute("min"), box.get_attribute("max")) == ("1", "3")
    before = game.view()["version"]
    box.fill("2")
    form.locator("button[type=submit]").click()
    wait_version(page, before + 1)
    assert game.view(0)["sheets"][0]["shirts"] > 6


def _to_a_set_faces_distortion(seed: int) -> list[dict]:
    """Moves (bought Distortions first, else a seeded pick) until seat 0 holds a set-faces one."""
    import random

    from services.registry import get_game

    rules = get_game("overdrive")
    state, pick, path = rules.new(1, {}, seed), random.Random(seed), []
    while not (rules.seats_to_act(state) == [0] and rules.action_forms(state, 0)):
        seat = rules.seats_to_act(state)[0]
        legal = rules.legal_actions(state, seat)
        buys = [a for a in legal if a["type"] == "buy_distortion"]
        action = buys[0] if buys else pick.choice(legal)
        path.append({"seat": seat, "action": action})
        state, _ = rules.apply(state, seat, action)
        assert len(path) < 80
    return path


def test_overdrive_set_faces_distortion_is_a_dice_picker(new_page, client, app):
    game = Api(client, "overdrive", 1, 2)
    for move in _to_a_set_faces_distortion(2):
        game.act(move)
    page = game.open(new_page)
    forms = page.locator("details.action-form summary").all_inner_texts()
    assert not any("distortion" in f.lower() for f in forms), forms
    picker = page.locator("form.set-faces").first
    picker.locator("input[type=checkbox]").first.check()
    picker.locator("select").first.select_option("influence")
    before = game.view()["version"]
    picker.locator("button[type=submit]").click()
    wait_version(page, before + 1)
    log = app.extensions["greenroom"].store.log(game.id)
    posted = [e["action"] for e in log if (e.get("action") or {}).get("type") == "play_distortion"]
    assert posted and posted[-1]["faces"] == ["influence"], posted


def test_beat_and_composition_cards_have_drawn_faces(new_page, client):
    beat = Api(client, "beat", 2, 1)
    page = beat.open(new_page)
    face = page.locator(".card.beat[data-corner]").first
    style = face.evaluate(
        "el => [getComputedStyle(el).backgroundImage, getComputedStyle(el, '::before').content]"
    )
    assert "beat-face.svg" in style[0], style
    assert style[1].strip('"') == face.get_attribute("data-corner")
    for name in ("beat-face.svg", "rose.svg"):
        answer = page.request.get(f"/web/img/{name}")
        assert answer.status == 200 and answer.headers["content-type"].startswith("image/svg")
    comp = Api(client, "composition", 2, 7)
    page = comp.open(new_page)
    tile = page.locator(".card.note[data-roses]:not([data-roses='0'])").first
    after = tile.evaluate("el => getComputedStyle(el, '::after').backgroundImage")
    assert "rose.svg" in after, after
