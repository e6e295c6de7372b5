"""Nickname keys become confusable skeletons: ``players.name_key`` is now the NFKC form through
the Unicode confusable skeleton, casefolded, without accent marks
(:func:`tricktable.web.games.names.name_key`), so look-alikes such as "Асе" (Cyrillic) and "Ace"
are one name.

Every nickname is checked again as a new one would be: of players whose names now clash, the
first keeps the name, and a name that is no longer accepted (blank-looking, posing as an
anonymous tag or a computer seat, too long once normalised) is dropped.  Those players show
their anonymous tag until they choose another.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tricktable.web.games.errors import ApiError
from tricktable.web.games.names import check_nickname

revision = "0007"
down_revision = "0006"

players = sa.table("players", sa.column("id", sa.String), sa.column("nickname", sa.String),
                   sa.column("created_at", sa.DateTime), sa.column("name_key", sa.String))


def upgrade() -> None:
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(players.c.id, players.c.nickname)
        .where(players.c.nickname.is_not(None))
        .order_by(players.c.created_at, players.c.id)
    ).all()
    # Clear every key first: the unique index must not meet an old key on the way.
    connection.execute(players.update().values(name_key=None))
    taken: set[str] = set()
    for player_id, nickname in rows:
        try:
            _, key = check_nickname(nickname)
        except ApiError:
            key = None
        values = {"name_key": key} if key is not None and key not in taken else {"nickname": None}
        if key is not None:
            taken.add(key)
        connection.execute(players.update().where(players.c.id == player_id).values(**values))


def downgrade() -> None:
    """Keys go back to NFKC and casefolding; clashes cannot arise (skeletons merge more)."""
    import unicodedata

    connection = op.get_bind()
    rows = connection.execute(sa.select(players.c.id, players.c.nickname)
                              .where(players.c.nickname.is_not(None))).all()
    connection.execute(players.update().values(name_key=None))
    for player_id, nickname in rows:
        key = " ".join(unicodedata.normalize("NFKC", nickname).casefold().split())
        connection.execute(players.update().where(players.c.id == player_id)
                           .values(name_key=key))
