"""Tables with friends: create, join by invite, start, act, phrases, rematch; the live
WebSocket and its polling fallback.

A seat is named by its token: the ``X-Seat-Token`` header, or the WebSocket's first message
``{"token": ...}`` (never in a URL, so never in a log).  Every answer and every live message
is ``{"table": ..., "game": ...}``: the seats, and the caller's seat's view with the events
after the number it has seen.
"""

from __future__ import annotations

import contextlib
import functools
import json
import logging
from dataclasses import dataclass
from typing import Annotated, Any

import anyio
from fastapi import APIRouter, Depends, Header, Path, Query, Request, WebSocket
from fastapi.responses import HTMLResponse, JSONResponse
from starlette.websockets import WebSocketDisconnect, WebSocketState

from tricktable.i18n import Message
from tricktable.web.contract import errors
from tricktable.web.language import answer_language
from tricktable.web.routes.deps import player_id
from tricktable.web.routes.pages import STATIC
from tricktable.web.service import ApiError, error_body
from tricktable.web.tables.phrases import PHRASES, phrase_text
from tricktable.web.tables.presence import Presence
from tricktable.web.tables.schemas import (
    JoinRequest,
    NewTableRequest,
    PhraseRequest,
    TableActionRequest,
)
from tricktable.web.tables.service import INVITE, TableService

router = APIRouter(prefix="/api/tables", tags=["tables"])
pages = APIRouter(tags=["pages"])
log = logging.getLogger("tricktable.web.tables")


def tables(request: Request) -> TableService:
    found: TableService = request.app.state.tables
    return found


Tables = Annotated[TableService, Depends(tables)]
Player = Annotated[str, Depends(player_id)]
Invite = Annotated[str, Path(pattern=f"^{INVITE.pattern}$")]
Token = Annotated[str | None, Header(alias="X-Seat-Token", max_length=64)]
AUTH_SECONDS = 10.0
REFRESH_SECONDS = 5.0
"""A live connection looks again this often even without a notice (one lost in a database
reconnect is then late, not lost)."""


_PAGE: dict[str, Any] = {"methods": ["GET", "HEAD"], "include_in_schema": False,
                         "response_class": HTMLResponse}


@functools.cache
def _lobby_page() -> str:
    return (STATIC / "table-lobby.html").read_text(encoding="utf-8")


@pages.api_route("/friends", **_PAGE)
def new_table_page() -> HTMLResponse:
    """Create a table with friends."""
    return HTMLResponse(_lobby_page(), headers={"Cache-Control": "no-cache"})


@pages.api_route("/t/{invite}", **_PAGE)
def table_page(invite: str) -> HTMLResponse:
    """A table's page: sit down, the lobby, the game (the invite link)."""
    return HTMLResponse(_lobby_page(), headers={"Cache-Control": "no-cache",
                                                "Referrer-Policy": "no-referrer"})


@router.post("", status_code=201, responses=errors(400, 413, 429, 503))
def create_table(body: NewTableRequest, svc: Tables, me: Player) -> JSONResponse:
    """A new table, me at seat 0 as its host: its invite code and my seat token."""
    return JSONResponse(svc.create(me, game=body.game, preset=body.preset,
                                   difficulty=body.difficulty, hands=body.hands,
                                   target=body.target, nickname=body.nickname,
                                   turn_seconds=body.turn_seconds), status_code=201)


@router.get("/{invite}", responses=errors(400, 403, 404))
def table_state(invite: Invite, svc: Tables, x_seat_token: Token = None,
                after: Annotated[int | None, Query(ge=0)] = None,
                game: Annotated[str | None, Query(max_length=64)] = None) -> JSONResponse:
    """The table (the polling fallback of the live connection): the seats, and with a seat
    token that seat's view, with the events of game ``game`` after event number ``after``."""
    return JSONResponse(svc.state(invite, x_seat_token, since=after, game_id=game))


@router.post("/{invite}/seats", status_code=201, responses=errors(400, 404, 409, 413, 429, 503))
def join_table(invite: Invite, body: JoinRequest, svc: Tables, me: Player) -> JSONResponse:
    """Sit at the table with a nickname: my seat and its token (a browser that sits here
    already gets its seat back with a new token)."""
    return JSONResponse(svc.join(me, invite, body.nickname), status_code=201)


@router.post("/{invite}/start", responses=errors(400, 403, 404, 409, 429))
def start_table(invite: Invite, svc: Tables, x_seat_token: Token = None) -> JSONResponse:
    """The host starts the game: the empty seats become computer players."""
    return JSONResponse(svc.start(invite, x_seat_token, rematch=False))


@router.post("/{invite}/rematch", responses=errors(400, 403, 404, 409, 429))
def rematch(invite: Invite, svc: Tables, x_seat_token: Token = None) -> JSONResponse:
    """The host starts the next game at the same seats, once the last is over."""
    return JSONResponse(svc.start(invite, x_seat_token, rematch=True))


@router.post("/{invite}/actions", responses=errors(400, 403, 404, 409, 413, 422, 429))
def table_act(invite: Invite, body: TableActionRequest, svc: Tables,
              x_seat_token: Token = None) -> JSONResponse:
    """Play my seat's action (version-checked: a stale one is a 409 with the table now)."""
    return JSONResponse(svc.act(invite, x_seat_token, action=body.action,
                                version=body.version, since=body.since, seat=body.seat))


@router.post("/{invite}/phrases", responses=errors(400, 403, 404, 413, 429))
def say(invite: Invite, body: PhraseRequest, svc: Tables,
        x_seat_token: Token = None) -> dict[str, Any]:
    """Say a quick phrase to the table."""
    return svc.phrase(invite, x_seat_token, body.phrase)


@router.websocket("/{invite}/live")
async def live(websocket: WebSocket, invite: str, after: int | None = None,
               game: str | None = None) -> None:
    """The table live: send ``{"token": ...}`` first; then every message is the table as my
    seat sees it (``{"type": "state", "table", "game"}``, the events numbered, each message
    carrying those after the last one sent) or a phrase (``{"type": "phrase", "said"}``).
    ``?after=N&game=ID`` resumes after event N of game ID.  Everything it says is in the
    language of its handshake (the ``tricktable_lang`` cookie, else ``Accept-Language``)."""
    svc: TableService = websocket.app.state.tables
    presence: Presence = websocket.app.state.presence
    await websocket.accept()
    try:
        with anyio.fail_after(AUTH_SECONDS):
            first = await websocket.receive_text()
        token = json.loads(first).get("token")
        if not isinstance(token, str) or not INVITE.fullmatch(invite):
            raise ApiError(403, "not_seated", Message("server.table.send_token"))
        table = await anyio.to_thread.run_sync(svc._table, invite)
        seat = (await anyio.to_thread.run_sync(svc._seat, table, token)).seat
    except ApiError as error:
        await _close(websocket, error.to_json(), 4403 if error.status == 403 else 4404)
        return
    except (TimeoutError, ValueError, AttributeError, WebSocketDisconnect):
        await _close(websocket, error_body("not_seated", Message("server.table.send_json")),
                     4400)
        return
    subscription = svc.hub.subscribe(table.id)
    await anyio.to_thread.run_sync(presence.connect, table.id, seat)
    seen = _Seen(after=after, game=game)

    async def send_state(fresh: bool) -> None:
        state = await anyio.to_thread.run_sync(
            lambda: svc.live_state(table.id, seat, since=seen.after, game_id=seen.game,
                                   fresh=fresh))
        shown = state["game"]
        moved = shown is not None and (shown["id"] != seen.game or bool(shown["events"])
                                       or seen.after is None)
        if not moved and state["table"]["version"] == seen.table:
            return
        if shown is not None:
            seen.after, seen.game = shown["event_count"], shown["id"]
        seen.table = state["table"]["version"]
        await websocket.send_json({"type": "state", **state})

    async def deliver() -> None:
        await send_state(True)
        while True:
            notice = None
            with anyio.move_on_after(REFRESH_SECONDS):
                notice = await subscription.queue.get()
            if notice is not None and notice.get("kind") == "phrase":
                await websocket.send_json({"type": "phrase", "said": _said(notice["said"])})
                continue
            if notice is not None and notice.get("kind") == "table":
                seen.table = -1  # the seats changed: send even without new events
            await send_state(notice is None)

    async def watch_close(scope: anyio.CancelScope) -> None:
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
        finally:
            scope.cancel()

    try:
        async with anyio.create_task_group() as group:
            group.start_soon(watch_close, group.cancel_scope)
            await deliver()
    except Exception:  # the connection went (or the seat's token was replaced)
        log.debug("table %s seat %s: live connection closed", table.id, seat, exc_info=True)
    finally:
        svc.hub.unsubscribe(subscription)
        presence.disconnect(table.id, seat)
        if websocket.client_state is WebSocketState.CONNECTED:
            with contextlib.suppress(RuntimeError):
                await websocket.close()


def _said(said: dict[str, Any]) -> dict[str, Any]:
    """A phrase as this connection's player reads it (the sender's words travel by id)."""
    phrase = said.get("phrase")
    if isinstance(phrase, str) and phrase in PHRASES:
        return {**said, "text": phrase_text(phrase, answer_language())}
    return said


@dataclass
class _Seen:
    """What a live connection has sent: events up to ``after`` of ``game``, the table at
    version ``table`` (-1: send the table again)."""

    after: int | None
    game: str | None
    table: int = -1


async def _close(websocket: WebSocket, body: dict[str, Any], code: int) -> None:
    try:
        await websocket.send_json({"type": "error", **body})
        await websocket.close(code)
    except (RuntimeError, WebSocketDisconnect):
        pass
