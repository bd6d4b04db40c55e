"""The puzzle page: a shared code is graded and opened; a deal's bad card is named."""

from __future__ import annotations

import json
from pathlib import Path

FROZEN = json.loads(
    (Path(__file__).resolve().parents[1] / "puzzles" / "frozen_codes.json").read_text()
)


def test_a_shared_code_is_graded_and_opened(new_page, worker):
    code = FROZEN[0]["code"]
    page = new_page()
    page.goto(f"/#/puzzle?code={code}")
    assert page.input_value("#pz-code") == code
    page.click("#pz-grade-code")
    page.wait_for_selector(".pz-grade", timeout=90_000)
    assert page.inner_text(".pz-grade").startswith("Grade ")
    # a player reads the venue's name and the grade's odds in words, not ids or raw figures
    report = page.inner_text(".grade-report")
    assert "Garage on Proxima V, 2 seats" in report and "garage" not in report
    assert "narrowness" not in report and "keeps it winnable about 1 time in" in report
    page.click("#pz-open")
    page.wait_for_selector("#board .beat")
    # open information: the host sees both hands of the coded deal
    assert page.locator("#board [aria-label$=': hand'] .card").count() == 10


def test_a_bad_card_in_an_own_deal_is_named(new_page, worker):
    page = new_page()
    page.goto("/#/puzzle")
    page.select_option("#pz-venue", "garage")
    page.fill("#pz-players", "2")
    deck = [1, 2, 3, 4, 5] * 3
    page.fill("#pz-deal", json.dumps({"decks": [deck, [*deck[:14], 6]]}))
    page.click("#pz-grade-own")
    page.wait_for_function("() => document.querySelector('form .error:not([hidden])')")
    assert "deal.decks[1][14]" in page.inner_text("form .error")
