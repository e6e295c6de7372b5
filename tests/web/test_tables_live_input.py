"""Bad input on a table's live WebSocket, and a database that does not answer: each is an
``error`` message that says what was wrong, then a clear close (4400 for bad input, 4503 to try
again), never an abrupt one; what a seat sends after its first message is refused too."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.web.tables import at_a_table, create
from tests.web.test_database_down import take_down
from tricktable.i18n import Message, translate
from tricktable.web.errors import RETRY_AFTER_SECONDS
from tricktable.web.tables.opening import MAX_HELLO


def refusal(websocket: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The error message a refused connection gets, and its close."""
    message = websocket.receive_json()
    close = websocket.receive()
    assert close["type"] == "websocket.close", close
    return message, close


@pytest.mark.parametrize("first", [
    b'{"token": "a"}',  # the right JSON, but a binary message
    "[]", '"x"', "null", "5", "{",
    '{"token": "' + "a" * MAX_HELLO + '"}',  # a token far too long to be one
], ids=["binary", "list", "string", "null", "number", "broken", "too-long"])
def test_a_first_message_that_is_not_a_small_json_object_is_closed_4400(
        client: TestClient, first: str | bytes) -> None:
    ann = create(client, game="spades", difficulty="easy")
    with client.websocket_connect(f"/api/tables/{ann.invite}/live") as websocket:
        if isinstance(first, bytes):
            websocket.send_bytes(first)
        else:
            websocket.send_text(first)
        message, close = refusal(websocket)
    assert message["type"] == "error" and message["error"] == "not_seated"
    assert "game" not in message and "table" not in message
    key = {"binary": "server.table.send_text",
           "too-long": "server.table.hello_too_large"}.get(
        "binary" if isinstance(first, bytes) else "too-long" if len(first) > MAX_HELLO else "",
        "server.table.send_json")
    assert message["reason"]["key"] == key, message
    assert '{"token": ...}' in message["message"]
    assert (close["code"], close["reason"]) == (4400, "not_seated")


@pytest.mark.parametrize(("query", "named", "problem"), [
    ("after=abc", "query.after", "server.validation.integer"),
    ("said=abc", "query.said", "server.validation.integer"),
    ("after=-1", "query.after", "server.validation.at_least"),
    ("after=99999999999999999999", "query.after", "server.validation.at_most"),
    ("said=1.5", "query.said", "server.validation.integer"),
    ("after=1&game=" + "g" * 65, "query.game", "server.validation.too_long"),
])
def test_a_bad_query_parameter_is_closed_4400_naming_it(client: TestClient, query: str,
                                                        named: str, problem: str) -> None:
    ann = create(client, game="spades", difficulty="easy")
    polled = client.get(f"/api/tables/{ann.invite}?{query}", headers=ann.headers)
    assert polled.status_code == 400  # the polling fallback refuses it the same way
    with client.websocket_connect(f"/api/tables/{ann.invite}/live?{query}") as websocket:
        websocket.send_json({"token": ann.token})
        message, close = refusal(websocket)
    assert message["type"] == "error" and message["error"] == "bad_request"
    assert message["message"] == polled.json()["message"]
    assert named in message["message"]
    assert message["reason"]["params"]["problems"]["key"] == problem
    assert (close["code"], close["reason"]) == (4400, "bad_request")
    # The documented parameters still resume where they say.
    with client.websocket_connect(f"/api/tables/{ann.invite}/live?said=0") as websocket:
        websocket.send_json({"token": ann.token})
        assert websocket.receive_json()["type"] == "state"


@pytest.mark.parametrize("hello", [{"token": "seat"}, {"watch": True}], ids=["seat", "watch"])
def test_a_database_that_does_not_answer_closes_4503_saying_try_again(
        make_app: Callable[..., FastAPI], database_url: str, hello: dict[str, Any]) -> None:
    app = make_app()
    with TestClient(app, raise_server_exceptions=False) as client:
        ann = create(client, game="spades", difficulty="easy")
        if hello.get("token"):
            hello = {"token": ann.token}
        take_down(app, database_url)
        with client.websocket_connect(f"/api/tables/{ann.invite}/live",
                                      headers={"Accept-Language": "de"}) as websocket:
            websocket.send_json(hello)
            message, close = refusal(websocket)
    assert message["type"] == "error" and message["error"] == "unavailable"
    assert message["message"] == translate("de", Message("server.database_unavailable"))
    assert message["reason"]["key"] == "server.database_unavailable"
    assert message["retry_after"] == RETRY_AFTER_SECONDS
    assert (close["code"], close["reason"]) == (4503, "unavailable")


def test_what_a_seat_sends_after_its_first_message_is_refused(app: FastAPI) -> None:
    with at_a_table(app, "Bob", game="spades", difficulty="easy") as (ann, bob):
        messages: list[dict[str, Any]] = []
        with bob.client.websocket_connect(f"/api/tables/{bob.invite}/live") as websocket:
            websocket.send_json({"token": bob.token})
            assert websocket.receive_json()["type"] == "state"
            websocket.send_json({"phrase": "gg"})  # a seat trying to talk over the socket
            websocket.send_bytes(b"\x00")
            # Bob gets up: his connection ends, with what it was sent before.
            left = bob.client.post(f"/api/tables/{bob.invite}/leave", headers=bob.headers)
            assert left.status_code == 200, left.text
            with pytest.raises(WebSocketDisconnect):
                while True:
                    messages.append(websocket.receive_json())
        refused = [m for m in messages if m["type"] == "error" and m["error"] == "listen_only"]
        assert len(refused) == 2, messages
        assert "POST" in refused[0]["message"] and "/actions" in refused[0]["message"]
        assert refused[0]["reason"]["key"] == "server.table.listen_only"
        # Nothing was said: the table heard no phrase.
        assert ann.poll()["table"]["said"] == 0
