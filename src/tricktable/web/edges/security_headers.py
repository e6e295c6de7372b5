"""Security headers on every response: a Content-Security-Policy that allows no inline script or
style and no framing, ``nosniff``, and a strict referrer policy (a response that sets a
stricter one of its own, as a table's invite page does, keeps it).

Over HTTPS (directly, or as a trusted proxy's ``X-Forwarded-Proto`` says) answers also carry
``Strict-Transport-Security`` (:attr:`~tricktable.web.settings.Settings.hsts`: a year, this
host only; never over plain HTTP, where a browser would ignore it anyway and an operator
trying the server out must not be tied to HTTPS)."""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tricktable.web.edges.asgi import HttpMiddleware

__all__ = ["CONTENT_SECURITY_POLICY", "SecurityHeadersMiddleware"]

CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])
"""Everything from this server only; no inline scripts, handlers or styles; never in a frame."""

_HEADERS = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
}

_OWN = frozenset({"referrer-policy"})
"""Headers a response may set for itself (the default is only a floor for the rest)."""


class SecurityHeadersMiddleware(HttpMiddleware):
    """Sets the headers on every HTTP answer (the API docs' page included: it loads Swagger UI
    from this server, see :func:`tricktable.web.contract.install_docs`); ``hsts`` (the
    ``Strict-Transport-Security`` value, empty for none) on HTTPS answers only."""

    def __init__(self, app: ASGIApp, *, hsts: str = "") -> None:
        super().__init__(app)
        self.hsts = hsts

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        hsts = self.hsts if scope.get("scheme") == "https" else ""

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers["content-security-policy"] = CONTENT_SECURITY_POLICY
                for name, value in _HEADERS.items():
                    if name not in _OWN or name not in headers:
                        headers[name] = value
                if hsts:
                    headers["strict-transport-security"] = hsts
            await send(message)

        await self.app(scope, receive, send_with_headers)
