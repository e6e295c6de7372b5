"""What every game shares: seats, actions, illegal actions, seeded shuffling, the player interface.

Actions are small immutable values with a text form that round-trips (``str(parse_action(t))``
gives back ``t`` in canonical form).  One :class:`Action` type serves both games; the game's
state decides which kinds are legal.

Deals come from seeds through :func:`shuffled`, which sorts the items by keys read from SHAKE-256
of the seed, so the same seed gives the same order on every machine and every Python version.
"""

from __future__ import annotations

import hashlib
import random
import struct
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol, TypeVar

from tricktable.cards import CARDS, Card, format_cards, parse_cards
from tricktable.i18n import Message
from tricktable.i18n.errors import WordedError

__all__ = [
    "Action",
    "ActionKind",
    "IllegalAction",
    "Player",
    "RandomPlayer",
    "RecordError",
    "Seat",
    "Seed",
    "View",
    "derive_seed",
    "legal_choices",
    "parse_action",
    "seed_text",
    "shuffled",
]

Seat = int
Seed = int | str

T = TypeVar("T")


class IllegalAction(WordedError):
    """An action the rules do not allow now, and why: a :class:`~tricktable.i18n.Message`
    (a catalogue key and parameters) that ``str()`` gives in English and
    :func:`~tricktable.i18n.translate` (or :meth:`words`) in any language.  A plain string is
    taken as it is (for text no catalogue holds)."""


class ActionKind(StrEnum):
    """What an action does; the value is the action's first word."""

    PASS = "pass"
    PICK = "pick"
    BURY = "bury"
    CALL = "call"
    ALONE = "alone"
    PLAY = "play"
    KEEP = "keep"
    REJECT = "reject"
    DOUBLE_NIL = "double-nil"
    BID = "bid"
    EXCHANGE = "exchange"
    CRACK = "crack"
    RECRACK = "recrack"
    BLITZ = "blitz"


_CARDLESS = {ActionKind.PASS, ActionKind.PICK, ActionKind.ALONE, ActionKind.KEEP,
             ActionKind.REJECT, ActionKind.DOUBLE_NIL, ActionKind.CRACK, ActionKind.RECRACK}
_KIND_BY_WORD = {kind.value: kind for kind in ActionKind}


@dataclass(frozen=True, slots=True)
class Action:
    """One decision of a player.

    ``cards`` holds the cards the action names: the card played, the two cards buried, the
    called card (and, for a call with the unknown card, the card set aside as second element),
    the cards given up in a double-nil exchange, the pair of queens shown in a blitz.
    ``number`` is a Spades bid (0 is nil).
    """

    kind: ActionKind
    cards: tuple[Card, ...] = ()
    number: int | None = None

    @property
    def card(self) -> Card:
        """The first (usually only) card the action names."""
        return self.cards[0]

    # Written out, so that they compile: the dataclass's generated ones run interpreted, and
    # searches compare actions in their inner loops.  Same results as the generated ones.
    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Action)
        return (self.kind == other.kind and self.cards == other.cards
                and self.number == other.number)

    def __hash__(self) -> int:
        return hash((self.kind, self.cards, self.number))

    def __str__(self) -> str:
        kind = self.kind
        if kind in _CARDLESS:
            return kind.value
        if kind is ActionKind.BID:
            return "bid nil" if self.number == 0 else f"bid {self.number}"
        if kind is ActionKind.CALL and len(self.cards) == 2:
            return f"call {self.cards[0]} unknown {self.cards[1]}"
        if not self.cards:
            return kind.value
        return f"{kind.value} {format_cards(self.cards)}"

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    # Constructors; the card-carrying ones return shared instances where that is cheap.
    @staticmethod
    def play(card: Card) -> Action:
        return _PLAY[card]

    @staticmethod
    def bury(first: Card, second: Card) -> Action:
        low, high = sorted((first, second))
        return Action(ActionKind.BURY, (low, high))

    @staticmethod
    def call(card: Card, unknown: Card | None = None) -> Action:
        return Action(ActionKind.CALL, (card,) if unknown is None else (card, unknown))

    @staticmethod
    def blitz(*queens: Card) -> Action:
        """A blitz showing one pair of queens, or both pairs (four queens), in one order."""
        return Action(ActionKind.BLITZ, tuple(sorted(queens)))

    @staticmethod
    def bid(tricks: int) -> Action:
        return Action(ActionKind.BID, (), tricks)

    @staticmethod
    def exchange(cards: Sequence[Card]) -> Action:
        return Action(ActionKind.EXCHANGE, tuple(sorted(cards)))


_PLAY = tuple(Action(ActionKind.PLAY, (c,)) for c in CARDS)

PASS = Action(ActionKind.PASS)
PICK = Action(ActionKind.PICK)
ALONE = Action(ActionKind.ALONE)
KEEP = Action(ActionKind.KEEP)
REJECT = Action(ActionKind.REJECT)
DOUBLE_NIL = Action(ActionKind.DOUBLE_NIL)
CRACK = Action(ActionKind.CRACK)
RECRACK = Action(ActionKind.RECRACK)
_SIMPLE = {a.kind: a for a in (PASS, PICK, ALONE, KEEP, REJECT, DOUBLE_NIL, CRACK, RECRACK)}


def parse_action(text: object) -> Action:
    """Parse an action's text form: ``"pass"``, ``"bury QC 7H"``, ``"call AH unknown 8C"``,
    ``"play 10D"``, ``"bid 4"``, ``"bid nil"``, ``"exchange 2C 3D"``, ``"crack"``,
    ``"recrack"``, ``"blitz QC QS"``, ``"blitz QC QS QH QD"``.

    Raises ``ValueError`` (a :class:`~tricktable.i18n.errors.WordedError`) with a message that
    says what was wrong.
    """
    if not isinstance(text, str):
        raise WordedError(Message("parse.not_text", {"type": type(text).__name__}))
    words = text.strip().split()
    if not words:
        raise WordedError(Message("parse.empty"))
    kind = _KIND_BY_WORD.get(words[0].lower())
    if kind is None:
        known = ", ".join(k.value for k in ActionKind)
        raise WordedError(Message("parse.action", {"word": repr(words[0]), "known": known}))
    rest = words[1:]
    if kind in _CARDLESS:
        if rest:
            raise WordedError(Message("illegal.takes_nothing", {"action": kind.value}))
        return _SIMPLE[kind]
    if kind is ActionKind.BID:
        if len(rest) != 1:
            raise WordedError(Message("parse.bid"))
        if rest[0].lower() == "nil":
            return Action.bid(0)
        if not rest[0].isdigit():
            raise WordedError(Message("parse.bid_number", {"text": repr(rest[0])}))
        return Action.bid(int(rest[0]))
    if kind is ActionKind.CALL:
        lowered = [w.lower() for w in rest]
        if len(rest) == 3 and lowered[1] == "unknown":
            called, unknown = parse_cards(f"{rest[0]} {rest[2]}")
            return Action.call(called, unknown)
        if len(rest) != 1:
            raise WordedError(Message("parse.call"))
        return Action.call(parse_cards(rest[0])[0])
    cards = parse_cards(" ".join(rest))
    if kind is ActionKind.PLAY:
        if len(cards) != 1:
            raise WordedError(Message("illegal.play_one", {"example": "play 10D"}))
        return Action.play(cards[0])
    if kind is ActionKind.BURY:
        if len(cards) != 2 or cards[0] == cards[1]:
            raise WordedError(Message("parse.bury"))
        return Action.bury(cards[0], cards[1])
    if kind is ActionKind.BLITZ:
        if len(cards) not in (2, 4) or len(set(cards)) != len(cards):
            raise WordedError(Message("parse.blitz"))
        return Action.blitz(*cards)
    if len(set(cards)) != len(cards):
        raise WordedError(Message("illegal.exchange_twice"))
    return Action.exchange(cards)


# --- Seeds and shuffling -------------------------------------------------------------------


def seed_text(seed: object) -> str:
    """The canonical text of a seed: ints and strings are both allowed and never collide."""
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise ValueError(f"A seed is an int or a string, not {type(seed).__name__}.")
    return f"i:{seed}" if isinstance(seed, int) else f"s:{seed}"


def derive_seed(seed: Seed, *parts: object) -> str:
    """A sub-seed for one part of a game, e.g. ``derive_seed(game_seed, "hand", 3)``."""
    return "/".join([seed_text(seed), *(str(p) for p in parts)])


def shuffled(items: Sequence[T], seed: Seed, *, purpose: str = "deal") -> list[T]:
    """A permutation of ``items`` that depends only on ``seed`` and ``purpose``.

    The algorithm, fixed forever because deals and the Daily game depend on it:

    1. The byte stream is SHAKE-256 of ``"tricktable/" + purpose + "/" + seed_text(seed)``
       (UTF-8); its first ``8 * n`` bytes are read as ``n`` unsigned 64-bit big-endian keys.
    2. Item ``i`` gets key ``i``; the items are sorted by ``(key, i)``.

    Sorting by independent uniform keys gives every order the same chance (ties, which the
    index breaks, have probability below 2**-54 for a 52-card deck).
    """
    count = len(items)
    message = f"tricktable/{purpose}/{seed_text(seed)}".encode()
    stream = hashlib.shake_256(message).digest(8 * count)
    return [items[i] for i in _key_order(stream, count)]


def _key_order(stream: bytes, count: int) -> list[int]:
    """The indices ``0 .. count-1`` sorted by ``(key, index)``, key ``i`` being the ``i``-th
    unsigned 64-bit big-endian number in ``stream``.

    Fast path: sort small numbers made of each key's top 24 bits with the index below them
    (no key function, no big ints).  When no two tops are equal that is the order of the
    whole keys; otherwise (about once in 30,000 deals of 52) the whole keys are sorted.
    """
    if count <= 64:
        packed: list[int] = []
        for i in range(count):
            at = 8 * i
            packed.append((stream[at] << 16 | stream[at + 1] << 8 | stream[at + 2]) << 6 | i)
        packed.sort()
        previous = -1
        for number in packed:
            top = number >> 6
            if top == previous:
                break
            previous = top
        else:
            return [number & 63 for number in packed]
    keys = struct.unpack(f">{count}Q", stream)
    return sorted(range(count), key=keys.__getitem__)


# --- Players ---------------------------------------------------------------------------------


class View(Protocol):
    """What one seat may know.  Every game's view has at least these."""

    @property
    def seat(self) -> Seat: ...

    @property
    def legal_actions(self) -> tuple[Action, ...]: ...

    def to_json(self) -> dict[str, Any]: ...


class Player(Protocol):
    """A computer player.  It sees only a view and decides with the generator it is given."""

    name: str

    def choose(self, view: Any, rng: random.Random) -> Action: ...


def legal_choices(view: View) -> tuple[Action, ...]:
    """The actions a player may choose from in ``view``; raises ``ValueError`` when there are none
    (it is not this seat's turn).  Every player starts its ``choose`` here."""
    actions = view.legal_actions
    if not actions:
        raise ValueError("There is nothing to choose: it is not this seat's turn.")
    return actions


class RandomPlayer:
    """Chooses uniformly among the legal actions: the floor every other player must beat."""

    name = "random"

    def choose(self, view: View, rng: random.Random) -> Action:
        actions = legal_choices(view)
        return actions[rng.randrange(len(actions))]


class RecordError(WordedError):
    """A hand record that cannot be replayed, and why; ``action_index`` is the failing action
    (or None)."""

    def __init__(self, reason: Message | str, action_index: int | None = None) -> None:
        super().__init__(reason)
        self.action_index = action_index
