"""Me: my anonymous identity, my nickname, my history and statistics."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends

from tricktable.web.contract import errors
from tricktable.web.games.service import GameService
from tricktable.web.routes.deps import Player, service
from tricktable.web.schemas import GameName, NicknameRequest

router = APIRouter(prefix="/api", tags=["players"])

Service = Annotated[GameService, Depends(service)]


@router.get("/me")
def me(svc: Service, me: Player) -> dict[str, Any]:
    return svc.me(me)


@router.put("/me", responses=errors(400, 409, 413, 429))
def set_nickname(body: NicknameRequest, svc: Service, me: Player) -> dict[str, Any]:
    return svc.set_nickname(me, body.nickname)


@router.get("/me/stats", responses=errors(400))
def my_stats(svc: Service, me: Player, game: GameName = "sheepshead") -> dict[str, Any]:
    return svc.stats(me, game)
