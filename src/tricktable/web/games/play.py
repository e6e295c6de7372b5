"""Playing a game, between the routes and the store: create, load, act.

No rule is decided here: the adapter's engine checks every action.  A request that changes a game
replays it (or takes it from the in-memory cache, valid only for the version it was cached at),
applies the human's action, lets the computer pool answer, and stores the new actions with a
compare-and-set on the version.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, date, datetime
from typing import Any

from tricktable.game import IllegalAction, Seat, parse_action
from tricktable.i18n import Message
from tricktable.i18n.errors import reason_of
from tricktable.web.daily.dates import daily_date, is_revealed
from tricktable.web.daily.ranking import DailyRanking
from tricktable.web.edges.metrics import COMPUTER_JOBS, GAMES_FINISHED, GAMES_STARTED, THINK_SECONDS
from tricktable.web.games import GameAdapter, adapter
from tricktable.web.games.computer import ComputerError, ComputerPool, MatchCache, job_for
from tricktable.web.games.errors import (
    GAME_OVER,
    NOT_YOUR_TURN,
    NOT_YOURS,
    STALE,
    ApiError,
    no_game,
)
from tricktable.web.store.games import GameRow, Store

__all__ = ["GAME_ID", "GamePlay", "cache_key", "iso"]

GAME_ID = re.compile(r"[0-9A-Za-z_-]{1,64}")
"""What a game id can look like (ours are 32 hex digits); anything else is no game, unasked."""



def iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.replace(tzinfo=UTC).isoformat()


def cache_key(row: GameRow) -> str:
    """The key of a game's cached match: its id, and its undos once it has some (after an
    undo, one version may name another branch of the game, in any server's cache)."""
    return row.id if not row.undos else f"{row.id}/{row.undos}"



class GamePlay:
    """Creating, loading and playing one player's games (the base of
    :class:`~tricktable.web.games.service.GameService`)."""

    def __init__(self, *, store: Store, pool: ComputerPool, secret: str,
                 clock: Callable[[], datetime] | None = None, cache_size: int = 512,
                 test_options: bool = False, ranking: DailyRanking | None = None) -> None:
        self.store = store
        self.ranking = ranking or DailyRanking()
        self.test_options = test_options
        self.pool = pool
        self.secret = secret
        self._clock = clock
        self.cache = MatchCache(cache_size)

    # --- Time ----------------------------------------------------------------------------

    def now(self) -> datetime:
        """The current time, aware (UTC unless the clock says otherwise)."""
        moment = self._clock() if self._clock is not None else datetime.now(UTC)
        return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)

    def _stamp(self) -> datetime:
        """The current time as stored: naive UTC."""
        return self.now().astimezone(UTC).replace(tzinfo=None)

    def today(self) -> str:
        return daily_date(self.now()).isoformat()

    # --- Creating games ------------------------------------------------------------------

    def _adapter(self, game: str) -> GameAdapter[Any]:
        try:
            return adapter(game)
        except ValueError as error:
            raise ApiError(400, "bad_request", reason_of(error)) from None

    def _prepare(self, player_id: str, chosen: GameAdapter[Any], *, mode: str, preset: str,
                 rules: dict[str, Any], difficulty: str, opponent: str, seed: str,
                 day: str | None, coached: bool = False) -> tuple[GameRow, Any]:
        """A new game, not stored yet, with the computers played up to the human's first
        decision: its row and match."""
        now = self._stamp()
        self.store.ensure_player(player_id, now)
        game_id = secrets.token_hex(16)
        match = chosen.new_match(rules, seed)
        row = GameRow(
            id=game_id, game=chosen.name, player_id=player_id, mode=mode, daily_date=day,
            ranked=False, preset=preset, rules=rules, difficulty=difficulty, opponent=opponent,
            seed=seed, human_seat=chosen.human_seat, version=0, status="playing", score=None,
            stats=None, created_at=now, updated_at=now, finished_at=None, coached=coached,
        )
        played = self._play_computers(row, chosen, match)
        if chosen.is_over(match):  # pragma: no cover - a game always needs the human
            raise ApiError(500, "internal", Message("server.game.ended_early"))
        return replace(row, version=len(played)), match

    @staticmethod
    def store_actions(chosen: GameAdapter[Any], match: Any) -> list[tuple[Seat, str]]:
        """A fresh game's actions so far, to store with it."""
        return list(chosen.history(match))

    def _create(self, player_id: str, chosen: GameAdapter[Any], *, mode: str, preset: str,
                rules: dict[str, Any], difficulty: str, opponent: str, seed: str,
                day: str | None, coached: bool = False) -> dict[str, Any]:
        row, match = self._prepare(player_id, chosen, mode=mode, preset=preset, rules=rules,
                                   difficulty=difficulty, opponent=opponent, seed=seed, day=day,
                                   coached=coached)
        row = self.store.create_game(row, self.store_actions(chosen, match))
        GAMES_STARTED.labels(chosen.name, mode).inc()
        response = self._response(row, chosen, match, since=0)
        self.cache.put(cache_key(row), row.version, match)
        return response

    # --- Playing -------------------------------------------------------------------------

    def _row(self, player_id: str, game_id: str) -> GameRow:
        row = self.store.game(game_id) if GAME_ID.fullmatch(game_id) else None
        if row is None:
            raise ApiError(404, "unknown_game", no_game(game_id))
        if row.player_id != player_id:
            raise ApiError(403, "not_your_game", NOT_YOURS)
        return row

    def _match(self, row: GameRow, chosen: GameAdapter[Any]) -> Any:
        """The game at ``row.version``, owned by the caller until it is put back."""
        match = self.cache.take(cache_key(row), row.version)
        if match is None:
            match = chosen.replay(row.rules, row.seed, self.store.actions(row.id, row.version))
        return match

    def _play_computers(self, row: GameRow, chosen: GameAdapter[Any],
                        match: Any) -> list[tuple[Seat, str]]:
        """Let the pool play the computer seats up to the human's next decision and apply its
        answer to ``match``; the computers' actions."""
        if chosen.is_over(match) or chosen.to_move(match) == row.human_seat:
            return []
        job = job_for(game_id=row.id, game=row.game, rules=row.rules, seed=row.seed,
                      opponent=row.opponent, human_seat=row.human_seat,
                      actions=tuple(chosen.history(match)))
        try:
            with COMPUTER_JOBS.track_inprogress(), \
                    THINK_SECONDS.labels(row.difficulty).time():
                answer = self.pool.run(job)
        except ComputerError as error:
            raise ApiError(503, "computer_unavailable", reason_of(error)) from None
        for seat, text in answer:
            chosen.apply(match, seat, parse_action(text))
        return answer

    def _commit(self, row: GameRow, chosen: GameAdapter[Any], match: Any,
                actions: list[tuple[Seat, str]]) -> GameRow | None:
        """Store the new actions if the game is still at ``row.version``; the new row, or None
        when another request got there first."""
        over = chosen.is_over(match)
        outcome = chosen.outcome(match, row.human_seat) if over else None
        now = self._stamp()
        stored = self.store.append(
            row, actions, now=now, over=over,
            score=None if outcome is None else outcome.score,
            stats=None if outcome is None else outcome.stats,
        )
        if not stored:
            return None
        if over:
            GAMES_FINISHED.labels(row.game, row.mode).inc()
        new = replace(row, version=row.version + len(actions), updated_at=now)
        if outcome is not None:
            new = replace(new, status="over", score=outcome.score, stats=outcome.stats,
                          finished_at=now)
        return new

    def get(self, player_id: str, game_id: str, *, since: int | None) -> dict[str, Any]:
        row = self._row(player_id, game_id)
        chosen = self._adapter(row.game)
        match = self._match(row, chosen)
        if not chosen.is_over(match) and chosen.to_move(match) != row.human_seat \
                and not self.daily_closed(row):
            # Only a game stored by an older or interrupted server: let the computers move.
            count = chosen.event_count(match)
            played = self._play_computers(row, chosen, match)
            new = self._commit(row, chosen, match, played)
            if new is None:
                return self.get(player_id, game_id, since=since)
            row = new
            since = count if since is None else since
        response = self._response(row, chosen, match, since=since)
        self.cache.put(cache_key(row), row.version, match)
        return response

    def act(self, player_id: str, game_id: str, *, action: str, version: int,
            since: int | None, body_game_id: str | None, seat: int | None) -> dict[str, Any]:
        row = self._row(player_id, game_id)
        if body_game_id is not None and body_game_id != game_id:
            raise ApiError(400, "wrong_game", Message("server.action.wrong_game", {
                "sent": repr(body_game_id), "url": repr(game_id)}))
        chosen = self._adapter(row.game)
        if seat is not None and seat != row.human_seat:
            raise ApiError(403, "not_your_seat", Message("server.action.not_your_seat", {
                "seat": row.human_seat, "other": seat}))
        if self.daily_closed(row):
            raise ApiError(409, "daily_closed",
                           Message("server.daily.closed", {"day": row.daily_date}),
                           game=self._as_stored(row, chosen, since=since))
        if version != row.version:
            raise ApiError(409, "stale_version", STALE,
                           game=self.get(player_id, game_id, since=since))
        try:
            parsed = parse_action(action)
        except ValueError as error:
            raise ApiError(400, "bad_action", reason_of(error)) from None
        match = self._match(row, chosen)
        keep = True
        try:
            if chosen.is_over(match):
                raise ApiError(409, "game_over", GAME_OVER,
                               game=self._response(row, chosen, match, since=since))
            if chosen.to_move(match) != row.human_seat:  # pragma: no cover - see get()
                raise ApiError(409, "not_your_turn", NOT_YOUR_TURN,
                               game=self._response(row, chosen, match, since=since))
            count = chosen.event_count(match)
            try:
                chosen.apply(match, row.human_seat, parsed)
            except IllegalAction as error:
                raise ApiError(422, "illegal_action", error.reason) from None
            keep = False  # the match has moved past row.version
            played = [(row.human_seat, str(parsed)), *self._play_computers(row, chosen, match)]
            new = self._commit(row, chosen, match, played)
            if new is None:
                raise ApiError(409, "stale_version", STALE,
                               game=self.get(player_id, game_id, since=since))
            response = self._response(new, chosen, match, since=count if since is None else since)
            self.cache.put(cache_key(new), new.version, match)
            return response
        finally:
            if keep:
                self.cache.put(cache_key(row), row.version, match)

    def daily_closed(self, row: GameRow) -> bool:
        """Whether ``row`` is a Daily whose day has ended (midnight US Central): its seed and
        every other player's game are public then, so it takes no more actions."""
        return (row.mode == "daily" and row.daily_date is not None
                and is_revealed(date.fromisoformat(row.daily_date), self.now()))

    def _as_stored(self, row: GameRow, chosen: GameAdapter[Any], *,
                   since: int | None) -> dict[str, Any]:
        """The game as stored, with nothing played (not even an interrupted computer turn)."""
        match = self._match(row, chosen)
        try:
            return self._response(row, chosen, match, since=since)
        finally:
            self.cache.put(cache_key(row), row.version, match)

    def _response(self, row: GameRow, chosen: GameAdapter[Any], match: Any, *,
                  since: int | None) -> dict[str, Any]:
        count = chosen.event_count(match)
        start = count if since is None else min(max(since, 0), count)
        state = chosen.state_json(match, row.human_seat, start, full=since is None)
        return {
            **self._summary(row),
            "seat": row.human_seat,
            **state,
        }

    def _summary(self, row: GameRow) -> dict[str, Any]:
        stats = row.stats or {}
        return {
            "id": row.id,
            "game": row.game,
            "mode": row.mode,
            "daily_date": row.daily_date,
            "ranked": row.ranked,
            "preset": row.preset,
            "difficulty": row.difficulty,
            "opponent": row.opponent,
            "version": row.version,
            "status": row.status,
            "score": row.score,
            "place": stats.get("place"),
            "created_at": iso(row.created_at),
            "finished_at": iso(row.finished_at),
            "coached": row.coached,
        }
