"""After a friends' table's game: each seat's own review (``seat_reviews``), and the step a
table replays the game together at (``table_replays``).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"


def upgrade() -> None:
    op.create_table(
        "seat_reviews",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("deal", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "table_replays",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("friend_tables.id"),
                  primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("table_replays")
    op.drop_table("seat_reviews")
