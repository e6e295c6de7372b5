"""Sheepshead and two-player Spades in the browser: the ASGI app, its storage and its pages.

``create_app(settings)`` builds the app (FastAPI); ``tricktable serve`` runs it with uvicorn.
The database is SQLite in the user's data directory unless ``TRICKTABLE_DATABASE_URL`` (or
``--database``) names another; see :mod:`tricktable.web.settings`.
"""

from __future__ import annotations

from tricktable.web.app import create_app
from tricktable.web.settings import Settings

__all__ = ["Settings", "create_app"]
