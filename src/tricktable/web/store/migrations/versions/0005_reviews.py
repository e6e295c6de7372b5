"""Reviews of finished deals, and games in which a hint was used."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    op.create_table(
        "game_reviews",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("deal", sa.Integer, primary_key=True),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "game_hints",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("hints", sa.Integer, nullable=False),
        sa.Column("first_at", sa.DateTime, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("game_hints")
    op.drop_table("game_reviews")
