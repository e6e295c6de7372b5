"""A Daily players can trust: every Daily game is its player's one attempt of the day, ranked
attempts are counted per connection, and nicknames are unique.

- ``daily_attempts`` now holds every Daily game (ranked or not), one per player, game and day
  (its primary key); ``connection`` (an HMAC of the client's network under the server secret
  and the date), ``unranked_reason``, and ``ranked_slot``: the n-th ranked attempt from that
  connection that day, unique, so concurrent requests cannot pass the per-connection cap.
- ``players.name_key``: the nickname after NFKC and casefolding, unique.  Of players whose
  nicknames already clash, the first keeps the name and the others lose it (they show their
  anonymous tag until they choose another).
"""

from __future__ import annotations

import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def _key(nickname: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", nickname).casefold().split())


def upgrade() -> None:
    with op.batch_alter_table("daily_attempts") as batch:
        batch.add_column(sa.Column("connection", sa.String(64), nullable=True))
        batch.add_column(sa.Column("unranked_reason", sa.String(32), nullable=True))
        batch.add_column(sa.Column("ranked_slot", sa.Integer, nullable=True))
    op.create_index("ux_daily_attempts_slot", "daily_attempts",
                    ["game", "date", "connection", "ranked_slot"], unique=True)
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("name_key", sa.String(96), nullable=True))
    players = sa.table("players", sa.column("id", sa.String), sa.column("nickname", sa.String),
                       sa.column("created_at", sa.DateTime), sa.column("name_key", sa.String))
    connection = op.get_bind()
    taken: set[str] = set()
    rows = connection.execute(
        sa.select(players.c.id, players.c.nickname)
        .where(players.c.nickname.is_not(None))
        .order_by(players.c.created_at, players.c.id)
    ).all()
    for player_id, nickname in rows:
        key = _key(nickname)
        values = {"name_key": key} if key not in taken else {"nickname": None}
        taken.add(key)
        connection.execute(players.update().where(players.c.id == player_id).values(**values))
    op.create_index("ux_players_name_key", "players", ["name_key"], unique=True)


def downgrade() -> None:
    op.drop_index("ux_players_name_key", "players")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("name_key")
    op.drop_index("ux_daily_attempts_slot", "daily_attempts")
    with op.batch_alter_table("daily_attempts") as batch:
        batch.drop_column("ranked_slot")
        batch.drop_column("unranked_reason")
        batch.drop_column("connection")
