"""HTTP methods at the edge: ``HEAD`` wherever ``GET`` is, and a 405's ``Allow`` that lists every
method the path takes.

FastAPI's ``GET`` routes answer only ``GET``; :class:`HeadAsGet` answers ``HEAD`` as the ``GET``
would, headers and all, without the body (RFC 9110).  Starlette's 405 names the methods of the
first route that matched the path, so ``/api/games`` (``GET`` and ``POST``, two routes) said
``Allow: GET``; :func:`allowed_methods` looks at every route.
"""

from __future__ import annotations

from collections.abc import Iterable

from starlette.routing import BaseRoute, Match, Mount
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["HeadAsGet", "allowed_methods"]


_ROUTED = ("GET", "POST", "PUT", "PATCH", "DELETE")
"""The methods routes declare (``HEAD`` follows ``GET``; nothing here answers ``OPTIONS``)."""


def allowed_methods(routes: Iterable[BaseRoute], scope: Scope) -> list[str]:
    """Every method some route takes at ``scope``'s path (``HEAD`` with ``GET``), sorted: each
    asked of the routes as the router asks, so routers included in others count too."""
    # As the app's router saw the request, before a mount (``/static``) took its prefix.
    scope = {**scope, "type": "http", "root_path": scope.get("app_root_path", "")}
    found: set[str] = set()
    for route in routes:
        if isinstance(route, Mount):  # a mount takes every method to its app
            served = getattr(route.app, "app", route.app)  # the files, perhaps inside GZip
            if isinstance(served, StaticFiles) and route.matches(scope)[0] is Match.FULL:
                found.add("GET")
            continue
        found.update(method for method in _ROUTED
                     if route.matches({**scope, "method": method})[0] is Match.FULL)
    if "GET" in found:
        found.add("HEAD")
    return sorted(found)


class HeadAsGet:
    """Answers ``HEAD`` as ``GET``, sending the headers and no body.

    The scope's method is ``GET`` only while the app inside runs, so the logs and metrics
    around it still see ``HEAD``.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return
        ended = False

        async def without_body(message: Message) -> None:
            nonlocal ended
            if message["type"] == "http.response.body":
                if ended:
                    return
                ended = not message.get("more_body", False)
                if not ended:
                    return
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        scope["method"] = "GET"
        try:
            await self.app(scope, receive, without_body)
        finally:
            scope["method"] = "HEAD"
