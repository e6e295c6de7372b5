"""Who is connected: this process's live connections by seat, written to the seats'
``seen_at`` as a heartbeat (so every process, on a shared database, sees every presence), and
the ticker that hands an away or idle player's turn to a computer and removes the tables
nothing has happened at for a long while."""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter
from datetime import timedelta

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
        self._away: dict[str, tuple[frozenset[Seat], frozenset[Seat]]] = {}
        self._last_beat = 0.0
        self._last_sweep = time.monotonic()

    def connect(self, table_id: str, seat: Seat) -> None:
        """A connection of a seat opened (call from a worker thread: it writes): the others
        are told at once that the player is here."""
        with self._lock:
            self._connected[(table_id, seat)] += 1
        now = self.tables.games._stamp()
        seats = [s for s in self.tables.store.seats(table_id) if s.seat == seat]
        self.tables.store.seen([(table_id, seat)], now)
        if seats and seats[0].seat not in self.tables._connected(seats, now):
            self.tables.hub.publish({"table": table_id, "kind": "table"})  # back

    def disconnect(self, table_id: str, seat: Seat) -> None:
        """A connection of a seat closed (call from a worker thread: it writes).  When it was
        the seat's last one here, the seat is marked unconnected (its last heartbeat, as
        the grace period counts) and the others are told at once."""
        with self._lock:
            self._connected[(table_id, seat)] -= 1
            last = self._connected[(table_id, seat)] <= 0
            if last:
                del self._connected[(table_id, seat)]
        if last:
            stamp = self.tables.games._stamp() - timedelta(seconds=self.tables.live_seconds)
            self.tables.store.seen([(table_id, seat)], stamp, only_later=True)
            self.tables.hub.publish({"table": table_id, "kind": "table"})

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
