"""Two-word Performances: two dictionary words crossing at one ``two_words`` card.

Exact top-k over pairs of the hand's spellable words (each word of a pair is
itself spellable), merged into the single words' ranking:

* ``pair_play``: one pair scored exactly (the engine's rule, every crossing),
  and the single-word bound of a pair's letters;
* ``pair_lattice``: the search by joint letters, best bound first, fast when
  few letter combinations reach the k-th net (the usual case);
* ``pair_first``: the search by first words, for every hand, and the fallback
  when the joint search meets too many letter combinations;
* ``pair_ranking``: the words that may pair and the running top-k they share.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from solver.composition.assign import Prepared
from solver.composition.pair_first import search_by_first_words
from solver.composition.pair_lattice import JointSearch, applies
from solver.composition.pair_play import best_pair
from solver.composition.pair_ranking import Ranking, pair_words

__all__ = ["JOINT_LIMIT", "best_pair", "search_pairs"]

#: joint letter combinations met before the search turns to first words
JOINT_LIMIT = 2000


def search_pairs(
    prep: Prepared,
    index,
    ids: np.ndarray,
    lengths: np.ndarray,
    cols: dict[int, np.ndarray],
    tables: tuple,
    heap: list,
    k: int,
    deadline: float | None = None,
) -> dict[str, Any]:
    """Add the best two-word Performances to ``heap`` (the top-k of (key, Play)); figures.

    ``ids``: the hand's spellable words, ``cols`` their counts per held letter.
    ``deadline`` (a ``time.perf_counter()`` instant): past it the search stops with
    the pairs found so far and ``figures["complete"]`` is False, so a caller on a
    time budget still gets an answer, marked as not proven optimal.
    """
    figures: dict[str, Any] = {
        "eligible": 0,
        "joint": 0,
        "expanded": 0,
        "bounded": 0,
        "evaluated": 0,
        "complete": True,
    }
    pw = pair_words(prep, index, ids, lengths, cols, tables)
    if pw is None:
        return figures
    figures["eligible"] = len(pw.wid)
    ranking = Ranking(prep, index.words, heap, k, deadline, figures)
    if applies(pw) and JointSearch(pw, ranking).run(JOINT_LIMIT) != "limit":
        return figures
    search_by_first_words(pw, ranking)
    return figures
