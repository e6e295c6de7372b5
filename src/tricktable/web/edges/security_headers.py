"""Security headers on every response: a Content-Security-Policy that allows no inline script or
style and no framing, ``nosniff``, and a strict referrer policy (a response that sets a
stricter one of its own, as a table's invite page does, keeps it)."""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import Message, Receive, Scope, Send

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
    from this server, see :func:`tricktable.web.contract.install_docs`)."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers["content-security-policy"] = CONTENT_SECURITY_POLICY
                for name, value in _HEADERS.items():
                    if name not in _OWN or name not in headers:
                        headers[name] = value
            await send(message)

        await self.app(scope, receive, send_with_headers)
