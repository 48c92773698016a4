"""A stored key (a permit's or an order's status) in the words every page, PDF and the work
packet use: the mapping's words, or for a key it lacks the key itself made readable, so no
underscore key reaches a screen."""

from __future__ import annotations

from collections.abc import Mapping


def words(mapping: Mapping, key: str | None) -> str:
    """`mapping`'s words for `key` (the first of a (words, tone) pair); a key it lacks reads as
    itself in sentence case, underscores as spaces: "under_review" reads "Under review"."""
    found = mapping.get(key)
    if found is None:
        return str(key or "").replace("_", " ").strip().capitalize()
    return found[0] if isinstance(found, tuple) else found
