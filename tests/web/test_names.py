"""Names people can tell apart: look-alikes (Unicode confusables), blank-looking names, piles of
accent marks, imitations of the anonymous tag and of the computer seats are refused, with the
same length rule on every database; nickname changes are rate-limited; and at a table no two
seats share a name."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from threading import Barrier

import httpx2
import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.web.daily_helpers import Visitors
from tests.web.migrating import migrated_to
from tests.web.play import assert_error
from tests.web.tables import create, join
from tricktable.web.games.names import name_keys
from tricktable.web.store.db import MIGRATIONS, make_engine, migrate, players
from tricktable.web.store.db import name_keys as key_rows
from tricktable.web.store.games import Store


@pytest.fixture
def visitors(app: FastAPI) -> Iterator[Visitors]:
    found = Visitors(app)
    yield found
    found.close()


def nickname(client: TestClient, name: str) -> httpx2.Response:
    return client.put("/api/me", json={"nickname": name})


def test_look_alike_names_are_one_name(client: TestClient, visitors: Visitors) -> None:
    assert nickname(client, "Ace").status_code == 200
    for look_alike in ("Асе",            # Cyrillic А, с, е
                       "ΑCE",            # Greek capital alpha
                       "Acé", "Ace\u0301",  # an accent (composed, combining)
                       "𝐀𝐜𝐞"):          # mathematical bold
        other = visitors()
        error = assert_error(nickname(other, look_alike), 409, "nickname_taken")
        assert "look-alike" in error["message"]
        assert other.get("/api/me").json()["nickname"] is None
    assert nickname(visitors(), "B0b").status_code == 200
    assert_error(nickname(visitors(), "Bob"), 409, "nickname_taken")  # a zero for an o


@pytest.mark.parametrize("name, code", [
    ("\u3164", "U+3164"),            # Hangul filler
    ("\u2800\u2800", "U+2800"),      # blank Braille pattern
    ("Ace\u3164", "U+3164"),         # a name with a blank tail
    ("\ufe0f", "U+FE0F"),            # a lone variation selector
])
def test_names_that_show_nothing_are_refused(client: TestClient, name: str, code: str) -> None:
    error = assert_error(nickname(client, name), 400, "bad_nickname")
    assert code in error["message"] and "blank" in error["message"]
    assert client.get("/api/me").json()["nickname"] is None


def test_piles_of_combining_marks_are_refused_but_accents_are_fine(client: TestClient) -> None:
    for zalgo in ("A\u0301\u0302\u0303\u0304ce", "\u0301Ace", "Ace \u0301"):
        error = assert_error(nickname(client, zalgo), 400, "bad_nickname")
        assert "accent marks" in error["message"]
    for fine in ("Việt", "Zoë", "❤️ Ann"):
        assert client.put("/api/me", json={"nickname": fine}).json()["nickname"] == fine


@pytest.mark.parametrize("name", [
    "Аnonymous 02fd",     # Cyrillic А
    "Anonymous O2fd",     # a capital O for the zero
    "Аnоnymоus",          # Cyrillic throughout
    "Nimetön 1a2b",       # Finnish
    "Computer", "COMPUTER 2", "Cоmputer",  # the computer seats' name, a Cyrillic о
    "Tietokone", "Dator", "Komputer", "Computerspieler",  # in other languages
])
def test_imitations_of_the_anonymous_tag_and_the_computers_are_reserved(
        client: TestClient, name: str) -> None:
    error = assert_error(nickname(client, name), 400, "nickname_reserved")
    assert "reserved" in error["message"]
    assert client.get("/api/me").json()["nickname"] is None


def test_the_length_is_checked_on_the_normal_form_on_every_database(
        client: TestClient) -> None:
    # Six characters as typed; NFKC writes each as an 18-letter phrase (108 > the key's 96).
    error = assert_error(nickname(client, "\ufdfa" * 6), 400, "bad_nickname")
    assert "24 characters" in error["message"]
    assert_error(nickname(client, "\ufb03" * 9), 400, "bad_nickname")  # "ffi" ×9: 27 after NFKC
    assert client.get("/api/me").json()["nickname"] is None
    assert nickname(client, "\ufb03" * 8).status_code == 200


def test_nickname_changes_are_rate_limited_per_player_and_per_address(
        visitors: Visitors) -> None:
    one = visitors("192.0.2.10", returning=False)
    for k in range(10):
        assert nickname(one, f"Changer {k}").status_code == 200
    refused = assert_error(nickname(one, "Changer 10"), 429, "too_many_requests")
    assert int(one.put("/api/me", json={"nickname": "x"}).headers["Retry-After"]) >= 1
    assert one.get("/api/me").json()["nickname"] == "Changer 9" and refused
    # Fresh cookies from one address: the address's limit holds them (30 a minute).
    claimed = 0
    for k in range(40):
        response = nickname(visitors("192.0.2.20", returning=False), f"Squat {k}")
        claimed += response.status_code == 200
    assert claimed == 30
    assert nickname(visitors("192.0.2.30"), "Elsewhere").status_code == 200


def test_names_at_a_table_are_unique_and_not_the_computers(app: FastAPI) -> None:
    with TestClient(app, raise_server_exceptions=False) as ann_client, \
            TestClient(app, raise_server_exceptions=False) as bob_client:
        ann = create(ann_client, game="sheepshead", difficulty="easy", nickname="Ann")
        seats = f"/api/tables/{ann.invite}/seats"
        for same in ("Ann", "ANN", "Аnn", "  ann "):
            error = assert_error(bob_client.post(seats, json={"nickname": same}), 409,
                                 "nickname_taken")
            assert "at this table" in error["message"]
        for reserved in ("Computer", "Tietokone 3", "Аnonymous 02fd"):
            assert_error(bob_client.post(seats, json={"nickname": reserved}), 400,
                         "nickname_reserved")
            assert_error(bob_client.post("/api/tables", json={"nickname": reserved}), 400,
                         "nickname_reserved")
        assert_error(bob_client.post(seats, json={"nickname": "\u3164"}), 400, "bad_nickname")
        bob = join(bob_client, ann.invite, "Bob")
        names = [s["nickname"] for s in bob.state["table"]["seats"]]
        assert names[:2] == ["Ann", "Bob"] and names[2:] == [None, None, None]


def test_0007_rekeys_names_as_skeletons_and_drops_clashes(empty_database_url: str) -> None:
    engine = migrated_to(empty_database_url, "0006")
    old = [("a" * 32, "Ace", "ace"), ("b" * 32, "Асе", "асе"),  # Cyrillic: its own key before
           ("c" * 32, "Computer", "computer"), ("d" * 32, "\u3164", "\u3164"),
           ("e" * 32, "Bo", "bo")]
    with engine.begin() as connection:
        connection.execute(sa.text(
            "INSERT INTO players (id, nickname, created_at, name_key) "
            "VALUES (:id, :nickname, :created, :key)"
        ), [{"id": i, "nickname": n, "key": k, "created": datetime(2030, 1, 1 + position)}
            for position, (i, n, k) in enumerate(old)])
    migrate(engine)
    with engine.connect() as connection:
        rows = {row.id: (row.nickname, row.name_key)
                for row in connection.execute(sa.select(players))}
    assert rows == {"a" * 32: ("Ace", "ace"), "b" * 32: (None, None),
                    "c" * 32: (None, None), "d" * 32: (None, None), "e" * 32: ("Bo", "bo")}
    engine.dispose()


CAPITAL_LOOK_ALIKES = [  # (Latin, with a capital that looks Latin only as a capital)
    ("Marta", "Мarta"), ("Hans", "Нans"), ("Kim", "Кim"), ("Tom", "Тom"), ("Bob", "Вob"),
    ("Mia", "Μia"), ("Kai", "Κai"), ("Tim", "Τim"), ("Bea", "Βea"), ("Eva", "Εva"),
    ("Hugo", "Ηugo"), ("Nina", "Νina"), ("Xena", "Χena"), ("Zoe", "Ζoe"),
    ("Ann", "Аnn"), ("Otto", "Оtto"), ("Paul", "Рaul"), ("Carl", "Сarl"), ("Ian", "Ιan"),
]
"""Cyrillic М Н К Т В, Greek Μ Κ Τ Β Ε Η Ν Χ Ζ (whose small forms look like no Latin letter),
and some whose small forms do (Cyrillic А О Р С, Greek Ι)."""


@pytest.mark.parametrize("look_alike_first", [False, True])
def test_capitals_that_look_latin_are_look_alikes_in_either_order(
        app: FastAPI, visitors: Visitors, look_alike_first: bool) -> None:
    for k, pair in enumerate(CAPITAL_LOOK_ALIKES):
        first, second = reversed(pair) if look_alike_first else pair
        address = f"192.0.2.{100 + k}"
        assert nickname(visitors(address), first).status_code == 200
        other = visitors(address)
        error = assert_error(nickname(other, second), 409, "nickname_taken")
        assert "look-alike" in error["message"], (first, second)
        assert other.get("/api/me").json()["nickname"] is None
    with app.state.service.store.engine.connect() as connection:
        assert connection.execute(sa.select(sa.func.count()).select_from(players).where(
            players.c.nickname.is_not(None))).scalar_one() == len(CAPITAL_LOOK_ALIKES)


def test_a_capital_look_alike_of_a_reserved_name_is_reserved(client: TestClient) -> None:
    for name in ("Тietokone", "Κomputer 2"):  # Cyrillic Т, Greek Κ
        assert_error(nickname(client, name), 400, "nickname_reserved")
    assert nickname(client, "Вot").status_code == 200  # a Cyrillic В: "Bot" is free


def test_capital_look_alikes_clash_at_a_table(app: FastAPI) -> None:
    with TestClient(app, raise_server_exceptions=False) as ann_client, \
            TestClient(app, raise_server_exceptions=False) as bob_client:
        ann = create(ann_client, game="sheepshead", difficulty="easy", nickname="Marta")
        error = assert_error(bob_client.post(f"/api/tables/{ann.invite}/seats",
                                             json={"nickname": "Мarta"}), 409, "nickname_taken")
        assert "at this table" in error["message"]


def test_two_look_alike_names_set_at_once_on_two_servers_one_wins(database_url: str) -> None:
    stores = [Store(make_engine(database_url)) for _ in range(2)]
    migrate(stores[0].engine)
    now = datetime(2030, 1, 1)
    for round_ in range(5):
        names = [f"Marta{round_}", f"Мarta{round_}"]  # Latin M, Cyrillic capital М
        barrier = Barrier(2)

        def claim(k: int, names: list[str] = names, barrier: Barrier = barrier,
                  round_: int = round_) -> bool:
            player = f"{round_}{k}".ljust(32, "x")
            stores[k].ensure_player(player, now)
            barrier.wait()
            return stores[k].set_nickname(player, names[k], name_keys(names[k]), now)

        with ThreadPoolExecutor(2) as pool:
            won = list(pool.map(claim, range(2)))
        assert sorted(won) == [False, True], won
        with stores[0].engine.connect() as connection:
            named = connection.execute(sa.select(sa.func.count()).select_from(players).where(
                players.c.nickname.like(f"%arta{round_}"))).scalar_one()
        assert named == 1
    for store in stores:
        store.engine.dispose()


ENGLAND = "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"
"""The flag of England: a black flag, tag letters "gbeng", a cancel tag."""


@pytest.mark.parametrize("well_formed, malformed", [
    ("👩\u200d💻 Ann", "👩\u200d Ann"),      # woman technologist; a joiner at an emoji's end
    ("👩\u200d💻 Ann", "\u200d👩 Ann"),      # ... at its start
    ("🏳\ufe0f\u200d🌈", "🏳\ufe0f\u200d\u200d🌈"),  # rainbow flag; two joiners
    ("👨\u200d👩\u200d👧\u200d👦", "A\u200dnn"),  # family; a joiner between letters
    ("🧑🏽\u200d💻", "1\u200d2"),            # a skin tone, then a joiner; digits are no pictures
    ("🧑🏽\u200d💻", "An\u200cn"),           # a non-joiner
    ("🧑🏽\u200d💻", "Ann\u202e"),           # a bidi override
    (ENGLAND, "🏴\U000e0067\U000e0062"),     # a tag sequence without its end
    (ENGLAND, "Ann\U000e0067\U000e007f"),    # tags after a letter
    (ENGLAND, "\U000e007f"),                  # a lone cancel tag
])
def test_joiners_and_tags_are_accepted_in_emoji_sequences_only(
        client: TestClient, well_formed: str, malformed: str) -> None:
    error = assert_error(nickname(client, malformed), 400, "bad_nickname")
    assert "control characters" in error["message"]
    assert client.get("/api/me").json()["nickname"] is None
    response = nickname(client, well_formed)
    assert response.status_code == 200, response.json()
    assert client.get("/api/me").json()["nickname"] == well_formed


def test_the_length_is_what_a_reader_sees_with_a_cap_the_columns_hold(
        client: TestClient) -> None:
    assert nickname(client, "👍🏽" * 4 + "a" * 20).status_code == 200  # 24 seen, 28 code points
    error = assert_error(nickname(client, "👍🏽" * 4 + "a" * 21), 400, "bad_nickname")
    assert "24 characters" in error["message"]
    family = "👨\u200d👩\u200d👧\u200d👦"
    assert nickname(client, family * 5).status_code == 200  # 35 code points
    error = assert_error(nickname(client, family * 6), 400, "bad_nickname")  # 42
    assert "40 code points" in error["message"]
    assert client.get("/api/me").json()["nickname"] == family * 5


def test_emoji_that_look_different_are_different_names(visitors: Visitors) -> None:
    scotland = "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
    for names in (("👩\u200d💻 Ann", "👩💻 Ann"),   # one picture, or two
                  (ENGLAND, scotland), ("👍🏽", "👍🏿"), ("1\ufe0f\u20e3", "1")):
        for name in names:
            assert nickname(visitors(), name).status_code == 200, name
    assert nickname(visitors(), "❤️ Bo").status_code == 200
    assert_error(nickname(visitors(), "❤ Bo"), 409, "nickname_taken")  # a text-style heart


def test_0011_keys_every_name_twice_and_drops_capital_look_alikes(
        empty_database_url: str) -> None:
    engine = migrated_to(empty_database_url, "0010")
    old = [("a" * 32, "Marta", "rnarta"), ("b" * 32, "Мarta", "ʍarta"),  # Cyrillic М, later
           ("c" * 32, "Ian", "ian"), ("d" * 32, "lan", "lan"),          # capital i, small L
           ("e" * 32, "Тietokone", "ᴛietokone"), ("f" * 32, "Bo", "bo")]
    with engine.begin() as connection:
        connection.execute(sa.text(
            "INSERT INTO players (id, nickname, created_at, name_key) "
            "VALUES (:id, :nickname, :created, :key)"
        ), [{"id": i, "nickname": n, "key": k, "created": datetime(2030, 1, 1 + position)}
            for position, (i, n, k) in enumerate(old)])
    migrate(engine)
    with engine.connect() as connection:
        rows = {row.id: (row.nickname, row.name_key)
                for row in connection.execute(sa.select(players))}
        keys = set(connection.execute(sa.select(key_rows.c.key, key_rows.c.player_id)).all())
    assert rows == {"a" * 32: ("Marta", "rnarta"), "b" * 32: (None, None),
                    "c" * 32: ("Ian", "ian"), "d" * 32: (None, None),
                    "e" * 32: (None, None), "f" * 32: ("Bo", "bo")}
    assert keys == {("rnarta", "a" * 32), ("ian", "c" * 32), ("lan", "c" * 32),
                    ("bo", "f" * 32)}
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0010")
    with engine.connect() as connection:
        assert not sa.inspect(connection).has_table("name_keys")
        back = {row.id: row.name_key for row in connection.execute(sa.select(players))}
    assert back == {"a" * 32: "rnarta", "b" * 32: None, "c" * 32: "ian", "d" * 32: None,
                    "e" * 32: None, "f" * 32: "bo"}
    engine.dispose()
