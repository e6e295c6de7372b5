"""Reasons for Spades actions: what a bid or a card does, from what both players know.

A Spades action's reason reads only public facts: the bids, the cards played, whether spades
are broken.  The draw is the exception: whether a player kept the card he looked at is his
secret, so its public form says only that he drew (:func:`public_reason`); the player's own
hint may say which (:func:`usual_reason`).
"""

from __future__ import annotations

from tricktable.ai.teaching.said import shared_message
from tricktable.cards import CARDS, Card, Suit
from tricktable.game import Action, ActionKind
from tricktable.i18n import Message
from tricktable.spades.deck import follower_wins
from tricktable.spades.view import SpadesView

__all__ = ["public_reason", "usual_reason"]

_DRAW = {ActionKind.KEEP: "reason.spades.keep", ActionKind.REJECT: "reason.spades.reject"}


def usual_reason(view: SpadesView, action: Action) -> Message:
    """Table practice's reason for ``action``, told to the seat itself (a hint): the draw's
    choice named."""
    key = _DRAW.get(action.kind)
    if key is not None:
        return shared_message(key)
    return public_reason(view, action)


def public_reason(view: SpadesView, action: Action) -> Message:
    """What ``action`` of the seat whose view this is does, from public facts only."""
    kind = action.kind
    if kind in _DRAW:
        return shared_message("reason.spades.draw")
    if kind is ActionKind.DOUBLE_NIL:
        return shared_message("reason.spades.double_nil")
    if kind is ActionKind.EXCHANGE:
        return shared_message("reason.spades.exchange")
    if kind is ActionKind.BID:
        if action.number == 0:
            return shared_message("reason.spades.nil")
        return Message("reason.spades.bid", {"count": action.number})
    if kind is ActionKind.PLAY:
        return _card_reason(view, action.card)
    return shared_message("reason.practice")


def _highest_left(view: SpadesView, card: Card) -> bool:
    """Whether no unplayed card of ``card``'s suit ranks above it (as both players can see)."""
    played = set(view.played_cards)
    return not any(other.suit == card.suit and other.rank > card.rank and other not in played
                   for other in CARDS)


def _card_reason(view: SpadesView, card: Card) -> Message:
    nil = view.bids[view.seat] == 0
    lead = view.current_trick.cards
    if not lead:
        if card.suit == Suit.SPADES:
            return shared_message("reason.spades.lead_spade")
        if _highest_left(view, card):
            return shared_message("reason.spades.lead_master")
        return shared_message("reason.spades.nil_lead" if nil else "reason.spades.lead")
    led = lead[0]
    if follower_wins(led, card):
        return shared_message(
            "reason.spades.trump" if card.suit != led.suit else "reason.spades.take")
    if nil:
        return shared_message("reason.spades.nil_under")
    if card.suit != led.suit:
        return shared_message("reason.spades.discard")
    return shared_message("reason.spades.under")
