"""Confusable skeletons (Unicode TR39, "Confusable Detection"): two strings that look alike have
the same skeleton, so "Асе" (Cyrillic) and "Ace" (Latin) are one name.

The mapping is Unicode's ``confusables.txt`` as the ``confusable-homoglyphs`` package ships it,
which lists each pair both ways: a character that maps to a prototype lists just it, and a
prototype lists every character that maps to it.  Where a prototype has a single look-alike
the direction is not recorded, so both map to the smaller of the two: skeletons then differ
from TR39's only by a renaming of those prototypes, and two strings have equal skeletons here
exactly when they have equal TR39 skeletons.
"""

from __future__ import annotations

import functools
import importlib.resources
import json
import unicodedata

__all__ = ["skeleton"]

_DIRECTION_MARKS = str.maketrans("", "", "\u200e\u200f")
"""The package wraps right-to-left characters in direction marks for display."""


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each character's prototype (the characters that are their own are left out)."""
    text = (importlib.resources.files("confusable_homoglyphs") / "confusables.json").read_text(
        encoding="utf-8")
    pairs: dict[str, list[str]] = {}
    for key, entries in json.loads(text).items():
        pairs.setdefault(key.translate(_DIRECTION_MARKS), []).extend(
            entry["c"].translate(_DIRECTION_MARKS) for entry in entries)
    rename: dict[str, str] = {}  # a lone pair's two characters: both to the smaller
    prototype: dict[str, str] = {}
    for char, others in pairs.items():
        if len(char) != 1 or len(others) != 1:
            continue  # a sequence, or a prototype with several look-alikes: it is its own
        other = others[0]
        if len(other) == 1 and len(pairs.get(other, ())) == 1:
            rename[char] = min(char, other)
        else:
            prototype[char] = other
    for char, target in prototype.items():
        prototype[char] = "".join(rename.get(c, c) for c in target)
    return {**prototype, **{c: r for c, r in rename.items() if c != r}}


def skeleton(text: str) -> str:
    """``text``'s skeleton: NFD, each character replaced by its prototype, NFD again."""
    prototypes = _prototypes()
    mapped = "".join(prototypes.get(c, c) for c in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)
