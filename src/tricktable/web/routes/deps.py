"""What every route needs: the service and the caller's anonymous player id."""

from __future__ import annotations

from fastapi import Request

from tricktable.web.games.service import GameService

__all__ = ["player_id", "service"]


def service(request: Request) -> GameService:
    found: GameService = request.app.state.service
    return found


def player_id(request: Request) -> str:
    found: str = request.state.player_id
    return found

