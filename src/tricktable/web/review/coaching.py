"""Coached games for the server: the coach's line after each of the player's decisions, and the
undo of the player's last decision.

- A coached game is a New game chosen so (``coached`` on the game); a Daily never is, and a
  table with friends neither.  Like a game in which a hint was used, it is marked as coached
  wherever it is shown (its review, its replay, my games) and never ranked.
- The **coach's line** on a decision is the hint's evaluation of it
  (:func:`~tricktable.ai.teaching.coach.coach`): the same view, the same decision seed under
  the game's search seed (:meth:`ReviewService.search_seed`), the hint's settings.  It runs on
  the computer players' workers, like a hint.
- An **undo** cuts the game's log back to just before the player's last action (the computers'
  actions after it go too) and replays the rest from the seed: the game is its seed and its
  actions, so the position is exactly the one the player faced.  It changes nothing (4xx) in a
  game that is not coached, when nothing is left to undo, when the game is over, or when the
  version sent is not the game's.  Reviews stored for the deals cut off are forgotten with
  them.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

import sqlalchemy as sa

from tricktable.ai.teaching.coach import coach
from tricktable.ai.teaching.evaluation import EvaluationSettings, decision_seed
from tricktable.game import Seat, parse_action
from tricktable.i18n import Message
from tricktable.web.games.errors import GAME_OVER, NOT_YOURS, STALE, ApiError
from tricktable.web.games.service import GAME_ID, no_game
from tricktable.web.language import answer_language
from tricktable.web.review.jobs import deals_of
from tricktable.web.review.service import ReviewService
from tricktable.web.review.store import game_reviews
from tricktable.web.store.games import GameRow
from tricktable.words import worded

__all__ = ["coach_job", "coach_line", "last_decision", "undo"]


def coach_job(game: str, rules: dict[str, Any], seed: str, actions: Sequence[tuple[Seat, str]],
              seat: Seat, chosen: str, samples: int, search_seed: str) -> dict[str, Any]:
    """The coach's word on ``seat``'s ``chosen`` action at the end of ``actions`` (its turn),
    from its view then, as the hint at that moment evaluates it.  Runs on a worker."""
    from tricktable.web.games import adapter

    match = adapter(game).replay(rules, seed, actions)
    deals = deals_of(match)
    hand = deals[-1]
    view = hand.view(seat)
    found = coach(view, parse_action(chosen),
                  decision_seed(search_seed, len(deals) - 1, len(hand.history)),
                  EvaluationSettings(samples=samples))
    return found.to_json()


def last_decision(actions: Sequence[tuple[Seat, str]], seat: Seat) -> int | None:
    """The index in the game's log of ``seat``'s last action (None before its first)."""
    for index in range(len(actions) - 1, -1, -1):
        if actions[index][0] == seat:
            return index
    return None


def _own(reviews: ReviewService, player_id: str, game_id: str) -> GameRow:
    row = reviews.service.store.game(game_id) if GAME_ID.fullmatch(game_id) else None
    if row is None:
        raise ApiError(404, "unknown_game", no_game(game_id))
    if row.player_id != player_id:
        raise ApiError(403, "not_your_game", NOT_YOURS)
    return row


def _coached(row: GameRow) -> None:
    """Refuse (403) anything of a coached game in a game that is not one."""
    if row.mode == "daily":
        raise ApiError(403, "no_coach_in_daily", Message("server.coach.daily"))
    if not row.coached:
        raise ApiError(403, "not_coached", Message("server.coach.not_coached"))


def coach_line(reviews: ReviewService, player_id: str, game_id: str,
               index: int | None = None) -> dict[str, Any] | None:
    """The coach's line on my decision at ``index`` of the game's log (my last one by
    default), in the request's language; None before my first decision."""
    row = _own(reviews, player_id, game_id)
    _coached(row)
    actions = reviews.service.store.actions(row.id, row.version)
    if index is None:
        index = last_decision(actions, row.human_seat)
        if index is None:
            return None
    if not 0 <= index < len(actions) or actions[index][0] != row.human_seat:
        return None
    future = reviews.service.pool.submit(row.id, coach_job, row.game, row.rules, row.seed,
                                         actions[:index], row.human_seat, actions[index][1],
                                         reviews.hint_samples, reviews.search_seed(row))
    try:
        found: dict[str, Any] = future.result(timeout=reviews.service.pool.timeout)
    except FutureTimeout:
        raise ApiError(503, "computer_unavailable", Message("server.hint.slow")) from None
    language = answer_language()
    return {**found, "index": index, "text": worded(found["line"], language),
            "label": worded(found["label"], language)}


def undo(reviews: ReviewService, player_id: str, game_id: str, *,
         version: int) -> dict[str, Any]:
    """Undo my last decision of a coached game (see the module); the game as I see it then,
    loaded whole."""
    service = reviews.service
    row = _own(reviews, player_id, game_id)
    _coached(row)
    if row.status == "over":
        raise ApiError(409, "game_over", GAME_OVER, game=service.get(player_id, game_id,
                                                                     since=None))
    if version != row.version:
        raise ApiError(409, "stale_version", STALE, game=service.get(player_id, game_id,
                                                                     since=None))
    actions = service.store.actions(row.id, row.version)
    keep = last_decision(actions, row.human_seat)
    if keep is None:
        raise ApiError(409, "nothing_to_undo", Message("server.coach.nothing_to_undo"),
                       game=service.get(player_id, game_id, since=None))
    chosen = service._adapter(row.game)
    match = chosen.replay(row.rules, row.seed, actions[:keep])
    first_cut = len(deals_of(match)) - 1  # the deal of the undone decision, and those after

    def forget_reviews(connection: sa.Connection) -> None:
        connection.execute(game_reviews.delete().where(game_reviews.c.game_id == row.id,
                                                       game_reviews.c.deal >= first_cut))

    if not service.store.undo(row, keep, now=service._stamp(), also=forget_reviews):
        raise ApiError(409, "stale_version", STALE, game=service.get(player_id, game_id,
                                                                     since=None))
    return service.get(player_id, game_id, since=None)
