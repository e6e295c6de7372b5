"""A table service's foundation: finding a table and a seat by invite and token, and what a
seat sees of the table and its game (one request's answer, or one look for all the live
connections of a process).

A seat is known by its token alone (sent in a header or a WebSocket's first message).
"""

from __future__ import annotations

import contextlib
import json
import re
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from tricktable.game import Seat
from tricktable.i18n import DEFAULT_LANGUAGE, Message, translate
from tricktable.web.games import GameAdapter
from tricktable.web.games.service import ApiError, GameService
from tricktable.web.language import answer_language, speaking
from tricktable.web.store.games import GameRow
from tricktable.web.tables.cache import GameCache
from tricktable.web.tables.hub import Hub
from tricktable.web.tables.phrases import PHRASES, phrase_text
from tricktable.web.tables.store import PhraseRow, SeatRow, TableRow, TableStore
from tricktable.web.tables.watch import WATCHER, watcher_game_json

__all__ = ["BEAT_SECONDS", "COMPUTER", "INVITE", "LIVE_SECONDS", "OWNER_PREFIX", "SEATS",
           "LiveCursor", "TableViews", "owner_of"]

SEATS = {"sheepshead": 5, "spades": 2}
"""How many seats each game's table has."""
INVITE = re.compile(r"[0-9A-Za-z_-]{16,64}")
"""What an invite code can look like (ours: 22 characters from ``secrets.token_urlsafe``)."""
OWNER_PREFIX = "tbl_"
"""A table's game belongs to a player id no cookie can hold (cookie ids are hex)."""
LIVE_SECONDS = 3.0
"""A seat with a connection is marked seen at least every :data:`BEAT_SECONDS`; one not seen
for this long has no connection (it is "reconnecting" until the grace period ends)."""
BEAT_SECONDS = 1.0
"""How often the presence heartbeat marks the connected seats seen."""
PHRASES_BACK = 50
"""A player who comes back is shown at most this many of the phrases said while away."""


def _dumps(data: Any) -> str:
    """JSON text as Starlette's ``send_json`` writes it."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


@dataclass(eq=False)
class LiveCursor:
    """What one live connection of ``seat`` has been sent: the events up to ``after`` of game
    ``game``, the table at version ``table`` (-1: send the table again), and the quick phrases
    up to number ``said`` (None: as many as there were when it connected), in ``language``."""

    seat: Seat
    after: int | None
    game: str | None
    said: int | None = None
    table: int = -1
    language: str = DEFAULT_LANGUAGE
    """The language the connection's player reads (its handshake's)."""
    joined: datetime | None = None
    """When the connection's player sat down (its seat's ``joined_at``): a seat that changed
    hands, or was given up, is no longer this connection's."""
    gone: bool = False
    """The player no longer sits here: the last message said so, and the connection closes."""



def owner_of(table_id: str) -> str:
    """The player id a table's games belong to."""
    return OWNER_PREFIX + table_id[:28]


COMPUTER = Message("server.table.computer")
"""The name of a seat a computer plays."""


class TableViews:
    """Tables, seats and the views of them (the base of
    :class:`~tricktable.web.tables.service.TableService`)."""

    def __init__(self, *, games: GameService, hub: Hub, grace: float = 60.0,
                 workers: int = 4, idle_seconds: float = 6 * 3600) -> None:
        self.games = games
        self.idle_seconds = idle_seconds
        """A table nothing happens at for this long closes (and is removed)."""
        self.store = TableStore(games.store)
        self.cache = GameCache(games.store)
        self.hub = hub
        self.grace = grace
        self._driving: dict[str, bool] = {}
        self._driving_lock = threading.Lock()
        self._workers = workers
        self._snapshots: dict[str, tuple[float, TableRow, list[SeatRow]]] = {}
        self._snapshot_lock = threading.Lock()
        self._executor: ThreadPoolExecutor | None = None
        hub.on_notice.append(self._heard)

    @property
    def host_grace(self) -> float:
        """How long a host is away before starting and the rematch pass to another player:
        twice the grace period, and never less than 10 s (a host's page takes a moment to
        connect after creating the table)."""
        return max(10.0, 2 * self.grace)

    @property
    def seen_every(self) -> float:
        """A request of a seat marks it present (for players without a live connection) at
        most this often: well inside the grace period, and less often than the presence
        heartbeat marks the connected ones (so a connected player's moves write nothing)."""
        return max(0.25, min(LIVE_SECONDS / 2, self.grace / 4))
    @property
    def snapshot_seconds(self) -> float:
        """How long the live connections may show a table's seats without reading them again
        (a change of seats, state or who is away is a notice, which drops the snapshot at
        once).  The seats' ``seen_at`` only moves by heartbeats, so this bounds how stale the
        "connected" and "away" marks may be: a small part of the grace period."""
        return max(0.25, min(2.0, self.grace / 8))

    def _heard(self, notice: dict[str, Any]) -> None:
        if notice.get("kind") == "game" and "game" in notice:
            self.cache.heard(str(notice["game"]), int(notice["version"]))
        elif notice.get("kind") in ("table", "phrase"):
            with self._snapshot_lock:
                self._snapshots.pop(str(notice.get("table")), None)

    def snapshot(self, table_id: str) -> tuple[TableRow, list[SeatRow]]:
        """A table and its seats as recently read (for the live connections' messages)."""
        now = time.monotonic()
        with self._snapshot_lock:
            found = self._snapshots.get(table_id)
        if found is not None and now - found[0] < self.snapshot_seconds:
            return found[1], found[2]
        table = self.store.table(table_id)
        if table is None:
            raise ApiError(404, "unknown_table", Message("server.table.gone"))
        seats = self.store.seats(table_id)
        with self._snapshot_lock:
            self._snapshots[table_id] = (now, table, seats)
            if len(self._snapshots) > 4096:
                self._snapshots.pop(next(iter(self._snapshots)))
        return table, seats
    def _adapter(self, game: str) -> GameAdapter[Any]:
        return self.games._adapter(game)

    # --- Finding a table and a seat ------------------------------------------------------

    def _table(self, invite: str) -> TableRow:
        table = self.store.by_invite(invite) if INVITE.fullmatch(invite) else None
        if table is None:
            raise ApiError(404, "unknown_table", Message("server.table.unknown"))
        if self._idle(table):
            self.close(table.id)
            raise ApiError(404, "table_expired", Message("server.table.expired"))
        return table

    def _idle(self, table: TableRow) -> bool:
        """Whether nothing has happened at ``table`` for ``idle_seconds``."""
        before = self.games._stamp() - timedelta(seconds=self.idle_seconds)
        return table.updated_at < before and bool(self.store.idle(before, table_id=table.id))

    def close(self, table_id: str) -> None:
        """Remove a table (its seats, phrases and games); its live connections are told."""
        self.store.delete(table_id, owner_of(table_id))
        with self._snapshot_lock:
            self._snapshots.pop(table_id, None)
        self.hub.publish({"table": table_id, "kind": "table"})

    def _seat(self, table: TableRow, token: str | None) -> SeatRow:
        if not token:
            raise ApiError(403, "not_seated", Message("server.table.no_token"))
        seat = self.store.seat_by_token(table.id, token)
        if seat is None:
            raise ApiError(403, "not_seated", Message("server.table.bad_token"))
        return seat

    # --- What a seat sees ----------------------------------------------------------------

    def _away(self, seats: list[SeatRow], now: datetime,
              seconds: float | None = None) -> set[Seat]:
        limit = now - timedelta(seconds=self.grace if seconds is None else seconds)
        return {s.seat for s in seats if s.seen_at < limit}

    @property
    def live_seconds(self) -> float:
        """A seat not seen for this long has no connection: :data:`LIVE_SECONDS`, or half the
        grace period when that is shorter (a seat that drops is marked seen this long ago,
        so the grace period, counted from that last heartbeat, still leaves time to
        come back)."""
        return min(LIVE_SECONDS, self.grace / 2)

    def _connected(self, seats: list[SeatRow], now: datetime) -> set[Seat]:
        """The seats with a live connection (or a request) in the last ``live_seconds``."""
        recent = now - timedelta(seconds=self.live_seconds)
        return {s.seat for s in seats if s.seen_at >= recent}

    def _table_json(self, table: TableRow, seats: list[SeatRow], you: Seat | None,
                    now: datetime) -> dict[str, Any]:
        by_seat = {s.seat: s for s in seats}
        away = self._away(seats, now)
        connected = self._connected(seats, now)
        listed: list[dict[str, Any]] = []
        for k in range(SEATS[table.game]):
            found = by_seat.get(k)
            if found is None:
                kind = "open" if table.state == "lobby" else "computer"
                listed.append({"seat": k, "kind": kind, "nickname": None, "connected": False,
                               "away": False, "host": False, "presence": None})
                continue
            presence = ("connected" if k in connected else "away" if k in away
                        else "reconnecting")
            seat: dict[str, Any] = {
                "seat": k, "kind": "human", "nickname": found.nickname,
                "connected": k in connected, "away": k in away, "host": k == table.host_seat,
                "presence": presence}
            if presence == "reconnecting":  # a computer plays the seat after the grace period
                left = self.grace - (now - found.seen_at).total_seconds()
                seat["takeover_in"] = round(max(0.0, left), 1)
            listed.append(seat)
        return {
            "game": table.game, "preset": table.preset, "hands": table.hands,
            "target": table.target, "difficulty": table.difficulty,
            "turn_seconds": table.turn_seconds, "state": table.state, "round": table.round,
            "version": table.version, "host_seat": table.host_seat, "you": you,
            "seats": listed, "grace_seconds": self.grace,
            "phrases": [{"id": key, "text": phrase_text(key, answer_language())}
                        for key in PHRASES],
            "said": table.said, "helpers": table.helpers,
        }

    def state(self, invite: str, token: str | None, *, since: int | None,
              game_id: str | None = None, said: int | None = None) -> dict[str, Any]:
        """The table as one seat (or, without a token, anyone with the invite) sees it: the
        seats, and the seat's view of the game with the events after event ``since`` (of game
        ``game_id``, when given: another game's number means "send it all"); with ``said``,
        the quick phrases after that number too (a seat's only)."""
        table = self._table(invite)
        seat = self._seat(table, token) if token else None
        return self.state_of(table, seat.seat if seat else None, since=since, game_id=game_id,
                             said=said)

    def state_of(self, table: TableRow, seat: Seat | None, *, since: int | None,
                 game_id: str | None = None, seats: list[SeatRow] | None = None,
                 fresh: bool = True, said: int | None = None) -> dict[str, Any]:
        if seats is None:
            seats = self.store.seats(table.id)
        now = self.games._stamp()
        answer: dict[str, Any] = {"table": self._table_json(table, seats, seat, now),
                                  "game": None}
        if seat is not None and said is not None and said < table.said:
            answer["said"] = self._said_since(table, seats, said)
        if table.game_id is None or seat is None:
            return answer
        if game_id is not None and game_id != table.game_id:
            since = None
        chosen = self._adapter(table.game)
        computer = translate(answer_language(), COMPUTER)
        names = [s["nickname"] or computer for s in answer["table"]["seats"]]
        with self.cache.hold(table.game_id, chosen, fresh=fresh) as held:
            answer["game"] = self._game_json(held.row, chosen, held.match, seat, since, names,
                                             table.turn_seconds)
        return answer

    def live_look(self, table_id: str, cursors: Sequence[LiveCursor], *,
                  fresh: bool) -> list[str | None]:
        """The messages of this process's live connections to a table, from one look at it:
        the table, its seats and its game are read once (from this process's memory unless
        ``fresh``), the table's part is built once, and each seat's view once however many
        connections it has.  A message is JSON text; None for a connection with nothing new.
        Each cursor moves on past what its message carries."""
        if fresh:
            table = self.store.table(table_id)
            if table is None:
                raise ApiError(404, "unknown_table", Message("server.table.gone"))
            seats = self.store.seats(table_id)
            with self._snapshot_lock:
                self._snapshots[table_id] = (time.monotonic(), table, seats)
        else:
            table, seats = self.snapshot(table_id)
        stamp = self.games._stamp()
        chosen = self._adapter(table.game)
        shared: dict[str, dict[str, Any]] = {}
        names: dict[str, list[str]] = {}
        games: dict[tuple[Seat, int | None, str], dict[str, Any]] = {}
        texts: dict[tuple[Seat, int | None, int | None, str], str] = {}
        said: dict[tuple[int, str], list[dict[str, Any]]] = {}
        messages: list[str | None] = []
        watchers = sum(1 for cursor in cursors if cursor.seat == WATCHER)  # here, this process
        with contextlib.ExitStack() as stack:
            held = None if table.game_id is None else stack.enter_context(
                self.cache.hold(table.game_id, chosen, fresh=fresh))
            holders = {s.seat: s.joined_at for s in seats}
            for cursor in cursors:
                language = cursor.language
                if cursor.joined is not None and holders.get(cursor.seat) != cursor.joined:
                    cursor.gone = True  # the player left, or was removed
                    messages.append(_dumps({"type": "error", **ApiError(
                        403, "not_seated", Message("server.table.removed")).to_json(language)}))
                    continue
                with speaking(language):
                    if language not in shared:
                        shared[language] = self._table_json(table, seats, None, stamp)
                        shared[language]["watchers"] = watchers
                        computer = translate(language, COMPUTER)
                        names[language] = [s["nickname"] or computer
                                           for s in shared[language]["seats"]]
                    since = cursor.after if cursor.game == table.game_id else None
                    game = None
                    if held is not None:
                        game = games.get((cursor.seat, since, language))
                        if game is None:
                            game = games[cursor.seat, since, language] = (
                                watcher_game_json(self, held.row, chosen, held.match, since,
                                                  names[language], table.turn_seconds)
                                if cursor.seat == WATCHER else self._game_json(
                                    held.row, chosen, held.match, cursor.seat, since,
                                    names[language], table.turn_seconds))
                    moved = game is not None and (game["id"] != cursor.game
                                                  or bool(game["events"])
                                                  or cursor.after is None)
                    if not moved and table.version == cursor.table:
                        messages.append(None)
                        continue
                    back = cursor.said if cursor.said is not None and cursor.said < table.said \
                        else None
                    key = (cursor.seat, since, back, language)
                    if key not in texts:
                        message: dict[str, Any] = {
                            "type": "state", "table": {**shared[language], "you": cursor.seat},
                            "game": game}
                        if cursor.seat == WATCHER:
                            message["table"].update(you=None, watching=True)
                        if back is not None:
                            if (back, language) not in said:
                                said[back, language] = self._said_since(table, seats, back)
                            message["said"] = said[back, language]
                        texts[key] = _dumps(message)
                    messages.append(texts[key])
                    if game is not None:
                        cursor.after, cursor.game = game["event_count"], game["id"]
                    cursor.table = table.version
                    cursor.said = max(cursor.said or 0, table.said)
        return messages

    def _game_json(self, row: GameRow, chosen: GameAdapter[Any], match: Any, seat: Seat,
                   since: int | None, names: list[str],
                   turn_seconds: int | None = None) -> dict[str, Any]:
        count = chosen.event_count(match)
        start = count if since is None else min(max(since, 0), count)
        state = chosen.state_json(match, seat, start, full=since is None)
        clock = None
        if turn_seconds and not chosen.is_over(match):  # the turn timer: public, as the table's
            waited = (self.games._stamp() - row.updated_at).total_seconds()
            clock = round(max(0.0, turn_seconds - waited), 1)
        return {
            "turn_ends_in": clock,
            "id": row.id, "game": row.game, "mode": "table", "daily_date": None,
            "ranked": False, "preset": row.preset, "difficulty": row.difficulty,
            "opponent": row.opponent, "version": row.version, "status": row.status,
            "score": None, "place": None, "seat": seat, "names": names,
            "to_move": None if chosen.is_over(match) else chosen.to_move(match),
            **state,
        }

    def _names(self, table: TableRow, seats: list[SeatRow]) -> list[str]:
        names = {s.seat: s.nickname for s in seats}
        computer = translate(answer_language(), COMPUTER)
        return [names.get(k, computer) for k in range(SEATS[table.game])]

    @staticmethod
    def _phrase_json(row: PhraseRow, nickname: str) -> dict[str, Any]:
        return {"number": row.number, "seat": row.seat, "nickname": nickname,
                "phrase": row.phrase, "text": phrase_text(row.phrase, answer_language())}

    def _said_since(self, table: TableRow, seats: list[SeatRow],
                    after: int) -> list[dict[str, Any]]:
        """The phrases said at a table after number ``after``, in order."""
        names = self._names(table, seats)
        return [self._phrase_json(row, names[row.seat])
                for row in self.store.phrases(table.id, after, limit=PHRASES_BACK)]
