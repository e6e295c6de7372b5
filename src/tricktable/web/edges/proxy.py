"""Who the client is behind a reverse proxy: ``client_address(request)``.

``X-Forwarded-For``/``X-Forwarded-Proto`` and ``Forwarded`` (RFC 7239) are believed only from
the configured proxies (``Settings.trusted_proxies``: addresses or networks).  The middleware
walks the forwarded chain from the nearest hop back and stops at the first address that is not a
trusted proxy: that is the client, so nobody can name an address of their choosing by sending
the headers themselves.  It rewrites the ASGI scope's ``client`` and ``scheme``, so everything
after it (the identity cookie's ``Secure``, rate limits, logs) sees the real client and scheme.
A trusted proxy's ``X-Forwarded-Host`` (or ``Forwarded``'s ``host=``) is kept in the scope as
:data:`FORWARDED_HOST`, for the origin check (:mod:`~tricktable.web.edges.origin`) alone: the
``Host`` header stays as it came, so no URL the app builds (a redirect) names a host a client
slipped past a proxy that does not set the header itself.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["FORWARDED_HOST", "ProxyHeadersMiddleware", "client_address", "parse_networks"]

FORWARDED_HOST = "tricktable.forwarded_host"
"""The scope's key for the host a trusted proxy says the browser asked for."""

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def client_address(connection: HTTPConnection) -> str:
    """The client's address (a trusted proxy's forwarded one, else the peer's); ``"unknown"``
    when the server does not know it (a test transport, a Unix socket)."""
    client = connection.scope.get("client")
    return str(client[0]) if client else "unknown"


def parse_networks(entries: Iterable[str]) -> tuple[Network, ...]:
    """``"10.0.0.1"``, ``"10.0.0.0/8"``, ``"::1"`` as networks; a clear ValueError otherwise."""
    networks = []
    for entry in entries:
        text = entry.strip()
        if not text:
            continue
        try:
            networks.append(ipaddress.ip_network(text, strict=False))
        except ValueError:
            raise ValueError(f"{text!r} is not an IP address or network (like 10.0.0.0/8)."
                             ) from None
    return tuple(networks)


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    text = text.strip().strip('"')
    if text.startswith("["):  # [v6]:port
        text = text[1:].split("]", 1)[0]
    elif text.count(":") == 1:  # v4:port
        text = text.split(":", 1)[0]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def _forwarded(value: str) -> list[tuple[str, str | None, str | None]]:
    """RFC 7239 ``Forwarded``: the (for, proto, host) of each hop, nearest last."""
    hops = []
    for element in value.split(","):
        pairs = {}
        for pair in element.split(";"):
            name, _, found = pair.partition("=")
            pairs[name.strip().lower()] = found.strip().strip('"')
        hops.append((pairs.get("for", ""), pairs.get("proto"), pairs.get("host")))
    return hops


_HOST = re.compile(r"[0-9A-Za-z.-]+(:[0-9]{1,5})?|\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?")
"""A ``Host`` value: a name or IPv4 address, or a bracketed IPv6 address, and a port."""


def _last(values: list[str] | None) -> str | None:
    """The nearest proxy's value of a comma-separated header: the last one, else None."""
    last = ",".join(values or ()).split(",")[-1].strip()
    return last or None


class ProxyHeadersMiddleware:
    """Takes the client's address and scheme from forwarded headers sent by a trusted proxy."""

    def __init__(self, app: ASGIApp, *, trusted: Iterable[str]) -> None:
        self.app = app
        self.trusted = parse_networks(trusted)

    def _is_trusted(self, text: str) -> bool:
        address = _address(text)
        return address is not None and any(address in network for network in self.trusted)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        client = scope.get("client")
        if (self.trusted and scope["type"] in ("http", "websocket") and client
                and self._is_trusted(str(client[0]))):
            self._rewrite(scope)
        await self.app(scope, receive, send)

    def _rewrite(self, scope: Scope) -> None:
        headers: dict[bytes, list[str]] = {}
        for name, value in scope.get("headers", ()):
            headers.setdefault(name, []).append(value.decode("latin-1"))
        hops: list[tuple[str, str | None, str | None]]
        if b"forwarded" in headers:
            hops = _forwarded(",".join(headers[b"forwarded"]))
        else:
            forwarded_host = _last(headers.get(b"x-forwarded-host"))
            if b"x-forwarded-for" not in headers:
                self._set_scheme(scope, _last(headers.get(b"x-forwarded-proto")))
                self._set_host(scope, forwarded_host)
                return
            hops = [(part, None, None)
                    for part in ",".join(headers[b"x-forwarded-for"]).split(",")]
            hops[-1] = (hops[-1][0], _last(headers.get(b"x-forwarded-proto")), forwarded_host)
        scheme, host = hops[-1][1], hops[-1][2]
        chosen: str | None = None
        for found, proto, named in reversed(hops):
            scheme = proto or scheme
            host = named or host
            chosen = found
            if not self._is_trusted(found):
                break
        address = _address(chosen or "")
        if address is not None:
            scope["client"] = (str(address), 0)
        self._set_scheme(scope, scheme)
        self._set_host(scope, host)

    @staticmethod
    def _set_host(scope: Scope, host: str | None) -> None:
        if host and _HOST.fullmatch(host):
            scope[FORWARDED_HOST] = host

    @staticmethod
    def _set_scheme(scope: Scope, scheme: str | None) -> None:
        if not scheme:
            return
        scheme = scheme.lower()
        if scheme in ("http", "https"):
            if scope["type"] == "websocket":
                scheme = "wss" if scheme == "https" else "ws"
            scope["scheme"] = scheme
