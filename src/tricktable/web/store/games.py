"""Storage operations: players, games and their action logs, the Daily, the leaderboard.

Every write that depends on a game's state is a compare-and-set on the game's ``version`` (the
number of actions in its log) inside one transaction, so two requests -- in one process or in
two servers on one database -- can never both extend the same version.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from tricktable.game import Seat
from tricktable.web.store.db import (
    dailies,
    daily_attempts,
    game_actions,
    games,
    name_keys,
    players,
    server_settings,
)

__all__ = ["DailyGame", "DailyRow", "GameRow", "LeaderboardRow", "PlayerRow", "Store"]


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerRow:
    id: str
    nickname: str | None
    created_at: datetime
    name_key: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class GameRow:
    id: str
    game: str
    player_id: str
    mode: str
    daily_date: str | None
    ranked: bool
    preset: str | None
    rules: dict[str, Any]
    difficulty: str
    opponent: str
    seed: str
    human_seat: Seat
    version: int
    status: str
    score: int | None
    stats: dict[str, Any] | None
    created_at: datetime
    updated_at: datetime
    finished_at: datetime | None
    coached: bool = False
    """A coached New game: the coach's line after each decision, and undo."""
    undos: int = 0
    """How many times a decision was undone (a coached game's): with ``version``, it names the
    game's state (the same version after an undo is another branch of the game)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DailyRow:
    game: str
    date: str
    preset: str
    difficulty: str
    opponent: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DailyGame:
    """A player's Daily of a day, and why it is not ranked (None when it is)."""

    game: GameRow
    unranked_reason: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class LeaderboardRow:
    player_id: str
    nickname: str | None
    game_id: str
    score: int
    stats: dict[str, Any] | None
    finished_at: datetime | None


class _Stale(Exception):
    """The game's stored version moved on: roll the transaction back."""


def _game(row: sa.Row[Any]) -> GameRow:
    return _game_from(row._asdict())


def _game_from(data: dict[str, Any]) -> GameRow:
    data["ranked"] = bool(data["ranked"])
    data["coached"] = bool(data.get("coached", False))
    data["undos"] = int(data.get("undos") or 0)
    return GameRow(**data)


# The statements of every action, built once with bound parameters: building and cache-keying
# a statement costs more than running it on SQLite.
_GAME_BY_ID = sa.select(games).where(games.c.id == sa.bindparam("game_id", type_=games.c.id.type))
_ADVANCE = games.update().where(
    games.c.id == sa.bindparam("at_id", type_=games.c.id.type),
    games.c.version == sa.bindparam("at_version", type_=games.c.version.type),
    games.c.undos == sa.bindparam("at_undos", type_=games.c.undos.type),
).values(
    version=sa.bindparam("new_version", type_=games.c.version.type),
    updated_at=sa.bindparam("now", type_=games.c.updated_at.type),
)
_FINISH = _ADVANCE.values(
    status="over",
    score=sa.bindparam("new_score", type_=games.c.score.type),
    stats=sa.bindparam("new_stats", type_=games.c.stats.type),
    finished_at=sa.bindparam("now", type_=games.c.finished_at.type),
)


class Store:
    """The database behind the server."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._write_lock: AbstractContextManager[Any] = (
            threading.Lock() if engine.dialect.name == "sqlite" else nullcontext()
        )

    @contextmanager
    def _writing(self) -> Iterator[Connection]:
        """A write transaction.  SQLite takes one writer at a time: this process's threads queue
        for it here, in turn, rather than in SQLite's busy handler, which sleeps up to 100 ms a
        try; other processes still meet the busy timeout."""
        with self._write_lock, self.engine.begin() as connection:
            yield connection

    # --- The server secret ---------------------------------------------------------------

    def secret(self) -> str:
        """The stored secret, generated and stored the first time (safe across processes)."""
        query = sa.select(server_settings.c.value).where(server_settings.c.key == "secret")
        with self.engine.connect() as connection:
            value = connection.execute(query).scalar_one_or_none()
        if value is not None:
            return str(value)
        try:
            with self._writing() as connection:
                connection.execute(
                    server_settings.insert().values(key="secret", value=secrets.token_hex(32))
                )
        except IntegrityError:
            pass  # another process stored one first; read it
        with self.engine.connect() as connection:
            return str(connection.execute(query).scalar_one())

    # --- Players -------------------------------------------------------------------------

    def player(self, player_id: str) -> PlayerRow | None:
        with self.engine.connect() as connection:
            row = connection.execute(
                sa.select(players).where(players.c.id == player_id)
            ).one_or_none()
        return None if row is None else PlayerRow(**row._asdict())

    def ensure_player(self, player_id: str, now: datetime) -> None:
        if self.player(player_id) is not None:
            return
        try:
            with self._writing() as connection:
                connection.execute(players.insert().values(id=player_id, created_at=now))
        except IntegrityError:
            pass  # created by a concurrent request

    def set_nickname(self, player_id: str, nickname: str, keys: Sequence[str],
                     now: datetime) -> bool:
        """Set a player's nickname with its ``keys`` (the first is ``players.name_key``);
        False (and nothing changed) if a key is one of another player's (the primary key of
        ``name_keys`` decides, even between concurrent requests)."""
        self.ensure_player(player_id, now)
        try:
            with self._writing() as connection:
                connection.execute(name_keys.delete().where(name_keys.c.player_id == player_id))
                connection.execute(name_keys.insert(), [
                    {"key": key, "player_id": player_id} for key in dict.fromkeys(keys)])
                connection.execute(
                    players.update().where(players.c.id == player_id)
                    .values(nickname=nickname, name_key=keys[0])
                )
        except IntegrityError:
            return False
        return True

    # --- Games ---------------------------------------------------------------------------

    def create_game(self, game: GameRow, actions: Sequence[tuple[Seat, str]]) -> GameRow:
        """Store a new (non-Daily) game with its first actions."""
        values = {name: getattr(game, name) for name in GameRow.__slots__}
        with self._writing() as connection:
            connection.execute(games.insert().values(**values))
            self._insert_actions(connection, game.id, 0, actions)
        return game

    def create_daily(
        self, game: GameRow, actions: Sequence[tuple[Seat, str]], *, connection: str | None,
        unranked_reason: str | None, cap: int,
    ) -> tuple[DailyGame, bool]:
        """Store ``game`` as its player's one Daily of the day, unless the player has one
        already; (the player's Daily, whether it is this new game).

        The game is ranked unless ``unranked_reason`` says why not, or ``connection`` already
        has ``cap`` ranked attempts that day (reason ``connection_cap``).  The attempts table's
        primary key makes concurrent requests of one player, in any number of processes, end
        with one game; its unique ``ranked_slot`` keeps the count per connection exact."""
        assert game.daily_date is not None
        values = {name: getattr(game, name) for name in GameRow.__slots__}
        for _attempt in range(cap + 5):
            reason, slot = unranked_reason, None
            if reason is None and connection is not None:
                used = self.ranked_from(game.game, game.daily_date, connection)
                if used >= cap:
                    reason = "connection_cap"
                else:
                    slot = used
            row = GameRow(**(values | {"ranked": reason is None}))
            try:
                with self._writing() as db:
                    db.execute(games.insert().values(**(values | {"ranked": row.ranked})))
                    self._insert_actions(db, game.id, 0, actions)
                    db.execute(daily_attempts.insert().values(
                        game=game.game, date=game.daily_date, player_id=game.player_id,
                        game_id=game.id, connection=connection, unranked_reason=reason,
                        ranked_slot=slot,
                    ))
                return DailyGame(game=row, unranked_reason=reason), True
            except IntegrityError:
                existing = self.daily_game(game.game, game.daily_date, game.player_id)
                if existing is not None:
                    return existing, False
                # Another ranked attempt from this connection took the slot: count again.
        raise RuntimeError("Could not store the Daily: too many concurrent attempts.")

    @staticmethod
    def _insert_actions(
        connection: sa.Connection, game_id: str, start: int,
        actions: Sequence[tuple[Seat, str]],
    ) -> None:
        if actions:
            connection.execute(game_actions.insert(), [
                {"game_id": game_id, "idx": start + k, "seat": seat, "action": text}
                for k, (seat, text) in enumerate(actions)
            ])

    def game(self, game_id: str) -> GameRow | None:
        with self.engine.connect() as connection:
            row = connection.execute(_GAME_BY_ID, {"game_id": game_id}).one_or_none()
        return None if row is None else _game(row)

    def actions(self, game_id: str, upto: int) -> list[tuple[Seat, str]]:
        """The first ``upto`` actions of a game (the log is append-only)."""
        query = (
            sa.select(game_actions.c.seat, game_actions.c.action)
            .where(game_actions.c.game_id == game_id, game_actions.c.idx < upto)
            .order_by(game_actions.c.idx)
        )
        with self.engine.connect() as connection:
            return [(int(seat), str(text)) for seat, text in connection.execute(query)]

    def append(
        self, game: GameRow, actions: Sequence[tuple[Seat, str]], *, now: datetime,
        over: bool, score: int | None, stats: dict[str, Any] | None,
    ) -> bool:
        """Append actions to a game stored at ``game.version``; False (and nothing written) if
        the stored version has moved on."""
        values: dict[str, Any] = {"at_id": game.id, "at_version": game.version,
                                  "at_undos": game.undos,
                                  "new_version": game.version + len(actions), "now": now}
        if over:
            values |= {"new_score": score, "new_stats": stats}
        try:
            with self._writing() as connection:
                updated = connection.execute(_FINISH if over else _ADVANCE, values)
                if updated.rowcount != 1:
                    raise _Stale
                self._insert_actions(connection, game.id, game.version, actions)
        except _Stale:
            return False
        return True

    def undo(self, game: GameRow, keep: int, *, now: datetime,
             also: Callable[[Connection], None] | None = None) -> bool:
        """Cut a playing game's log back to its first ``keep`` actions (an undo), if it is still
        stored at ``game.version`` and ``game.undos``; ``also`` runs in the same transaction
        (the reviews of the deals cut off are forgotten with them).  False (nothing written) if
        the game moved on."""
        if not 0 <= keep < game.version:
            raise ValueError("An undo keeps fewer actions than the game has.")
        try:
            with self._writing() as connection:
                updated = connection.execute(
                    games.update().where(games.c.id == game.id,
                                         games.c.version == game.version,
                                         games.c.undos == game.undos,
                                         games.c.status == "playing")
                    .values(version=keep, undos=game.undos + 1, updated_at=now))
                if updated.rowcount != 1:
                    raise _Stale
                connection.execute(game_actions.delete().where(
                    game_actions.c.game_id == game.id, game_actions.c.idx >= keep))
                if also is not None:
                    also(connection)
        except _Stale:
            return False
        return True

    def player_games(self, player_id: str, *, game: str | None = None,
                     limit: int = 200) -> list[GameRow]:
        query = sa.select(games).where(games.c.player_id == player_id)
        if game is not None:
            query = query.where(games.c.game == game)
        query = query.order_by(games.c.created_at.desc()).limit(limit)
        with self.engine.connect() as connection:
            return [_game(row) for row in connection.execute(query)]

    # --- The Daily -----------------------------------------------------------------------

    def daily(self, game: str, date: str, *, preset: str, difficulty: str,
              opponent: str) -> DailyRow:
        """The day's Daily table; the first request of the day fixes it (so a computer player
        registered later in the day does not change the day's opponents)."""
        query = sa.select(dailies).where(dailies.c.game == game, dailies.c.date == date)
        with self.engine.connect() as connection:
            row = connection.execute(query).one_or_none()
        if row is None:
            try:
                with self._writing() as connection:
                    connection.execute(dailies.insert().values(
                        game=game, date=date, preset=preset, difficulty=difficulty,
                        opponent=opponent,
                    ))
            except IntegrityError:
                pass
            with self.engine.connect() as connection:
                row = connection.execute(query).one()
        return DailyRow(**row._asdict())

    def daily_game(self, game: str, date: str, player_id: str) -> DailyGame | None:
        """The player's Daily of ``game`` on ``date`` (ranked or not), if any."""
        query = (
            sa.select(games, daily_attempts.c.unranked_reason)
            .join(daily_attempts, daily_attempts.c.game_id == games.c.id)
            .where(daily_attempts.c.game == game, daily_attempts.c.date == date,
                   daily_attempts.c.player_id == player_id)
        )
        with self.engine.connect() as connection:
            row = connection.execute(query).one_or_none()
        if row is None:
            return None
        data = row._asdict()
        reason = data.pop("unranked_reason")
        return DailyGame(game=_game_from(data), unranked_reason=reason)

    def ranked_from(self, game: str, date: str, connection: str) -> int:
        """How many ranked attempts of a day's Daily came from a connection."""
        query = sa.select(sa.func.count()).select_from(daily_attempts).where(
            daily_attempts.c.game == game, daily_attempts.c.date == date,
            daily_attempts.c.connection == connection, daily_attempts.c.ranked_slot.is_not(None),
        )
        with self.engine.connect() as db:
            return int(db.execute(query).scalar_one())

    def new_browser_from(self, game: str, date: str, connection: str) -> bool:
        """Whether a brand-new browser opened a day's Daily from a connection."""
        query = sa.select(daily_attempts.c.game_id).where(
            daily_attempts.c.game == game, daily_attempts.c.date == date,
            daily_attempts.c.connection == connection,
            daily_attempts.c.unranked_reason == "new_browser",
        ).limit(1)
        with self.engine.connect() as db:
            return db.execute(query).first() is not None

    def leaderboard(self, game: str, date: str, limit: int = 100) -> list[LeaderboardRow]:
        """Finished ranked attempts of a day, best score first, earlier finish first on a tie."""
        query = (
            sa.select(games.c.player_id, players.c.nickname, games.c.id.label("game_id"),
                      games.c.score, games.c.stats, games.c.finished_at)
            .join(daily_attempts, daily_attempts.c.game_id == games.c.id)
            .join(players, players.c.id == games.c.player_id)
            .where(daily_attempts.c.game == game, daily_attempts.c.date == date,
                   games.c.status == "over", games.c.ranked.is_(True))
            .order_by(games.c.score.desc(), games.c.finished_at, games.c.id)
            .limit(limit)
        )
        with self.engine.connect() as connection:
            return [LeaderboardRow(**row._asdict()) for row in connection.execute(query)]

    def daily_scores(self, game: str, date: str) -> list[int]:
        """Every finished ranked score of a day's Daily."""
        query = (
            sa.select(games.c.score)
            .join(daily_attempts, daily_attempts.c.game_id == games.c.id)
            .where(daily_attempts.c.game == game, daily_attempts.c.date == date,
                   games.c.status == "over", games.c.ranked.is_(True))
        )
        with self.engine.connect() as connection:
            return [int(score) for score in connection.execute(query).scalars()]

    def finished_daily_days(self, player_id: str, game: str) -> list[str]:
        """The days on which a player finished their Daily of ``game``."""
        query = (
            sa.select(daily_attempts.c.date)
            .join(games, games.c.id == daily_attempts.c.game_id)
            .where(daily_attempts.c.player_id == player_id, daily_attempts.c.game == game,
                   games.c.status == "over")
        )
        with self.engine.connect() as connection:
            return [str(day) for day in connection.execute(query).scalars()]

    def daily_wins(self, game: str, player_ids: Sequence[str]) -> dict[str, int]:
        """How many of their ranked Dailies of ``game`` (all days) each player has won."""
        if not player_ids:
            return {}
        query = (
            sa.select(games.c.player_id, games.c.stats)
            .join(daily_attempts, daily_attempts.c.game_id == games.c.id)
            .where(daily_attempts.c.game == game,
                   daily_attempts.c.player_id.in_(sorted(set(player_ids))),
                   games.c.status == "over", games.c.ranked.is_(True))
        )
        wins: dict[str, int] = {}
        with self.engine.connect() as connection:
            for player_id, stats in connection.execute(query):
                if isinstance(stats, dict) and stats.get("won"):
                    wins[str(player_id)] = wins.get(str(player_id), 0) + 1
        return wins

    def daily_days(self, game: str, limit: int = 30) -> list[tuple[str, int]]:
        """Recent Daily dates with the number of finished ranked games, newest first."""
        finished = sa.func.count(games.c.id)
        query = (
            sa.select(daily_attempts.c.date, finished)
            .join(games, games.c.id == daily_attempts.c.game_id)
            .where(daily_attempts.c.game == game, games.c.status == "over",
                   games.c.ranked.is_(True))
            .group_by(daily_attempts.c.date)
            .order_by(daily_attempts.c.date.desc())
            .limit(limit)
        )
        with self.engine.connect() as connection:
            return [(str(day), int(count)) for day, count in connection.execute(query)]
