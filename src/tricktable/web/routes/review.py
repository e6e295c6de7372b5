"""Learning from the computer: a hint now, the review of my decisions, replays of finished
deals (and the replay page)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from fastapi.responses import HTMLResponse, JSONResponse

from tricktable.web.contract import errors
from tricktable.web.games.service import GAME_ID
from tricktable.web.pages.render import page
from tricktable.web.review.coaching import coach_line, undo
from tricktable.web.routes.deps import Player, Reviews
from tricktable.web.routes.pages import NO_CACHE, PAGE
from tricktable.web.routes.params import Count
from tricktable.web.schemas import UndoRequest

router = APIRouter(tags=["review"])


WellFormedGameId = Annotated[str, Path(pattern=f"^{GAME_ID.pattern}$")]


@router.post("/api/games/{game_id}/hint", responses=errors(400, 403, 404, 409, 429, 503))
def hint(game_id: WellFormedGameId, svc: Reviews, me: Player) -> dict[str, Any]:
    """The computer's recommendation for my seat now, from my view only: the evaluation's
    table (the recommended option is its best or marked about equal to it, with standard
    errors) and a reason.  New games only (a Daily refuses: 403); the game
    is marked as one in which a hint was used."""
    return svc.hint(me, game_id)


@router.get("/api/games/{game_id}/review", responses=errors(400, 403, 404, 409))
def get_review(game_id: WellFormedGameId, svc: Reviews, me: Player) -> dict[str, Any]:
    """The review of my decisions in the finished deals, as far as it is computed."""
    return svc.review(me, game_id, start=False)


@router.post("/api/games/{game_id}/review", status_code=202,
             responses=errors(400, 403, 404, 409, 429))
def start_review(game_id: WellFormedGameId, svc: Reviews, me: Player) -> JSONResponse:
    """Have the computer players' workers review the finished deals not reviewed yet; poll
    ``GET`` for the progress."""
    return JSONResponse(svc.review(me, game_id, start=True), status_code=202)


@router.get("/api/games/{game_id}/replay", responses=errors(400, 403, 404, 409))
def replay(game_id: WellFormedGameId, svc: Reviews, me: Player) -> dict[str, Any]:
    """The finished deals of a game, every card face up, with the computers' reasons and the
    review's marks: my games, and any ranked Daily's once its day has ended."""
    return svc.replay(me, game_id)


@router.api_route("/replay", **PAGE)
def replay_page(request: Request) -> HTMLResponse:
    """The replay page (``?game=ID``)."""
    return page(request, "replay.html", headers=NO_CACHE)


@router.get("/api/games/{game_id}/reasons", responses=errors(400, 403, 404))
def reasons(game_id: WellFormedGameId, svc: Reviews, me: Player) -> dict[str, Any]:
    """Why the computers played what they did so far in the deal in progress, in words from
    what every seat knows (their own reasons come with the replay once the deal is over)."""
    return svc.reasons(me, game_id)


@router.get("/api/games/{game_id}/coach", responses=errors(400, 403, 404, 429, 503))
def coach(game_id: WellFormedGameId, svc: Reviews, me: Player,
          index: Count | None = None) -> dict[str, Any]:
    """The coach's line on my decision that is action number ``index`` of the game (my last
    one by default; ``coach`` null before my first, or when that action is not mine): whether
    the coach would have done otherwise, and why — the hint's evaluation of that decision.  A
    game that is not coached (a Daily, a New game started without the coach): 403."""
    return {"game_id": game_id, "coach": coach_line(svc, me, game_id, index)}


@router.post("/api/games/{game_id}/undo", responses=errors(400, 403, 404, 409, 413, 429))
def undo_decision(game_id: WellFormedGameId, body: UndoRequest, svc: Reviews,
                  me: Player) -> JSONResponse:
    """Undo my last decision in my coached game, and the computers' actions after it: the game
    replayed from its seed to just before that decision, loaded whole.  Refused (changing
    nothing) in a game that is not coached (403), with nothing to undo, in a game that is over,
    or at another version than the game's (409, with the game as it is)."""
    return JSONResponse(undo(svc, me, game_id, version=body.version))
