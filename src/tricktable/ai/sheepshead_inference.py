"""How well a sampled Sheepshead deal explains what the other players did.

The predictor is a softened ``basic`` player: a player picks with a probability that rises with
his hand's picking strength (:func:`~tricktable.sheepshead.bots.pick_strength`) past the
threshold ``basic`` uses for his position (:func:`~tricktable.sheepshead.bots.pick_threshold`).
A deal in which a passer held a monster is unlikely; one in which he held little is likely.
The weight of a sample is the product of these probabilities over the other players' passes.
"""

from __future__ import annotations

import math

from tricktable.ai.sheepshead_sampling import SheepsheadSample, original_hands
from tricktable.cards import Card, cards_of
from tricktable.sheepshead.bots import BasicSettings, pick_strength, pick_threshold
from tricktable.sheepshead.events import Passed, Picked
from tricktable.sheepshead.rules import Rules
from tricktable.sheepshead.view import SheepsheadView

__all__ = ["pick_probability", "sample_weight"]

_SETTINGS = BasicSettings()
_SOFTNESS = 0.6
"""How far (in strength points) from the threshold a player is still unpredictable."""


def pick_probability(cards: list[Card], position: int, rules: Rules) -> float:
    """The chance a player in ``position`` (0 = left of the dealer … 4 = the dealer) picks
    with ``cards``."""
    threshold = pick_threshold(position, cards, rules, _SETTINGS)
    return 1.0 / (1.0 + math.exp(-(pick_strength(cards) - threshold) / _SOFTNESS))


def sample_weight(view: SheepsheadView, sample: SheepsheadSample) -> float:
    """The likelihood of the other players' picks and passes if ``sample`` is the truth."""
    hands = original_hands(view, sample)
    weight = 1.0
    for event in view.events:
        if not isinstance(event, Passed | Picked) or event.seat == view.seat:
            continue
        if isinstance(event, Picked):
            continue  # the picker's own six cards are mixed with the blind: no clean reading
        position = (event.seat - view.dealer - 1) % 5
        cards = list(cards_of(hands[event.seat]))
        weight *= 1.0 - pick_probability(cards, position, view.rules)
    return weight
