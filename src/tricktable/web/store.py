"""Storage operations: players, games and their action logs, the Daily, the leaderboard.

Every write that depends on a game's state is a compare-and-set on the game's ``version`` (the
number of actions in its log) inside one transaction, so two requests -- in one process or in
two servers on one database -- can never both extend the same version.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from tricktable.game import Seat
from tricktable.web.db import (
    dailies,
    daily_attempts,
    game_actions,
    games,
    players,
    server_settings,
)

__all__ = ["DailyRow", "GameRow", "LeaderboardRow", "PlayerRow", "Store"]


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerRow:
    id: str
    nickname: str | None
    created_at: datetime


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


@dataclass(frozen=True, slots=True, kw_only=True)
class DailyRow:
    game: str
    date: str
    preset: str
    difficulty: str
    opponent: str


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
    data = row._asdict()
    data["ranked"] = bool(data["ranked"])
    return GameRow(**data)


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

    def set_nickname(self, player_id: str, nickname: str, now: datetime) -> None:
        self.ensure_player(player_id, now)
        with self._writing() as connection:
            connection.execute(
                players.update().where(players.c.id == player_id).values(nickname=nickname)
            )

    # --- Games ---------------------------------------------------------------------------

    def create_game(
        self, game: GameRow, actions: Sequence[tuple[Seat, str]], *,
        claim_daily: bool = False,
    ) -> GameRow:
        """Store a new game with its first actions.  With ``claim_daily`` the game becomes the
        player's ranked Daily attempt if the player has none for that day yet."""
        values = {name: getattr(game, name) for name in GameRow.__slots__}
        if claim_daily:
            assert game.daily_date is not None
            try:
                with self._writing() as connection:
                    connection.execute(games.insert().values(**(values | {"ranked": True})))
                    self._insert_actions(connection, game.id, 0, actions)
                    connection.execute(daily_attempts.insert().values(
                        game=game.game, date=game.daily_date, player_id=game.player_id,
                        game_id=game.id,
                    ))
                return GameRow(**(values | {"ranked": True}))
            except IntegrityError:
                pass  # the player's ranked attempt exists: this one is unranked
        with self._writing() as connection:
            connection.execute(games.insert().values(**(values | {"ranked": False})))
            self._insert_actions(connection, game.id, 0, actions)
        return GameRow(**(values | {"ranked": False}))

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
            row = connection.execute(sa.select(games).where(games.c.id == game_id)).one_or_none()
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
        new_version = game.version + len(actions)
        values: dict[str, Any] = {"version": new_version, "updated_at": now}
        if over:
            values |= {"status": "over", "score": score, "stats": stats, "finished_at": now}
        try:
            with self._writing() as connection:
                updated = connection.execute(
                    games.update()
                    .where(games.c.id == game.id, games.c.version == game.version)
                    .values(**values)
                )
                if updated.rowcount != 1:
                    raise _Stale
                self._insert_actions(connection, game.id, game.version, actions)
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

    def ranked_attempt(self, game: str, date: str, player_id: str) -> GameRow | None:
        query = (
            sa.select(games)
            .join(daily_attempts, daily_attempts.c.game_id == games.c.id)
            .where(daily_attempts.c.game == game, daily_attempts.c.date == date,
                   daily_attempts.c.player_id == player_id)
        )
        with self.engine.connect() as connection:
            row = connection.execute(query).one_or_none()
        return None if row is None else _game(row)

    def unfinished_daily(self, game: str, date: str, player_id: str) -> GameRow | None:
        query = (
            sa.select(games)
            .where(games.c.game == game, games.c.mode == "daily", games.c.daily_date == date,
                   games.c.player_id == player_id, games.c.status == "playing")
            .order_by(games.c.created_at.desc())
            .limit(1)
        )
        with self.engine.connect() as connection:
            row = connection.execute(query).one_or_none()
        return None if row is None else _game(row)

    def leaderboard(self, game: str, date: str, limit: int = 100) -> list[LeaderboardRow]:
        """Finished ranked attempts of a day, best score first, earlier finish first on a tie."""
        query = (
            sa.select(games.c.player_id, players.c.nickname, games.c.id.label("game_id"),
                      games.c.score, games.c.stats, games.c.finished_at)
            .join(daily_attempts, daily_attempts.c.game_id == games.c.id)
            .join(players, players.c.id == games.c.player_id)
            .where(daily_attempts.c.game == game, daily_attempts.c.date == date,
                   games.c.status == "over")
            .order_by(games.c.score.desc(), games.c.finished_at, games.c.id)
            .limit(limit)
        )
        with self.engine.connect() as connection:
            return [LeaderboardRow(**row._asdict()) for row in connection.execute(query)]

    def daily_wins(self, game: str, player_ids: Sequence[str]) -> dict[str, int]:
        """How many of their ranked Dailies of ``game`` (all days) each player has won."""
        if not player_ids:
            return {}
        query = (
            sa.select(games.c.player_id, games.c.stats)
            .join(daily_attempts, daily_attempts.c.game_id == games.c.id)
            .where(daily_attempts.c.game == game,
                   daily_attempts.c.player_id.in_(sorted(set(player_ids))),
                   games.c.status == "over")
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
            .where(daily_attempts.c.game == game, games.c.status == "over")
            .group_by(daily_attempts.c.date)
            .order_by(daily_attempts.c.date.desc())
            .limit(limit)
        )
        with self.engine.connect() as connection:
            return [(str(day), int(count)) for day, count in connection.execute(query)]
