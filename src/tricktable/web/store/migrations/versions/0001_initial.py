"""Players, games with their action logs, the Daily and its ranked attempts."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.create_table(
        "server_settings",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("nickname", sa.String(40), nullable=True),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "games",
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
    )
    op.create_index("ix_games_player", "games", ["player_id", "created_at"])
    op.create_index("ix_games_daily", "games", ["game", "daily_date", "ranked", "status"])
    op.create_table(
        "game_actions",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.String(64), nullable=False),
    )
    op.create_table(
        "dailies",
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("date", sa.String(10), primary_key=True),
        sa.Column("preset", sa.String(32), nullable=False),
        sa.Column("difficulty", sa.String(16), nullable=False),
        sa.Column("opponent", sa.String(32), nullable=False),
    )
    op.create_table(
        "daily_attempts",
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("date", sa.String(10), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
    )


def downgrade() -> None:
    for table in ("daily_attempts", "dailies", "game_actions", "games", "players",
                  "server_settings"):
        op.drop_table(table)
