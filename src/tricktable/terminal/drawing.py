"""What both terminal games draw and read the same way: cards, tricks, the hand, card words
(a rank alone that names several cards is asked back: "Which 9: 9♣ or 9♠?").  The words are
the ``terminal`` catalogue's, in the language ``lang`` given."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Protocol, TypeVar

from rich.table import Table
from rich.text import Text

from tricktable.cards import Card, Rank, Suit, parse_card
from tricktable.i18n import translate
from tricktable.terminal.words import Refusal, line, or_list

__all__ = ["HELP_WORDS", "QUIT_WORDS", "AmbiguousCard", "asking_back", "card_at", "card_text",
           "cards_text", "hand_line", "trick_table"]

A = TypeVar("A")

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


def hand_line(hand: Sequence[Card], legal: Collection[Card], lang: str = "en") -> Text:
    """"Your hand: 1:Q♣  2:J♦ …", numbered for typing, cards you may not play dimmed."""
    cards = Text()
    for number, c in enumerate(hand, 1):
        dim = bool(legal) and c not in legal
        cards.append(f"{number}:", style="dim")
        cards.append_text(Text(c.symbol, style="dim") if dim else card_text(c))
        cards.append("  ")
    return line(lang, "terminal.hand.yours", cards=cards)


class AmbiguousCard(ValueError):
    """A rank alone (``9``) that names several cards of the hand: the player is asked which."""

    def __init__(self, word: str, choices: Sequence[Card]) -> None:
        self.word = word
        self.choices = tuple(choices)
        super().__init__(self.question("en"))

    def question(self, lang: str) -> str:
        """"Which 9: 9♣ or 9♠?" in ``lang``."""
        return translate(lang, "terminal.card.which", rank=self.word.upper(),
                         cards=or_list(lang, [c.symbol for c in self.choices]))

    def choose(self, reply: str) -> Card:
        """The card a reply to the question means: the card, its suit, or its place (1, 2…)."""
        said = reply.strip().upper()
        for number, c in enumerate(self.choices, 1):
            if said in (str(c), c.symbol, c.suit.letter, c.suit.symbol, str(number)):
                return c
            if said.upper() == c.suit.plural.upper() or said == c.symbol.upper():
                return c
        raise Refusal("terminal.card.none-of", reply=reply.strip(),
                      cards=", ".join(c.symbol for c in self.choices))

    def resolve(self, answer: str, reply: str) -> str:
        """``answer`` with the ambiguous word replaced by the card ``reply`` chooses."""
        chosen = self.choose(reply)
        words = answer.split()
        at = next(k for k, w in enumerate(words) if w.upper() == self.word.upper())
        words[at] = str(chosen)
        return " ".join(words)


_RANKS_BY_WORD = {rank.text: rank for rank in Rank} | {"T": Rank.TEN}


def card_at(word: str, hand: Sequence[Card]) -> Card:
    """The card a typed word means: its number in ``hand`` (from 1), its name, or its rank alone
    when the hand holds one card of that rank (several: :class:`AmbiguousCard`)."""
    if word.isdigit() and 1 <= int(word) <= len(hand):
        return hand[int(word) - 1]
    rank = _RANKS_BY_WORD.get(word.upper())
    if rank is not None:
        held = [c for c in hand if c.rank is rank]
        if len(held) == 1:
            return held[0]
        if held:
            raise AmbiguousCard(word, held)
        if word.isdigit():
            raise Refusal("terminal.card.no-rank-or-number", rank=word.upper(), number=word)
        raise Refusal("terminal.card.no-rank", rank=word.upper())
    if word.isdigit():
        raise Refusal("terminal.card.no-number", number=word)
    try:
        return parse_card(word)
    except ValueError:
        raise Refusal("terminal.card.not-a-card", word=word) from None


def asking_back(answer: str, interpret: Callable[[str], A], ask: Callable[[str], str],
                lang: str = "en") -> A:
    """``interpret(answer)``, asking back (``ask(question)``, in ``lang``) which card a rank
    alone means while the hand holds several of it."""
    for _ in range(3):
        try:
            return interpret(answer)
        except AmbiguousCard as doubt:
            answer = doubt.resolve(answer, ask(f"{doubt.question(lang)} "))
    return interpret(answer)
