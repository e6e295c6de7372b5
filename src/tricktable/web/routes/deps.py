"""What every route needs: the service and the caller's anonymous player id."""

from __future__ import annotations

from fastapi import Request

from tricktable.web.service import GameService

__all__ = ["daily_client_address", "player_id", "service"]


def service(request: Request) -> GameService:
    found: GameService = request.app.state.service
    return found


def player_id(request: Request) -> str:
    found: str = request.state.player_id
    return found


def daily_client_address(request: Request) -> str:
    """The client's address for the Daily's per-connection rules.  Only the direct peer for
    now; behind a proxy this must be the trusted forwarded address."""
    return request.client.host if request.client is not None else "unknown"
