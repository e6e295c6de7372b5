"""``tricktable serve``: run the app with uvicorn (one process, or several on one database)."""

from __future__ import annotations

import logging
import os
from dataclasses import replace

from fastapi import FastAPI

from tricktable.web.settings import Settings

__all__ = ["app_from_environment", "serve"]


def app_from_environment() -> FastAPI:
    """The app from environment settings (each uvicorn worker process builds its own)."""
    from tricktable.web.app import create_app

    return create_app(Settings())


def serve(*, host: str = "127.0.0.1", port: int = 8000, database: str | None = None,
          workers: int | None = None, processes: int = 1) -> None:
    """Start the server (blocks until it is stopped).

    ``workers``: computer-player worker processes per server process.  ``processes``: server
    processes (uvicorn workers) sharing the database; any of them can serve any game.
    """
    import uvicorn

    from tricktable.web.app import create_app
    from tricktable.web.db import make_engine, migrate
    from tricktable.web.store import Store

    settings = Settings()
    if database:
        settings = replace(settings, database_url=database)
    if workers:
        settings = replace(settings, workers=workers)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)
    log = logging.getLogger("tricktable.web")
    log.info("Tricktable on http://%s:%d (database %s)", host, port,
             _redacted(settings.database_url))
    if processes <= 1:
        uvicorn.run(create_app(settings), host=host, port=port, log_level="info",
                    access_log=False)
        return
    # Several processes: migrate and create the secret once, then let each build its app.
    engine = make_engine(settings.database_url)
    migrate(engine)
    if settings.secret is None:
        Store(engine).secret()
    engine.dispose()
    os.environ["TRICKTABLE_DATABASE_URL"] = settings.database_url
    os.environ["TRICKTABLE_WORKERS"] = str(settings.workers)
    uvicorn.run("tricktable.web.server:app_from_environment", factory=True, host=host,
                port=port, workers=processes, log_level="info", access_log=False)


def _redacted(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
