"""The server's game logic, between the routes and the store: create, load, act, rank.

No rule is decided here: the adapter's engine checks every action.  A request that changes a game
replays it (or takes it from the in-memory cache, valid only for the version it was cached at),
applies the human's action, lets the computer pool answer, and stores the new actions with a
compare-and-set on the version.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import unicodedata
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from typing import Any

from tricktable.game import IllegalAction, Seat, parse_action
from tricktable.i18n import LANGUAGES, Message, translate
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
from tricktable.web.daily.ranking import DailyRanking
from tricktable.web.daily.results import MARKS, histogram, share_text, standing, streaks
from tricktable.web.edges.metrics import COMPUTER_JOBS, GAMES_FINISHED, GAMES_STARTED, THINK_SECONDS
from tricktable.web.games import ADAPTERS, DIFFICULTIES, GameAdapter, TableOptions, adapter
from tricktable.web.games.base import DIFFICULTY_LABELS
from tricktable.web.games.computer import ComputerError, ComputerPool, MatchCache, job_for
from tricktable.web.language import answer_language
from tricktable.web.store.games import GameRow, Store
from tricktable.words import GAME_TITLES

__all__ = ["NOT_YOURS", "ApiError", "GameService", "display_name", "error_body", "name_key",
           "no_game"]

NICKNAME_LENGTH = 24
GAME_ID = re.compile(r"[0-9A-Za-z_-]{1,64}")
"""What a game id can look like (ours are 32 hex digits); anything else is no game, unasked."""


class ApiError(Exception):
    """An answer other than success: HTTP status, a short code, the message for people (a
    :class:`~tricktable.i18n.Message`, worded in the request's language when answered), and
    optionally the game's current state (for a 409)."""

    def __init__(self, status: int, code: str, message: Message | str, *,
                 game: dict[str, Any] | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(str(message))
        self.status = status
        self.code = code
        self.message = message
        self.game = game
        self.headers = headers
        """Extra response headers (a 429's ``Retry-After``)."""

    def to_json(self, language: str | None = None) -> dict[str, Any]:
        """``{"error", "message", "reason"}`` (and ``"game"``): the message in ``language``
        (the answer's, by default) and as a message for clients that word it themselves."""
        data = error_body(self.code, self.message, language)
        if self.game is not None:
            data["game"] = self.game
        return data


def error_body(code: str, message: Message | str, language: str | None = None) -> dict[str, Any]:
    """An error answer's body: the code, the message in ``language`` (the answer's by default)
    and, when it is a catalogue message, the message itself (``reason``)."""
    language = language or answer_language()
    if isinstance(message, Message):
        return {"error": code, "message": translate(language, message),
                "reason": message.to_json()}
    return {"error": code, "message": message}


NOT_YOURS = Message("server.game.not_yours")
GAME_OVER = Message("illegal.game_over")
NOT_YOUR_TURN = Message("server.action.not_your_turn")
STALE = Message("server.action.stale")


def no_game(game_id: str) -> Message:
    return Message("server.game.none", {"game": repr(game_id)})


def name_key(nickname: str) -> str:
    """A nickname as compared with others: NFKC-normalised, casefolded, spaces collapsed
    (so "Ace", "ACE" and "Ａｃｅ" are one name)."""
    return " ".join(unicodedata.normalize("NFKC", nickname).casefold().split())


def _anonymous_words() -> str:
    words = {name_key(translate(language, Message("server.anonymous", {"tag": ""})))
             for language in LANGUAGES}
    return "|".join(sorted(re.escape(word) for word in words | {"anonymous"}))


ANONYMOUS_TAG = re.compile(rf"(?:{_anonymous_words()})(\s*[0-9a-f]{{1,8}})?")
"""Names of the anonymous-tag form in any language (after :func:`name_key`), reserved for the
tags."""


def display_name(player_id: str, nickname: str | None) -> str:
    """A player's name on the leaderboard: the nickname, or a stable anonymous tag
    ("Anonymous 02fd", in the answer's language)."""
    if nickname:
        return nickname
    tag = hashlib.sha256(player_id.encode()).hexdigest()[:4]
    return translate(answer_language(), Message("server.anonymous", {"tag": tag}))


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.replace(tzinfo=UTC).isoformat()


class GameService:
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

    # --- Options and players -------------------------------------------------------------

    def options(self) -> dict[str, Any]:
        """The games with their tables and difficulties; the names for people in the answer's
        language (``title``, ``preset_labels``, ``difficulty_labels``)."""
        language = answer_language()
        games = {}
        for name, game in ADAPTERS.items():
            difficulties = {}
            for difficulty in DIFFICULTIES:
                try:
                    difficulties[difficulty] = game.player_for(difficulty)
                except ValueError:
                    continue
            games[name] = {
                "title": translate(language, GAME_TITLES[name]),
                "presets": list(game.presets),
                "preset_labels": {preset: translate(language, game.preset_labels[preset])
                                  for preset in game.presets},
                "difficulty_labels": {difficulty: translate(language, DIFFICULTY_LABELS[difficulty])
                                      for difficulty in difficulties},
                "default_preset": game.default_preset,
                "hands": list(game.hand_counts),
                "difficulties": difficulties,
                "default_difficulty": "normal",
                "daily": {"preset": game.daily_preset, "difficulty": game.daily_difficulty},
                "house_options": game.house_options(),
            }
        return {"games": games, "today": self.today(), "daily_time_zone": "America/Chicago",
                "test_options": self.test_options}

    def me(self, player_id: str) -> dict[str, Any]:
        row = self.store.player(player_id)
        nickname = None if row is None else row.nickname
        return {"player_id": player_id, "nickname": nickname,
                "name": display_name(player_id, nickname)}

    def set_nickname(self, player_id: str, nickname: object) -> dict[str, Any]:
        if not isinstance(nickname, str):
            raise ApiError(400, "bad_request", Message("server.nickname.not_text"))
        cleaned = " ".join(nickname.split())
        if not cleaned:
            raise ApiError(400, "bad_nickname", Message("server.nickname.empty"))
        if len(cleaned) > NICKNAME_LENGTH:
            raise ApiError(400, "bad_nickname",
                           Message("server.nickname.too_long", {"count": NICKNAME_LENGTH}))
        if any(unicodedata.category(c).startswith("C") for c in cleaned):
            raise ApiError(400, "bad_nickname", Message("server.nickname.control"))
        key = name_key(cleaned)
        if ANONYMOUS_TAG.fullmatch(key):
            raise ApiError(409, "nickname_reserved",
                           Message("server.nickname.reserved", {"name": repr(cleaned)}))
        if not self.store.set_nickname(player_id, cleaned, key, self._stamp()):
            raise ApiError(409, "nickname_taken",
                           Message("server.nickname.taken", {"name": repr(cleaned)}))
        return self.me(player_id)

    # --- Creating games ------------------------------------------------------------------

    def _adapter(self, game: str) -> GameAdapter[Any]:
        try:
            return adapter(game)
        except ValueError as error:
            raise ApiError(400, "bad_request", reason_of(error)) from None

    def new_game(self, player_id: str, *, game: str, preset: str | None,
                 difficulty: str | None, hands: int | None,
                 target: int | None = None,
                 house: dict[str, Any] | None = None) -> dict[str, Any]:
        chosen = self._adapter(game)
        difficulty = difficulty or "normal"
        if target is not None and not self.test_options:
            raise ApiError(400, "bad_request", Message("server.target_test_only"))
        try:
            rules = chosen.rules(preset, TableOptions(hands=hands, target=target,
                                                      house=dict(house or {})))
            opponent = chosen.player_for(difficulty)
        except ValueError as error:
            raise ApiError(400, "bad_request", reason_of(error)) from None
        seed = "new-" + secrets.token_hex(16)
        return self._create(player_id, chosen, mode="new", preset=preset or chosen.default_preset,
                            rules=rules, difficulty=difficulty, opponent=opponent, seed=seed,
                            day=None)

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

    def _fairness(self, game: str, day: date) -> dict[str, Any]:
        seed = daily_seed(self.secret, game, day)
        revealed = is_revealed(day, self.now())
        return {
            "date": day.isoformat(),
            "commitment": seed_commitment(seed),
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
        last = daily_date(self.now()) + timedelta(days=COMMITTED_DAYS_AHEAD)
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

    def _prepare(self, player_id: str, chosen: GameAdapter[Any], *, mode: str, preset: str,
                 rules: dict[str, Any], difficulty: str, opponent: str, seed: str,
                 day: str | None) -> tuple[GameRow, Any]:
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
            stats=None, created_at=now, updated_at=now, finished_at=None,
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
                day: str | None) -> dict[str, Any]:
        row, match = self._prepare(player_id, chosen, mode=mode, preset=preset, rules=rules,
                                   difficulty=difficulty, opponent=opponent, seed=seed, day=day)
        row = self.store.create_game(row, self.store_actions(chosen, match))
        GAMES_STARTED.labels(chosen.name, mode).inc()
        response = self._response(row, chosen, match, since=0)
        self.cache.put(row.id, row.version, match)
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
        match = self.cache.take(row.id, row.version)
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
        if not chosen.is_over(match) and chosen.to_move(match) != row.human_seat:
            # Only a game stored by an older or interrupted server: let the computers move.
            count = chosen.event_count(match)
            played = self._play_computers(row, chosen, match)
            new = self._commit(row, chosen, match, played)
            if new is None:
                return self.get(player_id, game_id, since=since)
            row = new
            since = count if since is None else since
        response = self._response(row, chosen, match, since=since)
        self.cache.put(row.id, row.version, match)
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
            self.cache.put(new.id, new.version, match)
            return response
        finally:
            if keep:
                self.cache.put(row.id, row.version, match)

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
            "created_at": _iso(row.created_at),
            "finished_at": _iso(row.finished_at),
        }

    # --- Lists, history, the leaderboard -------------------------------------------------

    def my_games(self, player_id: str) -> dict[str, Any]:
        return {"games": [self._summary(row) for row in self.store.player_games(player_id)]}

    def stats(self, player_id: str, game: str) -> dict[str, Any]:
        chosen = self._adapter(game)
        rows = self.store.player_games(player_id, game=chosen.name, limit=1000)
        finished = [row for row in rows if row.status == "over"]
        scores = [row.score or 0 for row in finished]
        return {
            **self.me(player_id),
            "game": chosen.name,
            "games": len(finished),
            "unfinished": len(rows) - len(finished),
            "total_score": sum(scores),
            "average_score": round(sum(scores) / len(scores), 2) if scores else None,
            "wins": sum(1 for row in finished if (row.stats or {}).get("won")),
            "daily_streak": streaks(
                (date.fromisoformat(d) for d in self.store.finished_daily_days(player_id,
                                                                               chosen.name)),
                daily_date(self.now())),
            **chosen.summarize([row.stats or {} for row in finished]),
            "history": [self._summary(row) for row in rows],
        }

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
                "totals": stats.get("totals"),
                "daily_wins": wins.get(row.player_id, 0),
                "finished_at": _iso(row.finished_at),
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
