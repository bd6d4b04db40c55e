"""Two-word Performances: two dictionary words crossing at one ``two_words`` card.

Exact top-k over pairs of the hand's spellable words (each word of a pair is
itself spellable), merged into the single words' ranking:

* ``pair_play``: one pair scored exactly (the engine's rule, every crossing),
  and the single-word bound of a pair's letters;
* ``pair_lattice``: the search by joint letters, best bound first, fast when
  few letter combinations reach the k-th net (the usual case);
* ``pair_first``: the search by first words, for every hand, and the fallback
  when the joint search meets too many letter combinations;
* ``pair_ranking``: the ways of crossing (with MUD, the shared card changed to
  each letter is a way of its own) with the words that may pair in each, and
  the running top-k they share.
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

    ``ways``: the ways of crossing and the words that may pair in each
    (``pair_ranking.pair_words``; empty: none may).  ``heap`` holds (key, Play),
    key (net, alphabetical rank).  ``deadline`` (a ``time.perf_counter()``
    instant): past it the search stops with the pairs found so far and
    ``figures["complete"]`` turns False, so a caller on a time budget still gets
    an answer, marked as not proven optimal.

    Run ``joint()`` first: when it returns False (a way the joint search does not
    cover, or too many joint letter combinations reach the k-th net), fill the
    ranking with single words, whose nets make the search by first words prune
    more, then run ``first_words()``.
    """

    def __init__(self, ways: list[PairWords], heap: list, k: int, deadline: float | None = None):
        self.figures: dict[str, Any] = {
            "eligible": sum(len(pw.wid) for pw in ways),
            "ways": len(ways),
            "joint": 0,
            "expanded": 0,
            "bounded": 0,
            "refined": 0,
            "evaluated": 0,
            "complete": True,
        }
        self.ways = ways
        self.pending: list[tuple[PairWords, bool]] = []  #: (way, joint search not tried)
        self.ranking = None
        if ways:
            self.ranking = Ranking(ways[0].prep, ways[0].words, heap, k, deadline, self.figures)
            # MUD's ways: a pair's bound in one way says nothing of its other crossings
            self.ranking.partial = len(ways) > 1

    def joint(self) -> bool:
        """The search by joint letters; False when the search by first words must follow."""
        if self.ranking is not None and self.ranking.partial:
            # MUD's ways: their pairs cost many crossings each to score, so the single
            # words' nets come first to prune them
            self.pending = [(pw, True) for pw in self.ways]
            return False
        for pw in self.ways:
            if self.ranking.out_of_time():
                return True
            if not applies(pw) or JointSearch(pw, self.ranking).run(JOINT_LIMIT) == "limit":
                self.pending.append((pw, False))
        return not self.pending

    def first_words(self) -> None:
        """The ways left: the search by joint letters where it was not tried yet and
        applies, else (or once it meets too many) the search by first words."""
        for pw, joint in self.pending:
            if self.ranking.out_of_time():
                return
            if joint and applies(pw) and JointSearch(pw, self.ranking).run(JOINT_LIMIT) != "limit":
                continue
            search_by_first_words(pw, self.ranking)
