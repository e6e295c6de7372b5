"""Sheepshead and Spades as the environments see them: dealing, encoding, scoring.

A Sheepshead hand's rewards are its scores (they sum to zero).  A Spades hand's scores do not
sum to zero, so each seat's reward is its score minus the opponent's; the raw scores are in the
final infos as ``hand_scores``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

import tricktable.rl.sheepshead_encoding as sheepshead
import tricktable.rl.spades_encoding as spades
from tricktable.cards import format_cards
from tricktable.game import Action, IllegalAction
from tricktable.sheepshead.rules import Rules as SheepsheadRules
from tricktable.sheepshead.rules import rules_from_json as sheepshead_rules
from tricktable.sheepshead.state import HandState as SheepsheadHand
from tricktable.sheepshead.state import new_hand as new_sheepshead_hand
from tricktable.sheepshead.view import SheepsheadView
from tricktable.sheepshead.view import ViewReader as SheepsheadReader
from tricktable.spades.rules import Rules as SpadesRules
from tricktable.spades.rules import rules_from_json as spades_rules
from tricktable.spades.state import HandState as SpadesHand
from tricktable.spades.state import new_hand as new_spades_hand
from tricktable.spades.view import SpadesView
from tricktable.spades.view import ViewReader as SpadesReader

__all__ = ["GAMES", "SheepsheadGame", "SpadesGame", "game_for"]

_SEED_LIMIT = 2**62


def _describe(view: SheepsheadView | SpadesView, reason: str = "") -> str:
    """One line for a human: the seat, the phase, its hand, the trick, the scores once over."""
    trick = " ".join("??" if c is None else str(c) for c in view.current_trick.cards) or "-"
    text = (f"seat {view.seat} ({view.phase.value}): hand {format_cards(view.hand)}; "
            f"trick {trick}")
    if view.result is not None:
        text += f"; scores {list(view.result.scores)}{reason}"
    return text


class SheepsheadGame:
    """Five seats; the dealer and the deal come from the environment's generator."""

    name = "sheepshead"
    seats = sheepshead.SEATS
    observation_size = sheepshead.OBSERVATION_SIZE
    observation_low = 0.0
    action_count = sheepshead.ACTION_COUNT

    def __init__(self, rules: SheepsheadRules | str | None = None) -> None:
        self.rules = (
            rules if isinstance(rules, SheepsheadRules) else sheepshead_rules(rules or "milwaukee")
        )

    def new_hand(self, rng: np.random.Generator) -> SheepsheadHand:
        dealer = int(rng.integers(self.seats))
        return new_sheepshead_hand(
            rules=self.rules, dealer=dealer, seed=int(rng.integers(_SEED_LIMIT))
        )

    reader = staticmethod(SheepsheadReader)
    seat_observation = staticmethod(sheepshead.SeatObservation)
    observation = staticmethod(sheepshead.observation)
    action_mask = staticmethod(sheepshead.action_mask)
    legal_ids = staticmethod(sheepshead.legal_ids)

    def action(self, number: int, view: Callable[[], Any]) -> Action:
        return sheepshead.action_for_id(number)

    def action_id(self, action: Action, view: SheepsheadView) -> int:
        return sheepshead.action_id(action)

    def rewards(self, view: SheepsheadView | SheepsheadReader) -> tuple[float, ...]:
        assert view.result is not None
        return tuple(float(s) for s in view.result.scores)

    def describe(self, view: SheepsheadView) -> str:
        reason = f" ({view.result.reason})" if view.result is not None else ""
        return _describe(view, reason)


class SpadesGame:
    """Two seats; the first player and the stock come from the environment's generator."""

    name = "spades"
    seats = spades.SEATS
    observation_size = spades.OBSERVATION_SIZE
    observation_low = -1.0
    action_count = spades.ACTION_COUNT

    def __init__(self, rules: SpadesRules | str | None = None) -> None:
        self.rules = rules if isinstance(rules, SpadesRules) else spades_rules(rules or "standard")

    def new_hand(self, rng: np.random.Generator) -> SpadesHand:
        first = int(rng.integers(self.seats))
        return new_spades_hand(rules=self.rules, first=first, seed=int(rng.integers(_SEED_LIMIT)))

    reader = staticmethod(SpadesReader)
    seat_observation = staticmethod(spades.SeatObservation)
    observation = staticmethod(spades.observation)
    action_mask = staticmethod(spades.action_mask)
    legal_ids = staticmethod(spades.legal_ids)

    def action(self, number: int, view: Callable[[], Any]) -> Action:
        if spades.EXCHANGE_START <= number < spades.PLAY_START:
            hand = view().hand
            if len(hand) != spades.HAND_SIZE:
                raise IllegalAction("You cannot exchange now: the exchange comes after the draw.")
            return spades.action_for_id(number, hand)
        return spades.action_for_id(number)

    def action_id(self, action: Action, view: SpadesView) -> int:
        return spades.action_id(action, view.hand)

    def rewards(self, view: SpadesView | SpadesReader) -> tuple[float, ...]:
        assert view.result is not None
        seat0, seat1 = view.result.scores
        return float(seat0 - seat1), float(seat1 - seat0)

    def describe(self, view: SpadesView) -> str:
        return _describe(view)


GAMES: dict[str, Callable[[Any], SheepsheadGame | SpadesGame]] = {
    "sheepshead": SheepsheadGame,
    "spades": SpadesGame,
}
"""The games by name; each takes its rules (a preset name, Rules, or None for the default)."""


def game_for(name: str, rules: Any = None) -> SheepsheadGame | SpadesGame:
    """The game ``name`` with ``rules``; raises ``ValueError`` naming the choices."""
    try:
        factory = GAMES[name]
    except KeyError:
        raise ValueError(f"There is no game {name!r}; choose from {', '.join(GAMES)}.") from None
    return factory(rules)
