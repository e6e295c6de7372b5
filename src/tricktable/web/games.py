"""Per-game adapters: everything the server needs to know about one game, behind one interface.

The server stores and serves games without knowing their rules: it asks the adapter for a new
match, replays an action log, applies an action, and turns a match into what one seat may see.
Sheepshead is the first adapter; two-player Spades is the next one to add to :data:`ADAPTERS`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from tricktable.ai.players import player_names
from tricktable.game import Action, Seat, parse_action
from tricktable.sheepshead.events import event_json, redact
from tricktable.sheepshead.match import Match
from tricktable.sheepshead.rules import PRESETS, rules_from_json
from tricktable.sheepshead.scoring import HandKind

__all__ = ["ADAPTERS", "DIFFICULTIES", "GameAdapter", "Outcome", "SheepsheadAdapter", "adapter"]

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
    def rules(self, preset: str | None, hands: int | None) -> dict[str, Any]:
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
        ``full`` for a whole-state load (the last finished hand is then always included)."""

    @abstractmethod
    def outcome(self, match: M, seat: Seat) -> Outcome: ...


class SheepsheadAdapter(GameAdapter[Match]):
    name = "sheepshead"
    title = "Sheepshead"
    presets = ("milwaukee", "pagat", "tavern")
    default_preset = "milwaukee"
    daily_preset = "milwaukee"
    hand_counts = (5, 10, 15, 20)

    def rules(self, preset: str | None, hands: int | None) -> dict[str, Any]:
        name = preset or self.default_preset
        if name not in PRESETS:
            raise ValueError(f"{name!r} is not a table; choose from {', '.join(PRESETS)}.")
        rules = PRESETS[name]
        if hands is not None:
            rules = replace(rules, hands=hands)
        return rules.to_json()

    def new_match(self, rules: dict[str, Any], seed: str) -> Match:
        return Match(rules=rules_from_json(rules), seed=seed)

    def apply(self, match: Match, seat: Seat, action: Action) -> None:
        match.apply(action, seat=seat)

    def to_move(self, match: Match) -> Seat | None:
        return match.to_move

    def is_over(self, match: Match) -> bool:
        return match.is_over

    def action_count(self, match: Match) -> int:
        return len(match.history)

    def history(self, match: Match) -> list[tuple[Seat, str]]:
        # Memoised on the match (its log only grows), so a long game is not re-printed on
        # every request.
        texts: list[tuple[Seat, str]] = match.__dict__.setdefault("_web_history", [])
        history = match.history
        if len(texts) > len(history):  # pragma: no cover - a match's log never shrinks
            texts.clear()
        texts.extend((seat, str(action)) for seat, action in history[len(texts):])
        return texts

    def player_view(self, match: Match, seat: Seat) -> Any:
        return match.current.view(seat)

    def event_count(self, match: Match) -> int:
        return sum(len(deal.events) for deal in match.deals)

    def state_json(self, match: Match, seat: Seat, since: int, *, full: bool) -> dict[str, Any]:
        events: list[dict[str, Any]] = []
        offset = 0
        for number, deal in enumerate(match.deals):
            count = len(deal.events)
            if offset + count > since:
                over = deal.is_over
                for index in range(max(0, since - offset), count):
                    event = redact(deal.events[index], viewer=seat, picker=deal.picker, over=over)
                    events.append({"index": offset + index, "deal": number, **event_json(event)})
            offset += count
        # The events travel once, in "events": the views are sent without their copies.
        view = match.view(seat)
        view_json = replace(view, hand=replace(view.hand, events=())).to_json()
        del view_json["hand"]["events"]
        finished = match.deals if match.is_over else match.deals[:-1]
        previous = None
        ended = any(event["type"] == "HandScored" for event in events)
        if finished and (full or ended):
            deal_index = len(finished) - 1
            previous_view = replace(finished[-1].view(seat), events=()).to_json()
            del previous_view["events"]
            previous = {
                "deal": deal_index,
                "hand_number": _hand_number(match, deal_index),
                "view": previous_view,
            }
        return {
            "view": view_json,
            "legal_actions": [str(a) for a in view.legal_actions],
            "deal": len(match.deals) - 1,
            "events": events,
            "event_count": offset,
            "previous_hand": previous,
        }

    def outcome(self, match: Match, seat: Seat) -> Outcome:
        played = [d for d in match.deals if d.result and d.result.kind is not HandKind.PASSED_OUT]
        picks = [d for d in played if d.picker == seat]
        wins = [d for d in picks if d.result is not None and d.result.picker_won]
        totals = match.totals
        place = 1 + sum(1 for total in totals if total > totals[seat])
        return Outcome(
            score=totals[seat],
            stats={
                "hands": len(played),
                "picks": len(picks),
                "picker_wins": len(wins),
                "partner": sum(1 for d in played if d.partner == seat),
                "leasters": sum(1 for d in played if d.picker is None),
                "place": place,
                "won": seat in match.winners,
                "totals": list(totals),
            },
        )


def _hand_number(match: Match, deal_index: int) -> int:
    return 1 + sum(
        1 for result in match.results[:deal_index] if result.kind is not HandKind.PASSED_OUT
    )


ADAPTERS: dict[str, GameAdapter[Any]] = {"sheepshead": SheepsheadAdapter()}
"""The games the server offers, by name.  Add Spades here, explicitly."""


def adapter(game: str) -> GameAdapter[Any]:
    try:
        return ADAPTERS[game]
    except KeyError:
        raise ValueError(f"{game!r} is not a game here; choose from {', '.join(ADAPTERS)}.") \
            from None
