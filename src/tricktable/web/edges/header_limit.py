"""A limit on request headers: past it the answer is a JSON 431, before anything reads them.

A cookie grown past reason (another site on the same domain can set cookies here too) or any
huge header gets an answer that says what was wrong, not a reset connection.  uvicorn's own
limit on a request's head must be above this one for the app to see the request at all:
``tricktable serve`` sets it (:data:`SERVER_READ_FACTOR` times the limit).
"""

from __future__ import annotations

from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from tricktable.i18n import Message
from tricktable.web.edges.asgi import HttpMiddleware
from tricktable.web.games.errors import error_body
from tricktable.web.language import request_language

__all__ = ["SERVER_READ_FACTOR", "HeaderLimitMiddleware", "header_bytes"]

SERVER_READ_FACTOR = 4
"""How many times the app's limit uvicorn reads of a request's head before it gives up."""


def header_bytes(scope: Scope) -> int:
    """The headers' size as sent: each name, value, ``": "`` and line end."""
    return sum(len(name) + len(value) + 4 for name, value in scope.get("headers", ()))


class HeaderLimitMiddleware(HttpMiddleware):
    """Refuses HTTP requests whose headers take more than ``limit`` bytes with a 431."""

    def __init__(self, app: ASGIApp, *, limit: int) -> None:
        super().__init__(app)
        self.limit = limit

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        if header_bytes(scope) <= self.limit:
            await self.app(scope, receive, send)
            return
        body = error_body("headers_too_large",
                          Message("server.headers_too_large", {"limit": self.limit}),
                          request_language(HTTPConnection(scope)))
        await JSONResponse(body, status_code=431,
                           headers={"Connection": "close"})(scope, receive, send)
