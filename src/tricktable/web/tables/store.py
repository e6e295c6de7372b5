"""Storage of tables and seats.  A table's game is an ordinary game row with its action log
(:class:`tricktable.web.store.games.Store`), played for the table by an owner no visitor can be."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from tricktable.game import Seat
from tricktable.web.review.store import seat_reviews
from tricktable.web.store.db import game_actions, games, name_keys, players
from tricktable.web.store.games import GameRow, Store
from tricktable.web.tables.db import friend_phrases, friend_seats, friend_tables, table_replays

__all__ = ["PhraseRow", "SeatRow", "TableRow", "TableStore", "digest"]


class _Moved(Exception):
    """The table moved on: roll the transaction back."""


def digest(secret: str) -> str:
    """What is stored of an invite code or a seat token."""
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(frozen=True, slots=True, kw_only=True)
class TableRow:
    id: str
    invite_hash: str
    game: str
    preset: str
    hands: int | None
    target: int | None
    difficulty: str
    opponent: str
    turn_seconds: int | None
    host_seat: Seat
    state: str
    game_id: str | None
    round: int
    version: int
    said: int
    created_at: datetime
    updated_at: datetime
    helpers: bool = False
    """Whether hints are offered at the table (the host's choice, shown to all)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatRow:
    table_id: str
    seat: Seat
    token_hash: str
    player_id: str | None
    nickname: str
    joined_at: datetime
    seen_at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class PhraseRow:
    table_id: str
    number: int
    seat: Seat
    phrase: str
    said_at: datetime


class TableStore:
    """Tables and seats, on the games' store (same engine, same write transactions)."""

    def __init__(self, store: Store) -> None:
        self.games = store
        self.engine = store.engine

    def create(self, table: TableRow, host: SeatRow) -> None:
        values = {name: getattr(table, name) for name in TableRow.__slots__}
        seat = {name: getattr(host, name) for name in SeatRow.__slots__}
        with self.games._writing() as connection:
            connection.execute(friend_tables.insert().values(**values))
            connection.execute(friend_seats.insert().values(**seat))

    def by_invite(self, invite: str) -> TableRow | None:
        query = sa.select(friend_tables).where(friend_tables.c.invite_hash == digest(invite))
        with self.engine.connect() as connection:
            row = connection.execute(query).one_or_none()
        return None if row is None else TableRow(**row._asdict())

    def table(self, table_id: str) -> TableRow | None:
        query = sa.select(friend_tables).where(friend_tables.c.id == table_id)
        with self.engine.connect() as connection:
            row = connection.execute(query).one_or_none()
        return None if row is None else TableRow(**row._asdict())

    def seats(self, table_id: str) -> list[SeatRow]:
        query = (sa.select(friend_seats).where(friend_seats.c.table_id == table_id)
                 .order_by(friend_seats.c.seat))
        with self.engine.connect() as connection:
            return [SeatRow(**row._asdict()) for row in connection.execute(query)]

    def seats_of(self, table_ids: Iterable[str]) -> dict[str, list[SeatRow]]:
        """The seats of several tables at once (the presence ticker's one query)."""
        wanted = sorted(set(table_ids))
        found: dict[str, list[SeatRow]] = {table_id: [] for table_id in wanted}
        if not wanted:
            return found
        query = sa.select(friend_seats).where(friend_seats.c.table_id.in_(wanted))
        with self.engine.connect() as connection:
            for row in connection.execute(query):
                seat = SeatRow(**row._asdict())
                found[seat.table_id].append(seat)
        return found

    def seat_by_token(self, table_id: str, token: str) -> SeatRow | None:
        query = sa.select(friend_seats).where(friend_seats.c.table_id == table_id,
                                              friend_seats.c.token_hash == digest(token))
        with self.engine.connect() as connection:
            row = connection.execute(query).one_or_none()
        return None if row is None else SeatRow(**row._asdict())

    def take_seat(self, table: TableRow, seat: SeatRow) -> bool:
        """Sit ``seat`` at a table still in its lobby at ``table.version``; False if the seat
        was taken or the table moved on meanwhile (nothing written)."""
        values = {name: getattr(seat, name) for name in SeatRow.__slots__}
        try:
            with self.games._writing() as connection:
                if not self._bump(connection, table, state="lobby"):
                    return False
                connection.execute(friend_seats.insert().values(**values))
        except IntegrityError:
            return False
        return True

    def new_token(self, table_id: str, seat: Seat, token_hash: str, now: datetime) -> None:
        """Give a seat a new token (its player came back without the old one)."""
        with self.games._writing() as connection:
            connection.execute(
                friend_seats.update()
                .where(friend_seats.c.table_id == table_id, friend_seats.c.seat == seat)
                .values(token_hash=token_hash, seen_at=now))

    def move_seat(self, table_id: str, seat: Seat, *, old_hash: str, token_hash: str,
                  player_id: str, now: datetime, joined: datetime) -> bool:
        """Hand a seat to another browser: a new token and player, and a new ``joined_at``
        (the old browser's live connections see the seat is no longer theirs); False when the
        seat's token changed meanwhile (the link was used already)."""
        with self.games._writing() as connection:
            updated = connection.execute(
                friend_seats.update()
                .where(friend_seats.c.table_id == table_id, friend_seats.c.seat == seat,
                       friend_seats.c.token_hash == old_hash)
                .values(token_hash=token_hash, player_id=player_id, joined_at=joined,
                        seen_at=now))
        return updated.rowcount == 1

    def start(self, table: TableRow, game: GameRow, actions: Sequence[tuple[Seat, str]],
              *, now: datetime) -> bool:
        """Store the table's (next) game and mark the table playing, if the table is still at
        ``table.version``; False (nothing written) if another request started it first."""
        values = {name: getattr(game, name) for name in GameRow.__slots__}
        try:
            with self.games._writing() as connection:
                connection.execute(games.insert().values(**values))
                self.games._insert_actions(connection, game.id, 0, actions)
                if not self._bump(connection, table, state=table.state, new_state="playing",
                                  game_id=game.id, round=table.round + 1, updated_at=now):
                    raise _Moved
        except _Moved:
            return False
        return True

    def pass_host(self, table: TableRow, seat: Seat, now: datetime) -> bool:
        """Make ``seat`` the table's host, if the table is still at ``table.version``."""
        with self.games._writing() as connection:
            return self._bump(connection, table, state=table.state, host_seat=seat,
                              updated_at=now)

    def set_helpers(self, table: TableRow, helpers: bool, now: datetime) -> bool:
        """Offer hints at the table or not, if it is still at ``table.version``."""
        with self.games._writing() as connection:
            return self._bump(connection, table, state=table.state, helpers=helpers,
                              updated_at=now)

    def finish(self, table: TableRow, now: datetime) -> None:
        with self.games._writing() as connection:
            self._bump(connection, table, state="playing", new_state="finished",
                       updated_at=now)

    def leave(self, table: TableRow, seat: Seat, *, host: Seat, now: datetime) -> bool:
        """Take ``seat``'s player off a table still at ``table.version`` (the seat is open in
        the lobby, a computer's once started), ``host`` hosting from now; False (nothing
        written) if the table moved on meanwhile."""
        try:
            with self.games._writing() as connection:
                if not self._bump(connection, table, state=table.state, host_seat=host,
                                  updated_at=now):
                    raise _Moved
                connection.execute(friend_seats.delete().where(
                    friend_seats.c.table_id == table.id, friend_seats.c.seat == seat))
        except _Moved:
            return False
        return True

    def idle(self, before: datetime, *, limit: int = 100,
             table_id: str | None = None) -> list[str]:
        """Tables (or just ``table_id``) nothing happened at since ``before``: no change of the
        table, no move in its game, no seat seen (the oldest first, at most ``limit``)."""
        recent_seat = sa.exists().where(friend_seats.c.table_id == friend_tables.c.id,
                                        friend_seats.c.seen_at >= before)
        recent_game = sa.exists().where(games.c.id == friend_tables.c.game_id,
                                        games.c.updated_at >= before)
        query = (sa.select(friend_tables.c.id)
                 .where(friend_tables.c.updated_at < before, ~recent_seat, ~recent_game)
                 .order_by(friend_tables.c.updated_at).limit(limit))
        if table_id is not None:
            query = query.where(friend_tables.c.id == table_id)
        with self.engine.connect() as connection:
            return [str(table_id) for table_id in connection.execute(query).scalars()]

    def delete(self, table_id: str, owner: str) -> None:
        """Remove a table with its seats, phrases and games (those of ``owner``)."""
        owned = sa.select(games.c.id).where(games.c.player_id == owner)
        with self.games._writing() as connection:
            connection.execute(friend_phrases.delete().where(friend_phrases.c.table_id == table_id))
            connection.execute(table_replays.delete().where(table_replays.c.table_id == table_id))
            connection.execute(seat_reviews.delete().where(seat_reviews.c.game_id.in_(owned)))
            connection.execute(friend_seats.delete().where(friend_seats.c.table_id == table_id))
            connection.execute(friend_tables.delete().where(friend_tables.c.id == table_id))
            connection.execute(game_actions.delete().where(game_actions.c.game_id.in_(owned)))
            connection.execute(games.delete().where(games.c.player_id == owner))
            connection.execute(name_keys.delete().where(name_keys.c.player_id == owner))
            connection.execute(players.delete().where(players.c.id == owner))

    def say(self, table_id: str, seat: Seat, phrase: str, now: datetime, *,
            limit: int, window: timedelta) -> PhraseRow | None:
        """Store a phrase said by ``seat`` as the table's next; None (nothing written) when
        the seat has said ``limit`` phrases within ``window`` already."""
        recent = (sa.select(sa.func.count()).select_from(friend_phrases)
                  .where(friend_phrases.c.table_id == table_id, friend_phrases.c.seat == seat,
                         friend_phrases.c.said_at > now - window))
        for _attempt in range(10):
            try:
                with self.games._writing() as connection:
                    if connection.execute(recent).scalar_one() >= limit:
                        return None
                    # The count goes up first: on PostgreSQL the row lock puts concurrent
                    # phrases of one table in turn, so each gets its own number.
                    connection.execute(friend_tables.update()
                                       .where(friend_tables.c.id == table_id)
                                       .values(said=friend_tables.c.said + 1))
                    number = connection.execute(
                        sa.select(friend_tables.c.said).where(friend_tables.c.id == table_id)
                    ).scalar_one()
                    row = PhraseRow(table_id=table_id, number=number, seat=seat,
                                    phrase=phrase, said_at=now)
                    connection.execute(friend_phrases.insert().values(
                        {name: getattr(row, name) for name in PhraseRow.__slots__}))
                return row
            except IntegrityError:  # pragma: no cover - two writers met; number again
                continue
        raise RuntimeError("could not number a phrase")  # pragma: no cover

    def phrases(self, table_id: str, after: int, *, limit: int) -> list[PhraseRow]:
        """The table's phrases numbered after ``after``, in order (the last ``limit``)."""
        query = (sa.select(friend_phrases)
                 .where(friend_phrases.c.table_id == table_id, friend_phrases.c.number > after)
                 .order_by(friend_phrases.c.number.desc()).limit(limit))
        with self.engine.connect() as connection:
            rows = [PhraseRow(**row._asdict()) for row in connection.execute(query)]
        return rows[::-1]

    def seen(self, pairs: Iterable[tuple[str, Seat]], now: datetime, *,
             only_later: bool = False) -> None:
        """Mark seats as connected at ``now`` (with ``only_later``: as last connected then,
        unless they were seen later, when a connection elsewhere has marked them since)."""
        rows = [{"at_table": table_id, "at_seat": seat, "now": now} for table_id, seat in pairs]
        if not rows:
            return
        statement = (friend_seats.update()
                     .where(friend_seats.c.table_id == sa.bindparam("at_table"),
                            friend_seats.c.seat == sa.bindparam("at_seat"))
                     .values(seen_at=sa.bindparam("now")))
        if only_later:
            statement = statement.where(friend_seats.c.seen_at > sa.bindparam("now"))
        with self.games._writing() as connection:
            connection.execute(statement, rows)

    @staticmethod
    def _bump(connection: sa.Connection, table: TableRow, *, state: str,
              new_state: str | None = None, **changes: Any) -> bool:
        """Advance the table's version by one (compare-and-set), with ``changes``."""
        values = dict(changes, version=table.version + 1)
        if new_state is not None:
            values["state"] = new_state
        updated = connection.execute(
            friend_tables.update()
            .where(friend_tables.c.id == table.id, friend_tables.c.version == table.version,
                   friend_tables.c.state == state)
            .values(**values))
        return updated.rowcount == 1
