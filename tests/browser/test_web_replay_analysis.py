"""The replay shows the analysis beside each step and forks from any step; a Beat
puzzle's table says the moment the venue can no longer be won."""

from __future__ import annotations

import random

from beat_random_band import random_band_log

from solver.beat import analysis as A

from .page_driver import shot

GARAGE = {"venue": "garage"}


def _random_log(options: dict, seed: int) -> tuple[list[dict], int]:
    """A random band's whole log at Garage and the play that lost the venue."""
    log = random_band_log(3, options, seed)
    lost = A.analyse({"players": 3, "options": options, "seed": seed, "log": log}, 30.0)
    return log, lost["first_losing_step"]


def _play(client, created: dict, log: list[dict]) -> None:
    headers = {"Authorization": f"Bearer {created['host_token']}"}
    for e in log:
        r = client.post(f"/v1/games/{created['id']}/actions", json=e, headers=headers)
        assert r.status_code == 200, r.get_json()


def test_the_replay_marks_the_losing_play_and_tries_from_there(new_page, client, worker, tmp_path):
    log, lost_at = _random_log(GARAGE, 1)
    body = {"game": "beat", "players": 3, "seed": 1, "options": GARAGE}
    created = client.post("/v1/games", json=body).get_json()
    _play(client, created, log)
    page = new_page()
    page.goto(f"/#/replay/{created['id']}?step={lost_at}")
    page.wait_for_selector("#analysis-steps li.lost", timeout=60_000)
    assert page.locator("#analysis-steps li").count() == len(log) + 1
    current = page.locator("#analysis-steps li.current")
    assert current.get_attribute("data-step") == str(lost_at)
    assert "lost here" in current.inner_text()
    assert page.inner_text("#analysis-step").startswith("This play lost the venue")
    assert "after: ✗ no" in page.inner_text("#analysis-step")
    shot(page, tmp_path, "replay-beat-analysis")
    # a step before it was still winnable; the list jumps there
    page.locator(f"#analysis-steps li[data-step='{lost_at - 1}'] button").click()
    page.wait_for_function(
        "k => document.getElementById('replay-step').textContent.startsWith('Step ' + k + ' ')",
        arg=lost_at - 1,
    )
    assert "after: ✓ yes" in page.inner_text("#analysis-step")
    page.click("#try-from-here")
    page.wait_for_selector("#board .beat")
    new_id = page.evaluate("location.hash.split('/')[2]")
    assert new_id != created["id"]
    fork = client.get(f"/v1/games/{new_id}/log").get_json()
    assert [e["action"] for e in fork["entries"]] == [e["action"] for e in log[: lost_at - 1]]
    # the fork is a puzzle: every hand open to its host
    assert page.locator("#board [aria-label$=': hand'] .card").count() > 5
    assert page.js_errors == []
    shot(page, tmp_path, "replay-beat-fork")


def test_the_replay_shows_points_lost_and_the_better_word(
    new_page, client, bearer, worker, tmp_path
):
    body = {"game": "composition", "players": 2, "seed": 2, "options": {"max_rounds": 1}}
    created = client.post("/v1/games", json=body).get_json()
    gid, host = created["id"], bearer(created["host_token"])
    rng = random.Random(2)
    while True:
        listed = client.get(f"/v1/games/{gid}/actions", headers=host).get_json()["actions"]
        if not listed:
            break
        client.post(f"/v1/games/{gid}/actions", json=rng.choice(listed), headers=host)
    r = client.post(f"/v1/games/{gid}/analysis", json={})
    out = client.get(r.headers["Location"], headers={"Prefer": "wait=60"}).get_json()["result"]
    costly = next(s for s in out["per_step"] if s.get("lost") and "best_word" in s)
    page = new_page()
    page.goto(f"/#/replay/{gid}?step={costly['step']}")
    page.wait_for_selector("#analysis-step .analysis-points", timeout=60_000)
    shown = page.inner_text("#analysis-step")
    assert f"Points lost: {costly['lost']} Roses" in shown
    assert f"{costly['best_word']} would have scored {costly['best_net']}" in shown
    assert "Better move" in shown
    page.click("#replay-first")
    page.wait_for_function(
        "document.getElementById('replay-step').textContent.startsWith('Step 0')"
    )
    assert f"the hint agreed with {out['agreed']}" in page.inner_text("#analysis-step")
    shot(page, tmp_path, "replay-composition-analysis")
    # try from the step before the costly word: a new game at that position, its table open
    page.locator(f"#analysis-steps li[data-step='{costly['step'] - 1}'] button").click()
    page.wait_for_function(
        "k => document.getElementById('replay-step').textContent.startsWith('Step ' + k + ' ')",
        arg=costly["step"] - 1,
    )
    page.click("#try-from-here")
    page.wait_for_function("(document.getElementById('board')?.children.length || 0) > 0")
    new_id = page.evaluate("location.hash.split('/')[2]")
    assert new_id != gid
    # the fork runs with hidden hands: its log is its host's, whose token the page keeps
    token = page.evaluate(
        "id => JSON.parse(localStorage.getItem('greenroom:game:' + id)).hostToken", new_id
    )
    fork = client.get(f"/v1/games/{new_id}/log", headers=bearer(token)).get_json()
    full = client.get(f"/v1/games/{gid}/log").get_json()["entries"]
    assert [e["action"] for e in fork["entries"]] == [
        e["action"] for e in full[: costly["step"] - 1]
    ]
    assert page.js_errors == []


def test_a_puzzle_table_says_when_the_venue_is_lost(new_page, client, worker, tmp_path):
    options = {**GARAGE, "mode": "puzzle"}
    log, lost_at = _random_log(options, 1)
    body = {"game": "beat", "players": 3, "seed": 1, "options": options}
    created = client.post("/v1/games", json=body).get_json()
    _play(client, created, log[: lost_at - 1])
    page = new_page()
    page.goto(f"/#/g/{created['id']}?token={created['host_token']}")
    version = client.get(f"/v1/games/{created['id']}").get_json()["version"]
    page.wait_for_selector(f"#lost-notice[data-version='{version}']", state="attached",
                           timeout=60_000)  # fmt: skip
    assert page.is_hidden("#lost-notice")
    _play(client, created, [log[lost_at - 1]])
    page.wait_for_selector("#lost-notice:not([hidden])", timeout=60_000)
    assert page.inner_text("#lost-notice") == (
        f"The venue can no longer be won: step {lost_at} lost it."
    )
    assert page.js_errors == []
    shot(page, tmp_path, "puzzle-lost-notice")
