"""What a Sheepshead picker or blitzer may do, from the cards alone: bury pairs, calls, blitzes.

Pure functions of card bitmasks and the rules, shared by the hand (its legal actions), the
refusals (why a call is not allowed) and the players (what they may call).
"""

from __future__ import annotations

from typing import Final

from tricktable.cards import CARDS, Card
from tricktable.game import ALONE as ALONE_ACTION
from tricktable.game import Action
from tricktable.sheepshead.deck import (
    DECK,
    DECK_MASK,
    FAIL_ACES,
    FAIL_TENS,
    PLAY_SUIT,
    SUIT_MASK,
    TRUMP_MASK,
    cards_in,
)
from tricktable.sheepshead.rules import Partner, Rules

__all__ = [
    "BLITZ_MASKS",
    "BLITZ_PAIRS",
    "FAIL_BUT_ACES",
    "JACK_OF_DIAMONDS",
    "blitz_actions",
    "bury_actions",
    "call_actions",
    "call_options",
    "may_use_unknown_card",
    "unknown_allowed",
]

_BURY_ACTIONS: Final[tuple[tuple[Action, ...], ...]] = tuple(
    tuple(Action.bury(a, b) for b in CARDS) if (1 << a) & DECK_MASK else () for a in CARDS
)
"""``_BURY_ACTIONS[a][b]``: the bury of Sheepshead cards ``a`` and ``b``, by card value."""

JACK_OF_DIAMONDS: Final[Card] = CARDS[3 * 13 + 9]
"""The J♦: the partner card under the jack-of-diamonds rule."""
_QC, _QS, _QH, _QD = (CARDS[suit * 13 + 10] for suit in range(4))
BLITZ_PAIRS: Final[tuple[tuple[Card, Card], ...]] = ((_QC, _QS), (_QH, _QD))
"""The pairs a blitz shows: both black queens, both red queens."""
BLITZ_MASKS: Final = tuple((1 << a) | (1 << b) for a, b in BLITZ_PAIRS)
"""Each of :data:`BLITZ_PAIRS` as a card bitmask."""
_BLITZ_BOTH: Final = Action.blitz(*(q for pair in BLITZ_PAIRS for q in pair))
_JACK_PARTNER: Final = Partner.JACK_OF_DIAMONDS
FAIL_BUT_ACES: Final = DECK_MASK & ~TRUMP_MASK & ~sum(1 << ace for ace in FAIL_ACES)
"""The fail cards other than the aces, as a card bitmask."""
_CALLS: Final[dict[int, Action]] = {c: Action.call(c) for c in DECK}
"""Calls without the unknown card, shared (as the play actions are)."""


def _values_of(mask: int) -> list[int]:
    """The card values in a mask, lowest first (as plain ints: cards_of for compiled code)."""
    values: list[int] = []
    while mask:
        low = mask & -mask
        values.append(low.bit_length() - 1)
        mask ^= low
    return values


def bury_actions(hand: int) -> tuple[Action, ...]:
    """Every pair of the picker's cards ``hand``, in the order of ``combinations``."""
    values = _values_of(hand)
    actions: list[Action] = []
    for index, first in enumerate(values):
        row = _BURY_ACTIONS[first]
        for second in values[index + 1:]:
            actions.append(row[second])
    return tuple(actions)


def call_options(hand: int, buried: int, rules: Rules) -> tuple[list[Card], list[Card]]:
    """A picker's call candidates (fail aces he neither holds nor buried; tens if he has all
    three aces and the table calls tens), and the candidates he holds a card of the suit for.

    Under the jack-of-diamonds rule the one candidate is the J♦, callable unless the picker
    holds or buried it."""
    gone = hand | buried
    if rules.partner is _JACK_PARTNER:
        jack = [] if (1 << JACK_OF_DIAMONDS) & gone else [JACK_OF_DIAMONDS]
        return jack, list(jack)
    candidates = [ace for ace in FAIL_ACES if not (1 << ace) & gone]
    if not candidates and rules.call_ten:
        candidates = [ten for ten in FAIL_TENS if not (1 << ten) & gone]
    return candidates, [c for c in candidates if hand & SUIT_MASK[PLAY_SUIT[c]]]


def may_use_unknown_card(hand: int, buried: int, rules: Rules) -> bool:
    """Whether the picker may call with an unknown card: the table plays it, he can call no
    candidate with a hold card, and he holds no fail card other than aces (seed 003 gives it
    to that picker only; one holding, say, A♥ 7♥ goes alone)."""
    candidates, callable_ = call_options(hand, buried, rules)
    return unknown_allowed(hand, candidates, callable_, rules)


def unknown_allowed(hand: int, candidates: list[Card], callable_: list[Card],
                    rules: Rules) -> bool:
    """:func:`may_use_unknown_card` from :func:`call_options`' answer, already at hand."""
    return (
        rules.unknown_card and rules.partner is not _JACK_PARTNER and not hand & FAIL_BUT_ACES
        and bool(candidates) and not callable_
    )


def call_actions(hand: int, buried: int, rules: Rules) -> tuple[Action, ...]:
    """The picker's calls (with an unknown card, if he may use one), then going alone."""
    candidates, callable_ = call_options(hand, buried, rules)
    actions = [_CALLS[c] for c in callable_]
    if unknown_allowed(hand, candidates, callable_, rules):
        actions = [Action.call(c, aside) for c in candidates for aside in cards_in(hand)]
    actions.append(ALONE_ACTION)
    return tuple(actions)


def blitz_actions(hand: int, rules: Rules, doublings: int) -> list[Action]:
    """The pairs of queens ``hand`` holds, and both at once for a holder of all four when the
    cap leaves room for two doublings over the ``doublings`` the hand carries."""
    actions = [
        Action.blitz(*pair)
        for pair, mask in zip(BLITZ_PAIRS, BLITZ_MASKS, strict=True)
        if hand & mask == mask
    ]
    if len(actions) == 2 and rules.may_double(doublings + 1):
        actions.append(_BLITZ_BOTH)
    return actions
