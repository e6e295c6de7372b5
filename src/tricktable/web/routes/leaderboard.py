"""The Daily leaderboard: one day's ranking and the recent days."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends

from tricktable.web.routes.deps import player_id, service
from tricktable.web.service import GameService

router = APIRouter(prefix="/api", tags=["leaderboard"])

Service = Annotated[GameService, Depends(service)]
Player = Annotated[str, Depends(player_id)]


@router.get("/leaderboard")
def leaderboard(svc: Service, me: Player, game: str = "sheepshead",
                date: str | None = None) -> dict[str, Any]:
    return svc.leaderboard(me, game, date)
