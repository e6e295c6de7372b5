"""Tables with friends: create one, sit at it by its invite, start it (computers in the empty
seats), play your own seat, say a quick phrase, start a rematch.

No rule is decided here: the game's adapter checks every action and gives each seat its view.
A seat is known by its token alone (sent in a header or a WebSocket's first message); the
computers play off the request path, in the computer pool, and every change goes out as a
notice through the :class:`~tricktable.web.tables.hub.Hub`.
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
import secrets
import threading
import time
import unicodedata
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from tricktable.game import IllegalAction, Seat, parse_action
from tricktable.i18n import DEFAULT_LANGUAGE, Message, translate
from tricktable.i18n.errors import reason_of
from tricktable.web.games import GameAdapter, TableOptions
from tricktable.web.games.computer import ComputerError, Job
from tricktable.web.games.service import ApiError, GameService
from tricktable.web.language import answer_language, speaking
from tricktable.web.store.games import GameRow
from tricktable.web.tables.cache import GameCache
from tricktable.web.tables.hub import Hub
from tricktable.web.tables.phrases import PHRASES, phrase_text
from tricktable.web.tables.store import PhraseRow, SeatRow, TableRow, TableStore, digest

__all__ = ["INVITE", "SEATS", "LiveCursor", "TableService"]

log = logging.getLogger("tricktable.web.tables")

SEATS = {"sheepshead": 5, "spades": 2}
"""How many seats each game's table has."""
INVITE = re.compile(r"[0-9A-Za-z_-]{16,64}")
"""What an invite code can look like (ours: 22 characters from ``secrets.token_urlsafe``)."""
NICKNAME_LENGTH = 24
OWNER_PREFIX = "tbl_"
"""A table's game belongs to a player id no cookie can hold (cookie ids are hex)."""
PHRASE_LIMIT = 4
PHRASE_WINDOW = timedelta(seconds=15)
"""A seat says at most ``PHRASE_LIMIT`` quick phrases in any ``PHRASE_WINDOW``."""
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
COMPUTER = Message("server.table.computer")
"""The name of a seat a computer plays."""


def clean_nickname(nickname: str) -> str:
    cleaned = " ".join(nickname.split())
    if not cleaned:
        raise ApiError(400, "bad_nickname", Message("server.nickname.empty"))
    if len(cleaned) > NICKNAME_LENGTH:
        raise ApiError(400, "bad_nickname",
                       Message("server.nickname.too_long", {"count": NICKNAME_LENGTH}))
    if any(unicodedata.category(c).startswith("C") for c in cleaned):
        raise ApiError(400, "bad_nickname", Message("server.nickname.control"))
    return cleaned


class TableService:
    def __init__(self, *, games: GameService, hub: Hub, grace: float = 60.0,
                 workers: int = 4) -> None:
        self.games = games
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
        return max(0.5, min(15.0, self.grace / 2))
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

    def shutdown(self) -> None:
        with self._driving_lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)

    def _adapter(self, game: str) -> GameAdapter[Any]:
        return self.games._adapter(game)

    # --- Finding a table and a seat ------------------------------------------------------

    def _table(self, invite: str) -> TableRow:
        table = self.store.by_invite(invite) if INVITE.fullmatch(invite) else None
        if table is None:
            raise ApiError(404, "unknown_table", Message("server.table.unknown"))
        return table

    def _seat(self, table: TableRow, token: str | None) -> SeatRow:
        if not token:
            raise ApiError(403, "not_seated", Message("server.table.no_token"))
        seat = self.store.seat_by_token(table.id, token)
        if seat is None:
            raise ApiError(403, "not_seated", Message("server.table.bad_token"))
        return seat

    # --- Lobby ---------------------------------------------------------------------------

    def create(self, player_id: str, *, game: str, preset: str | None, difficulty: str | None,
               hands: int | None, target: int | None, nickname: str,
               turn_seconds: int | None) -> dict[str, Any]:
        chosen = self._adapter(game)
        if target is not None and not self.games.test_options:
            raise ApiError(400, "bad_request", Message("server.target_test_only"))
        difficulty = difficulty or "normal"
        try:
            chosen.rules(preset, TableOptions(hands=hands, target=target))
            opponent = chosen.player_for(difficulty)
        except ValueError as error:
            raise ApiError(400, "bad_request", reason_of(error)) from None
        name = clean_nickname(nickname)
        now = self.games._stamp()
        invite, token = secrets.token_urlsafe(16), secrets.token_urlsafe(24)
        table = TableRow(
            id=secrets.token_hex(16), invite_hash=digest(invite), game=chosen.name,
            preset=preset or chosen.default_preset, hands=hands, target=target,
            difficulty=difficulty, opponent=opponent, turn_seconds=turn_seconds, host_seat=0,
            state="lobby", game_id=None, round=0, version=0, said=0, created_at=now,
            updated_at=now)
        self.store.create(table, SeatRow(table_id=table.id, seat=0, token_hash=digest(token),
                                         player_id=player_id, nickname=name, joined_at=now,
                                         seen_at=now))
        return {"invite": invite, "seat": 0, "token": token,
                **self.state(invite, token, since=None)}

    def join(self, player_id: str, invite: str, nickname: str) -> dict[str, Any]:
        name = clean_nickname(nickname)
        for _attempt in range(20):
            table = self._table(invite)
            seats = self.store.seats(table.id)
            token = secrets.token_urlsafe(24)
            now = self.games._stamp()
            mine = next((s for s in seats if s.player_id == player_id), None)
            if mine is not None:  # this browser sits here already: a fresh token for it
                self.store.new_token(table.id, mine.seat, digest(token), now)
                self.hub.publish({"table": table.id, "kind": "table"})
                return {"invite": invite, "seat": mine.seat, "token": token,
                        **self.state(invite, token, since=None)}
            if table.state != "lobby":
                raise ApiError(409, "table_started", Message("server.table.started_seats"))
            taken = {s.seat for s in seats}
            free = [k for k in range(SEATS[table.game]) if k not in taken]
            if not free:
                raise ApiError(409, "table_full", Message("server.table.full"))
            seat = SeatRow(table_id=table.id, seat=free[0], token_hash=digest(token),
                           player_id=player_id, nickname=name, joined_at=now, seen_at=now)
            if self.store.take_seat(table, seat):
                self.hub.publish({"table": table.id, "kind": "table"})
                return {"invite": invite, "seat": seat.seat, "token": token,
                        **self.state(invite, token, since=None)}
        raise ApiError(503, "busy", Message("server.table.busy"))

    def start(self, invite: str, token: str | None, *, rematch: bool) -> dict[str, Any]:
        table = self._table(invite)
        seat = self._seat(table, token)
        if seat.seat != table.host_seat:
            raise ApiError(403, "not_host", Message("server.table.not_host"))
        wanted = "finished" if rematch else "lobby"
        if table.state != wanted:
            if rematch:
                raise ApiError(409, "not_finished", Message("server.table.rematch"),
                               game=self.state(invite, token, since=None))
            raise ApiError(409, "table_started", Message("server.table.started"),
                           game=self.state(invite, token, since=None))
        chosen = self._adapter(table.game)
        rules = chosen.rules(table.preset, TableOptions(hands=table.hands, target=table.target))
        now = self.games._stamp()
        owner = OWNER_PREFIX + table.id[:28]
        self.games.store.ensure_player(owner, now)
        game = GameRow(
            id=secrets.token_hex(16), game=table.game, player_id=owner, mode="table",
            daily_date=None, ranked=False, preset=table.preset, rules=rules,
            difficulty=table.difficulty, opponent=table.opponent,
            seed="table-" + secrets.token_hex(16), human_seat=table.host_seat, version=0,
            status="playing", score=None, stats=None, created_at=now, updated_at=now,
            finished_at=None)
        if not self.store.start(table, game, [], now=now):
            raise ApiError(409, "table_started", Message("server.table.just_started"),
                           game=self.state(invite, token, since=None))
        self.hub.publish({"table": table.id, "kind": "table"})
        self.kick(table.id)
        return self.state(invite, token, since=None)

    # --- What a seat sees ----------------------------------------------------------------

    def _away(self, seats: list[SeatRow], now: datetime,
              seconds: float | None = None) -> set[Seat]:
        limit = now - timedelta(seconds=self.grace if seconds is None else seconds)
        return {s.seat for s in seats if s.seen_at < limit}

    def _table_json(self, table: TableRow, seats: list[SeatRow], you: Seat | None,
                    now: datetime) -> dict[str, Any]:
        by_seat = {s.seat: s for s in seats}
        away = self._away(seats, now)
        recent = now - timedelta(seconds=max(3.0, min(15.0, self.grace / 2)))
        listed = []
        for k in range(SEATS[table.game]):
            found = by_seat.get(k)
            if found is None:
                kind = "open" if table.state == "lobby" else "computer"
                listed.append({"seat": k, "kind": kind, "nickname": None, "connected": False,
                               "away": False, "host": False})
            else:
                listed.append({"seat": k, "kind": "human", "nickname": found.nickname,
                               "connected": found.seen_at >= recent, "away": k in away,
                               "host": k == table.host_seat})
        return {
            "game": table.game, "preset": table.preset, "hands": table.hands,
            "target": table.target, "difficulty": table.difficulty,
            "turn_seconds": table.turn_seconds, "state": table.state, "round": table.round,
            "version": table.version, "host_seat": table.host_seat, "you": you,
            "seats": listed, "grace_seconds": self.grace,
            "phrases": [{"id": key, "text": phrase_text(key, answer_language())}
                        for key in PHRASES],
            "said": table.said,
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
            answer["game"] = self._game_json(held.row, chosen, held.match, seat, since, names)
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
        with contextlib.ExitStack() as stack:
            held = None if table.game_id is None else stack.enter_context(
                self.cache.hold(table.game_id, chosen, fresh=fresh))
            for cursor in cursors:
                language = cursor.language
                with speaking(language):
                    if language not in shared:
                        shared[language] = self._table_json(table, seats, None, stamp)
                        computer = translate(language, COMPUTER)
                        names[language] = [s["nickname"] or computer
                                           for s in shared[language]["seats"]]
                    since = cursor.after if cursor.game == table.game_id else None
                    game = None
                    if held is not None:
                        game = games.get((cursor.seat, since, language))
                        if game is None:
                            game = games[cursor.seat, since, language] = self._game_json(
                                held.row, chosen, held.match, cursor.seat, since,
                                names[language])
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
                   since: int | None, names: list[str]) -> dict[str, Any]:
        count = chosen.event_count(match)
        start = count if since is None else min(max(since, 0), count)
        state = chosen.state_json(match, seat, start, full=since is None)
        return {
            "id": row.id, "game": row.game, "mode": "table", "daily_date": None,
            "ranked": False, "preset": row.preset, "difficulty": row.difficulty,
            "opponent": row.opponent, "version": row.version, "status": row.status,
            "score": None, "place": None, "seat": seat, "names": names,
            "to_move": None if chosen.is_over(match) else chosen.to_move(match),
            **state,
        }

    # --- Playing -------------------------------------------------------------------------

    def act(self, invite: str, token: str | None, *, action: str, version: int,
            since: int | None, seat: int | None) -> dict[str, Any]:
        table = self._table(invite)
        mine = self._seat(table, token)
        if seat is not None and seat != mine.seat:
            key = "server.table.seat_computer" if seat not in {
                s.seat for s in self.store.seats(table.id)} else "server.table.seat_other"
            raise ApiError(403, "not_your_seat", Message(key, {"seat": mine.seat, "other": seat}))
        if table.game_id is None:
            raise ApiError(409, "not_started", Message("server.table.not_started"),
                           game=self.state_of(table, mine.seat, since=since))
        try:
            parsed = parse_action(action)
        except ValueError as error:
            raise ApiError(400, "bad_action", reason_of(error)) from None
        now = self.games._stamp()
        if (now - mine.seen_at).total_seconds() > self.seen_every:
            self.store.seen([(table.id, mine.seat)], now)
        chosen = self._adapter(table.game)
        _, seats = self.snapshot(table.id)

        def stale(code: str, message: Message) -> ApiError:
            return ApiError(409, code, message,
                            game=self.state_of(table, mine.seat, since=since))

        refused, new, answer, mover = "", None, None, None
        # The game as this process holds it, unless the player saw a version it has not (then
        # as stored): if the database moved on meanwhile, the store refuses the commit.
        fresh = self.cache.cached_version(table.game_id) != version
        with self.cache.hold(table.game_id, chosen, fresh=fresh) as held:
            row, match = held.row, held.match
            if version != row.version:
                refused = "stale_version"
            elif chosen.is_over(match):
                refused = "game_over"
            elif chosen.to_move(match) != mine.seat:
                refused = "not_your_turn"
            else:
                count = chosen.event_count(match)
                try:
                    chosen.apply(match, mine.seat, parsed)
                except IllegalAction as problem:
                    raise ApiError(422, "illegal_action", problem.reason) from None
                new = self.games._commit(row, chosen, match, [(mine.seat, str(parsed))])
                if new is None:
                    held.spoiled()
                    refused = "stale_version"
                else:
                    held.moved(new)
                    answer = self._game_json(new, chosen, match, mine.seat,
                                             count if since is None else since,
                                             self._names(table, seats))
                    mover = None if chosen.is_over(match) else chosen.to_move(match)
        if new is None or answer is None:
            raise stale(refused, {
                "stale_version": Message("server.table.stale"),
                "game_over": Message("illegal.game_over"),
            }.get(refused, Message("server.action.not_your_turn")))
        self.hub.publish({"table": table.id, "kind": "game", "game": new.id,
                          "version": new.version})
        now = self.games._stamp()
        if mover is None or mover not in {s.seat for s in seats} - self._away(seats, now):
            self.kick(table.id)  # the computers' turn, or the game's end to record
        return {"table": self._table_json(table, seats, mine.seat, now), "game": answer}

    def _names(self, table: TableRow, seats: list[SeatRow]) -> list[str]:
        names = {s.seat: s.nickname for s in seats}
        computer = translate(answer_language(), COMPUTER)
        return [names.get(k, computer) for k in range(SEATS[table.game])]

    def phrase(self, invite: str, token: str | None, phrase: str) -> dict[str, Any]:
        table = self._table(invite)
        mine = self._seat(table, token)
        if phrase not in PHRASES:
            raise ApiError(400, "bad_phrase", Message("server.table.phrase", {
                "phrase": repr(phrase), "phrases": ", ".join(PHRASES)}))
        stored = self.store.say(table.id, mine.seat, phrase, self.games._stamp(),
                                limit=PHRASE_LIMIT, window=PHRASE_WINDOW)
        if stored is None:
            seconds = int(PHRASE_WINDOW.total_seconds())
            raise ApiError(429, "too_many_phrases", Message("server.table.too_many_phrases", {
                "count": PHRASE_LIMIT, "seconds": seconds}), headers={"Retry-After": str(seconds)})
        said = self._phrase_json(stored, mine.nickname)
        self.hub.publish({"table": table.id, "kind": "phrase", "said": said})
        return {"said": said}

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

    # --- The computers, off the request path ---------------------------------------------

    def kick(self, table_id: str, *, idle: Seat | None = None) -> None:
        """Let the computers (and, with ``idle``, a computer for that idle seat) play the
        table up to a present player's decision, in the background."""
        with self._driving_lock:
            if table_id in self._driving:
                self._driving[table_id] = True  # the driver looks again when it is done
                return
            self._driving[table_id] = False
            if self._executor is None:
                self._executor = ThreadPoolExecutor(self._workers, thread_name_prefix="tables")
            executor = self._executor
        executor.submit(self._drive, table_id, idle)

    def _drive(self, table_id: str, idle: Seat | None) -> None:
        try:
            while True:
                try:
                    # After a move for an idle player, the computers after it play on.
                    while self.advance(table_id, idle=idle) and idle is not None:
                        idle = None
                except Exception:
                    log.exception("table %s: the computers could not play", table_id)
                idle = None
                with self._driving_lock:
                    if not self._driving.get(table_id):
                        del self._driving[table_id]
                        return
                    self._driving[table_id] = False
        except BaseException:  # pragma: no cover - shutting down
            with self._driving_lock:
                self._driving.pop(table_id, None)
            raise

    def advance(self, table_id: str, *, idle: Seat | None = None) -> bool:
        """Play the computers' moves now (in this thread); whether anything was played."""
        table = self.store.table(table_id)
        if table is None or table.game_id is None or table.state != "playing":
            return False
        chosen = self._adapter(table.game)
        seats = self.store.seats(table_id)
        now = self.games._stamp()
        humans = {s.seat for s in seats} - self._away(seats, now)
        if idle is not None:
            humans.discard(idle)
        with self.cache.hold(table.game_id, chosen) as held:
            row, match = held.row, held.match
            over = chosen.is_over(match)
            mover = None if over else chosen.to_move(match)
            actions = tuple(chosen.history(match))
        if over:
            self._finish(table)
            return False
        if mover is None or mover in humans:
            return False
        job = Job(game_id=row.id, game=row.game, rules=row.rules, seed=row.seed,
                  opponent=row.opponent, human_seat=-1, actions=actions,
                  humans=frozenset(humans))
        try:
            answer = self.games.pool.run(job)
        except ComputerError:
            log.warning("table %s: the computer pool did not answer", table_id)
            return False
        if idle is not None:  # one turn for the idle player: its next has a timer of its own
            turns = [k for k, (seat, _) in enumerate(answer) if seat == idle]
            if len(turns) > 1:
                answer = answer[:turns[1]]
        if not answer:
            return False
        with self.cache.hold(table.game_id, chosen) as held:
            if held.row.version != row.version:
                return True  # someone moved meanwhile: the next look decides again
            for seat, text in answer:
                chosen.apply(held.match, seat, parse_action(text))
            new = self.games._commit(held.row, chosen, held.match, answer)
            if new is None:
                held.spoiled()
                return True
            held.moved(new)
            over = chosen.is_over(held.match)
        self.hub.publish({"table": table_id, "kind": "game", "game": new.id,
                          "version": new.version})
        if over:
            self._finish(table)
        return True

    def _finish(self, table: TableRow) -> None:
        if table.state == "playing":
            self.store.finish(table, self.games._stamp())
            self.hub.publish({"table": table.id, "kind": "table"})

    # --- Presence and turn timers --------------------------------------------------------

    def check(self, table_ids: list[str], away_before: dict[str, frozenset[Seat]]) -> None:
        """The ticker's look at the tables this process serves: an away player's turn, or an
        idle one past the turn timer, goes to a computer; an away host's part (start,
        rematch) passes to the first player present; a change of who is away is told."""
        now = self.games._stamp()
        everyone = self.store.seats_of(table_ids)
        for table_id in table_ids:
            seats = everyone.get(table_id, [])
            away = frozenset(self._away(seats, now))
            if away_before.get(table_id, frozenset()) != away:
                away_before[table_id] = away
                self.hub.publish({"table": table_id, "kind": "table"})
            try:
                table, _ = self.snapshot(table_id)  # a change of state is a notice
            except ApiError:
                continue
            present = [s.seat for s in seats if s.seat not in away]
            if table.host_seat in self._away(seats, now, self.host_grace) and present:
                if self.store.pass_host(table, present[0], now):
                    self.hub.publish({"table": table_id, "kind": "table"})
                continue  # the table moved on: the next look goes on from there
            if table.state != "playing" or table.game_id is None:
                continue
            chosen = self._adapter(table.game)
            with self.cache.hold(table.game_id, chosen, fresh=False) as held:
                mover = None if chosen.is_over(held.match) else chosen.to_move(held.match)
                waited = (now - held.row.updated_at).total_seconds()
            if mover is None:
                continue
            humans = {s.seat for s in seats}
            if mover not in humans or mover in away:
                self.kick(table_id)
            elif table.turn_seconds and waited >= table.turn_seconds:
                self.kick(table_id, idle=mover)

