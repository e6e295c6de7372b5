"""Sheepshead and two-player Spades in the browser: the ASGI app, its storage and its pages.

``create_app(settings)`` builds the app (FastAPI); ``tricktable serve`` runs it with uvicorn.
The database is SQLite in the user's data directory unless ``TRICKTABLE_DATABASE_URL`` (or
``--database``) names another; see :mod:`tricktable.web.settings`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tricktable.web.app import create_app
    from tricktable.web.settings import Settings

__all__ = ["Settings", "create_app"]


def __getattr__(name: str) -> Any:
    # Imported on first use: the computer players' worker processes import
    # tricktable.web.games, which needs neither the app nor FastAPI (a second of start-up each).
    if name == "create_app":
        from tricktable.web.app import create_app

        return create_app
    if name == "Settings":
        from tricktable.web.settings import Settings

        return Settings
    raise AttributeError(f"module 'tricktable.web' has no attribute {name!r}")
