"""Choices made on the table itself instead of a wall of buttons: the tour's stage and
work steps die by die, a Tempo Muse payment tapped out of the hand, two crossing words."""

from __future__ import annotations

from .page_driver import version, wait_version_above
from .test_web_table_bugs import Api


def test_the_tour_stage_and_work_steps_are_picked_die_by_die(new_page, client):
    game = Api(client, "tour", 1, 3)
    game.act(next(sa for sa in game.listing() if sa["action"]["type"] == "choose_offer"))
    stages = [sa["action"] for sa in game.listing() if sa["action"]["type"] == "stage"]
    page = game.open(new_page, width=390)
    # no button per pair of dice and hype: two dice to tick and the hype to spend
    assert page.locator("#actions button", has_text="Stage dice").count() == 0
    assert page.locator("#stage-form input[type=checkbox]").count() < len(stages)
    for box in page.locator("#stage-form input[type=checkbox]").all():
        box.uncheck()
    page.locator("#stage-form input[type=checkbox]").nth(0).check()
    page.locator("#stage-form input[type=checkbox]").nth(2).check()
    page.select_option("#stage-hype", "0")
    before = version(page)
    page.click("#stage-submit")
    wait_version_above(page, before)
    assert game.view(0)["sheets"][0]["staged"] == [0, 2]

    works = [sa["action"] for sa in game.listing() if sa["action"]["type"] == "work"]
    leftover = sorted(works[0]["assign"], key=int)
    page.wait_for_selector("#work-form")
    # no button per combination: one picker per die
    assert page.locator("#actions button", has_text="Work:").count() == 0
    assert page.locator("#work-form select").count() == len(leftover) < len(works)
    for d in leftover:
        page.select_option(f"#work-die-{d}", "dayjob")
    before = version(page)
    page.click("#work-submit")
    wait_version_above(page, before)
    sheet = game.view(0)["sheets"][0]
    assert sheet["phase"] != "work"
    told = "\n".join(page.locator("#events li").all_inner_texts())
    assert "day job" in told
    assert page.js_errors == []


def test_a_tempo_muse_payment_is_picked_from_the_hand(new_page, client):
    game = Api(client, "tempo-muse", 2, 5)
    for _ in range(30):
        plays = [sa for sa in game.listing() if sa["action"]["type"] == "play"]
        if plays and plays[0]["seat"] == 0 and len(plays[0]["action"]["payment"]) > 1:
            break
        listed = game.listing()
        game.act(next((sa for sa in listed if sa["action"]["type"] == "play"), listed[0]))
    else:
        raise AssertionError("seat 0 never had a payment of two cards to choose")
    action = plays[0]["action"]
    page = game.open(new_page, seat=0)
    # no button per payment: the hand is the picker; Cycle is a count, not a button per count
    assert page.locator("#actions button", has_text="paying with").count() == 0
    cycles = [sa for sa in game.listing() if sa["action"]["type"] == "cycle"]
    assert page.locator("#actions button", has_text="Cycle").count() == 0
    assert page.get_attribute("#cycle-count", "max") == str(len(cycles))
    for value in action["payment"]:
        page.locator(
            f"#extra button.pick[data-value='{value}'][aria-pressed=false]:not([disabled])"
        ).first.click()
    assert f"worth {sum(action['payment'])}" in page.inner_text("#pick-status")
    before = version(page)
    page.click("#pick-play")
    wait_version_above(page, before)
    studio = game.view(0)["studios"][0]
    assert studio[-1]["value"] == action["card"]
    assert page.js_errors == []


def test_overdrive_moves_name_the_die_its_face_the_turn_and_the_cost(new_page, client):
    game = Api(client, "overdrive", 1, 7)
    listed = [sa["action"] for sa in game.listing()]
    improvise = [a for a in listed if a["type"] == "place" and a["space"] == "improvisation"]
    assert len(improvise) > 1
    page = game.open(new_page)
    texts = page.locator("#actions button.action").all_inner_texts()
    shown = [t for t in texts if " on Improvisation" in t]
    # one button per way to improvise, each saying which die turns to what
    assert len(shown) == len(set(shown)) == len(improvise)
    assert all(", turning die " in t for t in shown)
    rerolls = [t for t in texts if t.startswith("Reroll")]
    assert rerolls and all("(1 Grana)" in t for t in rerolls)


def test_two_crossing_words_are_spelled_in_the_word_box(new_page, client):
    """Composition's Crossroads lets two words cross at it: the word box takes a second
    word and sends both, sharing that one card."""
    from services.registry import get_game

    rules = get_game("composition")
    made = client.post(
        "/v1/games", json={"game": "composition", "players": 2, "seed": 27}
    ).get_json()
    gid, host = made["id"], {"Authorization": f"Bearer {made['host_token']}"}
    state = rules.new(2, {}, 27)
    # draft: seat 0 takes Crossroads (c17) when offered, everyone passes the Performances
    # before it, until seat 0 composes with it in hand
    for _ in range(60):
        seat = rules.seats_to_act(state)[0]
        legal = rules.legal_actions(state, seat)
        forms = rules.action_forms(state, 0)
        if seat == 0 and any(f.get("two_word_cards") for f in forms):
            break
        if any(a["type"] == "perform" for a in legal):
            pick = {"type": "perform", "cards": []}
        else:
            takes = [a for a in legal if a["type"] == "take"]
            mine = [a for a in takes if seat == 0 and a["card"] == "c17"]
            pick = (mine or [a for a in takes if a["card"] != "c17"] or legal)[0]
        state, _ = rules.apply(state, seat, pick)
        moved = client.post(
            f"/v1/games/{gid}/actions", json={"seat": seat, "action": pick}, headers=host
        )
        assert moved.status_code == 200, moved.get_json()
    letters = next(f for f in forms if "letters" in f)["letters"]
    assert sorted(letters.values()) == sorted("sunvha"), letters  # the deal this seed gives
    page = new_page()
    page.goto(f"/#/g/{gid}?token={made['seat_tokens'][0]}")
    page.wait_for_selector("#word2")
    assert "Crossroads (A)" in page.inner_text("#extra")
    page.fill("#word", "has")
    page.fill("#word2", "van")
    before = version(page)
    page.click("#perform-word")
    wait_version_above(page, before)
    last = client.get(f"/v1/games/{gid}/log", headers=host).get_json()["entries"][-1]
    spelled = ["".join(letters[c] for c in last["action"][k]) for k in ("cards", "cards2")]
    assert (last["seat"], spelled) == (0, ["has", "van"])
    assert set(last["action"]["cards"]) & set(last["action"]["cards2"]) == {"c17"}
    assert page.js_errors == []
