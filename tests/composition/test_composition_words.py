"""The dictionary takes the inflections of its words (the rulebook's
own THINGS, "words", "played"), keeps proper nouns out, and the solver reads the very
list the engine judges with."""

from __future__ import annotations

from helpers_composition import compose, find, fresh, pass_others, perform, performance_event

from services.composition import wordlist
from services.composition.content import content
from solver.composition import solve
from solver.composition.index import get_index


def test_the_rulebooks_examples_are_words():
    for word in ("things", "words", "played", "mud"):  # THINGS, MUD: the printed examples
        assert wordlist.is_word(word), word
    # and so are the regular forms players reach for every game
    regular = ("cats", "wishes", "churches", "cities", "baked", "carried", "stopped", "making")
    for word in (*regular, "quicker"):
        assert wordlist.is_word(word), word


def test_inflections_come_only_from_known_base_words():
    assert wordlist.inflect(["thing", "play"]) >= {"things", "plays", "played", "playing"}
    # no plural of an adjective, nothing made up for a word the lexicon does not know
    assert not wordlist.inflect(["beautiful"]) & {"beautifuls", "beautifuled"}
    assert wordlist.inflect(["zzyzzx"]) == set()
    # proper nouns stay out: capitalised entries are never bases, nor their forms words
    assert wordlist.inflect(["Paris", "Aaron"]) == set()
    for word in ("paris", "aaron", "aarons", "londons"):
        assert not wordlist.is_word(word), word
    words = wordlist.inflections()
    assert words and all(w.isascii() and w.isalpha() and w.islower() for w in words)
    assert not set(words) & set(wordlist.base_words())


def test_things_is_performed_and_scored_like_the_rulebook_example():
    # T(0, harp) H(1) I(0) N(2) G(3, harp) S(1): Rose values 7, two harps 2 more
    cards = [find("t", 0, "harp"), find("h", 1, "clef"), find("i", 0, "horn"),
             find("n", 2, None), find("g", 3, "harp"), find("s", 1, None)]  # fmt: skip
    st = compose(fresh(2, ["HOG", "IMP"]), {0: cards})
    st, _ = perform(st, 0, cards)
    st, ev = pass_others(st, but=0)
    perf = performance_event(ev, 0)
    assert perf["word"] == "things" and not perf["failed"]
    assert perf["breakdown"]["base"] == 7 and perf["roses"] == 7 + 2


def test_the_solver_reads_the_engines_list():
    minlen = content()["rules"]["min_word_length"]
    index = get_index()
    assert index.words == [w for w in wordlist.playable_words() if len(w) >= minlen]
    cards = [find("t", 0, "harp"), find("h", 1, "clef"), find("i", 0, "horn"),
             find("n", 2, None), find("g", 3, "harp"), find("s", 1, None)]  # fmt: skip
    words = [w["word"] for w in solve({"cards": cards, "k": 50})["words"]]
    assert "things" in words and all(wordlist.is_word(w) for w in words)
