"""How well a sampled Sheepshead deal explains what the other players did.

The predictor is a softened ``basic`` player: a player picks with a probability that rises with
his hand's picking strength (:func:`~tricktable.sheepshead.bots.pick_strength`) past the
threshold ``basic`` uses for his position (:func:`~tricktable.sheepshead.bots.pick_threshold`).
A deal in which a passer held a monster is unlikely; one in which he held little is likely.
The weight of a sample is the product of these probabilities over the other players' passes.
Under the crack option the answers to the crack are read the same way — a player cracks on a
hand near a pick, never when it is the partner — so a defender who declined to crack with a
strong hand is likely the secret partner.  (``basic`` itself now cracks only a lone J♦ picker;
the reading stays the broader one, which is how people and ``strong`` crack.)
"""

from __future__ import annotations

import math

from tricktable.ai.sheepshead.sampling import SheepsheadSample, original_hands
from tricktable.cards import Card
from tricktable.sheepshead.bots import BasicSettings, pick_strength, pick_threshold
from tricktable.sheepshead.deck import cards_in
from tricktable.sheepshead.events import Cracked, Declined, Passed, Picked
from tricktable.sheepshead.rules import Rules
from tricktable.sheepshead.view import SheepsheadView

__all__ = ["crack_probability", "pick_probability", "sample_weight"]

_SETTINGS = BasicSettings()
_SOFTNESS = 0.6
"""How far (in strength points) from the threshold a player is still unpredictable."""


def pick_probability(cards: list[Card], position: int, rules: Rules) -> float:
    """The chance a player in ``position`` (0 = left of the dealer … 4 = the dealer) picks
    with ``cards``."""
    threshold = pick_threshold(position, cards, rules, _SETTINGS)
    return 1.0 / (1.0 + math.exp(-(pick_strength(cards) - threshold) / _SOFTNESS))


_PARTNER_CRACKS = 0.02
"""Not zero: a player who is not ``basic`` may crack as the partner, and a deal that explains
nothing must still weigh something."""


def crack_probability(cards: list[Card], partner: bool) -> float:
    """The chance a player who passed cracks with ``cards`` (the picker's partner hardly
    ever: it would double against his own side)."""
    if partner:
        return _PARTNER_CRACKS
    strength = pick_strength(cards) - _SETTINGS.crack_threshold
    return 1.0 / (1.0 + math.exp(-strength / _SOFTNESS))


def sample_weight(view: SheepsheadView, sample: SheepsheadSample) -> float:
    """The likelihood of the other players' picks and passes if ``sample`` is the truth."""
    hands = original_hands(view, sample)
    weight = 1.0
    for event in view.events:
        if getattr(event, "seat", view.seat) == view.seat:
            continue
        if isinstance(event, Cracked) or (isinstance(event, Declined) and event.offer == "crack"):
            cards = list(cards_in(hands[event.seat]))
            chance = crack_probability(cards, event.seat == sample.partner)
            weight *= chance if isinstance(event, Cracked) else 1.0 - chance
            continue
        if not isinstance(event, Passed | Picked):
            continue
        if isinstance(event, Picked):
            continue  # the picker's own six cards are mixed with the blind: no clean reading
        position = (event.seat - view.dealer - 1) % 5
        cards = list(cards_in(hands[event.seat]))
        weight *= 1.0 - pick_probability(cards, position, view.rules)
    return weight
