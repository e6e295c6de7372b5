"""Rate limits on starting games, starting the Daily, acting and opening tables: per anonymous
player and per client address, a JSON 429 with ``Retry-After`` past them.

The limits (``limits`` notation, from :class:`~tricktable.web.settings.Settings`) count in the
app's database (:mod:`tricktable.web.edges.rate_limit_storage`), so several server processes on one
database share them.  A player who drops the cookie is a new player, but not a new address.

An address counts as its network, as for the Daily (an IPv4 address, an IPv6 /64: one household
or phone), and is stored only as an HMAC of that network under a key derived from the server
secret: the counters never hold an address.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import re
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass

import anyio
from limits import RateLimitItem, parse_many
from sqlalchemy.engine import Connection, Engine
from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from tricktable.i18n import Message, translate
from tricktable.web.daily.connection import connection_network
from tricktable.web.edges.proxy import client_address
from tricktable.web.edges.rate_limit_storage import SqlStorage
from tricktable.web.identity import subkey
from tricktable.web.language import request_language
from tricktable.web.settings import Settings

__all__ = ["Limited", "RateLimitMiddleware", "RateLimits"]


@dataclass(frozen=True)
class Limited:
    """What one kind of request may do: its name, method and path, and its limits."""

    name: str
    method: str
    path: re.Pattern[str]
    per_player: tuple[RateLimitItem, ...]
    per_address: tuple[RateLimitItem, ...]


def _parse(name: str, text: str) -> tuple[RateLimitItem, ...]:
    if not text.strip():
        return ()
    try:
        return tuple(parse_many(text))
    except ValueError:
        raise ValueError(f"{name}: {text!r} is not a rate limit (write it like "
                         "'60/minute' or '10/second;600/hour').") from None


class RateLimits:
    """The limited requests and the limiter that counts them."""

    def __init__(self, storage: SqlStorage, rules: Sequence[Limited], *, secret: str,
                 clock: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.rules = tuple(rules)
        self._address_key = subkey(secret, "rate-limit-address")
        self._clock = clock

    @classmethod
    def from_settings(
        cls, settings: Settings, engine: Engine, *, secret: str,
        transaction: Callable[[], AbstractContextManager[Connection]] | None = None,
    ) -> RateLimits:
        """The server's limits from its settings, counted in ``engine``'s database; ``secret``
        (the server's) keys the hashes of the addresses."""
        def rule(name: str, method: str, path: str) -> Limited:
            player = f"rate_limit_{name}_player"
            address = f"rate_limit_{name}_address"
            return Limited(name=name, method=method, path=re.compile(path),
                           per_player=_parse(player, getattr(settings, player)),
                           per_address=_parse(address, getattr(settings, address)))

        rules = [
            rule("new_game", "POST", r"/api/games/?"),
            rule("daily", "POST", r"/api/daily/?"),
            rule("action", "POST", r"/api/games/[^/]+/(actions|undo)/?"),
            rule("hint", "POST", r"/api/games/[^/]+/(hint|review)/?"),
            rule("action", "GET", r"/api/games/[^/]+/coach/?"),  # one line per action
            rule("create_table", "POST", r"/api/tables/?"),
            rule("new_table", "POST",
                 r"/api/tables/[^/]+/(seats|start|rematch|seat-link|seat-move)/?"),
            rule("action", "POST", r"/api/tables/[^/]+/(actions|phrases|settings)/?"),
            rule("hint", "POST", r"/api/tables/[^/]+/hint/?"),
            rule("nickname", "PUT", r"/api/me/?"),
        ]
        storage = SqlStorage(engine, transaction=transaction)
        storage.sweep()  # ended windows, and with them any address an older version stored
        return cls(storage, rules, secret=secret)

    def rule_for(self, method: str, path: str) -> Limited | None:
        for rule in self.rules:
            if rule.method == method and rule.path.fullmatch(path):
                return rule
        return None

    def address_key(self, address: str) -> str:
        """What the counters hold for a client address: 32 hex digits of an HMAC of its
        network."""
        network = connection_network(address).encode()
        return hmac.new(self._address_key, network, hashlib.sha256).hexdigest()[:32]

    def hit(self, rule: Limited, *, player: str | None, address: str) -> float | None:
        """Count one request; None if it is within every limit, else the seconds to wait.

        Fixed windows, as ``limits``' ``FixedWindowRateLimiter`` counts them (same keys, with
        :meth:`address_key` for the address): every counter goes up, even past its limit, all in
        one transaction."""
        checks = [(item, "player", player) for item in rule.per_player if player]
        if rule.per_address:
            connection = self.address_key(address)
            checks += [(item, "address", connection) for item in rule.per_address]
        counters = [(item.key_for(rule.name, kind, who), float(item.get_expiry()))
                    for item, kind, who in checks]
        counted = self.storage.incr_many(counters)
        waits = [ends - self._clock()
                 for (item, _kind, _who), (count, ends) in zip(checks, counted, strict=True)
                 if count > item.amount]
        return max(waits) if waits else None


class RateLimitMiddleware:
    """Answers 429 to a limited request past its limits (runs after the identity cookie)."""

    def __init__(self, app: ASGIApp, *, limits: RateLimits) -> None:
        self.app = app
        self.limits = limits

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        rule = (self.limits.rule_for(scope["method"], scope["path"])
                if scope["type"] == "http" else None)
        if rule is None:
            await self.app(scope, receive, send)
            return
        player = scope.get("state", {}).get("player_id")
        address = client_address(HTTPConnection(scope))
        wait = await anyio.to_thread.run_sync(
            lambda: self.limits.hit(rule, player=player, address=address))
        if wait is None:
            await self.app(scope, receive, send)
            return
        seconds = max(1, math.ceil(wait))
        reason = Message("server.too_many_requests", {"seconds": seconds})
        language = request_language(HTTPConnection(scope))
        response = JSONResponse(
            {"error": "too_many_requests", "message": translate(language, reason),
             "reason": reason.to_json()},
            status_code=429, headers={"Retry-After": str(seconds)},
        )
        await response(scope, receive, send)
