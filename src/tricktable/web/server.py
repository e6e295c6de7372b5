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
    """The app from environment settings (each uvicorn worker process builds its own); the
    process ends with the supervisor that started it (:mod:`tricktable.lifeline`)."""
    from tricktable.lifeline import end_with_supervisor, supervisor
    from tricktable.web.app import create_app

    boss = supervisor()
    if boss is not None:
        end_with_supervisor(boss, kernel_signal=True)
    return create_app(Settings())


def serve(*, host: str = "127.0.0.1", port: int = 8000, database: str | None = None,
          workers: int | None = None, processes: int = 1,
          trusted_proxies: Sequence[str] = (), allowed_origins: Sequence[str] = (),
          log_format: LogFormat = "text", metrics_token: str | None = None,
          metrics_address: str | None = None) -> None:
    """Start the server (blocks until it is stopped).

    ``workers``: computer-player worker processes per server process.  ``processes``: server
    processes (uvicorn workers) sharing the database; any of them can serve any game.
    ``trusted_proxies``: reverse proxies whose forwarded headers are believed (added to
    ``TRICKTABLE_TRUSTED_PROXIES``).  ``allowed_origins``: other sites that may send
    state-changing requests (added to ``TRICKTABLE_ALLOWED_ORIGINS``).  ``log_format``:
    ``json`` for one JSON object a line.
    ``metrics_token``, ``metrics_address``: who may read the metrics (see
    :class:`~tricktable.web.settings.Settings`).
    """
    import uvicorn

    from tricktable.lifeline import become_supervisor
    from tricktable.web.app import create_app
    from tricktable.web.edges.header_limit import SERVER_READ_FACTOR
    from tricktable.web.edges.metrics import parse_address
    from tricktable.web.edges.origin import parse_origins
    from tricktable.web.edges.proxy import parse_networks
    from tricktable.web.store.db import make_engine, migrate
    from tricktable.web.store.games import Store

    become_supervisor()  # every process started from here on ends with this one
    settings = Settings()
    if database:
        settings = replace(settings, database_url=database)
    if workers:
        settings = replace(settings, workers=workers)
    if trusted_proxies:
        settings = replace(settings,
                           trusted_proxies=(*settings.trusted_proxies, *trusted_proxies))
    if allowed_origins:
        settings = replace(settings,
                           allowed_origins=(*settings.allowed_origins, *allowed_origins))
    if metrics_token:
        settings = replace(settings, metrics_token=metrics_token)
    if metrics_address:
        settings = replace(settings, metrics_address=metrics_address)
    parse_networks(settings.trusted_proxies)  # a typo stops the server here, not later
    parse_origins(settings.allowed_origins)
    metrics_listener = (parse_address(settings.metrics_address) if settings.metrics_address
                        else None)
    log_config = _log_config(log_format)
    logging.config.dictConfig(log_config)
    log = logging.getLogger("tricktable.web")
    log.info("Tricktable on http://%s:%d (database %s)", host, port,
             _redacted(settings.database_url))
    # uvicorn's own proxy headers would believe any local peer; ProxyHeadersMiddleware decides.
    options: dict[str, Any] = {"host": host, "port": port, "log_level": "info",
                               "access_log": False, "proxy_headers": False,
                               "log_config": log_config,
                               # A dead connection (a phone gone) closes within 5 s: the
                               # table's seat shows the player reconnecting at once.
                               "ws_ping_interval": 2.0, "ws_ping_timeout": 2.5,
                               # Past this uvicorn resets the connection; below it, past the
                               # app's header limit, the app answers 431 and says why.
                               "h11_max_incomplete_event_size":
                                   settings.header_limit * SERVER_READ_FACTOR}
    if processes <= 1:
        app = create_app(settings)
        if metrics_listener:
            _serve_metrics(*metrics_listener)
        uvicorn.run(app, **options)
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
    os.environ["TRICKTABLE_ALLOWED_ORIGINS"] = ",".join(settings.allowed_origins)
    for name, value in (("TRICKTABLE_METRICS_TOKEN", settings.metrics_token),
                        ("TRICKTABLE_METRICS_ADDRESS", settings.metrics_address)):
        if value:
            os.environ[name] = value
    _share_metrics()
    if metrics_listener:
        _serve_metrics(*metrics_listener)  # here, in the supervisor: one listener for all
    uvicorn.run("tricktable.web.server:app_from_environment", factory=True,
                workers=processes, **options)


def _serve_metrics(host: str, port: int) -> None:
    """Serve the metrics (every server process's) at ``http://host:port/`` from a thread."""
    from prometheus_client import start_http_server

    from tricktable.web.edges.metrics import registry

    start_http_server(port, addr=host, registry=registry())
    logging.getLogger("tricktable.web").info("Metrics on http://%s:%d/metrics", host, port)


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
