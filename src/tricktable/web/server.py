"""``tricktable serve``: run the app with uvicorn (one process, or several on one database)."""

from __future__ import annotations

import logging
import logging.config
import os
import tempfile
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI

from tricktable.web.settings import Settings

__all__ = ["LogFormat", "app_from_environment", "serve"]

LogFormat = Literal["text", "json"]


def app_from_environment() -> FastAPI:
    """The app from environment settings (each uvicorn worker process builds its own)."""
    from tricktable.web.app import create_app

    return create_app(Settings())


def serve(*, host: str = "127.0.0.1", port: int = 8000, database: str | None = None,
          workers: int | None = None, processes: int = 1,
          trusted_proxies: Sequence[str] = (), log_format: LogFormat = "text") -> None:
    """Start the server (blocks until it is stopped).

    ``workers``: computer-player worker processes per server process.  ``processes``: server
    processes (uvicorn workers) sharing the database; any of them can serve any game.
    ``trusted_proxies``: reverse proxies whose forwarded headers are believed (added to
    ``TRICKTABLE_TRUSTED_PROXIES``).  ``log_format``: ``json`` for one JSON object a line.
    """
    import uvicorn

    from tricktable.web.app import create_app
    from tricktable.web.edges.proxy import parse_networks
    from tricktable.web.store.db import make_engine, migrate
    from tricktable.web.store.games import Store

    settings = Settings()
    if database:
        settings = replace(settings, database_url=database)
    if workers:
        settings = replace(settings, workers=workers)
    if trusted_proxies:
        settings = replace(settings,
                           trusted_proxies=(*settings.trusted_proxies, *trusted_proxies))
    parse_networks(settings.trusted_proxies)  # a typo stops the server here, not later
    log_config = _log_config(log_format)
    logging.config.dictConfig(log_config)
    log = logging.getLogger("tricktable.web")
    log.info("Tricktable on http://%s:%d (database %s)", host, port,
             _redacted(settings.database_url))
    # uvicorn's own proxy headers would believe any local peer; ProxyHeadersMiddleware decides.
    options: dict[str, Any] = {"host": host, "port": port, "log_level": "info",
                               "access_log": False, "proxy_headers": False,
                               "log_config": log_config}
    if processes <= 1:
        uvicorn.run(create_app(settings), **options)
        return
    # Several processes: migrate and create the secret once, then let each build its app.
    engine = make_engine(settings.database_url)
    migrate(engine)
    if settings.secret is None:
        Store(engine).secret()
    engine.dispose()
    os.environ["TRICKTABLE_DATABASE_URL"] = settings.database_url
    os.environ["TRICKTABLE_WORKERS"] = str(settings.workers)
    os.environ["TRICKTABLE_TRUSTED_PROXIES"] = ",".join(settings.trusted_proxies)
    _share_metrics()
    uvicorn.run("tricktable.web.server:app_from_environment", factory=True,
                workers=processes, **options)


def _share_metrics() -> None:
    """Let the server processes count metrics together (prometheus_client's multiprocess
    mode): in ``PROMETHEUS_MULTIPROC_DIR`` if set, else a fresh temporary directory."""
    directory = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if not directory:
        directory = tempfile.mkdtemp(prefix="tricktable-metrics-")
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = directory
    for stale in Path(directory).glob("*.db"):
        stale.unlink()


def _log_config(log_format: LogFormat) -> dict[str, Any]:
    """Logging for the server and uvicorn: plain lines, or one JSON object a line; both
    redact invite codes (:func:`tricktable.web.edges.access_log.redact`)."""
    if log_format == "json":
        formatter: dict[str, Any] = {"()": "tricktable.web.edges.access_log.JsonFormatter"}
    else:
        formatter = {"()": "tricktable.web.edges.access_log.RedactingFormatter",
                     "fmt": "%(levelname)s: %(message)s"}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"default": formatter},
        "handlers": {"default": {"class": "logging.StreamHandler", "formatter": "default",
                                 "stream": "ext://sys.stderr"}},
        "loggers": {
            "tricktable": {"handlers": ["default"], "level": "INFO", "propagate": False},
            "uvicorn": {"handlers": ["default"], "level": "INFO", "propagate": False},
            "uvicorn.access": {"handlers": [], "level": "WARNING", "propagate": False},
            "alembic": {"handlers": ["default"], "level": "WARNING", "propagate": False},
        },
    }


def _redacted(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
