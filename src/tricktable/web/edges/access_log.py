"""Request logs: one record per request on the ``tricktable.access`` logger.

Each record carries the method, the route template (not the path), the status, the duration and
a short hash of the player id (enough to follow one player, not to act as them); never a body,
a card or a view.  :class:`JsonFormatter` writes them as one JSON object a line
(``tricktable serve --log-format json``).

Every line the server writes goes through :func:`redact` (both formatters), so a table's
invite code never reaches a log, whoever logs a path: uvicorn's WebSocket lines
(``"WebSocket /api/tables/<invite>/live" [accepted]``), an error, a warning.  Seat tokens
travel in a header and a WebSocket's first message only, never in a URL.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import time
from datetime import UTC, datetime
from typing import Any

from starlette.types import Receive, Scope, Send

from tricktable.web.edges.asgi import HttpMiddleware, StatusWatch
from tricktable.web.edges.metrics import route_template

__all__ = ["AccessLogMiddleware", "JsonFormatter", "RedactingFormatter", "player_hash",
           "redact"]

log = logging.getLogger("tricktable.access")

_INVITE_PATH = re.compile(r"(/t/|/api/tables/|%2Ft%2F|%2Fapi%2Ftables%2F)[0-9A-Za-z_-]{16,64}",
                          re.IGNORECASE)


def redact(text: str) -> str:
    """``text`` with each table's invite code in a path replaced by ``{invite}``."""
    return _INVITE_PATH.sub(r"\1{invite}", text)


class RedactingFormatter(logging.Formatter):
    """The plain text log line, with invite codes redacted (tracebacks included)."""

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))

_FIELDS = ("method", "route", "status", "duration_ms", "player")


def player_hash(player_id: str | None) -> str | None:
    """A short, stable stand-in for a player id in logs."""
    if not player_id:
        return None
    return hashlib.sha256(b"tricktable-log:" + player_id.encode()).hexdigest()[:12]


class JsonFormatter(logging.Formatter):
    """A log record as one JSON line: time, level, logger, message, and a request's fields."""

    def format(self, record: logging.LogRecord) -> str:
        data: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in _FIELDS:
            if hasattr(record, name):
                data[name] = getattr(record, name)
        if record.exc_info:
            data["exception"] = self.formatException(record.exc_info)
        return redact(json.dumps(data, ensure_ascii=False))


class AccessLogMiddleware(HttpMiddleware):
    """Logs every HTTP request when it has been answered."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        start = time.perf_counter()
        watch = StatusWatch(send)
        try:
            await self.app(scope, receive, watch)
        finally:
            if log.isEnabledFor(logging.INFO):
                route = route_template(scope)
                duration = round((time.perf_counter() - start) * 1000, 1)
                player = player_hash(scope.get("state", {}).get("player_id"))
                log.info("%s %s %d %.1fms", scope["method"], route, watch.status, duration,
                         extra={"method": scope["method"], "route": route, "status": watch.status,
                                "duration_ms": duration, "player": player})
