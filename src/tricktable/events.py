"""What the events of every game share: their JSON form.

Each game defines its events as named tuples (cheap to create in search) and decides what a seat
may see of them; this module turns any of them into JSON for the browser and the records.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from tricktable.cards import Card

__all__ = ["event_json"]


def event_json(event: NamedTuple) -> dict[str, Any]:
    """An event as a JSON object with a ``type`` field: cards as text, card tuples as lists,
    results through their own ``to_json``."""
    data: dict[str, Any] = {"type": type(event).__name__}
    for name, value in zip(event._fields, event, strict=True):
        if hasattr(value, "to_json"):
            data[name] = value.to_json()
        elif isinstance(value, Card):
            data[name] = str(value)
        elif isinstance(value, tuple):
            data[name] = [str(c) for c in value]
        else:
            data[name] = value
    return data
