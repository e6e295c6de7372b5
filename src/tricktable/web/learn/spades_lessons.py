"""The Spades lesson as data: a hand-picked stock, the draw's turns, and the lesson's steps.

Two-player Spades has no deal: the players draw their hands from the stock, two cards a turn
(:mod:`tricktable.spades.state`).  A lesson names the stock as the draw's 26 turns, each the
top card and the next (``"AS 4D"``: the top card is A♠, the next 4♦); it is played through the
engine by :mod:`.spades_runner`, which states no rule itself.  The steps are those of the
Sheepshead lessons (:mod:`.lessons`); the computer seat keeps every card it looks at, bids
``bid`` and plays the first card of ``prefer`` the engine allows (else its first legal card).
"""

from __future__ import annotations

from dataclasses import dataclass

from tricktable.cards import parse_cards
from tricktable.spades.deal import Deal
from tricktable.web.learn.lessons import Act, Ask, Computers, Say, Setup, Step

__all__ = ["SPADES_LESSONS", "SpadesLesson", "build_stock"]


@dataclass(frozen=True, slots=True)
class SpadesLesson:
    """A Spades lesson: you are seat 0, the computer seat 1 (``first`` draws first)."""

    id: str
    title: str
    summary: str
    recap: str
    first: int
    draws: tuple[str, ...]
    """The draw's 26 turns in order, each ``"TOP NEXT"``: the stock two cards at a time."""
    setup: tuple[str, ...]
    """Actions played at a :class:`Setup` step (the rest of the draw)."""
    steps: tuple[Step, ...]
    bid: int
    """The computer's bid."""
    prefer: str
    """The computer's cards, most wanted first."""

    game: str = "spades"


def build_stock(draws: tuple[str, ...]) -> Deal:
    """The stock the draw's turns describe (top first); a :class:`ValueError` unless they
    name each of the 52 cards once."""
    return Deal(parse_cards(" ".join(draws)))


_REST_OF_DRAW = ("keep",) * 22
"""Both players keep what they look at, 11 turns each, after the lesson's first four turns."""

SPADES_LESSONS: tuple[SpadesLesson, ...] = (
    SpadesLesson(
        id="spades", title="learn.spades.title", summary="learn.spades.summary",
        recap="learn.spades.recap", first=1,
        draws=("JS 4H", "AS 4D", "2S JH", "3D KH", "5S 2H", "KS JD",
               "9S 10S", "8S 7S", "AC 4C", "6S 3S", "KC 3H", "4S 5H",
               "QC QS", "AH 6H", "10C 5C", "QH JC", "AD 2C", "7H 9H",
               "KD 9D", "9C 2D", "10D 8C", "6C 8H", "8D 7C", "QD 6D",
               "7D 3C", "5D 10H"),
        setup=_REST_OF_DRAW, bid=3, prefer="2S 5S",
        steps=(Say("learn.spades.intro"), Say("learn.spades.draw"), Computers(),
               Act("learn.spades.keep", accept=("keep",), hint="learn.spades.keep_hint"),
               Computers(),
               Act("learn.spades.reject", accept=("reject",), hint="learn.spades.reject_hint"),
               Setup("learn.spades.drawn"), Say("learn.spades.bidding"),
               Act("learn.spades.bid", accept=("bid 3", "bid 4", "bid 5"),
                   hint="learn.spades.bid_hint"),
               Computers(), Ask("learn.spades.ask.score", "score"), Say("learn.spades.play"),
               Act("learn.spades.lead", accept=("play AH",), hint="learn.spades.lead_hint"),
               Computers(), Ask("learn.ask.winner"), Computers(),
               Act("learn.spades.follow")),
    ),
)
"""The Spades lessons in teaching order (after the Sheepshead ones)."""
