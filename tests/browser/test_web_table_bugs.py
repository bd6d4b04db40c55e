"""What a player saw wrong at the tables, each checked in Chromium: Cues on the bandmate's
table, hints gone stale, held Tomatoes, a finished Beat still "to act", a story told twice or
lost on reload, wildcard letters as "?", the Ghost Note's price, the song number at Encores."""

from __future__ import annotations

from .page_driver import ACTION, click_first_action, version, wait_version_above


class Api:
    """A game made and moved through the public API (the host token plays any seat)."""

    def __init__(self, client, game: str, players: int, seed: int, options=None):
        self.client = client
        made = client.post(
            "/v1/games",
            json={"game": game, "players": players, "seed": seed, "options": options or {}},
        ).get_json()
        self.id = made["id"]
        self.tokens = made["seat_tokens"]
        self.host = {"Authorization": f"Bearer {made['host_token']}"}

    def listing(self) -> list[dict]:
        return self.client.get(f"/v1/games/{self.id}/actions", headers=self.host).get_json()[
            "actions"
        ]

    def act(self, seat_action: dict) -> dict:
        answer = self.client.post(
            f"/v1/games/{self.id}/actions", json=seat_action, headers=self.host
        )
        assert answer.status_code == 200, answer.get_json()
        return answer.get_json()

    def first(self, moves: int) -> None:
        for _ in range(moves):
            self.act(self.listing()[0])

    def view(self, seat: int | None = None) -> dict:
        query = "" if seat is None else f"?seat={seat}"
        return self.client.get(f"/v1/games/{self.id}{query}", headers=self.host).get_json()

    def open(self, new_page, seat: int = 0, width: int = 1280):
        page = new_page(width=width)
        page.goto(f"/#/g/{self.id}?token={self.tokens[seat]}")
        page.wait_for_selector("#board .table")
        wait_version(page, self.view()["version"])
        return page


def wait_version(page, wanted: int) -> None:
    page.wait_for_function(
        "v => Number(document.getElementById('main').dataset.version || 0) >= v", arg=wanted
    )


def story(page) -> list[str]:
    return page.locator("#events li").all_inner_texts()


def cue_game(client) -> tuple[Api, dict]:
    """A Beat venue where seat 1 has played face down and may give a Cue about it."""
    for seed in range(1, 40):
        game = Api(client, "beat", 2, seed, {"venue": "garage"})
        for sa in [sa for sa in game.listing() if sa["seat"] == 1]:
            a = sa["action"]
            if a["type"] != "play" or a.get("face_up"):
                continue
            game.act(sa)
            cues = [x for x in game.listing() if x["action"]["type"] == "cue"]
            if cues:
                return game, cues[0]
            game.act({"seat": 1, "action": {"type": "take_back"}})
    raise AssertionError("no seed gives seat 1 a Cue")


def test_a_cue_reaches_the_bandmates_table_and_story(new_page, client):
    game, cue = cue_game(client)
    alice = game.open(new_page, seat=0)
    before = version(alice)
    game.act(cue)
    wait_version_above(alice, before)
    staged = int(cue["action"]["cue_card"].split("-")[1][0])
    sign = ">" if cue["action"]["direction"] == "higher" else "<"
    played = alice.locator("[aria-label$=': played'] .card")
    assert f"{sign} {staged}" in played.first.inner_text()
    words = "higher" if sign == ">" else "lower"
    assert f"Cue: {words} than {staged}" in played.first.get_attribute("aria-label")
    told = "\n".join(story(alice))
    assert f"gave a Cue: the face-down card is {words} than {staged}" in told
    assert "moved" not in told
    assert alice.js_errors == []


def test_a_hint_is_cleared_once_the_game_moves(new_page, worker):
    page = new_page()
    page.goto("/")
    page.select_option("#game", "tour")
    page.fill("#players", "1")
    page.dispatch_event("#players", "change")
    page.fill("#seed", "3")
    page.click("#create")
    page.wait_for_selector(ACTION)
    page.click("#hint")
    page.wait_for_selector("#play-hint", timeout=40_000)
    before = version(page)
    assert click_first_action(page)
    wait_version_above(page, before)
    # the advice was for the table before that move: no stale "Play it" stays
    page.wait_for_function("() => !document.getElementById('play-hint')")
    assert page.inner_text("#hint-result").strip() == ""


def test_a_held_tomato_is_named_with_its_effect(new_page, client):
    game = Api(client, "composition", 2, 8)
    game.first(10)
    held = game.view(0)["held_tomatoes"]
    assert held, "seed 8 has a Tomato held after ten first moves"
    page = game.open(new_page)
    text = page.inner_text("#board .tomatoes")
    assert "[object Object]" not in text
    card = next(
        c
        for c in client.get("/v1/catalog/composition/cards").get_json()["items"]
        if c["id"] == held[0]["card"]
    )
    assert card["name"] in text
    assert "held by" in text


def test_a_finished_beat_table_looks_finished(new_page, client):
    game = Api(client, "beat", 2, 21, {"venue": "garage"})
    page = game.open(new_page)
    page.wait_for_selector("#live[data-mode=stream]")
    while game.view()["status"] != "finished":
        game.first(1)
    page.wait_for_selector("#outcome")
    page.wait_for_function("() => document.getElementById('main').dataset.status === 'finished'")
    board = page.inner_text("#board")
    assert "to act" not in board
    assert "cards still to play" not in board
    assert page.inner_text("#live").strip() == ""
    assert "The venue is over" in board
    assert page.inner_text("#end-why").startswith("The band")
    # the story tells every song's reveal, however far apart the page's reads were
    reveals = [line for line in story(page) if line.startswith("Reveal:")]
    assert len(reveals) == len(game.view()["results"])
    assert page.js_errors == []


def test_the_story_tells_each_move_once_with_the_right_names_and_survives_a_reload(
    new_page, client
):
    game = Api(client, "beat", 2, 21, {"venue": "garage"})
    page = game.open(new_page)
    for _ in range(6):  # three songs: seat 0 clicks, seat 1 moves through the API
        if page.locator(ACTION).count():
            assert click_first_action(page)
        seat1 = [sa for sa in game.listing() if sa["seat"] == 1]
        if seat1:
            before = version(page)
            game.act(seat1[0])
            wait_version_above(page, before)
    lines = story(page)
    assert len(lines) >= 6
    told = page.locator("#events li").evaluate_all(
        "lis => lis.map(li => li.dataset.version + ' ' + li.textContent)"
    )
    assert len(told) == len(set(told)), "a move told twice"
    assert not [x for x in lines if x.startswith(("Seat 1: round", "You: round"))]
    assert any(x.startswith("You played") for x in lines)
    assert any(x.startswith("Seat 1 played a card face down") for x in lines)
    assert any(x.startswith("Reveal:") for x in lines)
    assert any(x.startswith("Round 2:") for x in lines)
    page.reload()
    page.wait_for_selector("#board .table")
    assert story(page) == lines


def test_wildcards_and_crescendos_are_spelled_in_labels(new_page, live_server):
    page = new_page()
    page.goto("/")
    spelled = page.evaluate(
        """async () => {
            const m = await import('/web/js/tables/composition.js');
            await m.load();
            const view = {seats: [], composition: {notes: []}};
            const mud = new Map([
              ['a', {letters: 'm'}], ['b', {letters: 'u'}], ['c', {letters: 'd'}]]);
            return [
              m.label({type: 'perform', cards: ['n01', 'ghost'], assign: {ghost: 'x'}}, view),
              m.label({type: 'perform', cards: ['c01', 'n01'], assign: {}}, view),
              m.spell('mad', ['a', 'b', 'c'], mud, {change: true}),
              m.spell('mad', ['a', 'b', 'c'], mud),
            ];
        }"""
    )
    assert spelled[:2] == ["Perform EX", "Perform THE"]
    # MUD's power: one letter card plays as another, only when the plain spelling fails
    assert spelled[2] == {"cards": ["a", "b", "c"], "assign": {"b": "a"}}
    assert spelled[3] is None


def test_the_ghost_note_shows_what_taking_it_costs(new_page, client):
    game = Api(client, "composition", 2, 7)
    game.first(2)
    take = next(sa for sa in game.listing() if sa["action"] == {"type": "take", "card": "ghost"})
    page = game.open(new_page, seat=take["seat"])
    label = page.locator("#board .card.ghost").first.get_attribute("aria-label")
    events = game.act(take)["events"]
    cost = next(e["cost"] for e in events if e.get("card") == "ghost")
    assert f"costs {cost} Rose" in label


def test_an_encore_decision_keeps_the_song_number(new_page, client):
    game = Api(client, "beat", 2, 10, {"venue": "garage"})
    game.first(4)
    view = game.view(0)
    assert view["phase"] == "encore"
    page = game.open(new_page)
    decided = len(view["results"])
    heading = page.inner_text("#board .song-number")
    assert heading.startswith(f"Song {decided} of"), heading
    assert "Reveal of round" in page.inner_text("#board")


def test_metallums_hits_are_named(new_page, client):
    game = Api(client, "overdrive", 1, 7)
    game.first(3)
    hits = game.view(0)["metallum"]["hits"]
    assert hits, "Metallum bought a Hit in its first turns"
    names = {
        h["id"]: h["name"] for h in client.get("/v1/catalog/overdrive/hits").get_json()["items"]
    }
    page = game.open(new_page)
    panel = page.inner_text("section[aria-label=Metallum]")
    for hit in hits:
        assert names[hit] in panel
        assert hit not in panel
