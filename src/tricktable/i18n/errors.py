"""Errors that a player may read: the reason is a :class:`~tricktable.i18n.Message`, worded in
any language at the edge (the server, the terminal), and ``str()`` of the error is the English."""

from __future__ import annotations

from tricktable.i18n.format import Message, translate

__all__ = ["WordedError", "reason_of"]


class WordedError(ValueError):
    """A refusal and why: a :class:`Message` (or, for text no catalogue holds, a plain string
    taken as it is).  ``str(error)`` is the English."""

    def __init__(self, reason: Message | str) -> None:
        super().__init__(str(reason))
        self.reason = reason

    def words(self, language: str) -> str:
        """Why, in ``language``."""
        reason = self.reason
        return translate(language, reason) if isinstance(reason, Message) else reason


def reason_of(error: BaseException) -> Message | str:
    """The reason an error gives: its :class:`Message` when it carries one (``.reason``), else
    its text."""
    reason = getattr(error, "reason", None)
    return reason if isinstance(reason, Message | str) else str(error)
