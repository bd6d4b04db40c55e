"""Tour solver: the week's best staging and work (CP-SAT) and the hint built on it."""

from solver.tour.hint import hint

__all__ = ["hint"]
