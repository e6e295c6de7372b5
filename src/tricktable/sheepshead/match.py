"""A game of Sheepshead: N hands with a rotating dealer, running scores and the doubler.

A match is a pure function of its rules, its seed and its actions: the first dealer and every
deal come from the seed, so replaying the actions reproduces the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tricktable.game import Action, IllegalAction, Seat, Seed, derive_seed, shuffled
from tricktable.i18n import Message
from tricktable.sheepshead.deal import SEATS, deal_from_seed
from tricktable.sheepshead.rules import PRESETS, NoPicker, Rules
from tricktable.sheepshead.scoring import HandKind, HandResult
from tricktable.sheepshead.state import HandState
from tricktable.sheepshead.view import SheepsheadView

__all__ = ["Match", "MatchView", "deal_seed", "first_dealer"]


def first_dealer(seed: Seed) -> Seat:
    """The game's first dealer, chosen at random from the game's seed."""
    return shuffled(range(SEATS), seed, purpose="sheepshead-first-dealer")[0]


def deal_seed(seed: Seed, deal_index: int) -> str:
    """The seed of the game's ``deal_index``-th deal (passed-out deals count)."""
    return derive_seed(seed, "deal", deal_index)


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchView:
    """One seat's view of the game: the current hand's view plus the running game."""

    hand: SheepsheadView
    hand_number: int
    """1-based number of the hand being played (passed-out deals do not count)."""
    hands_in_game: int
    totals: tuple[int, ...]
    results: tuple[HandResult, ...]
    """Every finished hand so far, passed-out deals included, in order."""
    next_multiplier: int
    is_over: bool
    winners: tuple[Seat, ...]

    @property
    def seat(self) -> Seat:
        return self.hand.seat

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        return () if self.is_over else self.hand.legal_actions

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand.to_json(),
            "hand_number": self.hand_number,
            "hands_in_game": self.hands_in_game,
            "totals": list(self.totals),
            "results": [r.to_json() for r in self.results],
            "next_multiplier": self.next_multiplier,
            "is_over": self.is_over,
            "winners": list(self.winners),
        }


class Match:
    """A game of ``rules.hands`` hands.  ``apply`` plays into the current hand and deals the next
    one as soon as a hand ends; the last finished hand stays ``current`` when the game is over.
    """

    def __init__(self, *, rules: Rules | None = None, seed: Seed) -> None:
        self.rules = rules if rules is not None else PRESETS["milwaukee"]
        self.seed = seed
        self.totals = [0] * SEATS
        self.results: list[HandResult] = []
        self.history: list[tuple[Seat, Action]] = []
        self.hands_played = 0
        self.deal_index = 0
        self.multiplier = 1
        self.dealer = first_dealer(seed)
        self.deals: list[HandState] = [self._deal()]
        """Every deal of the game so far, passed-out ones included; the last is current."""

    @property
    def current(self) -> HandState:
        """The hand being played (the last hand, once the game is over)."""
        return self.deals[-1]

    def _deal(self) -> HandState:
        seed = deal_seed(self.seed, self.deal_index)
        state = HandState(
            rules=self.rules,
            dealer=self.dealer,
            deal=deal_from_seed(seed, self.dealer),
            multiplier=self.multiplier,
        )
        state.seed = seed
        return state

    @property
    def is_over(self) -> bool:
        return self.hands_played >= self.rules.hands

    @property
    def to_move(self) -> Seat | None:
        return None if self.is_over else self.current.to_move

    @property
    def hand_number(self) -> int:
        """1-based number of the current hand (the last one once the game is over)."""
        return min(self.hands_played + 1, self.rules.hands)

    @property
    def winners(self) -> tuple[Seat, ...]:
        """The seats with the highest total once the game is over (several on a tie)."""
        if not self.is_over:
            return ()
        best = max(self.totals)
        return tuple(seat for seat in range(SEATS) if self.totals[seat] == best)

    def legal_actions(self) -> tuple[Action, ...]:
        return () if self.is_over else self.current.legal_actions()

    def apply(self, action: Action, *, seat: Seat | None = None) -> None:
        """Play ``action`` in the current hand; raises :class:`IllegalAction` if not allowed."""
        if self.is_over:
            raise IllegalAction(Message("illegal.game_over"))
        mover = self.current.to_move
        self.current.apply(action, seat=seat)
        assert mover is not None
        self.history.append((mover, action))
        if self.current.is_over:
            self._hand_finished()

    def _hand_finished(self) -> None:
        result = self.current.result
        assert result is not None
        self.results.append(result)
        if result.kind is HandKind.PASSED_OUT:
            doublings = self.multiplier.bit_length() - 1
            if self.rules.no_picker is NoPicker.DOUBLER and self.rules.may_double(doublings):
                self.multiplier *= 2
        else:
            self.hands_played += 1
            for seat in range(SEATS):
                self.totals[seat] += result.scores[seat]
            self.multiplier = 1
            self.dealer = (self.dealer + 1) % SEATS
        self.deal_index += 1
        if not self.is_over:
            self.deals.append(self._deal())

    def view(self, seat: Seat) -> MatchView:
        """What ``seat`` may know about the game now."""
        return MatchView(
            hand=self.current.view(seat),
            hand_number=self.hand_number,
            hands_in_game=self.rules.hands,
            totals=tuple(self.totals),
            results=tuple(self.results),
            next_multiplier=self.multiplier,
            is_over=self.is_over,
            winners=self.winners,
        )
