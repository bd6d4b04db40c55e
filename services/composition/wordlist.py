"""The Composition dictionary: NLTK's ``words`` corpus (``en``) and the GCIDE list, both
read by NLTK's ``WordListCorpusReader``.

NLTK's download server is unreachable on our machines, so ``ensure_corpus``
uses a ``words`` corpus NLTK already finds, or else writes one into a
project-local NLTK data directory from the ``english-words`` package's
``web2`` list (Webster's Second, the source of NLTK's ``en`` file).  Webster's
Second lacks everyday words such as "box", "fax", "email" and "okay", so the
same package's GCIDE list is a second source (``gcide_words``), with its proper
nouns kept out.  Neither list holds many inflected forms ("thing" but not
"things"), so the inflections that lemminflect's lexicon lists for their words
are legal too (``inflect``).  Both the rules engine and the solver load words
only through ``playable_words``, so they judge with the same list.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import threading
from collections.abc import Iterable
from functools import cache
from importlib import resources
from pathlib import Path

GCIDE_README = (
    "The GNU Collaborative International Dictionary of English headword list (gcide),\n"
    "written for NLTK's WordListCorpusReader by Greenroom from the english-words package.\n"
)

README = (
    "Webster's Second International word list (web2), written for NLTK's\n"
    "WordListCorpusReader by Greenroom from the english-words package.\n"
    "It stands in for NLTK's words/en when NLTK's data server is unreachable.\n"
)

_lock = threading.Lock()


# a source checkout's root (where pyproject.toml is); an installed package has none
_CHECKOUT = Path(__file__).resolve().parents[2]


def data_dir() -> Path:
    """The project-local NLTK data directory (``$GREENROOM_DATA_DIR/nltk_data``).

    By default ``var/nltk_data`` at the checkout's root, whatever the working
    directory: relative to it, a process started elsewhere (a test run from a
    sub-folder) wrote a second copy of the whole word list there.
    """
    base = os.environ.get("GREENROOM_DATA_DIR")
    if base:
        return Path(base) / "nltk_data"
    root = _CHECKOUT if (_CHECKOUT / "pyproject.toml").is_file() else Path()
    return root / "var" / "nltk_data"


def shipped_entries(name: str) -> list[str]:
    """A list shipped by ``english-words`` (a pickled set: ``web2``, ``gcide``), sorted."""
    ref = resources.files("english_words") / "data" / f"{name}.pickle"
    with ref.open("rb") as fh:
        entries = pickle.load(fh)
    return sorted(entries, key=lambda w: (w.lower(), w))


def web2_entries() -> list[str]:
    """The ``web2`` list shipped by ``english-words``, sorted."""
    return shipped_entries("web2")


def _nltk_finds_words() -> Path | None:
    import nltk

    try:
        return Path(str(nltk.data.find("corpora/words")))
    except LookupError:
        return None


def ensure_corpus() -> Path:
    """Path of a ``words`` corpus root NLTK can read; write one if none exists.

    Idempotent: a second call finds the corpus the first one wrote.
    """
    with _lock:
        found = _nltk_finds_words()
        if found is not None:
            return found
        root = data_dir().resolve() / "corpora" / "words"
        target = root / "en"
        if not target.exists():
            root.mkdir(parents=True, exist_ok=True)
            tmp = root / f"en.{os.getpid()}.tmp"
            tmp.write_text("\n".join(web2_entries()) + "\n", encoding="utf-8")
            os.replace(tmp, target)
            (root / "README").write_text(README, encoding="utf-8")
        import nltk

        parent = str(root.parent.parent)
        if parent not in nltk.data.path:
            nltk.data.path.append(parent)
        return root


@cache
def raw_entries() -> tuple[str, ...]:
    """Every entry of the ``en`` file, as NLTK's corpus reader returns it."""
    from nltk.corpus.reader import WordListCorpusReader

    root = ensure_corpus()
    return tuple(WordListCorpusReader(str(root), ["en"]).words("en"))


def _playable(entries) -> set[str]:
    """Lowercase a-z entries only: capitalised ones are proper nouns, the rest not words."""
    return {w for w in entries if w.isascii() and w.isalpha() and w.islower()}


@cache
def web2_words() -> tuple[str, ...]:
    """Webster's Second's own legal words: its lowercase a-z entries (capitalised = proper
    noun)."""
    return tuple(sorted(_playable(raw_entries())))


def gcide_corpus() -> Path:
    """The corpus root holding ``gcide`` (written once from ``english-words``)."""
    root = data_dir().resolve() / "corpora" / "gcide"
    with _lock:
        if not (root / "gcide").exists():
            root.mkdir(parents=True, exist_ok=True)
            tmp = root / f"gcide.{os.getpid()}.tmp"
            tmp.write_text("\n".join(shipped_entries("gcide")) + "\n", encoding="utf-8")
            os.replace(tmp, root / "gcide")
            (root / "README").write_text(GCIDE_README, encoding="utf-8")
    return root


@cache
def gcide_entries() -> tuple[str, ...]:
    """Every entry of the GCIDE list, as NLTK's corpus reader returns it."""
    import nltk
    from nltk.corpus.reader import WordListCorpusReader

    root = gcide_corpus()
    parent = str(root.parent.parent)
    if parent not in nltk.data.path:
        nltk.data.path.append(parent)
    return tuple(WordListCorpusReader(str(root), ["gcide"]).words("gcide"))


def _known_lowercase(word: str) -> bool:
    """True when lemminflect's lexicon, which holds common words only, knows ``word``."""
    from lemminflect import getAllInflections, getAllLemmas

    return bool(getAllLemmas(word) or getAllInflections(word))


def gcide_playable(entries: Iterable[str], web2: Iterable[str]) -> set[str]:
    """GCIDE's words without its proper nouns.

    GCIDE writes the headwords it took from Webster's 1913 capitalised ("Box", "Judge",
    "Paris" alike), and its newer entries in lowercase unless they are names ("fax",
    "email", "okay").  So a lowercase entry is a word; a capitalised one only when it is
    capitalised as a headword and nothing more: Webster's Second (``web2``: proper nouns
    capitalised, words not) or lemminflect's lexicon (common words only) knows it in
    lowercase.  "Box" comes in through the lexicon; "Paris", "London", "Monday" do not.
    """
    lower_web2 = {w for w in web2 if w.islower()}
    words = set()
    for entry in entries:
        if not (entry.isascii() and entry.isalpha()):
            continue
        if entry.islower():
            words.add(entry)
        elif entry[0].isupper() and entry[1:].islower():
            word = entry.lower()
            if word in lower_web2 or _known_lowercase(word):
                words.add(word)
    return words


@cache
def gcide_words() -> tuple[str, ...]:
    """GCIDE's legal words (:func:`gcide_playable`), sorted out once per machine (about
    4 s) into a file read back through NLTK's ``WordListCorpusReader``, keyed by both
    lists and lemminflect's version."""
    from importlib.metadata import version

    from nltk.corpus.reader import WordListCorpusReader

    entries, web2 = gcide_entries(), raw_entries()
    key = hashlib.sha256("\n".join((*entries, "", *web2)).encode()).hexdigest()[:12]
    name = f"words-{version('lemminflect')}-{key}"
    root = gcide_corpus()
    with _lock:
        if not (root / name).exists():
            tmp = root / f"{name}.{os.getpid()}.tmp"
            tmp.write_text("\n".join(sorted(gcide_playable(entries, web2))) + "\n", "utf-8")
            os.replace(tmp, root / name)
    return tuple(WordListCorpusReader(str(root), [name]).words(name))


@cache
def base_words() -> tuple[str, ...]:
    """Both lists' own legal words: Webster's Second's and GCIDE's."""
    return tuple(sorted(set(web2_words()) | set(gcide_words())))


def inflect(words: Iterable[str]) -> set[str]:
    """Inflections of ``words`` that lemminflect's lexicon lists (plurals, -s, -ed, -ing,
    comparatives; irregular forms too), lowercase a-z only, not already in ``words``.

    Only the lexicon is read (never its rules for unknown words), so a form comes in
    only when the lexicon knows its base word with that part of speech: "thing" gives
    "things", "play" gives "played", an adjective gets no plural.  The list's words are
    lowercase, so a proper noun never serves as a base.
    """
    from lemminflect import getAllInflections

    words = set(words)
    forms: set[str] = set()
    for w in words:
        for variants in getAllInflections(w).values():
            forms.update(variants)
    return _playable(forms) - words


def _inflections_file(base: tuple[str, ...]) -> tuple[Path, str]:
    """Where the inflections of ``base`` are kept (keyed by the list and lemminflect)."""
    from importlib.metadata import version

    key = hashlib.sha256("\n".join(base).encode()).hexdigest()[:12]
    name = f"en-{version('lemminflect')}-{key}"
    return data_dir().resolve() / "corpora" / "composition_inflections", name


@cache
def inflections() -> tuple[str, ...]:
    """``inflect(base_words())``, computed once per machine (about 3 s) and then read back
    through NLTK's ``WordListCorpusReader`` like the list itself."""
    import nltk
    from nltk.corpus.reader import WordListCorpusReader

    base = base_words()
    root, name = _inflections_file(base)
    parent = str(root.parent.parent)
    if parent not in nltk.data.path:  # NLTK's readers open files under its data path only
        nltk.data.path.append(parent)
    with _lock:
        if not (root / name).exists():
            root.mkdir(parents=True, exist_ok=True)
            tmp = root / f"{name}.{os.getpid()}.tmp"
            tmp.write_text("\n".join(sorted(inflect(base))) + "\n", encoding="utf-8")
            os.replace(tmp, root / name)
    return tuple(WordListCorpusReader(str(root), [name]).words(name))


@cache
def playable_words() -> tuple[str, ...]:
    """Every legal word, for the engine and the solver alike: both lists' words
    (``base_words``) and their inflections (``inflections``)."""
    return tuple(sorted(set(base_words()) | set(inflections())))


@cache
def word_set() -> frozenset[str]:
    return frozenset(playable_words())


def is_word(word: str) -> bool:
    """True when ``word`` (as spelled, lowercase) is a legal Composition word."""
    return word in word_set()
