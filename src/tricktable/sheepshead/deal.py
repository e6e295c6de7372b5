"""Dealing Sheepshead hands, from a seed or from explicit cards."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from tricktable.cards import Card, format_cards, mask_of, parse_cards
from tricktable.game import Seat, Seed, shuffled
from tricktable.sheepshead.deck import DECK, DECK_MASK, cards_in

__all__ = ["SEATS", "Deal", "deal_from_seed", "unchecked_deal"]

SEATS: Final = 5
_NATIVE: Final = not __file__.endswith(".py")


@dataclass(frozen=True, slots=True)
class Deal:
    """Five hands of six cards (seats 0–4, clockwise) and the two-card blind."""

    hands: tuple[tuple[Card, ...], ...]
    blind: tuple[Card, ...]
    masks: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The five hands as bitmasks, then the blind."""

    def __post_init__(self) -> None:
        if len(self.hands) != SEATS or any(len(h) != 6 for h in self.hands):
            raise ValueError("A deal has five hands of six cards.")
        if len(self.blind) != 2:
            raise ValueError("The blind holds two cards.")
        masks = tuple(mask_of(cards) for cards in (*self.hands, self.blind))
        if sum(masks) != DECK_MASK or sum(m.bit_count() for m in masks) != 32:
            raise ValueError("A deal must use each of the 32 Sheepshead cards exactly once.")
        object.__setattr__(self, "masks", masks)

    @classmethod
    def from_json(cls, data: object) -> Deal:
        """``{"hands": [[6 cards] x 5], "blind": [2 cards]}`` with cards as text."""
        if not isinstance(data, dict) or set(data) != {"hands", "blind"}:
            raise ValueError('A deal is {"hands": [[6 cards] x 5], "blind": [2 cards]}.')
        hands, blind = data["hands"], data["blind"]
        if not isinstance(hands, list) or not isinstance(blind, list):
            raise ValueError("The deal's hands and blind are lists of cards.")
        return cls(
            hands=tuple(_cards(hand) for hand in hands),
            blind=_cards(blind),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": [[str(c) for c in hand] for hand in self.hands],
            "blind": [str(c) for c in self.blind],
        }

    def __str__(self) -> str:
        lines = [f"seat {seat}: {format_cards(hand)}" for seat, hand in enumerate(self.hands)]
        return "\n".join([*lines, f"blind: {format_cards(self.blind)}"])


def _cards(items: object) -> tuple[Card, ...]:
    if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
        raise ValueError("Cards in a deal are written as text, like \"QC\".")
    return parse_cards(" ".join(items))


def deal_from_seed(seed: Seed, dealer: Seat) -> Deal:
    """Shuffle the 32 cards with :func:`tricktable.game.shuffled` (purpose ``"sheepshead"``) and
    deal as at the table: starting left of the dealer, three cards to each player, two to the
    blind, three more to each.  (The cut is not modelled: a fair shuffle makes it moot.)
    """
    if not 0 <= dealer < SEATS:
        raise ValueError(f"The dealer is a seat from 0 to 4, not {dealer}.")
    deck: Sequence[Card] = shuffled(DECK, seed, purpose="sheepshead")
    bit = _BIT
    hands: list[tuple[Card, ...]] = [()] * SEATS
    masks = [0] * (SEATS + 1)
    first = 0
    for seat in _DEALING_ORDER[dealer]:
        a, b, c = deck[first : first + 3]
        d, e, f = deck[17 + first : 20 + first]
        hands[seat] = (a, b, c, d, e, f)
        masks[seat] = bit[a] | bit[b] | bit[c] | bit[d] | bit[e] | bit[f]
        first += 3
    a, b = deck[15], deck[16]
    masks[SEATS] = bit[a] | bit[b]
    return _built(tuple(hands), (a, b), tuple(masks))


def unchecked_deal(hands: Sequence[int], blind: tuple[Card, ...]) -> Deal:
    """The deal of five hands given as bitmasks and the blind, built without the checks of
    :class:`Deal`: for a caller that already guarantees a valid deal (the search players
    build one per sampled deal).  Each hand's cards are listed lowest first."""
    return _built(tuple([tuple(cards_in(hand)) for hand in hands]), blind,
                  (*hands, mask_of(blind)))


def _built(hands: tuple[tuple[Card, ...], ...], blind: tuple[Card, ...],
           masks: tuple[int, ...]) -> Deal:
    """A :class:`Deal` of checked fields, made without its checks."""
    if not _NATIVE:
        deal = object.__new__(Deal)
        object.__setattr__(deal, "hands", hands)
        object.__setattr__(deal, "blind", blind)
        object.__setattr__(deal, "masks", masks)
        return deal
    # Compiled, the fields are set directly (compiled code does not consult the frozen class's
    # __setattr__, and a compiled class refuses object.__new__); to everyone else it stays frozen.
    deal = Deal.__new__(Deal)
    deal.hands = hands  # type: ignore[misc]
    deal.blind = blind  # type: ignore[misc]
    deal.masks = masks  # type: ignore[misc]
    return deal


_BIT: Final = tuple(1 << i for i in range(52))
_DEALING_ORDER: Final = tuple(
    tuple((dealer + 1 + k) % SEATS for k in range(SEATS)) for dealer in range(SEATS)
)
"""The seats in the order they are dealt to, by dealer: from the dealer's left."""
