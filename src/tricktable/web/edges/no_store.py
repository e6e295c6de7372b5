"""``Cache-Control: no-store`` on the API's answers: what a player's cookie or seat token shows
(games, tables, me, reviews, errors that carry a game) is kept by no cache, shared or the
browser's own.

An answer that sets its own ``Cache-Control`` keeps it (``/api/i18n``: the same for everyone
who asks in one language).  The contract (``/api/openapi.json``) and its page (``/api/docs``)
are the same for everyone and left to the caches.
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import Message, Receive, Scope, Send

from tricktable.web.edges.asgi import HttpMiddleware

__all__ = ["NoStoreMiddleware", "is_private"]

_PUBLIC = ("/api/openapi.json", "/api/docs")


def is_private(path: str) -> bool:
    """Whether an answer at ``path`` is an API answer no cache may keep."""
    if path != "/api" and not path.startswith("/api/"):
        return False
    return not any(path == public or path.startswith(public + "/") for public in _PUBLIC)


class NoStoreMiddleware(HttpMiddleware):
    """Sets ``Cache-Control: no-store`` on API answers that set none of their own."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not is_private(scope["path"]):
            await self.app(scope, receive, send)
            return

        async def send_no_store(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                if "cache-control" not in headers:
                    headers["cache-control"] = "no-store"
            await send(message)

        await self.app(scope, receive, send_no_store)
