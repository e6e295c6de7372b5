"""A game request's answers other than success: :class:`ApiError` and the error body, and the
messages several services share."""

from __future__ import annotations

from typing import Any

from tricktable.i18n import Message, translate
from tricktable.web.language import answer_language

__all__ = ["GAME_OVER", "NOT_YOURS", "NOT_YOUR_TURN", "STALE", "ApiError", "error_body",
           "no_game"]


class ApiError(Exception):
    """An answer other than success: HTTP status, a short code, the message for people (a
    :class:`~tricktable.i18n.Message`, worded in the request's language when answered), and
    optionally the game's current state (for a 409)."""

    def __init__(self, status: int, code: str, message: Message | str, *,
                 game: dict[str, Any] | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(str(message))
        self.status = status
        self.code = code
        self.message = message
        self.game = game
        self.headers = headers
        """Extra response headers (a 429's ``Retry-After``)."""

    def to_json(self, language: str | None = None) -> dict[str, Any]:
        """``{"error", "message", "reason"}`` (and ``"game"``): the message in ``language``
        (the answer's, by default) and as a message for clients that word it themselves."""
        data = error_body(self.code, self.message, language)
        if self.game is not None:
            data["game"] = self.game
        return data


def error_body(code: str, message: Message | str, language: str | None = None) -> dict[str, Any]:
    """An error answer's body: the code, the message in ``language`` (the answer's by default)
    and, when it is a catalogue message, the message itself (``reason``)."""
    language = language or answer_language()
    if isinstance(message, Message):
        return {"error": code, "message": translate(language, message),
                "reason": message.to_json()}
    return {"error": code, "message": message}


NOT_YOURS = Message("server.game.not_yours")
GAME_OVER = Message("illegal.game_over")
NOT_YOUR_TURN = Message("server.action.not_your_turn")
STALE = Message("server.action.stale")


def no_game(game_id: str) -> Message:
    return Message("server.game.none", {"game": repr(game_id)})

