"""The stock a Spades hand is drawn from: a shuffled deck, from a seed or written out."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from tricktable.cards import CARDS, FULL_DECK, Card, format_cards, mask_of, parse_cards
from tricktable.game import Seed, shuffled

__all__ = ["Deal", "deal_from_seed"]


@dataclass(frozen=True, slots=True)
class Deal:
    """The 52-card stock, top card first.  (Spades for two has no deal: players draw.)"""

    stock: tuple[Card, ...]
    mask: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not all(isinstance(c, int) and 0 <= c < 52 for c in self.stock):
            raise ValueError("The stock holds cards (0 to 51).")
        stock = tuple(CARDS[c] for c in self.stock)
        if len(stock) != 52 or mask_of(stock) != FULL_DECK:
            raise ValueError("The stock must hold each of the 52 cards exactly once.")
        object.__setattr__(self, "stock", stock)
        object.__setattr__(self, "mask", FULL_DECK)

    @classmethod
    def from_json(cls, data: object) -> Deal:
        """``{"stock": [52 cards, top first]}`` with cards as text."""
        if not isinstance(data, dict) or set(data) != {"stock"}:
            raise ValueError('A deal is {"stock": [52 cards, top first]}.')
        items = data["stock"]
        if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
            raise ValueError('The stock is a list of cards written as text, like "QC".')
        return cls(parse_cards(" ".join(items)))

    def to_json(self) -> dict[str, Any]:
        return {"stock": [str(c) for c in self.stock]}

    def __str__(self) -> str:
        return f"stock: {format_cards(self.stock)}"


def deal_from_seed(seed: Seed) -> Deal:
    """The 52 cards in value order shuffled by :func:`tricktable.game.shuffled` with purpose
    ``"spades"``; the first card of the result is the top of the stock.
    """
    stock = tuple(shuffled(CARDS, seed, purpose="spades"))  # a permutation: nothing to check
    if not _NATIVE:
        deal = object.__new__(Deal)
        object.__setattr__(deal, "stock", stock)
        object.__setattr__(deal, "mask", FULL_DECK)
        return deal
    # Compiled, the fields are set directly (compiled code does not consult the frozen class's
    # __setattr__, and a compiled class refuses object.__new__); to everyone else it stays frozen.
    deal = Deal.__new__(Deal)
    deal.stock = stock  # type: ignore[misc]
    deal.mask = FULL_DECK  # type: ignore[misc]
    return deal


_NATIVE: Final = not __file__.endswith(".py")

