"""The word list loader and the content data validation."""

from __future__ import annotations

import copy
import functools
from pathlib import Path

import pytest
import yaml

from services.composition import wordlist
from services.composition.content import DATA_DIR, build_content, content

NLTK_EN_ENTRIES = 235_886  # NLTK's words/en as published
WEB2_ENTRIES = 235_970  # the english-words package's web2 set


def test_ensure_corpus_writes_once_into_the_project_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("GREENROOM_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(wordlist, "_nltk_finds_words", lambda: None)
    root = wordlist.ensure_corpus()
    en = tmp_path / "nltk_data" / "corpora" / "words" / "en"
    assert root == en.parent and en.exists() and (en.parent / "README").exists()
    stamp = en.stat().st_mtime_ns
    assert wordlist.ensure_corpus() == root and en.stat().st_mtime_ns == stamp  # idempotent
    from nltk.corpus.reader import WordListCorpusReader

    entries = WordListCorpusReader(str(root), ["en"]).words("en")
    assert len(entries) == WEB2_ENTRIES
    # web2 here carries 84 entries more than NLTK's copy (documented)
    assert len(entries) - NLTK_EN_ENTRIES == 84


def test_default_data_dir_is_var_nltk_data_at_the_checkout_root(monkeypatch, tmp_path):
    monkeypatch.delenv("GREENROOM_DATA_DIR", raising=False)
    root = Path(__file__).resolve().parents[2]
    assert wordlist.data_dir() == root / "var" / "nltk_data"
    monkeypatch.chdir(tmp_path)  # not relative to the working directory
    assert wordlist.data_dir() == root / "var" / "nltk_data"


def test_proper_nouns_are_banned_and_words_are_lowercase():
    assert wordlist.is_word("music") and wordlist.is_word("crescendo")
    assert not wordlist.is_word("Aaron") and not wordlist.is_word("aaron")  # only capitalised
    assert not wordlist.is_word("Jean-Pierre")
    words = wordlist.playable_words()
    assert all(w.isalpha() and w.islower() for w in words[:: max(1, len(words) // 5000)])
    assert len(wordlist.web2_words()) == 210_768  # Webster's own lowercase entries
    # GCIDE's words, then the inflections of both lists' words
    base = set(wordlist.web2_words()) | set(wordlist.gcide_words())
    assert len(wordlist.base_words()) == len(base)
    assert len(words) == len(base) + len(wordlist.inflections())


def test_content_loads():
    data = content()
    assert len(data["notes"]) > 40 and len(data["crescendos"]) >= 10
    assert {"IMP", "HOG", "SUN", "MUD", "REX", "CAT", "MASK"} <= set(data["maestros"])
    assert data["maestros"]["IMP"]["chorus"] == 1 and data["maestros"]["HOG"]["chorus"] == 3
    assert data["maestros"]["SUN"]["roses"] == 5


@functools.cache
def _shipped():
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return {
        name: yaml.load((DATA_DIR / f"{name}.yaml").read_text(), Loader=loader)
        for name in ("rules", "cards", "maestros", "awards", "ovations")
    }


def _raw():
    return copy.deepcopy(_shipped())


def _breakers():
    def bad_letters(r):
        r["cards"]["notes"][0]["letters"] = "abc"

    def upper_letters(r):
        r["cards"]["notes"][0]["letters"] = "E"

    def bad_symbol(r):
        r["cards"]["notes"][0]["symbol"] = "kazoo"

    def bad_ability(r):
        r["cards"]["crescendos"][0]["abilities"] = [{"type": "teleport"}]

    def missing_param(r):
        r["cards"]["crescendos"][0]["abilities"] = [{"type": "roses"}]

    def negative_rose(r):
        r["cards"]["notes"][0]["rose"] = -1

    def no_mask(r):
        r["maestros"] = [m for m in r["maestros"] if not m.get("masked")]

    def two_letters(r):
        r["maestros"][0]["letters"] = r["maestros"][0]["letters"][:2]

    def bonus_order(r):
        r["rules"]["symbol_bonus"] = list(reversed(r["rules"]["symbol_bonus"]))

    def too_few_awards(r):
        r["awards"] = r["awards"][:3]

    def duplicate_award(r):
        r["awards"][1]["id"] = r["awards"][0]["id"]

    def bad_goal(r):
        r["awards"][0]["goal"] = {"type": "min_length"}

    def bad_tomato(r):
        r["cards"]["tomatoes"][0]["effect"] = {"type": "rain"}

    return [bad_letters, upper_letters, bad_symbol, bad_ability, missing_param, negative_rose,
            no_mask, two_letters, bonus_order, too_few_awards, duplicate_award, bad_goal,
            bad_tomato]  # fmt: skip


@pytest.mark.parametrize("breaker", _breakers(), ids=lambda f: f.__name__)
def test_broken_data_is_rejected_with_a_clear_message(breaker):
    raw = _raw()
    build_content(**copy.deepcopy(raw))  # the shipped data is valid
    breaker(raw)
    with pytest.raises(ValueError, match="composition content"):
        build_content(**raw)
