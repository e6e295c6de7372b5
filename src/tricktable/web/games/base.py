"""The interface every game offers the server, and what the games share: the difficulties, and
the answer a seat gets (its view, the events since a number, the last finished hand)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from tricktable.ai.players import player_names
from tricktable.game import Action, IllegalAction, Seat, parse_action
from tricktable.i18n import Message
from tricktable.i18n.errors import WordedError
from tricktable.web.language import answer_language

__all__ = [
    "DIFFICULTIES", "DIFFICULTY_LABELS", "GameAdapter", "Outcome", "PlayedMatch", "TableOptions",
    "memo_history", "rate",
]


class PlayedMatch(Protocol):
    """What the server asks of every game's match (both games' ``Match`` classes offer it)."""

    @property
    def to_move(self) -> Seat | None: ...

    @property
    def is_over(self) -> bool: ...

    def apply(self, action: Action, *, seat: Seat | None = None) -> None: ...


M = TypeVar("M", bound=PlayedMatch)

DIFFICULTIES: dict[str, tuple[str, ...]] = {
    "easy": ("random",),
    "normal": ("basic", "random"),
    "hard": ("strong", "basic", "random"),
}
"""Each difficulty's computer player: the first of these that is registered.  ``hard`` is
``strong`` at full strength: Sheepshead's searches a fixed number of deals (stopping early on
settled choices), so its replies depend only on the game."""

DIFFICULTY_LABELS = {"easy": Message("server.difficulty.easy"),
                     "normal": Message("server.difficulty.normal"),
                     "hard": Message("server.difficulty.hard")}
"""Each difficulty's name for people."""


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
    house: dict[str, Any] = field(default_factory=dict)
    """Sheepshead: house options over the preset's (``partner``, ``crack``, ``blitz``,
    ``max_doubles``)."""


def rate(part: int, whole: int) -> float | None:
    return round(part / whole, 3) if whole else None


class GameAdapter(ABC, Generic[M]):
    """One game as the server sees it.  ``M`` is the game's match type."""

    name: str
    title: str
    """The game's name in English (:data:`~tricktable.words.GAME_TITLES` in any language)."""
    human_seat: Seat = 0
    presets: tuple[str, ...]
    preset_labels: ClassVar[dict[str, Message]]
    """Each table's name and what sets it apart, for people."""
    default_preset: str
    daily_preset: str
    daily_difficulty: str = "normal"
    hand_counts: tuple[int, ...] = ()

    def player_for(self, difficulty: str) -> str:
        """The registered computer player for a difficulty; ValueError for an unknown one."""
        try:
            wanted = DIFFICULTIES[difficulty]
        except KeyError:
            raise WordedError(Message("server.difficulty.unknown", {
                "difficulty": repr(difficulty), "difficulties": ", ".join(DIFFICULTIES)})) \
                from None
        available = set(player_names(self.name))
        for name in wanted:
            if name in available:
                return name
        raise WordedError(Message("server.difficulty.missing", {"difficulty": repr(difficulty)}))

    def house_options(self) -> dict[str, dict[str, Any]]:
        """Each table's house options, by preset, for New game to start from (none: {})."""
        return {}

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

    def apply(self, match: M, seat: Seat, action: Action) -> None:
        """Apply an action; raises IllegalAction (changing nothing) if the rules forbid it."""
        match.apply(action, seat=seat)

    def to_move(self, match: M) -> Seat | None:
        return match.to_move

    def is_over(self, match: M) -> bool:
        return match.is_over

    @abstractmethod
    def action_count(self, match: M) -> int: ...

    @abstractmethod
    def history(self, match: M) -> list[tuple[Seat, str]]:
        """The game's actions so far as (seat, action text)."""

    @abstractmethod
    def player_view(self, match: M, seat: Seat) -> Any:
        """What a computer player at ``seat`` decides from."""

    @abstractmethod
    def hands(self, match: M) -> Sequence[Any]:
        """The game's hands (deals) so far, each with its ``events``; the current one last."""

    def event_count(self, match: M) -> int:
        return sum(len(hand.events) for hand in self.hands(match))

    def events_since(self, match: M, seat: Seat, since: int) -> list[dict[str, Any]]:
        """The game's events after event number ``since`` as ``seat`` sees them (any seat
        number :meth:`event_json` takes), each with its ``index`` in the game and its
        ``deal``."""
        events: list[dict[str, Any]] = []
        offset = 0
        for number, hand in enumerate(self.hands(match)):
            count = len(hand.events)
            if offset + count > since:
                for index in range(max(0, since - offset), count):
                    data = self.event_json(hand, hand.events[index], seat)
                    events.append({"index": offset + index, "deal": number, **data})
            offset += count
        return events

    def state_json(self, match: M, seat: Seat, since: int, *, full: bool) -> dict[str, Any]:
        """Everything ``seat`` may see now, with the events since event number ``since``;
        ``full`` for a whole-state load (the last finished hand is then always included).

        The keys: ``view``, ``legal_actions``, ``unplayable`` (why each card of the seat's
        hand may not be played, when it is its turn to play), ``deal`` (the current hand's
        index), ``events`` (each with ``index`` and ``deal``), ``event_count`` and
        ``previous_hand``.
        """
        hands = self.hands(match)
        events = self.events_since(match, seat, since)
        view, legal = self.view_json(match, seat)
        # The last finished hand, revealed: on a load, and when a hand ended among the events.
        finished = hands if self.is_over(match) else hands[:-1]
        previous = None
        ended = any(event["type"] == "HandScored" for event in events)
        if finished and (full or ended):
            deal_index = len(finished) - 1
            previous = {
                "deal": deal_index,
                "hand_number": self.hand_number(match, deal_index),
                "view": self.finished_view_json(finished[-1], seat),
            }
        return {
            "view": view,
            "legal_actions": legal,
            "unplayable": self.unplayable(hands[-1], seat, view, legal),
            "deal": len(hands) - 1,
            "events": events,
            "event_count": sum(len(hand.events) for hand in hands),
            "previous_hand": previous,
        }

    def unplayable(self, hand: Any, seat: Seat, view: dict[str, Any],
                   legal: Sequence[str]) -> dict[str, str]:
        """Why each card ``seat`` holds may not be played now, in the engine's words (in the
        answer's language), asked of a copy of ``hand`` (empty unless the seat is to play a
        card)."""
        if not any(text.startswith("play ") for text in legal):
            return {}
        shown = view["hand"]
        unknown = None if shown.get("unknown_played") else shown.get("unknown_card")
        reasons: dict[str, str] = {}
        language = answer_language()
        for code in (*shown["hand"], unknown):
            if code is None or f"play {code}" in legal:
                continue
            try:
                hand.copy().apply(parse_action(f"play {code}"), seat=seat)
            except IllegalAction as error:
                reasons[code] = error.words(language)
        return reasons

    @abstractmethod
    def event_json(self, hand: Any, event: Any, seat: Seat) -> dict[str, Any]:
        """An event of ``hand`` as JSON, as ``seat`` may see it."""

    @abstractmethod
    def view_json(self, match: M, seat: Seat) -> tuple[dict[str, Any], list[str]]:
        """``seat``'s view of the game now as JSON, without the events (they travel once, in
        ``events``), and its legal actions as texts (none when it is not its turn)."""

    @abstractmethod
    def hand_number(self, match: M, deal_index: int) -> int:
        """The number shown for the hand dealt ``deal_index``-th (from 0)."""

    @abstractmethod
    def finished_view_json(self, hand: Any, seat: Seat) -> dict[str, Any]:
        """``seat``'s view of a finished hand as JSON, without its events."""

    @abstractmethod
    def outcome(self, match: M, seat: Seat) -> Outcome: ...

    @abstractmethod
    def hand_marks(self, match: M, seat: Seat) -> list[tuple[str, bool]]:
        """Each finished hand as (``seat``'s role in it, whether ``seat`` won it); roles are
        the keys of :data:`tricktable.web.daily.results.MARKS`."""

    @abstractmethod
    def record(self, match: M) -> dict[str, Any]:
        """The game's record: JSON that ``tricktable replay`` replays exactly."""

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
