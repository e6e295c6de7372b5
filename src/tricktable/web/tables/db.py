"""The tables of tables with friends (owned by migrations 0004, 0006 and 0010): a table, its
seats, the quick phrases said at it, and where it replays a finished game together.

Neither the invite code nor a seat token is stored: only their SHA-256, so the database alone
opens no table and sits nobody.
"""

from __future__ import annotations

import sqlalchemy as sa

from tricktable.web.store.db import games

__all__ = ["friend_phrases", "friend_seats", "friend_tables", "table_replays", "tables_metadata"]

tables_metadata = sa.MetaData()

friend_tables = sa.Table(
    "friend_tables",
    tables_metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("invite_hash", sa.String(64), nullable=False),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("preset", sa.String(32), nullable=False),
    sa.Column("hands", sa.Integer, nullable=True),
    sa.Column("target", sa.Integer, nullable=True),
    sa.Column("difficulty", sa.String(16), nullable=False),
    sa.Column("opponent", sa.String(32), nullable=False),
    sa.Column("turn_seconds", sa.Integer, nullable=True),
    sa.Column("host_seat", sa.Integer, nullable=False),
    sa.Column("state", sa.String(16), nullable=False),
    sa.Column("game_id", sa.String(32), sa.ForeignKey(games.c.id), nullable=True),
    sa.Column("round", sa.Integer, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("said", sa.Integer, nullable=False, server_default="0"),
    sa.Column("helpers", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("created_at", sa.DateTime, nullable=False),
    sa.Column("updated_at", sa.DateTime, nullable=False),
    sa.Index("ux_friend_tables_invite", "invite_hash", unique=True),
)
"""``state``: lobby, playing or finished; ``version`` counts the table's own changes (a seat
taken, a start, a rematch), ``round`` its games, ``said`` the quick phrases said at it (the
number of the last); ``helpers``: whether hints are offered at the table (migration 0008)."""

friend_seats = sa.Table(
    "friend_seats",
    tables_metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey(friend_tables.c.id), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("token_hash", sa.String(64), nullable=False),
    sa.Column("player_id", sa.String(32), nullable=True),
    sa.Column("nickname", sa.String(40), nullable=False),
    sa.Column("joined_at", sa.DateTime, nullable=False),
    sa.Column("seen_at", sa.DateTime, nullable=False),
    sa.Index("ux_friend_seats_token", "token_hash", unique=True),
)
"""A seat taken by a person; a seat with no row is a computer's (or open, in the lobby).
``seen_at``: when the seat last had a connection (its presence, for the grace period)."""

friend_phrases = sa.Table(
    "friend_phrases",
    tables_metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey(friend_tables.c.id), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("phrase", sa.String(16), nullable=False),
    sa.Column("said_at", sa.DateTime, nullable=False),
)
"""A quick phrase said at a table: numbered from 1 per table, in the order said; ``phrase`` is
the id of one of :data:`tricktable.web.tables.phrases.PHRASES` (never free text)."""

table_replays = sa.Table(
    "table_replays",
    tables_metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey(friend_tables.c.id), primary_key=True),
    sa.Column("game_id", sa.String(32), sa.ForeignKey(games.c.id), nullable=False),
    sa.Column("step", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.DateTime, nullable=False),
)
"""Replay together (migration 0010): the finished game a table steps through together and the
step it is at (``step`` counts through the game's deals: each deal's start, tricks and
result)."""
