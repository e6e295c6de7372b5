"""Games: start one, the Daily, load one, act in one, list mine."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Request
from fastapi.responses import JSONResponse

from tricktable.i18n import Message
from tricktable.web.contract import errors
from tricktable.web.edges.metrics import ACTION_SECONDS
from tricktable.web.edges.proxy import client_address
from tricktable.web.games.service import GAME_ID, ApiError, GameService
from tricktable.web.routes.deps import Player, service
from tricktable.web.routes.params import Count, DailyDay
from tricktable.web.schemas import ActionRequest, DailyRequest, GameName, NewGameRequest

router = APIRouter(prefix="/api", tags=["games"])

Service = Annotated[GameService, Depends(service)]
WellFormedGameId = Annotated[str, Path(pattern=f"^{GAME_ID.pattern}$")]
"""A game id as the server makes them: anything else is a 400 that says so."""


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
                                     target=body.target, house=body.house(),
                                     coached=body.coached),
                        status_code=201)


@router.get("/daily", responses=errors(400))
def daily(request: Request, svc: Service, me: Player,
          game: GameName = "sheepshead") -> dict[str, Any]:
    """Today's Daily: whether I have played it, whether my attempt is (or would be) ranked,
    and why not."""
    return svc.daily_info(me, game, client_address(request))


@router.post("/daily", responses=errors(400, 413, 429, 503))
def start_daily(request: Request, body: DailyRequest, svc: Service, me: Player) -> JSONResponse:
    """My one Daily of today: started now, or the one I have (finished or not).  A Daily is
    never coached (400)."""
    if body.coached:
        raise ApiError(400, "no_coach_in_daily", Message("server.coach.daily"))
    return JSONResponse(svc.start_daily(me, body.game, client_address(request)))


@router.get("/daily/commitments", responses=errors(400))
def daily_commitments(svc: Service, game: GameName = "sheepshead") -> dict[str, Any]:
    """The SHA-256 commitments of today's Daily seed and the next seven days'."""
    return svc.commitments(game)


@router.get("/daily/seed", responses=errors(400, 404))
def daily_seed(svc: Service, date: DailyDay,
               game: GameName = "sheepshead") -> dict[str, Any]:
    """A day's commitment, and its seed once the day has ended (midnight US Central)."""
    return svc.daily_seed(game, date)


@router.get("/games/{game_id}/record", responses=errors(400, 403, 404, 409))
def game_record(game_id: WellFormedGameId, svc: Service, me: Player) -> JSONResponse:
    """A finished game's record for ``tricktable replay``: a Daily's once its day has ended."""
    return JSONResponse(svc.record(me, game_id))


@router.get("/games/{game_id}/share", responses=errors(400, 403, 404, 409))
def share(game_id: WellFormedGameId, svc: Service, me: Player) -> dict[str, Any]:
    """The spoiler-free text of my finished Daily, for the Share button."""
    return svc.share(me, game_id)


@router.get("/games/{game_id}", responses=errors(400, 403, 404, 503))
def get_game(
    game_id: str, svc: Service, me: Player, since: Count | None = None,
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
