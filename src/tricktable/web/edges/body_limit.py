"""A limit on request bodies: past it the answer is a JSON 413, read no further.

A declared ``Content-Length`` over the limit is refused before anything is read; a body without
one (chunked) is counted as it arrives and refused as soon as it passes the limit.
"""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tricktable.i18n import Message as Words
from tricktable.i18n import translate
from tricktable.web.edges.asgi import HttpMiddleware
from tricktable.web.language import request_language

__all__ = ["BodyLimitMiddleware", "BodyTooLarge"]


class BodyTooLarge(HTTPException):
    """Raised from ``receive`` once the body passes the limit (FastAPI lets an HTTPException
    through its body parsing; the error handlers make it a JSON 413)."""

    def __init__(self, limit: int) -> None:
        self.reason = Words("server.too_large", {"limit": limit})
        super().__init__(413, str(self.reason))


class BodyLimitMiddleware(HttpMiddleware):
    """Refuses HTTP requests whose body is longer than ``limit`` bytes with a 413."""

    def __init__(self, app: ASGIApp, *, limit: int) -> None:
        super().__init__(app)
        self.limit = limit

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await self._refuse(scope, receive, send)
                return
        received = 0
        started = False

        async def counted_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise BodyTooLarge(self.limit)
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted_receive, watched_send)
        except BodyTooLarge:
            if started:
                raise
            await self._refuse(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        reason = BodyTooLarge(self.limit).reason
        language = request_language(HTTPConnection(scope))
        response = JSONResponse(
            {"error": "too_large", "message": translate(language, reason),
             "reason": reason.to_json()},
            status_code=413, headers={"Connection": "close"},
        )
        await response(scope, receive, send)
