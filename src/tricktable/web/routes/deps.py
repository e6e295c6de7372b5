"""What the routes need: the services (games, reviews, tables) and the caller's anonymous
player id, as FastAPI dependencies.

They only read what the app and the request already hold, so they are ``async``: FastAPI runs a
plain ``def`` dependency in its thread pool, a thread round trip per dependency per request
(measured: about a tenth of the server's time per action, docs/research/capacity.md)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from tricktable.web.games.service import GameService
from tricktable.web.review.service import ReviewService
from tricktable.web.tables.service import TableService

__all__ = ["Player", "Reviews", "Tables", "player_id", "reviews", "service", "tables"]


async def service(request: Request) -> GameService:
    found: GameService = request.app.state.service
    return found


async def player_id(request: Request) -> str:
    found: str = request.state.player_id
    return found



async def reviews(request: Request) -> ReviewService:
    found: ReviewService = request.app.state.reviews
    return found


async def tables(request: Request) -> TableService:
    found: TableService = request.app.state.tables
    return found


Player = Annotated[str, Depends(player_id)]
Reviews = Annotated[ReviewService, Depends(reviews)]
Tables = Annotated[TableService, Depends(tables)]
