"""Rules errors: a machine-readable code and a sentence for humans."""

from __future__ import annotations

from typing import Any


class RulesError(Exception):
    """An illegal action or invalid options.

    ``code`` is a stable snake_case identifier clients can switch on
    (``not_your_turn``, ``card_not_in_hand``, ``invalid_options`` ...);
    ``message`` explains it to a person; ``details`` carries optional data.
    The HTTP layer maps every RulesError to 422.
    """

    def __init__(self, code: str, message: str, details: dict[str, Any] | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details or {}

    def __repr__(self) -> str:
        return f"RulesError({self.code!r}, {self.message!r})"
