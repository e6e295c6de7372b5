"""Reasons that take no parameters, as one shared :class:`~tricktable.i18n.Message` each: the
teaching modules say the same few hundred reasons over and over."""

from __future__ import annotations

from tricktable.i18n import Message

__all__ = ["shared_message"]

_SAID: dict[str, Message] = {}


def shared_message(key: str) -> Message:
    """The message ``key`` without parameters (made once, then shared)."""
    found = _SAID.get(key)
    if found is None:
        found = _SAID[key] = Message(key)
    return found
