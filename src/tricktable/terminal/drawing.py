"""What both terminal games draw and read the same way: cards, tricks, the hand, card words."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Protocol

from rich.table import Table
from rich.text import Text

from tricktable.cards import Card, Suit, parse_card

__all__ = ["HELP_WORDS", "QUIT_WORDS", "card_at", "card_text", "cards_text", "hand_line",
           "trick_table"]

QUIT_WORDS = frozenset({"quit", "q", "exit"})
HELP_WORDS = frozenset({"help", "?", "h"})
_RED = {Suit.HEARTS, Suit.DIAMONDS}


class Trick(Protocol):
    """A trick as a view shows it: who played what, and the winner once known."""

    @property
    def plays(self) -> Sequence[tuple[int, Card | None]]: ...

    @property
    def winner(self) -> int | None: ...


def card_text(card: Card | None) -> Text:
    """A card in colour: red hearts and diamonds; a face-down card as ▒▒."""
    if card is None:
        return Text("▒▒", style="bold magenta")
    return Text(card.symbol, style="bold red" if card.suit in _RED else "bold")


def cards_text(cards: Sequence[Card | None], sep: str = " ") -> Text:
    """Several cards in colour, ``sep`` between them."""
    text = Text()
    for k, c in enumerate(cards):
        if k:
            text.append(sep)
        text.append_text(card_text(c))
    return text


def trick_table(trick: Trick, title: str, seat_name: Callable[[int], str]) -> Table:
    """A trick, one play a row, the winner starred."""
    table = Table(title=title, show_header=False, box=None, padding=(0, 1))
    for seat, c in trick.plays:
        mark = " ★" if trick.winner == seat else ""
        table.add_row(seat_name(seat), card_text(c).append(mark))
    return table


def hand_line(hand: Sequence[Card], legal: Collection[Card]) -> Text:
    """"Your hand: 1:Q♣  2:J♦ …", numbered for typing, cards you may not play dimmed."""
    line = Text("Your hand: ")
    for number, c in enumerate(hand, 1):
        dim = bool(legal) and c not in legal
        line.append(f"{number}:", style="dim")
        line.append_text(Text(c.symbol, style="dim") if dim else card_text(c))
        line.append("  ")
    return line


def card_at(word: str, hand: Sequence[Card]) -> Card:
    """The card a typed word means: its number in ``hand`` (from 1) or its name."""
    if word.isdigit():
        index = int(word) - 1
        if not 0 <= index < len(hand):
            raise ValueError(f"There is no card {word} in your hand.")
        return hand[index]
    return parse_card(word)
