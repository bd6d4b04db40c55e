"""Composition through HTTP: whole games seat by seat, the word solver and a live hint."""

from __future__ import annotations

import random

import pytest


def _create(client, players: int, options: dict, seed: int) -> dict:
    r = client.post(
        "/v1/games",
        json={"game": "composition", "players": players, "seed": seed, "options": options},
    )
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def _play_to_the_end(client, bearer, created: dict, rng: random.Random) -> dict:
    gid, tokens = created["id"], created["seat_tokens"]
    for _ in range(600):
        view = client.get(f"/v1/games/{gid}", headers=bearer(tokens[0])).get_json()
        if view["status"] == "finished":
            return view
        for seat in rng.sample(range(len(tokens)), len(tokens)):
            listing = client.get(f"/v1/games/{gid}/actions", headers=bearer(tokens[seat]))
            actions = listing.get_json()["actions"]
            if not actions:
                continue
            # prefer a real word when one is offered, so Roses and Awards move
            words = [a for a in actions if a["action"].get("cards")]
            choice = rng.choice(words or actions)
            r = client.post(f"/v1/games/{gid}/actions", json=choice, headers=bearer(tokens[seat]))
            assert r.status_code == 200, r.get_json()
            break
        else:
            pytest.fail("no seat could act in a running game")
    pytest.fail("the game did not end")


def _finished(client, location: str, rounds: int = 6) -> dict:
    """The job at ``location`` once it has ended, waiting as long as the API lets a request
    wait, a few times over: the session's one worker may still be busy with another test's
    job when this one is queued."""
    for _ in range(rounds):
        job = client.get(location, headers={"Prefer": "wait=20"}).get_json()
        if job["status"] not in ("queued", "started", "deferred", "scheduled"):
            return job
    return job


@pytest.mark.parametrize(("players", "options"), [(3, {}), (1, {})])
def test_full_game_through_http(client, bearer, players, options):
    created = _create(client, players, options, seed=21)
    final = _play_to_the_end(client, bearer, created, random.Random(3))
    assert final["game"] == "composition" and final["outcome"] is not None
    assert set(final["outcome"]) >= {"winners", "scores"}
    if players == 1:
        assert "rank" in final["outcome"] and final["outcome"]["facedown"] >= 1


def test_word_commit_is_hidden_and_illegal_words_refused_through_http(client, bearer):
    created = _create(client, 2, {"maestros": ["HOG", "IMP"]}, seed=4)
    gid, tokens = created["id"], created["seat_tokens"]
    for _ in range(40):
        listings = [
            client.get(f"/v1/games/{gid}/actions", headers=bearer(t)).get_json()["actions"]
            for t in tokens
        ]
        if any(a["action"]["type"] == "perform" for a in listings[0]):
            break
        step = next(a for acts in listings for a in acts)
        r = client.post(f"/v1/games/{gid}/actions", json=step, headers=bearer(tokens[step["seat"]]))
        assert r.status_code == 200
    word = {"seat": 0, "action": {"type": "perform", "cards": []}}
    assert word in listings[0]
    r = client.post(f"/v1/games/{gid}/actions", json=word, headers=bearer(tokens[0]))
    assert r.status_code == 200
    assert {"type": "committed", "seat": 0} in r.get_json()["events"]
    seen = client.get(f"/v1/games/{gid}", headers=bearer(tokens[1])).get_json()
    assert seen["seats"][0]["committed"] and seen["seats"][0]["performance"] is None
    own = client.get(f"/v1/games/{gid}", headers=bearer(tokens[0])).get_json()
    assert own["seats"][0]["performance"]["cards"] == []
    bad = client.post(f"/v1/games/{gid}/actions",
                      json={"seat": 1, "action": {"type": "perform", "cards": ["nope"]}},
                      headers=bearer(tokens[1]))  # fmt: skip
    assert bad.status_code == 422 and bad.get_json()["code"] == "card_not_in_hand"


def test_best_words_problem_through_the_worker(client, worker):
    payload = {"cards": ["c02", "n10", "n28", "n06"], "ghost": True, "k": 2}
    r = client.post("/v1/solver/composition/best-words", json=payload)
    assert r.status_code == 202, r.get_json()
    job = _finished(client, r.headers["Location"])
    assert job["status"] == "finished", job
    words = job["result"]["words"]
    assert len(words) == 2 and words[0]["net"] >= words[1]["net"]
    assert "".join(c["letters"] for c in words[0]["cards"]) == words[0]["word"]
    bad = client.post("/v1/solver/composition/best-words", json={"cards": [{"letters": "abc"}]})
    assert bad.status_code == 422 and bad.get_json()["code"] == "invalid_payload"


def test_two_word_performance_through_the_worker(client, worker):
    from solver.composition.bruteforce import brute_force_pairs
    from solver.composition.hand import hand_from_payload, validate

    # Crossroads (c17, A, two_words) with K G Z Y: two crossing words use all five
    payload = {"cards": ["c17", "n51", "n45", "n54", "n48"], "k": 3}
    r = client.post("/v1/solver/composition/best-words", json=payload)
    assert r.status_code == 202, r.get_json()
    job = _finished(client, r.headers["Location"])
    assert job["status"] == "finished", job
    words = job["result"]["words"]
    expected = brute_force_pairs(hand_from_payload(validate(payload)), 3)
    assert [(w["net"], w["word"]) for w in words] == [(w["net"], w["word"]) for w in expected]
    top = words[0]
    assert top["words"] == top["word"].split(" ") and len(top["words"]) == 2
    assert "".join(c["letters"] for c in top["cards2"]) == top["words"][1]
    assert top["action"]["cards2"] == [c["card"] for c in top["cards2"]]


def test_hint_in_a_live_game_is_postable(client, bearer, worker):
    created = _create(client, 2, {"maestros": ["VOX", "HOG"]}, seed=8)
    gid, token = created["id"], created["seat_tokens"][0]
    r = client.post(f"/v1/games/{gid}/hints", json={}, headers=bearer(token))
    assert r.status_code == 202
    job = _finished(client, r.headers["Location"])
    assert job["status"] == "finished", job
    (step,) = job["result"]["actions"]
    assert client.post(f"/v1/games/{gid}/actions", json=step,
                       headers=bearer(token)).status_code == 200  # fmt: skip
