"""Games: start one, the Daily, load one, act in one, list mine."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query
from fastapi.responses import JSONResponse

from tricktable.web.contract import errors
from tricktable.web.metrics import ACTION_SECONDS
from tricktable.web.routes.deps import player_id, service
from tricktable.web.schemas import ActionRequest, DailyRequest, GameName, NewGameRequest
from tricktable.web.service import GameService

router = APIRouter(prefix="/api", tags=["games"])

Service = Annotated[GameService, Depends(service)]
Player = Annotated[str, Depends(player_id)]


@router.get("/options")
def options(svc: Service) -> dict[str, Any]:
    """The games, tables, difficulties and today's Daily date."""
    return svc.options()


@router.get("/games")
def my_games(svc: Service, me: Player) -> dict[str, Any]:
    """My games, newest first."""
    return svc.my_games(me)


@router.post("/games", status_code=201, responses=errors(400, 413, 429, 503))
def new_game(body: NewGameRequest, svc: Service, me: Player) -> JSONResponse:
    """A new game with fresh deals."""
    return JSONResponse(svc.new_game(me, game=body.game, preset=body.preset,
                                     difficulty=body.difficulty, hands=body.hands,
                                     target=body.target),
                        status_code=201)


@router.get("/daily", responses=errors(400))
def daily(svc: Service, me: Player, game: GameName = "sheepshead") -> dict[str, Any]:
    """Today's Daily and whether I have played it."""
    return svc.daily_info(me, game)


@router.post("/daily", responses=errors(400, 413, 429, 503))
def start_daily(body: DailyRequest, svc: Service, me: Player) -> JSONResponse:
    """Start today's Daily (or resume my unfinished one)."""
    return JSONResponse(svc.start_daily(me, body.game))


@router.get("/games/{game_id}", responses=errors(400, 403, 404, 503))
def get_game(
    game_id: str, svc: Service, me: Player,
    since: Annotated[int | None, Query(ge=0)] = None,
) -> JSONResponse:
    """The game as my seat sees it, with the events after event number ``since``."""
    return JSONResponse(svc.get(me, game_id, since=since))


@router.post("/games/{game_id}/actions",
             responses=errors(400, 403, 404, 409, 413, 422, 429, 503))
def act(game_id: str, body: ActionRequest, svc: Service, me: Player) -> JSONResponse:
    """Play my action; the computers answer up to my next decision."""
    with ACTION_SECONDS.time():
        return JSONResponse(svc.act(me, game_id, action=body.action, version=body.version,
                                    since=body.since, body_game_id=body.game_id,
                                    seat=body.seat))
