"""The game's shared words as messages: suits, ranks and cards by name, actions as players read
them, seats, and short lists ("A♣ or A♠").  Their wording is in the ``common`` and ``engine``
catalogues; a card on its own is its symbol (``Q♣``), which every language reads."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from tricktable.cards import Card, Rank, Suit, format_cards
from tricktable.game import Action, ActionKind
from tricktable.i18n import Message, translate

__all__ = [
    "ACTION_VERBS",
    "GAME_TITLES",
    "SUITS",
    "SUITS_SINGULAR",
    "TRUMP",
    "action_words",
    "card_name",
    "comma_list",
    "or_list",
    "seat_name",
    "suit_words",
    "turn_refusal",
    "worded",
    "words_json",
]

SUITS: Final = {
    "clubs": Message("suit.clubs"),
    "spades": Message("suit.spades"),
    "hearts": Message("suit.hearts"),
    "diamonds": Message("suit.diamonds"),
    "trump": Message("suit.trump"),
}
"""Each suit's name as players say it ("hearts"), by its English name (``Suit.plural``,
``PlaySuit.plural``); trump counts as a suit in Sheepshead's play."""

SUITS_SINGULAR: Final = {
    "club": Message("suit.club"),
    "spade": Message("suit.spade"),
    "heart": Message("suit.heart"),
    "diamond": Message("suit.diamond"),
    "trump": Message("suit.trump"),
}
"""One card's suit ("you hold no heart"), by ``PlaySuit.singular``."""

TRUMP: Final = SUITS["trump"]

_CARD_SUITS = {
    Suit.CLUBS: Message("card.suit.clubs"),
    Suit.SPADES: Message("card.suit.spades"),
    Suit.HEARTS: Message("card.suit.hearts"),
    Suit.DIAMONDS: Message("card.suit.diamonds"),
}
_RANKS = {
    Rank.TWO: Message("rank.two"),
    Rank.THREE: Message("rank.three"),
    Rank.FOUR: Message("rank.four"),
    Rank.FIVE: Message("rank.five"),
    Rank.SIX: Message("rank.six"),
    Rank.SEVEN: Message("rank.seven"),
    Rank.EIGHT: Message("rank.eight"),
    Rank.NINE: Message("rank.nine"),
    Rank.TEN: Message("rank.ten"),
    Rank.JACK: Message("rank.jack"),
    Rank.QUEEN: Message("rank.queen"),
    Rank.KING: Message("rank.king"),
    Rank.ACE: Message("rank.ace"),
}

_SHEEPSHEAD_SEATS = (Message("seat.you"), Message("seat.west"), Message("seat.northwest"),
                     Message("seat.northeast"), Message("seat.east"))
_SPADES_SEATS = (Message("seat.you"), Message("seat.opponent"))

GAME_TITLES: Final = {"sheepshead": Message("game.sheepshead"), "spades": Message("game.spades")}
"""Each game's name."""

_ACTIONS = {
    ActionKind.PASS: Message("action.pass"),
    ActionKind.PICK: Message("action.pick"),
    ActionKind.ALONE: Message("action.alone"),
    ActionKind.KEEP: Message("action.keep"),
    ActionKind.REJECT: Message("action.reject"),
    ActionKind.DOUBLE_NIL: Message("action.double-nil"),
    ActionKind.CRACK: Message("action.crack"),
    ActionKind.RECRACK: Message("action.recrack"),
}
ACTION_VERBS: Final = {
    ActionKind.PASS: Message("verb.pass"),
    ActionKind.PICK: Message("verb.pick"),
    ActionKind.BURY: Message("verb.bury"),
    ActionKind.CALL: Message("verb.call"),
    ActionKind.ALONE: Message("verb.alone"),
    ActionKind.PLAY: Message("verb.play"),
    ActionKind.KEEP: Message("verb.keep"),
    ActionKind.REJECT: Message("verb.reject"),
    ActionKind.DOUBLE_NIL: Message("verb.double-nil"),
    ActionKind.BID: Message("verb.bid"),
    ActionKind.EXCHANGE: Message("verb.exchange"),
    ActionKind.CRACK: Message("verb.crack"),
    ActionKind.RECRACK: Message("verb.recrack"),
    ActionKind.BLITZ: Message("verb.blitz"),
}
"""Each kind of action as a verb ("You cannot {verb} now")."""

_CARD_ACTIONS = {
    ActionKind.BURY: "action.bury",
    ActionKind.CALL: "action.call",
    ActionKind.BLITZ: "action.blitz",
    ActionKind.EXCHANGE: "action.exchange",
}


def suit_words(name: str) -> Message:
    """A suit's name by its English name ("hearts", "trump")."""
    return SUITS[name]


def card_name(card: Card) -> Message:
    """A card in words ("queen of clubs"), for readers that do not show the symbol."""
    return Message("card.name", {"rank": _RANKS[card.rank], "suit": _CARD_SUITS[card.suit]})


def action_words(action: Action) -> Message | str:
    """An action as players read it: ``10♠`` for a card played, "pick", "bury Q♣ 7♥",
    "call A♥", "bid 4", "bid nil"."""
    kind = action.kind
    if kind is ActionKind.PLAY:
        return format_cards(action.cards, symbols=True)
    simple = _ACTIONS.get(kind)
    if simple is not None:
        return simple
    if kind is ActionKind.BID:
        return (Message("action.bid_nil") if action.number == 0
                else Message("action.bid", {"tricks": action.number}))
    if kind is ActionKind.CALL and len(action.cards) == 2:
        return Message("action.call_unknown", {"card": action.cards[0].symbol,
                                               "unknown": action.cards[1].symbol})
    key = _CARD_ACTIONS[kind]
    return Message(key, {"cards": format_cards(action.cards, symbols=True)})


def seat_name(seat: int, *, seats: int, viewer: int = 0) -> Message:
    """A seat as the player at ``viewer`` calls it: You, then West, Northwest, Northeast, East
    round a Sheepshead table (``seats`` 5); You and the opponent in Spades (2)."""
    names = _SHEEPSHEAD_SEATS if seats == 5 else _SPADES_SEATS
    return names[(seat - viewer) % seats]


def turn_refusal(to_move: int | None, doing: Mapping[Any, Message], phase: object) -> Message:
    """Why a seat may not act now: the hand is over (nobody is to move), or ``to_move`` is,
    doing what ``doing`` says of ``phase`` (each game's refusals name their phases)."""
    if to_move is None:
        return Message("illegal.hand_over")
    return Message("illegal.not_your_turn", {"seat": to_move, "doing": doing[phase]})


def or_list(items: Sequence[object]) -> object:
    """A short list of choices: "A♣", "A♣ or A♠", "A♣ or A♠ or A♥" (and longer, in pairs)."""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return Message("list.or2", {"first": items[0], "second": items[1]})
    if len(items) == 3:
        return Message("list.or3", {"first": items[0], "second": items[1], "third": items[2]})
    return Message("list.or2", {"first": or_list(items[:-1]), "second": items[-1]})


def comma_list(items: Sequence[object]) -> object:
    """Items one after another, separated as the language separates a list's items."""
    if not items:
        return ""
    shown = items[0]
    for item in items[1:]:
        shown = Message("list.comma", {"first": shown, "second": item})
    return shown


def words_json(words: Message | str) -> dict[str, object] | str:
    """Words for JSON that is stored or sent on: a message as ``{"key", "params"}``, plain text
    (a card's symbol) as it is.  :func:`worded` reads either back in a language."""
    return words.to_json() if isinstance(words, Message) else words


def worded(value: object, language: str) -> object:
    """What :func:`words_json` wrote, in ``language`` (text written before messages were
    stored, such as English in old rows, stays as it is; None stays None)."""
    if isinstance(value, dict) and "key" in value:
        return translate(language, Message.from_json(value))
    return value
