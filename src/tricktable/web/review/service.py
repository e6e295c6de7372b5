"""Hints, reviews, reasons and replays for the server (Sheepshead and Spades): who may see what,
and when.

- A **hint** is for the player's own New game, at the player's turn; a Daily refuses it (403),
  and a game in which one was used is marked so (``hints_used``).
- The **reasons** of the deal in progress are the public forms of the computers' reasons: what
  every seat knows, in words (my own games).
- A **review** judges the player's decisions in each finished deal.  It runs on the computer
  players' workers, off the request path, deal by deal;
  each deal's review is stored once computed, and the progress is the share of deals stored.
- A **replay** shows finished deals with every card face up, the computers' reasons and the
  review's marks: of my own New games, and of every Daily game on the board (mine included)
  once its day has ended — never before (403), since everybody plays the same deals that day.
  The deal in progress is never part of it.

What is stored holds messages, not words (:mod:`tricktable.web.review.jobs`); each answer words
them in the request's language.  Reviews stored before that hold English text, which is shown
as it is.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from datetime import date
from typing import Any

from tricktable.ai.teaching.evaluation import EvaluationSettings
from tricktable.ai.teaching.review import ReviewSettings
from tricktable.game import Seat
from tricktable.i18n import Message, translate
from tricktable.web.daily.dates import is_revealed
from tricktable.web.games.computer import CHEAP_PLAYERS
from tricktable.web.games.service import GAME_ID, NOT_YOURS, ApiError, GameService, no_game
from tricktable.web.language import answer_language
from tricktable.web.review.jobs import (
    computer_reasons,
    deal_replay,
    deals_of,
    hand_number_of,
    hint_job,
    live_reasons,
    review_deal_job,
)
from tricktable.web.review.store import ReviewStore
from tricktable.web.store.games import GameRow
from tricktable.words import seat_name, worded

__all__ = ["ReviewService"]

log = logging.getLogger(__name__)


def _options(options: list[dict[str, Any]], language: str) -> list[dict[str, Any]]:
    return [{**option, "label": worded(option.get("label"), language)} for option in options]


def _worded_summary(summary: Any, language: str) -> Any:
    if isinstance(summary, list):  # Spades: one per seat
        return [worded(item, language) for item in summary]
    return worded(summary, language)


def worded_hint(found: dict[str, Any], language: str) -> dict[str, Any]:
    """A hint as :func:`~tricktable.web.review.jobs.hint_job` gives it, in ``language``."""
    return {**found, "label": worded(found.get("label"), language),
            "reason": worded(found.get("reason"), language),
            "options": _options(found.get("options", []), language)}


def pooled_hint(games: GameService, row: GameRow, seat: Seat, samples: int,
                search_seed: str) -> dict[str, Any]:
    """The hint for ``seat`` at ``row``'s position, worked out in the computer pool: a 503 if
    the pool does not answer in time, a 409 if it is not the seat's turn."""
    actions = games.store.actions(row.id, row.version)
    future = games.pool.submit(row.id, hint_job, row.game, row.rules, row.seed, actions, seat,
                               samples, search_seed)
    try:
        found: dict[str, Any] = future.result(timeout=games.pool.timeout)
    except FutureTimeout:
        raise ApiError(503, "computer_unavailable", Message("server.hint.slow")) from None
    except ValueError:
        raise ApiError(409, "not_your_turn", Message("server.action.not_your_turn")) from None
    return found


def worded_decision(decision: dict[str, Any], language: str) -> dict[str, Any]:
    """A judged decision as stored, in ``language``."""
    return {**decision, "chosen_label": worded(decision.get("chosen_label"), language),
            "best_label": worded(decision.get("best_label"), language),
            "hint_label": worded(decision.get("hint_label"), language),
            "note": worded(decision.get("note"), language),
            "options": _options(decision.get("options", []), language)}


def worded_replay(replay: dict[str, Any], language: str) -> dict[str, Any]:
    """A deal's replay as stored, in ``language``."""
    def step(data: dict[str, Any]) -> dict[str, Any]:
        return {**data, "label": worded(data.get("label"), language),
                "reason": worded(data.get("reason"), language)}

    return {**replay, "summary": _worded_summary(replay.get("summary"), language),
            "bidding": [step(s) for s in replay.get("bidding", [])],
            "tricks": [{**trick, "plays": [step(p) for p in trick.get("plays", [])]}
                       for trick in replay.get("tricks", [])]}


def _env_float(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, default))
    except ValueError:
        return default


class ReviewService:
    """Hints, reviews and replays over the game service's store and computer pool."""

    def __init__(self, service: GameService, *, cpu_seconds: float | None = None,
                 samples: int | None = None, hint_samples: int | None = None) -> None:
        """``hint_samples``: the deals a hint evaluates; ``samples``: a review's, at least as
        many (the hint's come first)."""
        self.service = service
        self.reviews = ReviewStore(service.store)
        self.cpu_seconds = cpu_seconds if cpu_seconds is not None else _env_float(
            "TRICKTABLE_REVIEW_CPU_SECONDS", 25.0)
        """CPU one game's review may take, shared out over its deals."""
        self.hint_samples = hint_samples or EvaluationSettings().samples
        self.samples = max(samples or ReviewSettings().evaluation.samples, self.hint_samples)
        self._runner = ThreadPoolExecutor(2, thread_name_prefix="review")
        self._running: set[str] = set()
        self._lock = threading.Lock()

    def shutdown(self) -> None:
        self._runner.shutdown(wait=False, cancel_futures=True)

    # --- Access ----------------------------------------------------------------------------

    def _game(self, game_id: str) -> GameRow:
        row = self.service.store.game(game_id) if GAME_ID.fullmatch(game_id) else None
        if row is None:
            raise ApiError(404, "unknown_game", no_game(game_id))
        return row

    @staticmethod
    def search_seed(row: GameRow) -> str:
        """The seed every hint and review of the game evaluates under (with each decision's
        deal and index): the game's id, never its seed, which would tell the deal."""
        return f"{row.id}/teach"

    def _watchable(self, player_id: str, game_id: str) -> GameRow:
        """A game the player may review or replay: their own New game, or a Daily (theirs, or a
        ranked one of the board) whose day has ended."""
        row = self._game(game_id)
        daily = row.mode == "daily" and row.daily_date is not None
        if row.player_id != player_id and not (daily and row.ranked):
            raise ApiError(403, "not_your_game", NOT_YOURS)
        if daily and not is_revealed(date.fromisoformat(str(row.daily_date)), self.service.now()):
            # Everybody plays the same deals that day: none is shown face up, and no decision
            # judged, before the day ends — not even to the player who played it.
            raise ApiError(403, "not_revealed", Message("server.review.not_revealed",
                                                        {"day": str(row.daily_date)}))
        return row

    # --- Hints -----------------------------------------------------------------------------

    def hint(self, player_id: str, game_id: str) -> dict[str, Any]:
        row = self._game(game_id)
        if row.player_id != player_id:
            raise ApiError(403, "not_your_game", NOT_YOURS)
        if row.mode == "daily":
            raise ApiError(403, "no_hints_in_daily", Message("server.hint.daily"))
        if row.status == "over":
            raise ApiError(409, "game_over", Message("illegal.game_over"))
        found = pooled_hint(self.service, row, row.human_seat, self.hint_samples,
                            self.search_seed(row))
        self.reviews.count_hint(row.id, self.service._stamp())
        return {"game_id": row.id, "version": row.version,
                "hint": worded_hint(found, answer_language()),
                "hints_used": self.reviews.hinted(row.id)}

    # --- Reviews ---------------------------------------------------------------------------

    def _deals(self, row: GameRow) -> tuple[Any, list[int]]:
        """The game's match and the numbers of its finished deals."""
        chosen = self.service._adapter(row.game)
        match = chosen.replay(row.rules, row.seed,
                              self.service.store.actions(row.id, row.version))
        return match, [k for k, hand in enumerate(deals_of(match)) if hand.is_over]

    def _reviewable(self, row: GameRow, finished: list[int]) -> list[int]:
        """The deals a review may cover now: a Daily's only once it is over (and its day)."""
        if row.mode == "daily" and row.status != "over":
            return []
        return finished

    def review(self, player_id: str, game_id: str, *, start: bool) -> dict[str, Any]:
        """The review as far as it is computed; ``start`` sets the workers on the rest."""
        row = self._watchable(player_id, game_id)
        return self._review(row, start=start)

    def seat_review(self, row: GameRow, seat: Seat, *, start: bool,
                    computers: Sequence[Seat]) -> dict[str, Any]:
        """A friends' table's game reviewed for one seat: that seat's decisions only (stored
        apart from the other seats'), the reasons of the ``computers``' plays.  The caller
        checked that the seat is the asker's and that the game is over."""
        return self._review(row, start=start, seat=seat, computers=computers)

    def _review(self, row: GameRow, *, start: bool, seat: Seat | None = None,
                computers: Sequence[Seat] | None = None) -> dict[str, Any]:
        _, finished = self._deals(row)
        wanted = self._reviewable(row, finished)
        stored = self.reviews.reviewed(row.id, seat)
        missing = [deal for deal in wanted if deal not in stored]
        key = row.id if seat is None else f"{row.id}/{seat}"
        with self._lock:
            running = key in self._running
            if start and missing and not running:
                self._running.add(key)
                running = True
                self._runner.submit(self._compute, row, missing, seat, computers)
        language = answer_language()
        decisions = [worded_decision(d, language)
                     for deal in sorted(stored) for d in stored[deal]["decisions"]]
        done = sum(1 for deal in wanted if deal in stored)
        if not wanted:
            status = "waiting"
        elif not missing:
            status = "done"
        else:
            status = "running" if running else "partial"
        counts = {mark: sum(1 for d in decisions if d["mark"] == mark)
                  for mark in ("blunder", "mistake", "inaccuracy")}
        return {"game_id": row.id, "status": status, "deals": len(wanted),
                "reviewed": done, "progress": round(done / len(wanted), 3) if wanted else 0.0,
                "counts": counts, "decisions": decisions,
                "hints_used": self.reviews.hinted(row.id), "coached": row.coached}

    def _compute(self, row: GameRow, deals: list[int], seat: Seat | None = None,
                 computers: Sequence[Seat] | None = None) -> None:
        """Review the deals one by one on the workers, storing each as it comes (of ``seat``'s
        decisions, when given: a friends' table's game)."""
        key = row.id if seat is None else f"{row.id}/{seat}"
        try:
            actions = self.service.store.actions(row.id, row.version)
            per_deal = self.cpu_seconds / _expected_hands(row)
            judged = row.human_seat if seat is None else seat
            explain = None if computers is None else list(computers)
            for deal in deals:
                future = self.service.pool.submit(
                    row.id, review_deal_job, row.game, row.rules, row.seed, actions,
                    judged, row.opponent, deal, self.samples, self.hint_samples,
                    per_deal, self.search_seed(row), explain)
                data = future.result(timeout=max(self.service.pool.timeout, 10 * per_deal))
                self.reviews.save(row.id, deal, data, self.service._stamp(), seat)
        except Exception:  # a worker died or timed out: the next request may start it again
            log.exception("The review of game %s failed", key)
        finally:
            with self._lock:
                self._running.discard(key)

    # --- Replays ---------------------------------------------------------------------------

    def replay(self, player_id: str, game_id: str) -> dict[str, Any]:
        """Every finished deal face up, with reasons and marks where reviewed."""
        row = self._watchable(player_id, game_id)
        language = answer_language()
        seats = 2 if row.game == "spades" else 5
        names = [translate(language, seat_name(seat, seats=seats, viewer=row.human_seat))
                 for seat in range(seats)]
        return {**self._replay(row, row.human_seat, None, None),
                "daily_date": row.daily_date, "seat_names": names,
                "mine": row.player_id == player_id}

    def seat_replay(self, row: GameRow, seat: Seat,
                    computers: Sequence[Seat]) -> dict[str, Any]:
        """A friends' table's finished game face up for one seat: the marks of that seat's
        reviewed decisions, the reasons of the ``computers``' plays.  The caller checked that
        the seat is the asker's and that the game is over."""
        return self._replay(row, seat, seat, computers)

    def _replay(self, row: GameRow, viewer: Seat, seat: Seat | None,
                computers: Sequence[Seat] | None) -> dict[str, Any]:
        match, finished = self._deals(row)
        stored = self.reviews.reviewed(row.id, seat)
        language = answer_language()
        shown: list[dict[str, Any]] = []
        deals = deals_of(match)
        for k in finished:
            hand = deals[k]
            if k in stored:
                shown.append({**worded_replay(stored[k]["replay"], language),
                              "decisions": [worded_decision(d, language)
                                            for d in stored[k]["decisions"]]})
            else:
                # Not reviewed yet: a cheap player's reasons cost nothing to work out here.
                reasons = (computer_reasons(hand, sum(len(h.history) for h in deals[:k]),
                                            row.seed, row.opponent, viewer, computers)
                           if row.opponent in CHEAP_PLAYERS else {})
                replay = deal_replay(hand, k, hand_number_of(match, k), reasons)
                shown.append({**worded_replay(replay, language), "decisions": []})
        return {"game_id": row.id, "game": row.game, "mode": row.mode, "seat": viewer,
                "status": row.status, "hints_used": self.reviews.hinted(row.id),
                "coached": row.coached,
                "deals": shown}

    # --- Reasons of the deal in progress ----------------------------------------------------

    def reasons(self, player_id: str, game_id: str) -> dict[str, Any]:
        """The public reasons of the computers' actions so far in the current deal of my game
        (the last finished one's once the game is over)."""
        row = self._game(game_id)
        if row.player_id != player_id:
            raise ApiError(403, "not_your_game", NOT_YOURS)
        match, _ = self._deals(row)
        deals = deals_of(match)
        language = answer_language()
        seats = 2 if row.game == "spades" else 5  # the reasons' seat names
        lines = [{**line, "label": worded(line["label"], language),
                  "reason": worded(line["reason"], language),
                  "seat_name": translate(language, seat_name(line["seat"], seats=seats,
                                                            viewer=row.human_seat))}
                 for line in live_reasons(deals[-1], row.human_seat)]
        return {"game_id": row.id, "version": row.version, "deal": len(deals) - 1,
                "reasons": lines}


def _expected_hands(row: GameRow) -> int:
    """How many deals a game's review budget is shared out over: a Sheepshead game's hands,
    ten for Spades (played to a target)."""
    rules = row.rules if isinstance(row.rules, dict) else {}
    hands = rules.get("hands")
    return max(int(hands), 1) if isinstance(hands, int) else 10
