"""The Daily leaderboard: one day's ranking and the recent days."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends

from tricktable.web.contract import errors
from tricktable.web.games.service import GameService
from tricktable.web.routes.deps import Player, service
from tricktable.web.routes.params import DailyDay
from tricktable.web.schemas import GameName

router = APIRouter(prefix="/api", tags=["leaderboard"])

Service = Annotated[GameService, Depends(service)]


@router.get("/leaderboard", responses=errors(400))
def leaderboard(svc: Service, me: Player, game: GameName = "sheepshead",
                date: DailyDay | None = None) -> dict[str, Any]:
    """A day's ranking (``date``, default today) and the recent days."""
    return svc.leaderboard(me, game, date)
