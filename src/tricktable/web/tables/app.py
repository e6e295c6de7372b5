"""Tables in the app: the service, the hub and the presence ticker, started and stopped with
the app (:func:`install` from :func:`tricktable.web.create_app`)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager

import anyio
from fastapi import FastAPI

from tricktable.web.games.service import GameService
from tricktable.web.tables.feed import Feeds
from tricktable.web.tables.hub import Hub
from tricktable.web.tables.presence import Presence
from tricktable.web.tables.service import TableService
from tricktable.web.tables.views import BEAT_SECONDS

__all__ = ["install"]


def install(app: FastAPI, games: GameService, *, grace: float,
            idle_seconds: float = 6 * 3600) -> Callable[[], AbstractAsyncContextManager[None]]:
    """Put the tables' service on ``app.state``; what to run for the app's lifetime (it
    listens for notices and runs the presence ticker)."""
    hub = Hub(games.store.engine)
    service = TableService(games=games, hub=hub, grace=grace, idle_seconds=idle_seconds)
    presence = Presence(service, heartbeat=min(BEAT_SECONDS, grace / 8),
                        tick=max(0.25, min(1.0, grace / 4)))
    app.state.tables = service
    app.state.presence = presence
    app.state.feeds = Feeds(service)

    @asynccontextmanager
    async def running() -> AsyncIterator[None]:
        await anyio.to_thread.run_sync(hub.start)
        try:
            async with anyio.create_task_group() as group:
                group.start_soon(presence.run)
                try:
                    yield
                finally:
                    group.cancel_scope.cancel()
        finally:
            await anyio.to_thread.run_sync(hub.stop)
            service.shutdown()

    return running
