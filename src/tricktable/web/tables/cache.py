"""Tables' games in memory, one lock each: the match at the stored version, caught up from the
action log when another request or process moved it on (the database is the truth)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from tricktable.game import parse_action
from tricktable.web.games import GameAdapter
from tricktable.web.store.games import GameRow, Store

__all__ = ["GameCache", "Held"]


@dataclass(eq=False)
class _Entry:
    lock: threading.Lock = field(default_factory=threading.Lock)
    version: int = -1
    match: Any = None
    row: GameRow | None = None


@dataclass
class Held:
    """A game held under its lock: its row and match (both at ``row.version``)."""

    row: GameRow
    match: Any
    entry: _Entry

    def moved(self, row: GameRow) -> None:
        """The match was changed in place and stored as ``row``."""
        self.row = row
        self.entry.version = row.version
        self.entry.row = row

    def spoiled(self) -> None:
        """The match was changed but not stored: forget it."""
        self.entry.version = -1
        self.entry.match = None
        self.entry.row = None


class GameCache:
    def __init__(self, store: Store, size: int = 2048) -> None:
        self.store = store
        self.size = size
        self._lock = threading.Lock()
        self._entries: OrderedDict[str, _Entry] = OrderedDict()
        self._latest: dict[str, int] = {}

    def heard(self, game_id: str, version: int) -> None:
        """A notice said the game is stored at ``version`` (perhaps by another process)."""
        with self._lock:
            if version > self._latest.get(game_id, -1):
                self._latest[game_id] = version
            while len(self._latest) > 4 * self.size:
                self._latest.pop(next(iter(self._latest)))

    def _entry(self, game_id: str) -> _Entry:
        with self._lock:
            entry = self._entries.get(game_id)
            if entry is None:
                entry = self._entries[game_id] = _Entry()
            self._entries.move_to_end(game_id)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)
            return entry

    def cached_version(self, game_id: str) -> int:
        with self._lock:
            entry = self._entries.get(game_id)
            return -1 if entry is None else entry.version

    @contextmanager
    def hold(self, game_id: str, chosen: GameAdapter[Any], *,
             fresh: bool = True) -> Iterator[Held]:
        """The game as stored now, under its lock.  ``fresh=False``: as this process last
        stored or heard of it, without asking the database when it has it at that version."""
        entry = self._entry(game_id)
        with entry.lock:
            with self._lock:
                latest = self._latest.get(game_id, -1)
            row = entry.row
            if fresh or row is None or entry.version < latest:
                row = self.store.game(game_id)
            if row is None:
                raise LookupError(game_id)
            if entry.match is None or entry.version > row.version:
                entry.match = chosen.replay(row.rules, row.seed,
                                            self.store.actions(row.id, row.version))
            elif entry.version < row.version:
                log = self.store.actions(row.id, row.version)
                for seat, text in log[entry.version:]:
                    chosen.apply(entry.match, seat, parse_action(text))
            entry.version = row.version
            entry.row = row
            yield Held(row=row, match=entry.match, entry=entry)
