"""After a game at a friends' table: my seat's replay and review, and replaying the game
together (:mod:`tricktable.web.tables.replays`).  A seat is named by its token, in the
``X-Seat-Token`` header, as everywhere at a table."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import JSONResponse

from tricktable.web.contract import errors
from tricktable.web.games.play import GAME_ID
from tricktable.web.routes.tables import Invite, Token
from tricktable.web.tables.replays import ReplayStepRequest, TableReplays

router = APIRouter(prefix="/api/tables", tags=["tables"])


async def replays(request: Request) -> TableReplays:
    return TableReplays(request.app.state.tables, request.app.state.reviews)


Replays = Annotated[TableReplays, Depends(replays)]
GameId = Annotated[str | None, Query(pattern=f"^{GAME_ID.pattern}$")]


@router.get("/{invite}/replay", responses=errors(400, 403, 404, 409))
def seat_replay(invite: Invite, svc: Replays, x_seat_token: Token = None,
                game: GameId = None) -> dict[str, Any]:
    """The table's finished game (its last, or ``game``) every card face up, with the marks of
    my seat's reviewed decisions and the step the table replays it at together.  Only for a
    player seated at the table, once the game is over."""
    return svc.replay(invite, x_seat_token, game)


@router.get("/{invite}/review", responses=errors(400, 403, 404, 409))
def seat_review(invite: Invite, svc: Replays, x_seat_token: Token = None,
                game: GameId = None) -> dict[str, Any]:
    """The review of my seat's decisions in the table's finished game, as far as it is
    computed."""
    return svc.review(invite, x_seat_token, game, start=False)


@router.post("/{invite}/review", status_code=202, responses=errors(400, 403, 404, 409, 429))
def start_seat_review(invite: Invite, svc: Replays, x_seat_token: Token = None,
                      game: GameId = None) -> JSONResponse:
    """Have the workers review my seat's decisions in the finished deals not reviewed yet;
    poll ``GET`` for the progress."""
    return JSONResponse(svc.review(invite, x_seat_token, game, start=True), status_code=202)


@router.post("/{invite}/replay-step", responses=errors(400, 403, 404, 409, 413, 429))
def replay_step(invite: Invite, body: ReplayStepRequest, svc: Replays,
                x_seat_token: Token = None) -> dict[str, Any]:
    """Replay together: every screen at the table shows step ``step`` of the finished game
    (told over the live connection as ``{"type": "replay", "game", "step"}``)."""
    return svc.step(invite, x_seat_token, body)
