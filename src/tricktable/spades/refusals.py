"""Why a two-player Spades action is refused, in words a player understands.

Each reason is a :class:`~tricktable.i18n.Message` (its words are in the engine catalogue),
built only on refusal.
"""

from __future__ import annotations

from tricktable.cards import CARDS, Card
from tricktable.game import Action, ActionKind, Seat
from tricktable.i18n import Message
from tricktable.spades.hand import HandCore, Phase
from tricktable.words import ACTION_VERBS, turn_refusal

__all__ = ["not_your_turn", "why_not_play", "wrong_phase"]

_DRAWING = Phase.DRAW


def not_your_turn(state: HandCore, seat: Seat) -> Message:
    """Why ``seat`` may not act now: the hand is over, or the other seat is to move."""
    return turn_refusal(state.to_move, _DOING, state.phase)


def wrong_phase(state: HandCore, action: Action) -> Message:
    """Why an action of ``action``'s kind does not fit the phase."""
    kind = action.kind
    if kind is ActionKind.DOUBLE_NIL:
        if state.phase is _DRAWING and state.to_move is not None and state.double_nil[
                state.to_move]:
            return Message("illegal.double_nil_again")
        return Message("illegal.double_nil_late")
    return Message("illegal.wrong_phase",
                   {"action": ACTION_VERBS[kind], "wanted": _WANTED[state.phase]})


def why_not_play(state: HandCore, card: Card) -> Message:
    """Why ``card`` may not be played now."""
    seat = state.to_move
    assert seat is not None
    hand = state.hands[seat]
    if not (1 << card) & hand:
        return Message("illegal.not_held", {"card": card.symbol})
    led = state._led
    if led < 0:
        return Message("illegal.spades_not_broken")
    return _FOLLOW[led]


_DOING = {
    Phase.DRAW: Message("doing.draw"),
    Phase.EXCHANGE: Message("doing.exchange"),
    Phase.BID: Message("doing.bid"),
    Phase.PLAY: Message("doing.play"),
    Phase.OVER: Message("doing.play"),
}
"""What the seat to move is to do, for "It is not your turn: seat 1 is to …"."""
_WANTED = {
    Phase.DRAW: Message("wanted.draw"),
    Phase.EXCHANGE: Message("wanted.exchange"),
    Phase.BID: Message("wanted.bid"),
    Phase.PLAY: Message("wanted.play"),
}
"""What it is time to do, for "You cannot … now: it is time to …"."""
_FOLLOW_SUIT = {
    "clubs": Message("illegal.follow.clubs"),
    "spades": Message("illegal.follow.spades"),
    "hearts": Message("illegal.follow.hearts"),
    "diamonds": Message("illegal.follow.diamonds"),
}
_FOLLOW = tuple(_FOLLOW_SUIT[c.suit.plural] for c in CARDS)
""""You must follow hearts.", by the card led."""
