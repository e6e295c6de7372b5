"""Tables with friends: a table, its seats (invite code, per-seat token hashes, nicknames)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    op.create_table(
        "friend_tables",
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
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=True),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
    )
    op.create_index("ux_friend_tables_invite", "friend_tables", ["invite_hash"], unique=True)
    op.create_table(
        "friend_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("friend_tables.id"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("player_id", sa.String(32), nullable=True),
        sa.Column("nickname", sa.String(40), nullable=False),
        sa.Column("joined_at", sa.DateTime, nullable=False),
        sa.Column("seen_at", sa.DateTime, nullable=False),
    )
    op.create_index("ux_friend_seats_token", "friend_seats", ["token_hash"], unique=True)


def downgrade() -> None:
    op.drop_index("ux_friend_seats_token", table_name="friend_seats")
    op.drop_table("friend_seats")
    op.drop_index("ux_friend_tables_invite", table_name="friend_tables")
    op.drop_table("friend_tables")
