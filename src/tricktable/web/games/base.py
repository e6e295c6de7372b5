"""The interface every game offers the server, and what the games share (difficulties)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from tricktable.ai.players import player_names
from tricktable.game import Action, Seat, parse_action

__all__ = ["DIFFICULTIES", "GameAdapter", "Outcome", "TableOptions", "memo_history", "rate"]

M = TypeVar("M")

DIFFICULTIES: dict[str, tuple[str, ...]] = {
    "easy": ("random",),
    "normal": ("basic", "random"),
    "hard": ("strong", "basic", "random"),
}
"""Each difficulty's computer player: the first of these that is registered."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game went for the human seat: its score and statistics for the history."""

    score: int
    stats: dict[str, Any]


@dataclass(frozen=True, slots=True, kw_only=True)
class TableOptions:
    """What a player may choose about a new table besides the preset (None: the preset's)."""

    hands: int | None = None
    """Sheepshead: the number of hands."""
    target: int | None = None
    """Spades: the score that ends the game (a test-only option; see ``Settings``)."""


def rate(part: int, whole: int) -> float | None:
    return round(part / whole, 3) if whole else None


class GameAdapter(ABC, Generic[M]):
    """One game as the server sees it.  ``M`` is the game's match type."""

    name: str
    title: str
    human_seat: Seat = 0
    presets: tuple[str, ...]
    default_preset: str
    daily_preset: str
    daily_difficulty: str = "normal"
    hand_counts: tuple[int, ...] = ()

    def player_for(self, difficulty: str) -> str:
        """The registered computer player for a difficulty; ValueError for an unknown one."""
        try:
            wanted = DIFFICULTIES[difficulty]
        except KeyError:
            raise ValueError(
                f"{difficulty!r} is not a difficulty; choose from {', '.join(DIFFICULTIES)}."
            ) from None
        available = set(player_names(self.name))
        for name in wanted:
            if name in available:
                return name
        raise ValueError(f"No computer player for {difficulty!r} is installed.")

    @abstractmethod
    def rules(self, preset: str | None, options: TableOptions) -> dict[str, Any]:
        """The rules of a table as JSON; ValueError (readable) for bad options."""

    @abstractmethod
    def new_match(self, rules: dict[str, Any], seed: str) -> M: ...

    def replay(self, rules: dict[str, Any], seed: str, actions: Sequence[tuple[Seat, str]]) -> M:
        match = self.new_match(rules, seed)
        for seat, text in actions:
            self.apply(match, seat, parse_action(text))
        return match

    @abstractmethod
    def apply(self, match: M, seat: Seat, action: Action) -> None:
        """Apply an action; raises IllegalAction (changing nothing) if the rules forbid it."""

    @abstractmethod
    def to_move(self, match: M) -> Seat | None: ...

    @abstractmethod
    def is_over(self, match: M) -> bool: ...

    @abstractmethod
    def action_count(self, match: M) -> int: ...

    @abstractmethod
    def history(self, match: M) -> list[tuple[Seat, str]]:
        """The game's actions so far as (seat, action text)."""

    @abstractmethod
    def player_view(self, match: M, seat: Seat) -> Any:
        """What a computer player at ``seat`` decides from."""

    @abstractmethod
    def event_count(self, match: M) -> int: ...

    @abstractmethod
    def state_json(self, match: M, seat: Seat, since: int, *, full: bool) -> dict[str, Any]:
        """Everything ``seat`` may see now, with the events since event number ``since``;
        ``full`` for a whole-state load (the last finished hand is then always included).

        The keys: ``view``, ``legal_actions``, ``deal`` (the current hand's index),
        ``events`` (each with ``index`` and ``deal``), ``event_count`` and ``previous_hand``.
        """

    @abstractmethod
    def outcome(self, match: M, seat: Seat) -> Outcome: ...

    @abstractmethod
    def summarize(self, stats: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """A player's statistics over finished games, from each game's ``Outcome.stats``."""


def memo_history(
    match: Any, logs: Sequence[Sequence[tuple[Seat, Action]]]
) -> list[tuple[Seat, str]]:
    """A match's actions as texts, given as the logs it keeps (one per hand, or one for the
    game), memoised on the match (its logs only grow), so a long game is not re-printed on
    every request."""
    texts: list[tuple[Seat, str]] = match.__dict__.setdefault("_web_history", [])
    skip = len(texts)
    if skip > sum(len(log) for log in logs):  # pragma: no cover - a log never shrinks
        texts.clear()
        skip = 0
    for log in logs:
        if skip >= len(log):
            skip -= len(log)
            continue
        texts.extend((seat, str(action)) for seat, action in log[skip:])
        skip = 0
    return texts
