"""Gzip for the pages: their HTML, the same for everyone who asks in one language and theme.

The static files, the languages' words among them, are gzipped where they are mounted
(``app.py``).  Nothing else is: an answer that holds a player's secrets (their cards, a seat
token, an invite) beside words a request chose (a nickname, a query) would, compressed, let
its length tell a guess of the secret (BREACH).  The pages compressed hold no secret: the
table page of an invite (``/t/<invite>``), which names the invite, is not one of them.
"""

from __future__ import annotations

from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Receive, Scope, Send

from tricktable.web.edges.asgi import HttpMiddleware

__all__ = ["PAGES", "CompressPages"]

PAGES = frozenset({"/", "/leaderboard", "/rules", "/learn", "/replay", "/friends"})
"""The pages gzipped (their paths): none holds a secret."""


class CompressPages(HttpMiddleware):
    """Gzips the answer to a request for one of :data:`PAGES` (when the browser takes gzip);
    every other answer goes out as the app made it."""

    def __init__(self, app: ASGIApp, *, pages: frozenset[str] = PAGES) -> None:
        super().__init__(app)
        self.pages = pages
        self.gzip = GZipMiddleware(app)

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope.get("path") in self.pages:
            await self.gzip(scope, receive, send)
        else:
            await self.app(scope, receive, send)
