"""Quick phrases at a table, stored and numbered (a player who reconnects sees those said while
away), and the table's count of them.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    with op.batch_alter_table("friend_tables") as batch:
        batch.add_column(sa.Column("said", sa.Integer, nullable=False, server_default="0"))
    op.create_table(
        "friend_phrases",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("friend_tables.id"),
                  primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("phrase", sa.String(16), nullable=False),
        sa.Column("said_at", sa.DateTime, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("friend_phrases")
    with op.batch_alter_table("friend_tables") as batch:
        batch.drop_column("said")
