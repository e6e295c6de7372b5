"""The language of a request: the player's choice (the ``tricktable_lang`` cookie, set by the
language menu), else the first of ``Accept-Language`` that we speak, else English.

:class:`LanguageMiddleware` settles it once per request or WebSocket connection (from the
handshake) and keeps it for the code that builds the answer: :func:`answer_language`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from starlette.datastructures import MutableHeaders
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tricktable.i18n import DEFAULT_LANGUAGE, negotiate

__all__ = ["LANGUAGE_COOKIE", "LanguageMiddleware", "answer_language", "request_language",
           "speaking"]

LANGUAGE_COOKIE = "tricktable_lang"

_ANSWER: ContextVar[str] = ContextVar("tricktable_answer_language", default=DEFAULT_LANGUAGE)


def request_language(connection: HTTPConnection) -> str:
    """The language to answer ``connection`` in (a request or a WebSocket)."""
    return negotiate(connection.headers.get("accept-language"),
                     connection.cookies.get(LANGUAGE_COOKIE))


def answer_language() -> str:
    """The language of the answer being built: the request's (English outside a request)."""
    return _ANSWER.get()


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Build answers in ``language`` inside the block (for work done for several connections
    at once, such as a table's live messages)."""
    token = _ANSWER.set(language)
    try:
        yield
    finally:
        _ANSWER.reset(token)


class LanguageMiddleware:
    """Sets :func:`answer_language` for each request and WebSocket connection; an API answer
    says its language (``Content-Language``) and that it depends on the cookie and
    ``Accept-Language`` (``Vary``)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        language = request_language(HTTPConnection(scope))
        token = _ANSWER.set(language)
        api = str(scope.get("path", "")).startswith("/api/")

        async def send_language(message: Message) -> None:
            if api and message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers.setdefault("content-language", language)
                if "accept-language" not in headers.get("vary", "").lower():
                    headers.add_vary_header("Accept-Language")
                    headers.add_vary_header("Cookie")
            await send(message)

        try:
            await self.app(scope, receive, send_language)
        finally:
            _ANSWER.reset(token)
