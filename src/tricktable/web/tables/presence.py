"""Who is connected: this process's live connections by seat, written to the seats'
``seen_at`` as a heartbeat (so every process, on a shared database, sees every presence), and
the ticker that hands an away or idle player's turn to a computer and removes the tables
nothing has happened at for a long while."""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter

import anyio

from tricktable.game import Seat
from tricktable.web.tables.service import TableService

__all__ = ["Presence"]

log = logging.getLogger("tricktable.web.tables")


class Presence:
    def __init__(self, tables: TableService, *, heartbeat: float, tick: float) -> None:
        self.tables = tables
        self.heartbeat = heartbeat
        self.tick = tick
        self._lock = threading.Lock()
        self._connected: Counter[tuple[str, Seat]] = Counter()
        self._away: dict[str, frozenset[Seat]] = {}
        self._last_beat = 0.0
        self._last_sweep = time.monotonic()

    def connect(self, table_id: str, seat: Seat) -> None:
        """A connection of a seat opened (call from a worker thread: it writes)."""
        with self._lock:
            self._connected[(table_id, seat)] += 1
        self.tables.store.seen([(table_id, seat)], self.tables.games._stamp())

    def disconnect(self, table_id: str, seat: Seat) -> None:
        with self._lock:
            self._connected[(table_id, seat)] -= 1
            if self._connected[(table_id, seat)] <= 0:
                del self._connected[(table_id, seat)]

    def beat(self) -> None:
        """Mark every seat connected here as seen now (at most once a heartbeat)."""
        now = time.monotonic()
        if now - self._last_beat < self.heartbeat:
            return
        self._last_beat = now
        with self._lock:
            pairs = list(self._connected)
        self.tables.store.seen(pairs, self.tables.games._stamp())

    @property
    def sweep_every(self) -> float:
        """How often the idle tables are looked for (and removed)."""
        return max(1.0, min(60.0, self.tables.idle_seconds / 4))

    def look(self) -> None:
        self.beat()
        if time.monotonic() - self._last_sweep >= self.sweep_every:
            self._last_sweep = time.monotonic()
            self.tables.sweep()
        watched = self.tables.hub.watched()
        for gone in set(self._away) - set(watched):
            del self._away[gone]
        self.tables.check(watched, self._away)

    async def run(self) -> None:
        """The ticker, for the app's lifetime."""
        while True:
            await anyio.sleep(self.tick)
            try:
                await anyio.to_thread.run_sync(self.look)
            except Exception:
                log.exception("table presence: the look failed")
