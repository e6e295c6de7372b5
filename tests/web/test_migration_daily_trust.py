"""Migration 0002 on a database made by 0001: clashing nicknames are resolved (the first player
keeps the name), and old Daily attempts stay on the board."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa

from tests.web.migrating import migrated_to
from tricktable.web.store.db import daily_attempts, games, migrate, players


def test_0002_resolves_clashing_nicknames_and_keeps_ranked_attempts(
    empty_database_url: str,
) -> None:
    engine = migrated_to(empty_database_url, "0001")
    old_players = [("a" * 32, "Ace", datetime(2030, 1, 1)),
                   ("b" * 32, "ACE", datetime(2030, 1, 2)),
                   ("c" * 32, "Ａｃｅ", datetime(2030, 1, 3)),
                   ("d" * 32, "Bo", datetime(2030, 1, 4))]
    with engine.begin() as connection:
        connection.execute(sa.text(
            "INSERT INTO players (id, nickname, created_at) VALUES (:id, :nickname, :created)"
        ), [{"id": i, "nickname": n, "created": c} for i, n, c in old_players])
        connection.execute(sa.text(
            "INSERT INTO games (id, game, player_id, mode, daily_date, ranked, preset, rules, "
            "difficulty, opponent, seed, human_seat, version, status, score, stats, created_at, "
            "updated_at) VALUES ('g1', 'sheepshead', :p, 'daily', '2030-01-05', :t, 'milwaukee', "
            "'{}', 'normal', 'basic', 's', 0, 0, 'over', 7, NULL, :c, :c)"
        ), {"p": "d" * 32, "t": True, "c": datetime(2030, 1, 5)})
        connection.execute(sa.text(
            "INSERT INTO daily_attempts (game, date, player_id, game_id) "
            "VALUES ('sheepshead', '2030-01-05', :p, 'g1')"), {"p": "d" * 32})
    migrate(engine)
    with engine.connect() as connection:
        names = dict(connection.execute(sa.select(players.c.id, players.c.nickname)).all())
        keys = dict(connection.execute(sa.select(players.c.id, players.c.name_key)).all())
        attempt = connection.execute(sa.select(daily_attempts)).one()
        ranked = connection.execute(sa.select(games.c.ranked)).scalar_one()
    assert names == {"a" * 32: "Ace", "b" * 32: None, "c" * 32: None, "d" * 32: "Bo"}
    assert keys == {"a" * 32: "ace", "b" * 32: None, "c" * 32: None, "d" * 32: "bo"}
    assert attempt.connection is None and attempt.ranked_slot is None and bool(ranked)
    engine.dispose()
