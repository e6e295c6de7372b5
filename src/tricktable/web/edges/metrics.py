"""Prometheus metrics, served at ``/metrics`` (or on an address of their own).

Several server processes (``tricktable serve --processes N``) each count their own; with
``PROMETHEUS_MULTIPROC_DIR`` set (``serve`` sets it for N > 1) prometheus_client writes them to
files there and ``/metrics`` in any process reports the sum over all of them.

Every label comes from a closed set, so no request can create series: a route is its template
(or ``/static``, or ``unmatched``), a method one of :data:`METHODS` (else ``other``), a status
one the app answers.  Who may read them is the settings' choice
(:attr:`~tricktable.web.settings.Settings.metrics_token`,
:attr:`~tricktable.web.settings.Settings.metrics_address`).
"""

from __future__ import annotations

import hmac
import os
from collections.abc import Mapping

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client.multiprocess import MultiProcessCollector
from starlette.types import Receive, Scope, Send

from tricktable.web.edges.asgi import HttpMiddleware, StatusWatch

__all__ = [
    "ACTION_SECONDS",
    "COMPUTER_JOBS",
    "GAMES_FINISHED",
    "GAMES_STARTED",
    "REQUESTS",
    "THINK_SECONDS",
    "METHODS",
    "MetricsMiddleware",
    "exposition",
    "method_label",
    "parse_address",
    "registry",
    "route_template",
    "token_matches",
]

METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"})
"""The methods counted by name; any other (a client may send any token) counts as ``other``."""

_SECONDS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)

REQUESTS = Counter("tricktable_requests", "HTTP requests answered, by route template, method "
                   "and status.", ["route", "method", "status"])
ACTION_SECONDS = Histogram("tricktable_action_seconds", "Seconds to answer a player's action, "
                           "the computer players' replies included.", buckets=_SECONDS)
THINK_SECONDS = Histogram("tricktable_computer_think_seconds", "Seconds the computer players "
                          "took to reach the human's next decision, by difficulty.",
                          ["difficulty"], buckets=_SECONDS)
COMPUTER_JOBS = Gauge("tricktable_computer_jobs", "Jobs handed to the computer-player workers "
                      "and not answered yet (queued or thinking).", multiprocess_mode="livesum")
GAMES_STARTED = Counter("tricktable_games_started", "Games started, by game and mode "
                        "(new or daily).", ["game", "mode"])
GAMES_FINISHED = Counter("tricktable_games_finished", "Games played to the end, by game and "
                         "mode.", ["game", "mode"])


def registry() -> CollectorRegistry:
    """What to report: this process's metrics, or every server process's in multiprocess
    mode."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        summed = CollectorRegistry()
        MultiProcessCollector(summed)  # type: ignore[no-untyped-call]
        return summed
    return REGISTRY


def exposition() -> tuple[bytes, str]:
    """The metrics in Prometheus' text format, and its content type."""
    return generate_latest(registry()), CONTENT_TYPE_LATEST


def token_matches(headers: Mapping[str, str], token: str) -> bool:
    """Whether a request's ``Authorization`` header is ``Bearer <token>`` (compared in constant
    time)."""
    scheme, _, given = headers.get("authorization", "").partition(" ")
    return scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode(),
                                                              token.encode())


def parse_address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:9100`` for IPv6) or a bare ``PORT`` (on 127.0.0.1) as a host and
    port; a ValueError that says what to write otherwise."""
    host, _, port = text.strip().rpartition(":")
    host = host.strip("[]") or "127.0.0.1"
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{text!r} is not an address for the metrics: write HOST:PORT, like "
                         "127.0.0.1:9100 or [::1]:9100, or a port alone.")
    return host, int(port)


def method_label(method: str) -> str:
    """A request's method as a label: one of :data:`METHODS`, else ``other``."""
    return method if method in METHODS else "other"


def route_template(scope: Scope) -> str:
    """The route that answered (``/api/games/{game_id}``), never the raw path: a path holds
    ids, and each distinct label value would be a new time series."""
    route = scope.get("route")
    path = getattr(route, "path", None)
    if isinstance(path, str):
        return path
    if scope.get("path", "").startswith("/static/"):
        return "/static"
    return "unmatched"


class MetricsMiddleware(HttpMiddleware):
    """Counts every HTTP answer by route template, method and status."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        watch = StatusWatch(send)
        try:
            await self.app(scope, receive, watch)
        finally:
            REQUESTS.labels(route_template(scope), method_label(scope["method"]),
                            str(watch.status)).inc()
