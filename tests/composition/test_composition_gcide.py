"""The dictionary's second list: GCIDE, read through NLTK's WordListCorpusReader, brings in
everyday words Webster's Second lacks (BOX, FAX, EMAIL, OKAY) and keeps its proper nouns
out; a refused word says why, to its own seat."""

from __future__ import annotations

from helpers_composition import compose, find, fresh, pass_others, perform, performance_event

from services.composition import GAME, wordlist
from solver.composition import solve


def test_everyday_words_missing_from_websters_second_are_words():
    for word in ("box", "fax", "email", "okay"):
        assert word not in wordlist.web2_words(), word
        assert wordlist.is_word(word), word
    # their inflections come with them
    for word in ("boxes", "boxed", "faxed", "emails"):
        assert wordlist.is_word(word), word


def test_the_gcide_list_is_read_through_nltks_reader():
    entries = wordlist.gcide_entries()
    assert (wordlist.gcide_corpus() / "gcide").is_file()
    assert "Box" in entries and "fax" in entries and len(entries) > 100_000


def test_gcide_proper_nouns_stay_out():
    # capitalised headwords come in only when a lowercase source knows them
    entries = ["fax", "Box", "Thing", "Paris", "Qwertyxa", "e-mail", "St. Louis"]
    assert wordlist.gcide_playable(entries, ["Paris", "thing"]) == {"fax", "box", "thing"}
    for word in ("paris", "london", "monday", "english", "judas", "egypt", "orion"):
        assert not wordlist.is_word(word), word


def test_box_is_performed_and_the_solver_finds_it():
    cards = [find("b"), find("o"), find("x")]
    st = compose(fresh(2, ["HOG", "IMP"]), {0: cards})
    st, _ = perform(st, 0, cards)
    st, ev = pass_others(st, but=0)
    assert performance_event(ev, 0)["word"] == "box"
    assert not any(e["type"] == "contested" for e in ev)
    words = [w["word"] for w in solve({"cards": cards, "k": 20})["words"]]
    assert "box" in words


def test_a_refused_word_says_why_to_its_own_seat():
    cards = [find("x"), find("q"), find("z")]
    st = compose(fresh(2, ["HOG", "IMP"]), {0: cards})
    st, _ = perform(st, 0, cards)
    st, ev = pass_others(st, but=0)
    contested = next(e for e in ev if e["type"] == "contested")
    why = {"reason": "not_in_word_list", "word": "xqz", "retries_left": 1}
    assert contested["refusal"].items() >= why.items()
    assert contested["refusal"]["message"] == "XQZ is not in the word list: one retry left."
    assert GAME.view(st, 0)["seats"][0]["refusal"] == contested["refusal"]
    assert GAME.view(st, 1)["seats"][0]["refusal"] is None  # the word stays hidden
    assert GAME.view(st, None)["seats"][0]["refusal"] is None
    # the retry misses again: no retry left, and the seat is told so
    st, ev = perform(st, 0, cards)
    lost = next(e for e in ev if e["type"] == "contest_lost")
    assert lost["refusal"]["retries_left"] == 0
    assert (
        lost["refusal"]["message"]
        == "XQZ is not in the word list: no retry left, so it scores nothing."
    )
