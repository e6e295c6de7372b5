"""Coached games: a New game may be coached (the table says after each of the player's decisions
whether the coach would have done otherwise, and the player may undo a decision); ``undos``
counts the undos, so that a game's state is named by its version and its undos together.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"


def upgrade() -> None:
    # Plain ADD COLUMN (SQLite too): a batch would copy the table, which other tables' foreign
    # keys point at.
    op.add_column("games", sa.Column("coached", sa.Boolean, nullable=False,
                                     server_default=sa.false()))
    op.add_column("games", sa.Column("undos", sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    op.drop_column("games", "undos")
    op.drop_column("games", "coached")
