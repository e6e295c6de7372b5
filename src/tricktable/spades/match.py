"""A game of two-player Spades: hands until a player reaches the target score.

The first player of hand 1 is given; after each hand the roles swap.  Hand ``n`` (from 1) is
shuffled from ``derive_seed(game_seed, "hand", n)``.  A hand's running totals and bags carry into
the next.  When a total reaches the target the higher total wins; on a tie another hand is
played.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tricktable.game import Action, IllegalAction, Player, Seat, Seed, derive_seed, seed_text
from tricktable.i18n import Message
from tricktable.spades.rules import PRESETS, Rules
from tricktable.spades.scoring import game_winner
from tricktable.spades.state import HandState, new_hand
from tricktable.spades.view import SpadesView

__all__ = ["Match", "hand_seed", "play_match"]


def hand_seed(game_seed: Seed, number: int) -> str:
    """The seed of hand ``number`` (from 1) of a game."""
    return derive_seed(game_seed, "hand", number)


class Match:
    """A game in progress.  ``hand`` is the current (or, once the game is over, the last) hand."""

    def __init__(
        self,
        *,
        seed: Seed,
        rules: Rules | None = None,
        first: Seat = 0,
        totals: tuple[int, int] = (0, 0),
        bags: tuple[int, int] = (0, 0),
    ) -> None:
        """A new game; ``totals`` and ``bags`` other than 0 resume one (or set a handicap)."""
        seed_text(seed)  # checks the seed
        if first not in (0, 1):
            raise ValueError(f"The first player is seat 0 or 1, not {first!r}.")
        self.seed = seed
        self.rules = rules if rules is not None else PRESETS["standard"]
        self.first = first
        """The first player of hand 1."""
        self.hands: list[HandState] = []
        self.start_totals = (totals[0], totals[1])
        self.start_bags = (bags[0], bags[1])
        self.totals = self.start_totals
        """The running totals after the finished hands."""
        self.bags = self.start_bags
        """The accumulated bags after the finished hands."""
        self.winner: Seat | None = None
        self.history: list[tuple[Seat, Action]] = []
        """Every action of the game, in order (a game is its seed plus these)."""
        self._deal_next()

    @property
    def hand(self) -> HandState:
        return self.hands[-1]

    @property
    def hand_number(self) -> int:
        """The current hand's number, from 1."""
        return len(self.hands)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def to_move(self) -> Seat | None:
        return None if self.winner is not None else self.hand.to_move

    def legal_actions(self) -> Sequence[Action]:
        return () if self.winner is not None else self.hand.legal_actions()

    def view(self, seat: Seat) -> SpadesView:
        """``seat``'s view of the current hand (its totals and bags are those before it)."""
        return self.hand.view(seat)

    def apply(self, action: Action, *, seat: Seat | None = None) -> None:
        """Apply ``action`` to the current hand; when the hand ends, score it and deal the next
        unless the game is over.  Raises :class:`IllegalAction`, changing nothing."""
        if self.winner is not None:
            raise IllegalAction(Message("illegal.game_over"))
        hand = self.hand
        mover = hand.to_move
        hand.apply(action, seat=seat)
        assert mover is not None
        self.history.append((mover, action))
        if hand.result is not None:
            self.totals = hand.result.totals
            self.bags = hand.result.bags
            self.winner = game_winner(self.totals, self.rules.target)
            if self.winner is None:
                self._deal_next()

    def _deal_next(self) -> None:
        number = len(self.hands) + 1
        self.hands.append(
            new_hand(
                rules=self.rules,
                first=(self.first + number - 1) % 2,
                seed=hand_seed(self.seed, number),
                totals=self.totals,
                bags=self.bags,
            )
        )


def play_match(
    players: Sequence[Player],
    *,
    seed: Seed,
    rules: Rules | None = None,
    first: Seat = 0,
    rng: random.Random | None = None,
    max_hands: int = 1000,
) -> Match:
    """Let two computer players play a whole game; each decides from its own view."""
    match = Match(seed=seed, rules=rules, first=first)
    rng = rng if rng is not None else random.Random(seed_text(seed))
    while match.to_move is not None:
        if len(match.hands) > max_hands:
            raise RuntimeError(f"The game did not end within {max_hands} hands.")
        seat = match.to_move
        match.apply(players[seat].choose(match.view(seat), rng), seat=seat)
    return match
