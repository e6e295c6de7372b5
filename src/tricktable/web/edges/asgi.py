"""What the HTTP middlewares share: passing every other scope (lifespan, WebSockets) through
untouched, and noting the status an answer starts with."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["HttpMiddleware", "StatusWatch"]


class HttpMiddleware:
    """An ASGI middleware that acts on HTTP requests only (:meth:`handle`); any other scope goes
    to the app as it came."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        await self.handle(scope, receive, send)

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer one HTTP request (through ``self.app``)."""
        raise NotImplementedError


class StatusWatch:
    """A ``send`` that passes every message on and keeps the answer's status: 500 until the
    answer starts (so an app that fails before answering counts as a 500)."""

    __slots__ = ("send", "status")

    def __init__(self, send: Send) -> None:
        self.send = send
        self.status = 500

    async def __call__(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            self.status = message["status"]
        await self.send(message)
