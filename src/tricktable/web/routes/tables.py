"""Tables with friends: create, join by invite, start, act, phrases, rematch; the live
WebSocket and its polling fallback.

A seat is named by its token: the ``X-Seat-Token`` header, or the WebSocket's first message
``{"token": ...}`` (never in a URL, so never in a log).  Every answer and every live message
is ``{"table": ..., "game": ...}``: the seats, and the caller's seat's view with the events
after the number it has seen.
"""

from __future__ import annotations

import contextlib
import json
import logging
from typing import Annotated, Any

import anyio
from fastapi import APIRouter, Header, Path, Query, Request, WebSocket
from fastapi.responses import HTMLResponse, JSONResponse
from starlette.websockets import WebSocketDisconnect, WebSocketState

from tricktable.i18n import Message
from tricktable.web.contract import errors
from tricktable.web.errors import RETRY_AFTER_SECONDS, UNAVAILABLE
from tricktable.web.games.service import ApiError, error_body
from tricktable.web.language import answer_language
from tricktable.web.pages.render import page
from tricktable.web.routes.deps import Player, Tables
from tricktable.web.routes.pages import NO_CACHE, PAGE, not_found_page
from tricktable.web.routes.params import Count
from tricktable.web.tables.feed import Feeds
from tricktable.web.tables.opening import hello, resume
from tricktable.web.tables.presence import Presence
from tricktable.web.tables.schemas import (
    JoinRequest,
    NewTableRequest,
    PhraseRequest,
    RemoveRequest,
    SettingsRequest,
    TableActionRequest,
    TakeSeatRequest,
)
from tricktable.web.tables.service import INVITE, TableService
from tricktable.web.tables.watch import WATCHER, watch_state

router = APIRouter(prefix="/api/tables", tags=["tables"])
pages = APIRouter(tags=["pages"])
log = logging.getLogger("tricktable.web.tables")


Invite = Annotated[str, Path(pattern=f"^{INVITE.pattern}$")]
Token = Annotated[str | None, Header(alias="X-Seat-Token", max_length=64)]
AUTH_SECONDS = 10.0


@pages.api_route("/friends", **PAGE)
def new_table_page(request: Request) -> HTMLResponse:
    """Create a table with friends."""
    return page(request, "friends.html", headers=NO_CACHE)


@pages.api_route("/t/{invite}", **PAGE)
def table_page(request: Request, invite: str, svc: Tables) -> HTMLResponse:
    """A table's page: sit down, the lobby, the game (the invite link); an invite that names
    no table (malformed, unknown or closed) gets the not-found page."""
    try:
        svc._table(invite)
    except ApiError as error:
        found = not_found_page(request, error.to_json(answer_language())["message"])
        found.headers["Referrer-Policy"] = "no-referrer"
        return found
    return page(request, "friends.html", headers={**NO_CACHE, "Referrer-Policy": "no-referrer"})


@router.post("", status_code=201, responses=errors(400, 413, 429, 503))
def create_table(body: NewTableRequest, svc: Tables, me: Player) -> JSONResponse:
    """A new table, me at seat 0 as its host: its invite code and my seat token."""
    return JSONResponse(svc.create(me, game=body.game, preset=body.preset,
                                   difficulty=body.difficulty, hands=body.hands,
                                   target=body.target, nickname=body.nickname,
                                   turn_seconds=body.turn_seconds, helpers=body.helpers),
                        status_code=201)


@router.get("/{invite}", responses=errors(400, 403, 404))
def table_state(invite: Invite, svc: Tables, x_seat_token: Token = None,
                after: Count | None = None,
                game: Annotated[str | None, Query(max_length=64)] = None,
                said: Count | None = None) -> JSONResponse:
    """The table (the polling fallback of the live connection): the seats, and with a seat
    token that seat's view, with the events of game ``game`` after event number ``after`` and
    the quick phrases after number ``said``."""
    return JSONResponse(svc.state(invite, x_seat_token, since=after, game_id=game, said=said))


@router.get("/{invite}/watch", responses=errors(400, 404))
def watch_table(svc: Tables, invite: Annotated[str, Path(max_length=200)],
                after: Count | None = None,
                game: Annotated[str | None, Query(max_length=64)] = None,
                said: Count | None = None) -> JSONResponse:
    """The table as a watcher sees it (anyone with the invite; the polling fallback of a
    watcher's live connection): the seats, and the game's public view only (no hand, no
    partner before the called card is played, no bury), with the events of game ``game``
    after event number ``after`` and the quick phrases after number ``said``.  An invite
    that names no table (malformed, unknown or closed) is a 404."""
    return JSONResponse(watch_state(svc, invite, since=after, game_id=game, said=said))


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


@router.post("/{invite}/settings", responses=errors(400, 403, 404, 409, 413, 429, 503))
def table_settings(invite: Invite, body: SettingsRequest, svc: Tables,
                   x_seat_token: Token = None) -> JSONResponse:
    """The host offers hints at the table or stops (in the lobby or between games); every
    player sees the setting (the table's ``helpers``)."""
    return JSONResponse(svc.settings(invite, x_seat_token, helpers=body.helpers))


@router.post("/{invite}/hint", responses=errors(400, 403, 404, 409, 429, 503))
def table_hint(invite: Invite, svc: Tables, x_seat_token: Token = None) -> dict[str, Any]:
    """A hint for my seat's turn (Sheepshead), from my seat's view only, where the table
    offers hints."""
    return svc.hint(invite, x_seat_token)


@router.post("/{invite}/seat-link", responses=errors(400, 403, 404, 429))
def seat_link(invite: Invite, svc: Tables, x_seat_token: Token = None) -> dict[str, Any]:
    """A code that moves my seat to another browser, once (put in a link's fragment:
    ``/t/INVITE#seat=CODE``, which no browser sends to the server)."""
    return svc.seat_link(invite, x_seat_token)


@router.post("/{invite}/seat-move", status_code=201,
             responses=errors(400, 403, 404, 413, 429, 503))
def take_seat(invite: Invite, body: TakeSeatRequest, svc: Tables, me: Player) -> JSONResponse:
    """Take my seat in this browser with its seat link's code: a new seat token here; the
    browser that had the seat loses it."""
    return JSONResponse(svc.take_seat(me, invite, body.code), status_code=201)


@router.post("/{invite}/leave", responses=errors(400, 403, 404, 503))
def leave_table(invite: Invite, svc: Tables, x_seat_token: Token = None) -> JSONResponse:
    """Get up from my seat: in the lobby it opens again, once started a computer plays it.  A
    host who leaves hands the table to another player; the last to leave closes it (the
    answer's ``table`` is then null)."""
    return JSONResponse(svc.leave(invite, x_seat_token))


@router.post("/{invite}/remove", responses=errors(400, 403, 404, 413, 503))
def remove_player(invite: Invite, body: RemoveRequest, svc: Tables,
                  x_seat_token: Token = None) -> JSONResponse:
    """The host takes another player off the table (a computer plays the seat once the game
    has started)."""
    return JSONResponse(svc.remove(invite, x_seat_token, body.seat))


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
async def live(websocket: WebSocket, invite: str) -> None:
    """The table live: send ``{"token": ...}`` first; then every message is the table as my
    seat sees it (``{"type": "state", "table", "game"}``, the events numbered, each message
    carrying those after the last one sent), a quick phrase (``{"type": "phrase",
    "said"}``, numbered) or, once a game is over, the step the table replays it at together
    (``{"type": "replay", "game", "step"}``).  Send ``{"watch": true}`` instead to watch: the
    table's public view (``game.watching``).  The connection only listens: anything sent
    after the first message is answered with an ``error`` message (``watching`` to a watcher,
    ``listen_only`` to a seat: actions and phrases go by POST) and changes nothing.
    ``?after=N&game=ID`` resumes after event N of game ID, ``said=M`` after phrase M (the
    first message then carries the phrases said since, in ``said``).

    A refusal is an ``error`` message, then the close: 4400 for a bad query parameter (named)
    or first message (not a JSON object in a text message, too long, none in time), 4403 for
    a wrong seat token, 4404 for an invite that names no table, and 4503 when the database
    does not answer (``retry_after`` seconds: connect again then).  Everything it says is in
    the language of its handshake (the ``tricktable_lang`` cookie, else ``Accept-Language``)."""
    svc: TableService = websocket.app.state.tables
    presence: Presence = websocket.app.state.presence
    feeds: Feeds = websocket.app.state.feeds
    await websocket.accept()
    try:
        where = resume(websocket.query_params)
        with anyio.fail_after(AUTH_SECONDS):
            first = await websocket.receive()
        if first["type"] == "websocket.disconnect":
            return
        asked = hello(first, invite)
        table = await anyio.to_thread.run_sync(svc._table, invite)
        sitting = None if asked.watching else await anyio.to_thread.run_sync(
            svc._seat, table, asked.token)
        seat = WATCHER if sitting is None else sitting.seat
    except ApiError as error:
        await _close(websocket, error.to_json(), 4000 + error.status)
        return
    except TimeoutError:
        await _close(websocket, error_body("not_seated", Message("server.table.send_json")),
                     4400)
        return
    except UNAVAILABLE as error:
        log.error("The database did not answer: %s", error)
        await _close(websocket, {**error_body("unavailable",
                                              Message("server.database_unavailable")),
                                 "retry_after": RETRY_AFTER_SECONDS}, 4503)
        return
    language = answer_language()
    member = feeds.join(table.id, seat, after=where.after, game=where.game, said=where.said,
                        language=language, joined=None if sitting is None else sitting.joined_at)
    try:
        if sitting is not None:  # a watcher is no one's presence
            await anyio.to_thread.run_sync(presence.connect, table.id, seat)

        async def watch_close(scope: anyio.CancelScope) -> None:
            try:
                while True:
                    message = await websocket.receive()
                    if message["type"] == "websocket.disconnect":
                        break
                    # Anything sent now is refused: a watcher's, or a seat's (it acts by POST).
                    refusal = (error_body("watching", Message("server.table.watching"), language)
                               if sitting is None else
                               error_body("listen_only", Message("server.table.listen_only"),
                                          language))
                    member.outbox.put_nowait(json.dumps({"type": "error", **refusal}))
            finally:
                scope.cancel()

        async with anyio.create_task_group() as group:
            group.start_soon(watch_close, group.cancel_scope)
            while (text := await member.outbox.get()) is not None:
                await websocket.send_text(text)
            group.cancel_scope.cancel()
    except Exception:  # the connection went (or the seat's token was replaced)
        log.debug("table %s seat %s: live connection closed", table.id, seat, exc_info=True)
    finally:
        feeds.leave(table.id, member)
        if sitting is not None:
            with anyio.CancelScope(shield=True):
                await anyio.to_thread.run_sync(presence.disconnect, table.id, seat)
        if websocket.client_state is WebSocketState.CONNECTED:
            # The client may have gone meanwhile: the server then says ClientDisconnected.
            with contextlib.suppress(Exception):
                await websocket.close()


async def _close(websocket: WebSocket, body: dict[str, Any], code: int) -> None:
    """Refuse the connection: the ``error`` message, then the close (its reason the error's
    code, for a client that sees only the close)."""
    try:
        await websocket.send_json({"type": "error", **body})
        await websocket.close(code, reason=body["error"])
    except (RuntimeError, WebSocketDisconnect):
        pass
