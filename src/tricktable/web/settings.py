"""Server settings: where the database is, the server secret, how computer players run, and the
edges (body and header limits, rate limits, trusted proxies, allowed origins, HSTS)."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Literal

__all__ = ["Settings", "default_database_url", "default_database_path"]

ExecutorKind = Literal["auto", "process", "thread"]


def default_database_path() -> Path:
    """Where the SQLite database lives by default: the user's data directory.

    Linux: ``~/.local/share/tricktable/tricktable.sqlite3``; macOS:
    ``~/Library/Application Support/tricktable/tricktable.sqlite3``; Windows:
    ``%LOCALAPPDATA%\\tricktable\\tricktable.sqlite3``.
    """
    import platformdirs

    return Path(platformdirs.user_data_dir("tricktable", appauthor=False)) / "tricktable.sqlite3"


def default_database_url() -> str:
    """``TRICKTABLE_DATABASE_URL`` if set, else SQLite at :func:`default_database_path`."""
    url = os.environ.get("TRICKTABLE_DATABASE_URL")
    if url:
        return url
    return f"sqlite:///{default_database_path()}"


def _trusted_proxies() -> tuple[str, ...]:
    configured = os.environ.get("TRICKTABLE_TRUSTED_PROXIES", "")
    return tuple(part.strip() for part in configured.split(",") if part.strip())


def _allowed_origins() -> tuple[str, ...]:
    configured = os.environ.get("TRICKTABLE_ALLOWED_ORIGINS", "")
    return tuple(part.strip() for part in configured.split(",") if part.strip())


def _limit(name: str, default: str) -> Callable[[], str]:
    """A rate limit's default: ``TRICKTABLE_RATE_LIMIT_<NAME>`` if set, else ``default``."""
    return lambda: os.environ.get(f"TRICKTABLE_RATE_LIMIT_{name.upper()}", default)


def _default_workers() -> int:
    configured = os.environ.get("TRICKTABLE_WORKERS", "")
    if configured.isdigit() and int(configured) > 0:
        return int(configured)
    return max(2, min(8, os.cpu_count() or 2))


def _env_count(name: str, default: int) -> int:
    """A whole number of at least 1 from the environment; a bad value is an error that says
    so, never a silent default."""
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    if not value.isdigit() or int(value) < 1:
        raise ValueError(f"{name}={value!r}: write a whole number of at least 1.")
    return int(value)


@dataclass(frozen=True, kw_only=True)
class Settings:
    """Everything :func:`tricktable.web.create_app` needs; tests build their own."""

    database_url: str = field(default_factory=default_database_url)
    secret: str | None = field(default_factory=lambda: os.environ.get("TRICKTABLE_SECRET"))
    """Keys the Daily seeds and signs cookies.  None: generate once, keep in the database."""
    executor: ExecutorKind = "auto"
    """Where computer players think: "process" (a pool of worker processes, for CPU-heavy
    players), "thread" (a thread pool), or "auto": cheap players in threads, others in
    processes."""
    workers: int = field(default_factory=_default_workers)
    computer_timeout: float = 60.0
    """Seconds the computer players may think for one request before it fails with 503."""
    cookie_secure: bool | None = None
    """Mark the identity cookie Secure: True, False, or None for "when the request is HTTPS"."""
    now: Callable[[], datetime] | None = None
    """The clock, for tests (Daily dates); None is the real UTC clock."""
    daily_ranked_per_ipv4: int = field(
        default_factory=lambda: _env_count("TRICKTABLE_DAILY_RANKED_PER_IPV4", 12))
    """Ranked attempts at one game's Daily per IPv4 address per day.  Generous because mobile
    carriers and some ISPs put many players behind one IPv4 address (carrier-grade NAT); it
    still caps a flood of fresh identities from one address."""
    daily_ranked_per_ipv6: int = field(
        default_factory=lambda: _env_count("TRICKTABLE_DAILY_RANKED_PER_IPV6", 4))
    """Ranked attempts per IPv6 /64 per day: a /64 is one household or one phone."""
    daily_new_browsers_unranked: bool = True
    """A brand-new browser's Daily is unranked, and after one opens the Daily from a connection,
    that connection's later Dailies that day are unranked too (see the threat model in the
    player's guide, docs/player/daily.md).  Off only for a server whose players cannot all
    keep a browser a day."""
    cache_size: int = 512
    """Games kept replayed in memory (an optimisation: the database is the truth)."""
    test_options: bool = field(
        default_factory=lambda: os.environ.get("TRICKTABLE_TEST_OPTIONS") == "1"
    )
    """Accept options meant for tests only (a Spades game's ``target``, to keep a browser test
    short).  Off unless ``TRICKTABLE_TEST_OPTIONS=1``."""
    body_limit: int = 64 * 1024
    """The largest request body in bytes; a longer one is a 413."""
    header_limit: int = 32 * 1024
    """The most bytes a request's headers may take in all (cookies included; each header
    counted as its name, value and 4 bytes of ``": "`` and line end); more is a 431.
    ``tricktable serve`` lets uvicorn read four times as much, so the app can answer."""
    trusted_proxies: tuple[str, ...] = field(default_factory=_trusted_proxies)
    """Reverse proxies (addresses or networks, like ``10.0.0.0/8``) whose ``X-Forwarded-For``,
    ``X-Forwarded-Proto`` and ``Forwarded`` headers are believed; from
    ``TRICKTABLE_TRUSTED_PROXIES`` (comma-separated).  Nobody else's are."""
    allowed_origins: tuple[str, ...] = field(default_factory=_allowed_origins)
    """Origins (``https://games.example.org``) besides the server's own that may send
    state-changing requests and open WebSockets; from ``TRICKTABLE_ALLOWED_ORIGINS``
    (comma-separated) or ``tricktable serve --allowed-origin``."""
    hsts: str = field(
        default_factory=lambda: os.environ.get("TRICKTABLE_HSTS", "max-age=31536000"))
    """The ``Strict-Transport-Security`` answers over HTTPS carry (never over plain HTTP); from
    ``TRICKTABLE_HSTS``, empty for none."""
    rate_limit_new_game_player: str = field(
        default_factory=_limit("new_game_player", "100/minute;1000/hour"))
    """New games (``POST /api/games``) one anonymous player may start (``limits`` notation:
    ``N/second|minute|hour|day``, ``;`` between several; empty for no limit).  Each rate limit
    can be set by ``TRICKTABLE_RATE_LIMIT_<NAME>``, like ``TRICKTABLE_RATE_LIMIT_NEW_GAME_PLAYER``.
    """
    rate_limit_new_game_address: str = field(
        default_factory=_limit("new_game_address", "1000/minute"))
    """New games from one client address (many players may share one: a school, a NAT)."""
    rate_limit_daily_player: str = field(
        default_factory=_limit("daily_player", "100/minute"))
    """Daily starts (``POST /api/daily``) per player."""
    rate_limit_daily_address: str = field(
        default_factory=_limit("daily_address", "1000/minute"))
    """Daily starts per client address."""
    rate_limit_action_player: str = field(
        default_factory=_limit("action_player", "1200/minute"))
    """Actions (``POST /api/games/{id}/actions``, ``/undo``), and a coached game's coach lines
    (``GET /api/games/{id}/coach``), per player."""
    rate_limit_action_address: str = field(
        default_factory=_limit("action_address", "6000/minute"))
    """Actions per client address."""
    rate_limit_hint_player: str = field(
        default_factory=_limit("hint_player", "30/minute;300/hour"))
    """Hints and review starts (``POST /api/games/{id}/hint|review``) per player: each is a
    search on the computer players' workers."""
    rate_limit_hint_address: str = field(
        default_factory=_limit("hint_address", "600/minute"))
    """Hints and review starts per client address."""
    rate_limit_create_table_player: str = field(
        default_factory=_limit("create_table_player", "10/minute;60/hour"))
    """Tables with friends created (``POST /api/tables``) per player."""
    rate_limit_create_table_address: str = field(
        default_factory=_limit("create_table_address", "20/minute;200/hour"))
    """Tables created per client address: a player who drops the cookie is a new player, not
    a new address."""
    rate_limit_nickname_player: str = field(
        default_factory=_limit("nickname_player", "10/minute;60/hour"))
    """Nickname changes (``PUT /api/me``) per player."""
    rate_limit_nickname_address: str = field(
        default_factory=_limit("nickname_address", "30/minute;300/hour"))
    """Nickname changes per client address (fresh cookies claiming names in bulk)."""
    rate_limit_new_table_player: str = field(
        default_factory=_limit("new_table_player", "30/minute;300/hour"))
    """Tables with friends joined, started or rematched (``POST /api/tables/{invite}/seats``,
    ``.../start``, ``.../rematch``) per player."""
    rate_limit_new_table_address: str = field(
        default_factory=_limit("new_table_address", "300/minute"))
    """The same per client address."""
    metrics_token: str | None = field(
        default_factory=lambda: os.environ.get("TRICKTABLE_METRICS_TOKEN") or None)
    """A secret that ``GET /metrics`` then asks for, as ``Authorization: Bearer <token>``
    (Prometheus: ``authorization: {credentials: <token>}`` in the scrape config); anyone else
    gets a 401.  None (the default): the metrics are open to anyone who can reach the server, so
    set this, or :attr:`metrics_address`, on a server the public reaches.  From
    ``TRICKTABLE_METRICS_TOKEN`` or ``tricktable serve --metrics-token``."""
    metrics_address: str | None = field(
        default_factory=lambda: os.environ.get("TRICKTABLE_METRICS_ADDRESS") or None)
    """``HOST:PORT`` (or a port alone, on 127.0.0.1) where ``tricktable serve`` serves the
    metrics, on a listener of their own, instead of at ``/metrics`` on the players' port (which
    then answers 404): a private address or a port that only the scraper reaches.  Every server
    process's metrics are summed there.  From ``TRICKTABLE_METRICS_ADDRESS`` or ``tricktable
    serve --metrics-address``; a token, if set too, is not asked for there."""
    table_grace_seconds: float = field(
        default_factory=lambda: float(_env_count("TRICKTABLE_TABLE_GRACE_SECONDS", 60)))
    """How long a disconnected player's seat at a table waits before a computer plays it
    (until the player is back); from ``TRICKTABLE_TABLE_GRACE_SECONDS``."""
    table_idle_seconds: float = field(
        default_factory=lambda: float(_env_count("TRICKTABLE_TABLE_IDLE_SECONDS", 6 * 3600)))
    """A table nothing happens at for this long (no move, no change, nobody connected) closes:
    its invite answers that it has closed, and it is removed with its games; from
    ``TRICKTABLE_TABLE_IDLE_SECONDS``."""
