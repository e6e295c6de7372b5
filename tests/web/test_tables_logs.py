"""A table's invite code and its seat tokens never reach the server's log: a real ``tricktable
serve`` process is asked everything a table's players ask (the page, sitting down, the live
WebSocket, actions, phrases, a wrong token, a guessed invite) and its whole output is searched.
uvicorn logs every WebSocket's path, so the invite is there unless the server redacts it."""

from __future__ import annotations

import json
from pathlib import Path

import httpx2
import pytest
from websockets.sync.client import connect

from tests.web.servers import Server


@pytest.mark.parametrize("log_format", ["text", "json"])
def test_invite_codes_and_seat_tokens_stay_out_of_the_log(tmp_path: Path,
                                                          log_format: str) -> None:
    log = tmp_path / "server.log"
    server = Server(f"sqlite:///{tmp_path / 'tables.sqlite3'}", log,
                    args=("--log-format", log_format))
    try:
        with httpx2.Client(base_url=server.url) as ann, httpx2.Client(base_url=server.url) as bob:
            made = ann.post("/api/tables", json={"game": "spades", "nickname": "Ann"})
            assert made.status_code == 201, made.text
            invite, ann_token = made.json()["invite"], made.json()["token"]
            assert bob.get(f"/t/{invite}").status_code == 200
            joined = bob.post(f"/api/tables/{invite}/seats", json={"nickname": "Bob"})
            bob_token = joined.json()["token"]
            started = ann.post(f"/api/tables/{invite}/start",
                               headers={"X-Seat-Token": ann_token})
            game = started.json()["game"]
            url = server.url.replace("http://", "ws://") + f"/api/tables/{invite}/live"
            with connect(f"{url}?after=0&game={game['id']}") as websocket:
                websocket.send(json.dumps({"token": bob_token}))
                assert json.loads(websocket.recv(timeout=30))["type"] == "state"
                mover, token = (ann, ann_token) if game["legal_actions"] else (bob, bob_token)
                state = mover.get(f"/api/tables/{invite}?after=0",
                                  headers={"X-Seat-Token": token}).json()["game"]
                acted = mover.post(f"/api/tables/{invite}/actions",
                                   headers={"X-Seat-Token": token},
                                   json={"action": state["legal_actions"][0],
                                         "version": state["version"]})
                assert acted.status_code == 200, acted.text
                said = bob.post(f"/api/tables/{invite}/phrases",
                                headers={"X-Seat-Token": bob_token}, json={"phrase": "nice"})
                assert said.status_code == 200
                websocket.recv(timeout=30)
            with connect(url) as websocket:  # a wrong token: refused
                websocket.send(json.dumps({"token": ann_token[::-1]}))
                assert json.loads(websocket.recv(timeout=30))["error"] == "not_seated"
            # Bob's seat moves to another browser by its seat link; the code and the new
            # token stay out of the log too.
            code = bob.post(f"/api/tables/{invite}/seat-link",
                            headers={"X-Seat-Token": bob_token}).json()["code"]
            with httpx2.Client(base_url=server.url) as laptop:
                moved = laptop.post(f"/api/tables/{invite}/seat-move", json={"code": code})
                assert moved.status_code == 201, moved.text
                laptop_token = moved.json()["token"]
            assert ann.get(f"/api/tables/{invite[::-1]}").status_code == 404
            assert ann.get(f"/api/tables/{invite}/nothing").status_code in (404, 405)
    finally:
        server.kill()
    text = log.read_text(encoding="utf-8", errors="replace")
    # uvicorn logged the WebSocket, and the access log each request, by template only.
    assert 'WebSocket /api/tables/{invite}/live' in text, text[-2000:]
    assert "/api/tables/{invite}/actions" in text
    for secret in (invite, invite[::-1], ann_token, bob_token, code, laptop_token):
        assert secret not in text
