"""Cross-site requests refused: a state-changing request (``POST``, ``PUT``, ``PATCH``,
``DELETE``) or a WebSocket handshake whose ``Origin`` is another site's.

A request without ``Origin`` passes (a client that is not a browser; browsers send it on every
such request and handshake).  One whose ``Origin`` is the server's own (the request's scheme and
``Host``, or those a trusted proxy forwards: :mod:`~tricktable.web.edges.proxy`) or one of
:attr:`~tricktable.web.settings.Settings.allowed_origins` passes; any other, ``null``
included, is a JSON 403, or for a WebSocket an ``error`` message and close code 4403, as the
live tables refuse a seat.  Defence in depth: the identity cookie is ``SameSite=Lax`` already.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from tricktable.i18n import Message
from tricktable.web.edges.proxy import FORWARDED_HOST
from tricktable.web.games.errors import error_body
from tricktable.web.language import request_language

__all__ = ["OriginMiddleware", "parse_origins"]

Origin = tuple[str, str, int]
"""Scheme, host (lower case) and port."""

_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
_PORTS = {"http": 80, "https": 443}
_SHOWN = 80
"""At most this much of a refused origin is repeated in the answer."""


def _origin(scheme: str, netloc: str) -> Origin | None:
    """``(scheme, host, port)`` of ``scheme://netloc``, None when it is no web origin."""
    scheme = scheme.lower()
    if scheme not in _PORTS or not netloc or any(c in netloc for c in "/?#@ \\"):
        return None
    try:
        split = urlsplit(f"//{netloc}")
        port = split.port
    except ValueError:
        return None
    if not split.hostname:
        return None
    return scheme, split.hostname, port or _PORTS[scheme]


def _parse(text: str) -> Origin | None:
    scheme, found, netloc = text.strip().partition("://")
    return _origin(scheme, netloc) if found else None


def parse_origins(entries: Iterable[str]) -> frozenset[Origin]:
    """``"https://games.example.org"``, ``"http://localhost:8000"`` as origins (a trailing
    ``/`` is allowed); a clear ValueError for anything else."""
    origins = set()
    for entry in entries:
        text = entry.strip()
        if not text:
            continue
        origin = _parse(text.removesuffix("/"))
        if origin is None:
            raise ValueError(f"{text!r} is not an origin (write it like "
                             "https://games.example.org or http://localhost:8000).")
        origins.add(origin)
    return frozenset(origins)


def own_origin(scope: Scope) -> Origin | None:
    """The origin the request was sent to: its scheme and host (a trusted proxy's forwarded
    host, else ``Host``, else the server's address)."""
    scheme = str(scope.get("scheme", "http"))
    scheme = {"ws": "http", "wss": "https"}.get(scheme, scheme)
    if FORWARDED_HOST in scope:
        return _origin(scheme, str(scope[FORWARDED_HOST]))
    for name, value in scope.get("headers", ()):
        if name == b"host":
            return _origin(scheme, value.decode("latin-1"))
    server = scope.get("server")
    return _origin(scheme, f"{server[0]}:{server[1]}") if server else None


class OriginMiddleware:
    """Refuses state-changing requests and WebSockets from origins that are not allowed."""

    def __init__(self, app: ASGIApp, *, allowed: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = parse_origins(allowed)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        checked = scope["type"] == "websocket" or (scope["type"] == "http"
                                                   and scope["method"] in _CHANGING)
        sent = self._sent_origin(scope) if checked else None
        if sent is None or self._allows(scope, sent):
            await self.app(scope, receive, send)
            return
        shown = sent if len(sent) <= _SHOWN else sent[:_SHOWN - 3] + "..."
        body = error_body("origin_not_allowed", Message("server.origin_not_allowed",
                                                        {"origin": shown}),
                          request_language(HTTPConnection(scope)))
        if scope["type"] == "http":
            await JSONResponse(body, status_code=403)(scope, receive, send)
            return
        # As the live tables refuse a seat: the reason in a message, then close code 4403.
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send",
                    "text": json.dumps({"type": "error", **body}, ensure_ascii=False)})
        await send({"type": "websocket.close", "code": 4403, "reason": "origin not allowed"})

    @staticmethod
    def _sent_origin(scope: Scope) -> str | None:
        for name, value in scope.get("headers", ()):
            if name == b"origin":
                return str(value.decode("latin-1"))
        return None

    def _allows(self, scope: Scope, sent: str) -> bool:
        origin = _parse(sent)  # "null" (a sandboxed frame, a redirect…) is no origin
        return origin is not None and (origin == own_origin(scope) or origin in self.allowed)
