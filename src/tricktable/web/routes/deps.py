"""What the routes need: the services (games, reviews, tables) and the caller's anonymous
player id, as FastAPI dependencies."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from tricktable.web.games.service import GameService
from tricktable.web.review.service import ReviewService
from tricktable.web.tables.service import TableService

__all__ = ["Player", "Reviews", "Tables", "player_id", "reviews", "service", "tables"]


def service(request: Request) -> GameService:
    found: GameService = request.app.state.service
    return found


def player_id(request: Request) -> str:
    found: str = request.state.player_id
    return found



def reviews(request: Request) -> ReviewService:
    found: ReviewService = request.app.state.reviews
    return found


def tables(request: Request) -> TableService:
    found: TableService = request.app.state.tables
    return found


Player = Annotated[str, Depends(player_id)]
Reviews = Annotated[ReviewService, Depends(reviews)]
Tables = Annotated[TableService, Depends(tables)]
