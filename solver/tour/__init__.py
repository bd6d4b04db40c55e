"""Tour solver: the week's best staging and work (CP-SAT) and the hint built on it."""

from solver.tour.hint import hint


def preload() -> None:
    """Warm a worker once: the data file, OR-Tools and the offer odds tables."""
    from services.tour.content import content
    from solver.tour.heuristics import top_two_distribution

    content()
    for n in (5, 6, 7):
        top_two_distribution(n)


__all__ = ["hint", "preload"]
