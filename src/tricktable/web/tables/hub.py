"""Telling every connection to a table that it moved.

A notice is small JSON (``{"table": id, "kind": "game"|"table"|"phrase", ...}``); a connection
that gets one reads what it needs itself, through the view wall.  On SQLite one process serves
every table and a notice goes straight to this process's subscribers.  On PostgreSQL a notice
goes out with ``pg_notify`` and comes back, to every server process on the database (this one
included), through one ``LISTEN`` connection per process.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

__all__ = ["CHANNEL", "Hub", "Subscription"]

CHANNEL = "tricktable_tables"
log = logging.getLogger("tricktable.web.tables")


@dataclass(eq=False)
class Subscription:
    """One connection's notices, in order, on its own event loop."""

    table_id: str
    loop: asyncio.AbstractEventLoop
    queue: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)


class Hub:
    """Subscribers by table; publishing from any thread."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.postgres = engine.dialect.name == "postgresql"
        self._lock = threading.Lock()
        self._subscribers: dict[str, set[Subscription]] = {}
        self._listener: threading.Thread | None = None
        self._stop = threading.Event()
        self.listening = threading.Event()
        self.on_notice: list[Callable[[dict[str, Any]], None]] = []
        """Called (in the listener's thread) for every notice: the table cache drops stale
        games."""

    # --- Subscribing ---------------------------------------------------------------------

    def subscribe(self, table_id: str) -> Subscription:
        """Subscribe from inside the event loop the subscription's connection runs on."""
        subscription = Subscription(table_id, asyncio.get_running_loop())
        with self._lock:
            self._subscribers.setdefault(table_id, set()).add(subscription)
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        with self._lock:
            found = self._subscribers.get(subscription.table_id)
            if found is not None:
                found.discard(subscription)
                if not found:
                    del self._subscribers[subscription.table_id]

    def watched(self) -> list[str]:
        """The tables this process has connections to."""
        with self._lock:
            return list(self._subscribers)

    # --- Publishing ----------------------------------------------------------------------

    def publish(self, notice: dict[str, Any]) -> None:
        """Tell every subscriber of ``notice["table"]``, in every process."""
        if not self.postgres:
            self._dispatch(notice)
            return
        payload = json.dumps(notice, separators=(",", ":"))
        with self.engine.begin() as connection:
            connection.execute(sa.text("SELECT pg_notify(:channel, :payload)"),
                               {"channel": CHANNEL, "payload": payload})

    def _dispatch(self, notice: dict[str, Any]) -> None:
        for hook in self.on_notice:
            hook(notice)
        with self._lock:
            targets = list(self._subscribers.get(str(notice.get("table")), ()))
        for subscription in targets:
            try:
                subscription.loop.call_soon_threadsafe(subscription.queue.put_nowait, notice)
            except RuntimeError:  # its loop has closed: the connection is gone
                self.unsubscribe(subscription)

    # --- PostgreSQL ----------------------------------------------------------------------

    def start(self) -> None:
        if not self.postgres or self._listener is not None:
            return
        self._stop.clear()
        self._listener = threading.Thread(target=self._listen, name="tables-listen",
                                          daemon=True)
        self._listener.start()
        if not self.listening.wait(timeout=30):
            raise RuntimeError("Could not LISTEN for table notices on PostgreSQL.")

    def stop(self) -> None:
        self._stop.set()
        if self._listener is not None:
            self._listener.join(timeout=5)
            self._listener = None

    def _conninfo(self) -> str:
        url = self.engine.url.set(drivername="postgresql")
        return url.render_as_string(hide_password=False)

    def _listen(self) -> None:
        import psycopg

        while not self._stop.is_set():
            try:
                with psycopg.connect(self._conninfo(), autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    while not self._stop.is_set():
                        for notify in connection.notifies(timeout=0.5):
                            try:
                                notice = json.loads(notify.payload)
                            except ValueError:
                                continue
                            self._dispatch(notice)
            except Exception:  # the database went away: listen again shortly
                if self._stop.is_set():
                    return
                log.warning("table notices: the LISTEN connection failed; retrying",
                            exc_info=True)
                self._stop.wait(1.0)
