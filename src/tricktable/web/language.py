"""The language of a request: the player's choice (the ``tricktable_lang`` cookie, set by the
language menu), else the first of ``Accept-Language`` that we speak, else English."""

from __future__ import annotations

from starlette.requests import HTTPConnection

from tricktable.i18n import negotiate

__all__ = ["LANGUAGE_COOKIE", "request_language"]

LANGUAGE_COOKIE = "tricktable_lang"


def request_language(connection: HTTPConnection) -> str:
    """The language to answer ``connection`` in (a request or a WebSocket)."""
    return negotiate(connection.headers.get("accept-language"),
                     connection.cookies.get(LANGUAGE_COOKIE))
