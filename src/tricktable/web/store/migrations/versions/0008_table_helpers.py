"""A table's helpers setting: whether hints are offered at the table (the host chooses; off
unless chosen).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"


def upgrade() -> None:
    with op.batch_alter_table("friend_tables") as batch:
        batch.add_column(sa.Column("helpers", sa.Boolean, nullable=False,
                                   server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("friend_tables") as batch:
        batch.drop_column("helpers")
