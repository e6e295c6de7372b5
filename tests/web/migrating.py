"""A database as an older version of tricktable left it, for the tests of one migration."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from tricktable.web.store.db import MIGRATIONS, make_engine


def migrated_to(url: str, revision: str) -> sa.Engine:
    """An engine on the (empty) database at ``url`` after the migrations up to ``revision``
    only: the rows a test adds then are those an older version wrote."""
    engine = make_engine(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
    return engine
