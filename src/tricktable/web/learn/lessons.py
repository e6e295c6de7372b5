"""The lessons as data: each a hand-picked deal, the actions that set it up, and its steps.

The deal and the actions are played through the engine (:mod:`.runner`); nothing here states a
rule: which cards are legal, who wins a trick and what it is worth the engine answers.  Each
computer seat plays the first card of its ``prefer`` list that the engine allows, else the
engine's first legal card.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tricktable.cards import Card, parse_cards
from tricktable.sheepshead.deal import Deal
from tricktable.sheepshead.deck import DECK

__all__ = ["LESSONS", "YOU", "Act", "Ask", "Computers", "Lesson", "Say", "Setup", "Step",
           "build_deal"]

YOU = 0
"""The learner's seat."""


@dataclass(frozen=True, slots=True)
class Say:
    """A paragraph (a ``learn`` catalogue key; its facts come from the runner)."""

    key: str


@dataclass(frozen=True, slots=True)
class Setup:
    """The lesson's setup actions are played, then ``key`` says the result (if given)."""

    key: str | None = None


@dataclass(frozen=True, slots=True)
class Computers:
    """The computer seats act (setup actions first, then their cards) until it is your turn."""


@dataclass(frozen=True, slots=True)
class Act:
    """Your decision: any action the engine allows; ``accept`` narrows it to the lesson's point
    (other legal actions get ``hint``).  ``select`` is how many cards the action names."""

    prompt: str
    accept: tuple[str, ...] = ()
    hint: str | None = None
    select: int = 1


@dataclass(frozen=True, slots=True)
class Ask:
    """A check: ``what`` is ``winner`` (which card wins the trick on the table), ``points``
    (the points in that trick) or ``buried`` (the points you buried)."""

    question: str
    what: str = "winner"


Step = Say | Setup | Computers | Act | Ask


@dataclass(frozen=True, slots=True)
class Lesson:
    id: str
    title: str
    summary: str
    recap: str
    dealer: int
    hands: tuple[str, ...]
    blind: str
    setup: tuple[str, ...]
    steps: tuple[Step, ...]
    prefer: dict[int, str] = field(default_factory=dict)
    game: str = "sheepshead"


def build_deal(hands: tuple[str, ...], blind: str) -> Deal:
    """The deal of the cards named (a hand may name fewer than six), the rest of the deck
    dealt in deck order to the hands that lack cards."""
    named = [list(parse_cards(h)) if h else [] for h in hands]
    blind_cards = list(parse_cards(blind))
    used = {c for h in named for c in h} | set(blind_cards)
    rest: list[Card] = [c for c in DECK if c not in used]
    for hand in named:
        while len(hand) < 6:
            hand.append(rest.pop(0))
    return Deal(tuple(tuple(h) for h in named), tuple(blind_cards))


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        id="trump", title="learn.trump.title", summary="learn.trump.summary",
        recap="learn.trump.recap", dealer=4,
        hands=("9D 8D AS 7C 8C 10S", "QC KH 7S 9S 8H 7H", "QS JC JD 10D 7D 9H",
               "JH KD AC 10C 8S 9C", "QH JS AH 10H AD QD"),
        blind="KC KS", setup=("pass", "pass", "pick", "bury KC KS", "call AH"),
        prefer={1: "QC", 2: "7D", 3: "KD", 4: "JS"},
        steps=(Say("learn.trump.intro"), Say("learn.trump.points"), Setup("learn.setup"),
               Act("learn.trump.lead", accept=("play 9D", "play 8D"), hint="learn.trump.hint"),
               Computers(), Ask("learn.ask.winner"), Ask("learn.ask.points", "points")),
    ),
    Lesson(
        id="follow", title="learn.follow.title", summary="learn.follow.summary",
        recap="learn.follow.recap", dealer=2,
        hands=("JH 7C AD 8S 7H 10H", "QC QS QH JC 10D 7S", "AC 10C 9D KS 7D JS",
               "KC 8C AH KH 9H AS", "9C QD JD 8D 10S KD"),
        blind="9S 8H", setup=("pass", "pass", "pass", "pick", "bury 9S 8H", "call AS"),
        prefer={3: "KC", 4: "9C", 1: "QH", 2: "AC"},
        steps=(Say("learn.follow.intro"), Setup("learn.setup"), Computers(),
               Act("learn.follow.play"), Computers(), Ask("learn.ask.winner")),
    ),
    Lesson(
        id="pick", title="learn.pick.title", summary="learn.pick.summary",
        recap="learn.pick.recap", dealer=4,
        hands=("QC QS JD AD 10H 7S", "", "", "", ""), blind="9H KC", setup=(),
        steps=(Say("learn.pick.intro"),
               Act("learn.pick.choose", accept=("pick",), hint="learn.pick.hint"),
               Say("learn.pick.blind"), Act("learn.pick.bury", select=2),
               Ask("learn.ask.buried", "buried")),
    ),
    Lesson(
        id="call", title="learn.call.title", summary="learn.call.summary",
        recap="learn.call.recap", dealer=4,
        hands=("QC JS AD KD 7H 8C", "9H QS 8D 7D KS 9S", "10H QH JC JH 10S 8S",
               "AH 7S 7C AC 10C KC", "8H QD JD 10D 9D AS"),
        blind="9C KH", setup=("pick", "bury 8C 9C"),
        prefer={1: "9H", 2: "10H", 3: "AH", 4: "8H"},
        steps=(Say("learn.call.intro"), Setup(),
               Act("learn.call.choose", accept=("call AH",), hint="learn.call.hint"),
               Say("learn.call.secret"),
               Act("learn.call.lead", accept=("play 7H",), hint="learn.call.lead_hint"),
               Computers(), Ask("learn.ask.winner")),
    ),
    Lesson(
        id="schmear", title="learn.schmear.title", summary="learn.schmear.summary",
        recap="learn.schmear.recap", dealer=0,
        hands=("AC 10S KH 7C 8S 9H", "QC QS JC JH 10D KC", "QH 9D AS KS 7S 8H",
               "QD 8D 9C 8C AH 10H", "JS JD 7D AD KD 10C"),
        blind="9S 7H", setup=("pick", "bury 9S 7H", "call AC"),
        prefer={1: "QC", 2: "9D", 3: "8D", 4: "7D"},
        steps=(Say("learn.schmear.intro"), Setup("learn.setup"), Computers(),
               Act("learn.schmear.play", accept=("play 10S",), hint="learn.schmear.hint"),
               Ask("learn.ask.points", "points")),
    ),
    Lesson(
        id="leaster", title="learn.leaster.title", summary="learn.leaster.summary",
        recap="learn.leaster.recap", dealer=4,
        hands=("7C 8C 9H 7S KD 10S", "AC 9C 8S 9S 8H JS", "10C KC QS 7H 8D JH",
               "AH KH 10H AS KS 7D", "QC QH JC 9D JD AD"),
        blind="QD 10D", setup=(),
        prefer={1: "9C", 2: "10C", 3: "7D", 4: "QC"},
        steps=(Say("learn.leaster.intro"),
               Act("learn.leaster.pass", accept=("pass",), hint="learn.leaster.hint"),
               Computers(), Say("learn.leaster.rule"),
               Act("learn.leaster.lead", accept=("play 7C", "play 8C"),
                   hint="learn.leaster.lead_hint"),
               Computers(), Ask("learn.ask.winner")),
    ),
)
"""The lessons in teaching order."""
