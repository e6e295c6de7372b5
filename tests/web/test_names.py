"""Names people can tell apart: look-alikes (Unicode confusables), blank-looking names, piles of
accent marks, imitations of the anonymous tag and of the computer seats are refused, with the
same length rule on every database; nickname changes are rate-limited; and at a table no two
seats share a name."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

import httpx
import pytest
import sqlalchemy as sa
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.web.daily_helpers import Visitors
from tests.web.migrating import migrated_to
from tests.web.play import assert_error
from tests.web.tables import create, join
from tricktable.web.store.db import migrate, players


@pytest.fixture
def visitors(app: FastAPI) -> Iterator[Visitors]:
    found = Visitors(app)
    yield found
    found.close()


def nickname(client: TestClient, name: str) -> httpx.Response:
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
