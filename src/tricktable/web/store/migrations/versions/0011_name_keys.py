"""Every key of a nickname (``name_keys``): "Мarta" with a Cyrillic capital М is "Marta".

A nickname now has two keys (:func:`tricktable.web.games.names.name_keys`): the skeleton of its
case fold, as before, and the key of its skeleton as typed, so a letter that looks Latin only as
a capital is caught.  ``name_keys`` holds each key of each nickname, its primary key refusing a
key that another player's name has; ``players.name_key`` stays, the first key.  Every nickname
is checked again as a new one would be: of players whose names now clash, the first keeps the
name (as in 0007), and a name no longer accepted is dropped.
"""

from __future__ import annotations

import unicodedata

import sqlalchemy as sa
from alembic import op

from tricktable.web.games.errors import ApiError
from tricktable.web.games.names import check_nickname, name_keys

revision = "0011"
down_revision = "0010"

players = sa.table("players", sa.column("id", sa.String), sa.column("nickname", sa.String),
                   sa.column("created_at", sa.DateTime), sa.column("name_key", sa.String))
keys_table = sa.table("name_keys", sa.column("key", sa.String),
                      sa.column("player_id", sa.String))


def _named() -> list[tuple[str, str]]:
    """Players with a nickname, first come first."""
    rows = op.get_bind().execute(
        sa.select(players.c.id, players.c.nickname)
        .where(players.c.nickname.is_not(None))
        .order_by(players.c.created_at, players.c.id)
    ).all()
    return [(str(player_id), str(nickname)) for player_id, nickname in rows]


def upgrade() -> None:
    op.create_table(
        "name_keys",
        sa.Column("key", sa.String(96), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
    )
    op.create_index("ix_name_keys_player", "name_keys", ["player_id"])
    connection = op.get_bind()
    rows = _named()
    # Clear every key first: the unique index must not meet an old key on the way.
    connection.execute(players.update().values(name_key=None))
    taken: set[str] = set()
    for player_id, nickname in rows:
        try:
            cleaned, _ = check_nickname(nickname)
            keys = name_keys(cleaned)
        except ApiError:
            keys = ()
        update = players.update().where(players.c.id == player_id)
        if not keys or taken.intersection(keys):
            connection.execute(update.values(nickname=None))
        else:
            connection.execute(update.values(name_key=keys[0]))
            connection.execute(keys_table.insert(),
                               [{"key": key, "player_id": player_id} for key in keys])
        taken.update(keys)


def downgrade() -> None:
    """One key a name again, 0007's (enclosing marks, a keycap's, dropped); first come keeps
    a key that two names now share."""
    connection = op.get_bind()
    op.drop_index("ix_name_keys_player", "name_keys")
    op.drop_table("name_keys")
    rows = _named()
    connection.execute(players.update().values(name_key=None))
    taken: set[str] = set()
    for player_id, nickname in rows:
        key = " ".join("".join(c for c in name_keys(nickname)[0]
                               if unicodedata.category(c) != "Me").split())
        update = players.update().where(players.c.id == player_id)
        if key in taken:
            connection.execute(update.values(nickname=None))
        else:
            connection.execute(update.values(name_key=key))
            taken.add(key)
