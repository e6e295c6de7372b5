"""Games: start one, the Daily, load one, act in one, list mine."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import JSONResponse

from tricktable.web.routes.deps import daily_client_address, player_id, service
from tricktable.web.schemas import ActionRequest, DailyRequest, NewGameRequest
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


@router.post("/games", status_code=201)
def new_game(body: NewGameRequest, svc: Service, me: Player) -> JSONResponse:
    """A new game with fresh deals."""
    return JSONResponse(svc.new_game(me, game=body.game, preset=body.preset,
                                     difficulty=body.difficulty, hands=body.hands,
                                     target=body.target),
                        status_code=201)


@router.get("/daily")
def daily(request: Request, svc: Service, me: Player,
          game: str = "sheepshead") -> dict[str, Any]:
    """Today's Daily: whether I have played it, whether my attempt is (or would be) ranked,
    and why not."""
    return svc.daily_info(me, game, daily_client_address(request))


@router.post("/daily")
def start_daily(request: Request, body: DailyRequest, svc: Service, me: Player) -> JSONResponse:
    """My one Daily of today: started now, or the one I have (finished or not)."""
    return JSONResponse(svc.start_daily(me, body.game, daily_client_address(request)))


@router.get("/daily/commitments")
def daily_commitments(svc: Service, game: str = "sheepshead") -> dict[str, Any]:
    """The SHA-256 commitments of today's Daily seed and the next seven days'."""
    return svc.commitments(game)


@router.get("/daily/seed")
def daily_seed(svc: Service, date: str, game: str = "sheepshead") -> dict[str, Any]:
    """A day's commitment, and its seed once the day has ended (midnight US Central)."""
    return svc.daily_seed(game, date)


@router.get("/games/{game_id}/record")
def game_record(game_id: str, svc: Service, me: Player) -> JSONResponse:
    """A finished game's record for ``tricktable replay``: a Daily's once its day has ended."""
    return JSONResponse(svc.record(me, game_id))


@router.get("/games/{game_id}/share")
def share(game_id: str, svc: Service, me: Player) -> dict[str, Any]:
    """The spoiler-free text of my finished Daily, for the Share button."""
    return svc.share(me, game_id)


@router.get("/games/{game_id}")
def get_game(
    game_id: str, svc: Service, me: Player,
    since: Annotated[int | None, Query(ge=0)] = None,
) -> JSONResponse:
    """The game as my seat sees it, with the events after event number ``since``."""
    return JSONResponse(svc.get(me, game_id, since=since))


@router.post("/games/{game_id}/actions")
def act(game_id: str, body: ActionRequest, svc: Service, me: Player) -> JSONResponse:
    """Play my action; the computers answer up to my next decision."""
    return JSONResponse(svc.act(me, game_id, action=body.action, version=body.version,
                                since=body.since, body_game_id=body.game_id, seat=body.seat))
