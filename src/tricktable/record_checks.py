"""What every record is checked for at its root, before any field is read: an object, nested no
deeper than a record can be, with no unknown fields and the fields it must have.

Both games' record modules start here, so the Python API and ``tricktable replay`` refuse the
same records with the same :class:`~tricktable.game.RecordError`.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from tricktable.game import RecordError
from tricktable.i18n import Message

__all__ = ["MAX_DEPTH", "check_depth", "check_fields", "check_root", "record_type", "shown"]

MAX_DEPTH = 8
"""The deepest nesting a record may have; the deepest real one is 4 (a deal's hands, each a
list of cards, in the deal object, in the record)."""

_SHOWN = 40


def check_depth(value: object, limit: int = MAX_DEPTH) -> None:
    """Raise :class:`RecordError` if ``value`` nests lists or objects deeper than ``limit``.

    Walks without recursion, so no depth (nor a list that holds itself) can overflow the stack.
    """
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Collection[object] = item.values()
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        if depth > limit:
            raise RecordError(Message("record.too_deep", {"limit": limit}))
        stack.extend((child, depth + 1) for child in children)


def check_root(record: object) -> dict[str, Any]:
    """``record`` as an object nested no deeper than :data:`MAX_DEPTH`; else RecordError."""
    if not isinstance(record, dict):
        raise RecordError(Message("record.object"))
    check_depth(record)
    return record


def record_type(record: object) -> str:
    """Whether ``record`` is a ``"hand"`` record (its ``type`` left out) or a ``"game"``
    record; else RecordError (see :func:`check_root`)."""
    kind = check_root(record).get("type", "hand")
    if kind == "game":
        return "game"
    if kind != "hand":
        raise RecordError(Message("record.type"))
    return "hand"


def check_fields(record: dict[str, Any], allowed: Collection[str],
                 required: Collection[str]) -> None:
    """Refuse a field outside ``allowed`` and a missing one of ``required``."""
    unknown = sorted(repr(key) for key in record if key not in allowed)
    if unknown:
        raise RecordError(Message("record.unknown_field", {"field": _cut(unknown[0])}))
    for name in required:
        if name not in record:
            raise RecordError(Message("record.missing_field", {"field": repr(name)}))


def shown(value: object) -> str:
    """``repr(value)`` cut to a length that fits in one line of an error."""
    return _cut(repr(value))


def _cut(text: str) -> str:
    return text if len(text) <= _SHOWN else text[:_SHOWN - 1] + "…"
