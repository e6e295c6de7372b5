"""Building hands from readable deals, and playing them to the end, for the tests."""

from __future__ import annotations

import random
from collections.abc import Iterable

from tricktable.cards import parse_cards
from tricktable.game import Action, parse_action
from tricktable.sheepshead.deal import Deal
from tricktable.sheepshead.rules import PRESETS, Rules
from tricktable.sheepshead.state import HandState, new_hand


def deal(*hands: str, blind: str) -> Deal:
    """A deal from five hands and a blind written as text (``blind="7H 8D"``)."""
    return Deal(hands=tuple(parse_cards(h) for h in hands), blind=parse_cards(blind))


def hand_from(
    the_deal: Deal, *, dealer: int = 4, rules: Rules | None = None, actions: Iterable[str] = ()
) -> HandState:
    """A hand from an explicit deal, with some actions (text, for the seat to move) applied."""
    state = new_hand(rules=rules or PRESETS["milwaukee"], dealer=dealer, deal=the_deal)
    for text in actions:
        state.apply(parse_action(text))
    return state


def play_randomly(state: HandState, rng: random.Random) -> HandState:
    """Finish a hand with uniformly random legal actions."""
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def act(text: str) -> Action:
    return parse_action(text)


# Scenario decks used across the tests (each uses the 32 cards once).

# The worked example: A♥ led, 10♥ and K♥ follow, 7♦ trumps, K♣ discarded: 29 points.
WORKED = deal(
    "AH QC QS 9C 8C 7C",
    "10H 9H QH QD JC 7S",
    "KH 8H JS JH JD 8S",
    "7D AD 10D KD AS 10S",
    "KC AC 10C 9D KS 9S",
    blind="7H 8D",
)

# Seat 0 picks QH 7D, buries 9C 8C, keeps 7H as the hold card and calls A♥ (seat 2 holds it).
CALLED = deal(
    "QC QS JC 7H 9C 8C",
    "AC 10C KC AS 10S KS",
    "AH 10H KH QD JS JH",
    "9H 8H JD AD 10D KD",
    "7C 9S 8S 7S 9D 8D",
    blind="QH 7D",
)

# Seat 0 picks JS JH, buries AC JH and holds only trump: A♠ or A♥ only with an unknown card.
UNKNOWN = deal(
    "QC QS QH QD JC AC",
    "AH 10H KH 9H 8H 7S",
    "JD AD 10D KD 9D 8D",
    "7D 10C KC 9C 8C 7C",
    "AS 10S KS 9S 8S 7H",
    blind="JS JH",
)

# Seat 0 holds all three fail aces: calls a ten.
ACES = deal(
    "AC AS AH QC QS 7C",
    "10C 10S 10H KC KS KH",
    "9C 9S 9H 8C 8S 8H",
    "JC JS JH JD 7S 7H",
    "AD 10D KD 9D 8D 7D",
    blind="QH QD",
)
