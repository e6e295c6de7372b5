"""Storage of reviews and hints: each finished deal's review (the human's judged decisions,
the computers' reasons, the face-up replay), stored once computed; and which games used a hint.

The tables belong to migrations 0005 and 0010 (``seat_reviews``: a friends' table's game, reviewed
for each seat that asks); :data:`review_metadata` describes them for queries.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from tricktable.web.store.games import Store

__all__ = ["ReviewStore", "game_hints", "game_reviews", "review_metadata", "seat_reviews"]

review_metadata = sa.MetaData()

game_reviews = sa.Table(
    "game_reviews",
    review_metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("deal", sa.Integer, primary_key=True),
    sa.Column("data", sa.JSON, nullable=False),
    sa.Column("created_at", sa.DateTime, nullable=False),
)
"""One row per reviewed deal: ``data`` holds ``decisions`` and ``replay``."""

game_hints = sa.Table(
    "game_hints",
    review_metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("hints", sa.Integer, nullable=False),
    sa.Column("first_at", sa.DateTime, nullable=False),
)
"""Games in which the player asked for a hint, and how many times."""

seat_reviews = sa.Table(
    "seat_reviews",
    review_metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("deal", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("data", sa.JSON, nullable=False),
    sa.Column("created_at", sa.DateTime, nullable=False),
)
"""A friends' table's game has several people in it: one row per seat and reviewed deal, as
``game_reviews`` (migration 0010)."""


class ReviewStore:
    """Reviews and hints, on the server's database (and its write lock)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def reviewed(self, game_id: str, seat: int | None = None) -> dict[int, dict[str, Any]]:
        """The stored review of each reviewed deal of a game (of one seat's decisions, for a
        friends' table's game), by deal number."""
        if seat is None:
            query = (sa.select(game_reviews.c.deal, game_reviews.c.data)
                     .where(game_reviews.c.game_id == game_id).order_by(game_reviews.c.deal))
        else:
            query = (sa.select(seat_reviews.c.deal, seat_reviews.c.data)
                     .where(seat_reviews.c.game_id == game_id, seat_reviews.c.seat == seat)
                     .order_by(seat_reviews.c.deal))
        with self.store.engine.connect() as connection:
            return {int(deal): dict(data) for deal, data in connection.execute(query)}

    def save(self, game_id: str, deal: int, data: dict[str, Any], now: datetime,
             seat: int | None = None) -> None:
        """Store a deal's review (a concurrent worker may have stored the same one first)."""
        try:
            with self.store._writing() as connection:
                if seat is None:
                    connection.execute(game_reviews.insert().values(
                        game_id=game_id, deal=deal, data=data, created_at=now))
                else:
                    connection.execute(seat_reviews.insert().values(
                        game_id=game_id, seat=seat, deal=deal, data=data, created_at=now))
        except IntegrityError:
            pass

    def hinted(self, game_id: str) -> int:
        """How many hints the player took in a game."""
        query = sa.select(game_hints.c.hints).where(game_hints.c.game_id == game_id)
        with self.store.engine.connect() as connection:
            return int(connection.execute(query).scalar_one_or_none() or 0)

    def count_hint(self, game_id: str, now: datetime) -> None:
        with self.store._writing() as connection:
            updated = connection.execute(
                game_hints.update().where(game_hints.c.game_id == game_id)
                .values(hints=game_hints.c.hints + 1))
            if updated.rowcount == 0:
                connection.execute(game_hints.insert().values(game_id=game_id, hints=1,
                                                              first_at=now))
