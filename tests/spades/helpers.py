"""Building Spades hands from readable cards, and playing them, for the tests."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence

from tricktable.cards import CARDS, Card, mask_of, parse_cards
from tricktable.game import DOUBLE_NIL, KEEP, REJECT, Action, parse_action
from tricktable.spades.deal import Deal
from tricktable.spades.rules import Rules
from tricktable.spades.state import HandState, Phase, new_hand


def stock_for(first_hand: str, second_hand: str) -> Deal:
    """A stock from which, if both players keep every top card, the first player ends up with
    ``first_hand`` and the second with ``second_hand`` (13 cards each, in the order given).

    The stock runs: first's card, first's discard, second's card, second's discard, ...; the
    discards are the remaining 26 cards in value order.
    """
    first, second = parse_cards(first_hand), parse_cards(second_hand)
    assert len(first) == len(second) == 13, "give 13 cards to each player"
    used = mask_of(first) | mask_of(second)
    assert used.bit_count() == 26, "the two hands share a card"
    rest = [c for c in CARDS if not (1 << c) & used]
    stock: list[Card] = []
    for k in range(13):
        stock += [first[k], rest[2 * k], second[k], rest[2 * k + 1]]
    return Deal(tuple(stock))


def hand_after_draw(
    first_hand: str,
    second_hand: str,
    *,
    first: int = 0,
    rules: Rules | None = None,
    totals: tuple[int, int] = (0, 0),
    bags: tuple[int, int] = (0, 0),
) -> HandState:
    """A hand where both players kept every top card: ready for the bidding."""
    state = new_hand(deal=stock_for(first_hand, second_hand), first=first, rules=rules,
                     totals=totals, bags=bags)
    while state.phase is Phase.DRAW:
        state.apply(KEEP)
    return state


def apply_all(state: HandState, actions: Iterable[str]) -> HandState:
    """Apply actions (as text) for whoever is to move."""
    for text in actions:
        state.apply(parse_action(text))
    return state


def play_randomly(state: HandState, rng: random.Random) -> HandState:
    """Finish a hand with uniformly random legal actions."""
    while state.to_move is not None:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def random_play_phase(seed: int, rng: random.Random, *,
                      bids: Sequence[int] | None = None) -> HandState:
    """Hand ``seed`` (seat ``seed % 2`` first) brought to the play by random actions: keep or
    reject, a double nil one time in twenty when offered, bids from ``bids`` (any legal bid
    when None)."""
    state = new_hand(seed=seed, first=seed % 2)
    while state.phase is not Phase.PLAY:
        legal = state.legal_actions()
        if state.phase is Phase.DRAW:
            state.apply(DOUBLE_NIL if DOUBLE_NIL in legal and rng.random() < 0.05
                        else rng.choice((KEEP, REJECT)))
        elif state.phase is Phase.BID and bids is not None:
            state.apply(Action.bid(rng.choice(bids)))
        else:
            state.apply(legal[rng.randrange(len(legal))])
    return state


def random_hand_states(state: HandState, rng: random.Random, *,
                       double_nil: bool) -> Iterator[HandState]:
    """``state`` before each random legal action and once more when the hand is over (the same
    object, played on); with ``double_nil``, a double nil is declared the first time it is
    legal."""
    while True:
        yield state
        if state.is_over:
            return
        legal = list(state.legal_actions())
        if double_nil and DOUBLE_NIL in legal:
            action, double_nil = DOUBLE_NIL, False
        else:
            action = legal[rng.randrange(len(legal))]
        state.apply(action)


def act(text: str) -> Action:
    return parse_action(text)


# Scenario hands (seat 0 first unless a test says otherwise; all 52 cards distinct).

# Seat 1 (second) holds only spades after drawing these: it must lead one and so break spades.
ALL_SPADES = (
    "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
    "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
)

# Mixed hands used for the play rules.
MIXED = (
    "AS KS 2S AH KH QH 2H AC KC 2C AD KD 2D",
    "QS JS 3S JH 10H 3H QC JC 3C QD JD 10D 3D",
)
