"""The server's game service, between the routes and the store: the games on offer, players and
their names, new games, my games and statistics; the Daily's part is
:class:`~tricktable.web.daily.service.DailyService`, playing is
:class:`~tricktable.web.games.play.GamePlay`.
"""

from __future__ import annotations

import secrets
from datetime import date
from typing import Any

from tricktable.i18n import Message, translate
from tricktable.i18n.errors import reason_of
from tricktable.web.daily.dates import daily_date
from tricktable.web.daily.results import streaks
from tricktable.web.daily.service import DailyService
from tricktable.web.games import ADAPTERS, DIFFICULTIES, TableOptions
from tricktable.web.games.base import DIFFICULTY_LABELS
from tricktable.web.games.errors import NOT_YOURS, ApiError, error_body, no_game
from tricktable.web.games.names import check_nickname, display_name, name_key, name_keys
from tricktable.web.games.play import GAME_ID
from tricktable.web.language import answer_language
from tricktable.words import GAME_TITLES

__all__ = ["GAME_ID", "NOT_YOURS", "ApiError", "GameService", "display_name", "error_body",
           "name_key", "no_game"]


class GameService(DailyService):
    """The game service the routes call."""

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
        cleaned, _ = check_nickname(nickname)
        if not self.store.set_nickname(player_id, cleaned, name_keys(cleaned), self._stamp()):
            raise ApiError(409, "nickname_taken",
                           Message("server.nickname.taken", {"name": repr(cleaned)}))
        return self.me(player_id)

    def new_game(self, player_id: str, *, game: str, preset: str | None,
                 difficulty: str | None, hands: int | None,
                 target: int | None = None,
                 house: dict[str, Any] | None = None,
                 coached: bool = False) -> dict[str, Any]:
        """A new game with fresh deals; ``coached``: the coach says after each of the
        player's decisions whether it would have done otherwise, and a decision may be undone
        (:mod:`tricktable.web.review.coaching`)."""
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
                            day=None, coached=coached)
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

