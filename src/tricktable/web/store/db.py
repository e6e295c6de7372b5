"""The database: tables (SQLAlchemy Core), the engine, and migrations applied at start.

The schema is owned by the Alembic migrations in ``migrations/``; the tables below describe it
for queries, and a test checks that the two agree.  A game is stored as its seed, rules and
action log; nothing about a game lives only in memory.
"""

from __future__ import annotations

import functools
import json
import time
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError

__all__ = [
    "MIGRATIONS",
    "daily_attempts",
    "dailies",
    "game_actions",
    "games",
    "database_url",
    "make_engine",
    "metadata",
    "migrate",
    "name_keys",
    "players",
    "server_settings",
]

MIGRATIONS = Path(__file__).with_name("migrations")
MIGRATION_LOCK = 0x7472_6963_6B74  # "trickt": the PostgreSQL advisory lock held while migrating

metadata = sa.MetaData()

server_settings = sa.Table(
    "server_settings",
    metadata,
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)

players = sa.Table(
    "players",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("nickname", sa.String(40), nullable=True),
    sa.Column("created_at", sa.DateTime, nullable=False),
    sa.Column("name_key", sa.String(96), nullable=True),
    sa.Index("ux_players_name_key", "name_key", unique=True),
)
"""``nickname``: at most :data:`~tricktable.web.games.names.CODE_POINTS` code points.
``name_key``: the nickname's first key (:func:`tricktable.web.games.names.name_key`: NFKC,
confusable skeleton, casefolded, no accent marks), unique across players; every key of it is in
``name_keys``."""

name_keys = sa.Table(
    "name_keys",
    metadata,
    sa.Column("key", sa.String(96), primary_key=True),
    sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
    sa.Index("ix_name_keys_player", "player_id"),
)
"""Each key of each nickname (:func:`tricktable.web.games.names.name_keys`), written with the
nickname in one transaction: the primary key refuses a name one of whose keys is a key of
another player's, so two look-alike names never both land, even set at once."""

games = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
    sa.Column("mode", sa.String(16), nullable=False),
    sa.Column("daily_date", sa.String(10), nullable=True),
    sa.Column("ranked", sa.Boolean, nullable=False),
    sa.Column("preset", sa.String(32), nullable=True),
    sa.Column("rules", sa.JSON, nullable=False),
    sa.Column("difficulty", sa.String(16), nullable=False),
    sa.Column("opponent", sa.String(32), nullable=False),
    sa.Column("seed", sa.String(128), nullable=False),
    sa.Column("human_seat", sa.Integer, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("score", sa.Integer, nullable=True),
    sa.Column("stats", sa.JSON, nullable=True),
    sa.Column("created_at", sa.DateTime, nullable=False),
    sa.Column("updated_at", sa.DateTime, nullable=False),
    sa.Column("finished_at", sa.DateTime, nullable=True),
    sa.Column("coached", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("undos", sa.Integer, nullable=False, server_default="0"),
    sa.Index("ix_games_player", "player_id", "created_at"),
    sa.Index("ix_games_daily", "game", "daily_date", "ranked", "status"),
)

game_actions = sa.Table(
    "game_actions",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("idx", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.String(64), nullable=False),
)

dailies = sa.Table(
    "dailies",
    metadata,
    sa.Column("game", sa.String(32), primary_key=True),
    sa.Column("date", sa.String(10), primary_key=True),
    sa.Column("preset", sa.String(32), nullable=False),
    sa.Column("difficulty", sa.String(16), nullable=False),
    sa.Column("opponent", sa.String(32), nullable=False),
)

daily_attempts = sa.Table(
    "daily_attempts",
    metadata,
    sa.Column("game", sa.String(32), primary_key=True),
    sa.Column("date", sa.String(10), primary_key=True),
    sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
    sa.Column("connection", sa.String(64), nullable=True),
    sa.Column("unranked_reason", sa.String(32), nullable=True),
    sa.Column("ranked_slot", sa.Integer, nullable=True),
    sa.Index("ux_daily_attempts_slot", "game", "date", "connection", "ranked_slot", unique=True),
)
"""Every Daily game: one per player, game and day (the primary key).  ``ranked_slot`` numbers a
connection's ranked attempts of a day, so the unique index caps them exactly."""


POSTGRES_DRIVER = "postgresql+psycopg"
"""PostgreSQL goes through psycopg 3 (the ``postgres`` extra), whatever driver a URL names."""


def database_url(url: str) -> str:
    """``url`` with a bare ``postgresql://`` (or ``postgres://``) pointed at psycopg 3, which
    SQLAlchemy would otherwise take to mean psycopg2."""
    parsed = sa.engine.make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        return parsed.set(drivername=POSTGRES_DRIVER).render_as_string(hide_password=False)
    return url


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets a busy timeout, WAL and foreign keys, and its
    directory is created; PostgreSQL gets psycopg 3.  JSON columns refuse NaN and Infinity on
    both (PostgreSQL's json type has neither; SQLite would store them, and the API could not
    answer with them)."""
    kwargs: dict[str, Any] = {"json_serializer": functools.partial(json.dumps, allow_nan=False)}
    url = database_url(url)
    is_sqlite = url.startswith("sqlite")
    if is_sqlite:
        kwargs["connect_args"] = {"timeout": 30, "check_same_thread": False}
        database = sa.engine.make_url(url).database
        if database and database != ":memory:":
            Path(database).parent.mkdir(parents=True, exist_ok=True)
    engine = sa.create_engine(url, **kwargs)
    if is_sqlite:

        @sa.event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.execute("PRAGMA journal_mode=WAL")
            # In WAL mode, NORMAL survives any crash of the server (kill -9 included); only a
            # power loss may drop the last commits.  FULL would fsync every action.
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

    return engine


def migrate(engine: Engine) -> None:
    """Bring the database to the newest schema (safe when two servers start at once)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    for attempt in range(5):
        try:
            with engine.begin() as connection:
                if connection.dialect.name == "postgresql":
                    # One migrator at a time; the others wait here, then find nothing to do.
                    connection.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"),
                                       {"key": MIGRATION_LOCK})
                config.attributes["connection"] = connection
                command.upgrade(config, "head")
            return
        except (OperationalError, sa.exc.IntegrityError):
            # Another process was migrating at the same moment: look again.
            if attempt == 4:
                raise
            time.sleep(0.2 * (attempt + 1))
