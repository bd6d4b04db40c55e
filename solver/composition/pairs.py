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

from solver.composition.pair_first import search_by_first_words
from solver.composition.pair_lattice import JointSearch, applies
from solver.composition.pair_play import best_pair
from solver.composition.pair_ranking import PairWords, Ranking

__all__ = ["JOINT_LIMIT", "PairSearch", "best_pair"]

#: joint letter combinations met before the search turns to first words
JOINT_LIMIT = 4000


class PairSearch:
    """The two-word Performances of one query, added to its top-k ``heap``.

    ``pw``: the words that may pair (``pair_ranking.pair_words``; None: none may).
    ``heap`` holds (key, Play), key (net, alphabetical rank).  ``deadline`` (a
    ``time.perf_counter()`` instant): past it the search stops with the pairs
    found so far and ``figures["complete"]`` turns False, so a caller on a time
    budget still gets an answer, marked as not proven optimal.

    Run ``joint()`` first: when it returns False (too many joint letter
    combinations reach the k-th net), fill the ranking with single words, whose
    nets make the search by first words prune more, then run ``first_words()``.
    """

    def __init__(self, pw: PairWords | None, heap: list, k: int, deadline: float | None = None):
        self.figures: dict[str, Any] = {
            "eligible": 0 if pw is None else len(pw.wid),
            "joint": 0,
            "expanded": 0,
            "bounded": 0,
            "evaluated": 0,
            "complete": True,
        }
        self.pw = pw
        self.ranking = None
        if pw is not None:
            self.ranking = Ranking(pw.prep, pw.words, heap, k, deadline, self.figures)

    def joint(self) -> bool:
        """The search by joint letters; False when the search by first words must follow."""
        if self.pw is None:
            return True
        if not applies(self.pw):
            return False
        return JointSearch(self.pw, self.ranking).run(JOINT_LIMIT) != "limit"

    def first_words(self) -> None:
        """The search by first words (every pair that may still enter)."""
        if self.pw is not None and not self.ranking.out_of_time():
            search_by_first_words(self.pw, self.ranking)
