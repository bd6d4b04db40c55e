"""Small functions for the plain-language ``why`` sentence every hint carries."""

from __future__ import annotations

from collections.abc import Iterable


def percent(p: float) -> str:
    """A chance as a whole percentage; never "0%" or "100%" for what is merely unlikely
    or likely."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    shown = round(p * 100)
    if shown == 0:
        return "under 1%"
    if shown == 100:
        return "over 99%"
    return f"{shown}%"


def listing(items: Iterable[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} and {items[-1]}"


def plural(n: float, one: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards``."""
    word = one if n == 1 else (many or one + "s")
    shown = f"{n:g}" if isinstance(n, float) else str(n)
    return f"{shown} {word}"


def sentence(text: str) -> str:
    """Capitalised, ending in one full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
