"""The Daily's part of the game service: today's Daily, its start, the provably-fair commitments,
seeds and records, the leaderboard and the Share text."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import Any

from tricktable.i18n import Message, translate
from tricktable.i18n.errors import reason_of
from tricktable.web.daily.connection import connection_key
from tricktable.web.daily.dates import (
    COMMITTED_DAYS_AHEAD,
    daily_date,
    daily_seed,
    day_ends_at,
    is_revealed,
    seed_commitment,
)
from tricktable.web.daily.results import MARKS, histogram, share_text, standing
from tricktable.web.edges.metrics import GAMES_STARTED
from tricktable.web.games import TableOptions
from tricktable.web.games.errors import NOT_YOURS, ApiError, no_game
from tricktable.web.games.names import display_name
from tricktable.web.games.play import GAME_ID, GamePlay, iso
from tricktable.web.language import answer_language

__all__ = ["DailyService"]


class DailyService(GamePlay):
    """The Daily and its leaderboard (the game service's part for them)."""

    def daily_info(self, player_id: str, game: str, address: str) -> dict[str, Any]:
        """Today's Daily: whether I have one, and whether it is (or would be) ranked and why."""
        chosen = self._adapter(game)
        day = daily_date(self.now())
        mine = self.store.daily_game(chosen.name, day.isoformat(), player_id)
        if mine is not None:
            ranked, reason = mine.game.ranked, mine.unranked_reason
        else:
            connection = connection_key(self.secret, address, day)
            reason = self.ranking.reason(self.store, player_id, chosen.name, day, connection)
            if reason is None and self.store.ranked_from(
                    chosen.name, day.isoformat(), connection) >= self.ranking.cap(address):
                reason = "connection_cap"
            ranked = reason is None
        row = None if mine is None else mine.game
        return {
            "game": chosen.name,
            "date": day.isoformat(),
            "preset": chosen.daily_preset,
            "difficulty": chosen.daily_difficulty,
            "played": row is not None,
            "finished": row is not None and row.status == "over",
            "score": None if row is None else row.score,
            "game_id": None if row is None else row.id,
            "ranked": ranked,
            "unranked_reason": reason,
            "ranked_message": translate(answer_language(), self.ranking.message(reason, address)),
            "commitment": seed_commitment(daily_seed(self.secret, chosen.name, day)),
        }

    def start_daily(self, player_id: str, game: str, address: str) -> dict[str, Any]:
        """The player's one Daily of today: started now, or the one they have (finished or
        not).  Concurrent requests, in any process, all answer with the same game.  ``address``
        is the client's address (only its HMAC is kept)."""
        chosen = self._adapter(game)
        day = daily_date(self.now())
        mine = self.store.daily_game(chosen.name, day.isoformat(), player_id)
        if mine is not None:
            return self.get(player_id, mine.game.id, since=None)
        connection = connection_key(self.secret, address, day)
        reason = self.ranking.reason(self.store, player_id, chosen.name, day, connection)
        try:
            opponent = chosen.player_for(chosen.daily_difficulty)
        except ValueError as error:
            raise ApiError(503, "unavailable", reason_of(error)) from None
        table = self.store.daily(chosen.name, day.isoformat(), preset=chosen.daily_preset,
                                 difficulty=chosen.daily_difficulty, opponent=opponent)
        rules = chosen.rules(table.preset, TableOptions())
        seed = daily_seed(self.secret, chosen.name, day)
        row, match = self._prepare(player_id, chosen, mode="daily", preset=table.preset,
                                   rules=rules, difficulty=table.difficulty,
                                   opponent=table.opponent, seed=seed, day=day.isoformat())
        stored, created = self.store.create_daily(
            row, self.store_actions(chosen, match), connection=connection,
            unranked_reason=reason, cap=self.ranking.cap(address))
        if not created:  # a concurrent request stored the player's Daily first
            return self.get(player_id, stored.game.id, since=None)
        GAMES_STARTED.labels(chosen.name, "daily").inc()
        response = self._response(stored.game, chosen, match, since=0)
        self.cache.put(stored.game.id, stored.game.version, match)
        return response

    # --- Provably fair: commitments, reveals, records ------------------------------------

    def _day(self, day: str) -> date:
        try:
            if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", day):
                raise ValueError(day)
            return date.fromisoformat(day)
        except ValueError:
            raise ApiError(400, "bad_request",
                           Message("server.date", {"day": repr(day)})) from None

    def _last_committed(self) -> date:
        """The last day whose commitment is published: today and COMMITTED_DAYS_AHEAD more."""
        return daily_date(self.now()) + timedelta(days=COMMITTED_DAYS_AHEAD)

    def _fairness(self, game: str, day: date) -> dict[str, Any]:
        """A day's commitment (None past the published window), and its seed once it ended."""
        seed = daily_seed(self.secret, game, day)
        revealed = is_revealed(day, self.now())
        committed = day <= self._last_committed()
        return {
            "date": day.isoformat(),
            "commitment": seed_commitment(seed) if committed else None,
            "revealed": revealed,
            "seed": seed if revealed else None,
            "reveal_at": day_ends_at(day).isoformat(),
        }

    def commitments(self, game: str) -> dict[str, Any]:
        """The commitments (SHA-256 of the seed) of today's Daily and the next days'."""
        chosen = self._adapter(game)
        today = daily_date(self.now())
        days = [today + timedelta(days=k) for k in range(COMMITTED_DAYS_AHEAD + 1)]
        return {"game": chosen.name, "today": today.isoformat(),
                "time_zone": "America/Chicago",
                "commitments": [self._fairness(chosen.name, day) for day in days]}

    def daily_seed(self, game: str, day: str) -> dict[str, Any]:
        """A day's commitment, and its seed once the day has ended."""
        chosen = self._adapter(game)
        wanted = self._day(day)
        last = self._last_committed()
        if wanted > last:
            raise ApiError(404, "not_committed", Message("server.daily.not_committed", {
                "day": wanted.isoformat(), "count": COMMITTED_DAYS_AHEAD,
                "last": last.isoformat()}))
        return {"game": chosen.name, **self._fairness(chosen.name, wanted)}

    def record(self, player_id: str, game_id: str) -> dict[str, Any]:
        """A finished game's record (JSON that ``tricktable replay`` replays): a Daily's for
        anyone once its day has ended, another game's for its player."""
        row = self.store.game(game_id) if GAME_ID.fullmatch(game_id) else None
        if row is None:
            raise ApiError(404, "unknown_game", no_game(game_id))
        if row.mode == "daily" and row.daily_date is not None:
            if not is_revealed(date.fromisoformat(row.daily_date), self.now()):
                raise ApiError(403, "not_revealed", Message("server.record.not_revealed",
                                                            {"day": row.daily_date}))
        elif row.player_id != player_id:
            raise ApiError(403, "not_your_game", NOT_YOURS)
        if row.status != "over":
            raise ApiError(409, "not_finished", Message("server.record.not_finished"))
        chosen = self._adapter(row.game)
        match = chosen.replay(row.rules, row.seed, self.store.actions(row.id, row.version))
        return chosen.record(match)

    def leaderboard(self, player_id: str, game: str, day: str | None) -> dict[str, Any]:
        chosen = self._adapter(game)
        today = self.today()
        day = day or today
        try:
            datetime.strptime(day, "%Y-%m-%d")
        except ValueError:
            raise ApiError(400, "bad_request",
                           Message("server.date", {"day": repr(day)})) from None
        fairness = self._fairness(chosen.name, self._day(day))
        entries = []
        rank = 0
        previous: int | None = None
        rows = self.store.leaderboard(chosen.name, day)
        wins = self.store.daily_wins(chosen.name, [row.player_id for row in rows])
        for position, row in enumerate(rows, 1):
            if row.score != previous:
                rank, previous = position, row.score
            stats = row.stats or {}
            entries.append({
                "rank": rank,
                "name": display_name(row.player_id, row.nickname),
                "score": row.score,
                "place": stats.get("place"),
                "won": bool(stats.get("won")),
                # Every seat's total tells how the day's deals play: the player's own only,
                # until the day ends.
                "totals": stats.get("totals") if fairness["revealed"]
                or row.player_id == player_id else None,
                "daily_wins": wins.get(row.player_id, 0),
                "finished_at": iso(row.finished_at),
                "you": row.player_id == player_id,
                "record": f"/api/games/{row.game_id}/record" if fairness["revealed"] else None,
                "replay": f"/replay?game={row.game_id}" if fairness["revealed"] else None,
            })
        days = [{"date": d, "players": n} for d, n in self.store.daily_days(chosen.name)]
        scores = self.store.daily_scores(chosen.name, day)
        mine = self.store.daily_game(chosen.name, day, player_id)
        you = None
        if mine is not None and mine.game.status == "over" and mine.game.score is not None:
            you = {"ranked": mine.game.ranked, "game_id": mine.game.id,
                   **standing(scores, mine.game.score, counted=mine.game.ranked)}
        return {"game": chosen.name, "date": day, "today": today, "entries": entries,
                "days": days, "fairness": fairness,
                "distribution": {"players": len(scores), "bins": histogram(scores)},
                "you": you}

    def share(self, player_id: str, game_id: str) -> dict[str, Any]:
        """The Share text of my finished Daily: date, score, rank of N, one emoji a hand."""
        row = self._row(player_id, game_id)
        if row.mode != "daily" or row.daily_date is None:
            raise ApiError(400, "not_a_daily", Message("server.share.not_daily"))
        if row.status != "over" or row.score is None:
            raise ApiError(409, "not_finished", Message("server.share.not_finished"))
        chosen = self._adapter(row.game)
        match = self._match(row, chosen)
        try:
            marks = [MARKS[mark] for mark in chosen.hand_marks(match, row.human_seat)]
        finally:
            self.cache.put(row.id, row.version, match)
        place = standing(self.store.daily_scores(row.game, row.daily_date), row.score,
                         counted=row.ranked)
        text = share_text(game=chosen.name, day=row.daily_date, score=row.score,
                          ranked=row.ranked, place=place, marks=marks,
                          language=answer_language())
        return {"text": text, "ranked": row.ranked, **place}
