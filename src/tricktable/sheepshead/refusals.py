"""Why a Sheepshead action is refused, in words a player understands.

Each reason is a :class:`~tricktable.i18n.Message` (its words are in the engine catalogue),
built only on refusal.  A reason names only the mover's own cards, the called card and suits:
nothing another seat holds.
"""

from __future__ import annotations

from typing import Final

from tricktable.cards import Card
from tricktable.game import Action, Seat
from tricktable.i18n import Message
from tricktable.sheepshead.deck import FAIL_TENS, PLAY_SUIT, SUIT_MASK, PlaySuit
from tricktable.sheepshead.hand import LEADING, HandCore, Phase
from tricktable.sheepshead.legal import JACK_OF_DIAMONDS, may_use_unknown_card
from tricktable.sheepshead.rules import Partner
from tricktable.words import ACTION_VERBS, SUITS, SUITS_SINGULAR, or_list, turn_refusal

__all__ = ["not_your_turn", "why_not_call", "why_not_play", "wrong_phase"]

_JACK_PARTNER: Final = Partner.JACK_OF_DIAMONDS


def not_your_turn(state: HandCore, seat: Seat) -> Message:
    """Why ``seat`` may not act now: the hand is over, or another seat is to move."""
    return turn_refusal(state.to_move, _DOING, state.phase)


def wrong_phase(state: HandCore, action: Action) -> Message:
    """Why an action of ``action``'s kind does not fit the phase."""
    return Message("illegal.wrong_phase",
                   {"action": ACTION_VERBS[action.kind], "wanted": _WANTED[state.phase]})


def why_not_call(state: HandCore, called: Card, aside: Card | None) -> Message | None:
    """Why the picker may not call ``called`` (setting ``aside`` aside as the unknown card, if
    given), or None if he may."""
    assert state.picker is not None
    if state.rules.partner is _JACK_PARTNER:
        return _why_not_call_jack(state, called, aside)
    candidates, callable_ = state.call_candidates()
    if aside is None and called in callable_:
        return None  # the usual call: a candidate with a hold card
    hand = state.hands[state.picker]
    card = called.symbol
    if called not in candidates:
        if (1 << called) & hand:
            return Message("illegal.call_held", {"card": card})
        if (1 << called) & state.buried:
            return Message("illegal.call_buried", {"card": card})
        if called in FAIL_TENS and called.suit in [a.suit for a in candidates]:
            return Message("illegal.call_ten_needs_aces")
        if called in FAIL_TENS and not state.rules.call_ten:
            return Message("illegal.call_no_tens")
        if not candidates:
            return Message("illegal.call_nothing")
        return Message("illegal.call_only", {"cards": _symbols(candidates)})
    suit = SUITS_SINGULAR[PlaySuit(PLAY_SUIT[called]).singular]
    unknown_ok = may_use_unknown_card(hand, state.buried, state.rules)
    if aside is None:
        if called in callable_:
            return None
        if callable_:
            return Message("illegal.call_no_hold",
                           {"card": card, "suit": suit, "cards": _symbols(callable_)})
        if unknown_ok:
            return Message("illegal.call_needs_unknown",
                           {"card": card, "suit": suit, "code": str(called)})
        if state.rules.unknown_card:
            return Message("illegal.call_hold_or_alone", {"card": card, "suit": suit})
        return Message("illegal.call_must_hold", {"card": card, "suit": suit})
    if not state.rules.unknown_card:
        return Message("illegal.no_unknown_card")
    if callable_:
        return Message("illegal.unknown_has_hold", {"cards": _symbols(callable_)})
    if not unknown_ok:
        return Message("illegal.unknown_other_fail")
    if not (1 << aside) & hand:
        return Message("illegal.aside_not_held", {"card": aside.symbol})
    return None


def _why_not_call_jack(state: HandCore, called: Card, aside: Card | None) -> Message | None:
    assert state.picker is not None
    jack = JACK_OF_DIAMONDS
    if (1 << jack) & state.hands[state.picker]:
        return Message("illegal.jack_held", {"card": jack.symbol})
    if (1 << jack) & state.buried:
        return Message("illegal.jack_buried", {"card": jack.symbol})
    if called != jack:
        return Message("illegal.jack_partner", {"card": jack.symbol, "code": str(jack)})
    if aside is not None:
        return Message("illegal.no_unknown_card")
    return None


def why_not_play(state: HandCore, card: Card) -> Message:
    """Why ``card`` may not be played now."""
    seat = state.to_move
    assert seat is not None
    hand = state.hands[seat]
    bit = 1 << card
    is_unknown = seat == state.picker and card == state.unknown and not state._unknown_played
    if not bit & hand and not is_unknown:
        return Message("illegal.not_held", {"card": card.symbol})
    called = state.called
    called_name = "" if called is None else called.symbol
    # The J♦ is called for no suit (_called_suit -1): it puts no rule on the play.
    called_suit = PlaySuit(state._called_suit) if state._called_suit >= 0 else None
    if not state._trick:
        if seat == state._partner and called_suit is not None:
            return Message("illegal.partner_opens_called",
                           {"card": called_name, "suits": SUITS[called_suit.plural]})
        return Message("illegal.cannot_lead", {"card": card.symbol})
    led = PlaySuit(state._led)
    if state._called_status == LEADING and seat == state._partner:
        return Message("illegal.partner_plays_called", {"card": called_name})
    if state._called_status == LEADING and state.unknown is not None and seat == state.picker:
        return _UNKNOWN_NOW[led]
    if is_unknown:
        assert called_suit is not None
        return Message("illegal.unknown_when", {"suits": SUITS[called_suit.plural]})
    if hand & SUIT_MASK[led]:
        follow = _FOLLOW[led]
        printed_suit_led = int(card.suit) == int(led) and led is not PlaySuit.TRUMP
        if printed_suit_led and PLAY_SUIT[card] == PlaySuit.TRUMP:
            return Message("illegal.follow_trump_card", {"follow": follow,
                                                          "card": card.symbol})
        return follow
    if seat == state._partner and card == called:
        assert called_suit is not None
        return Message("illegal.partner_keeps_called",
                       {"card": called_name, "suits": SUITS[called_suit.plural]})
    if seat == state.picker and called_suit is not None:
        return Message("illegal.picker_keeps_suit",
                       {"suit": SUITS_SINGULAR[called_suit.singular],
                        "suits": SUITS[called_suit.plural]})
    return Message("illegal.cannot_play", {"card": card.symbol})


def _symbols(cards: list[Card]) -> object:
    return or_list([c.symbol for c in cards])


_DOING: Final = {
    Phase.PICK: Message("doing.pick_or_pass"),
    Phase.BURY: Message("doing.bury"),
    Phase.CALL: Message("doing.call"),
    Phase.PLAY: Message("doing.play"),
    Phase.CRACK: Message("doing.crack_or_pass"),
    Phase.RECRACK: Message("doing.recrack_or_pass"),
    Phase.BLITZ: Message("doing.blitz_or_pass"),
}
"""What the seat to move is to do, for "It is not your turn: seat 2 is to …"."""
_WANTED: Final = {
    Phase.PICK: Message("wanted.pick"),
    Phase.BURY: Message("wanted.bury"),
    Phase.CALL: Message("wanted.call"),
    Phase.CRACK: Message("wanted.crack"),
    Phase.RECRACK: Message("wanted.recrack"),
    Phase.BLITZ: Message("wanted.blitz"),
    Phase.PLAY: Message("wanted.play"),
}
"""What it is time to do, for "You cannot … now: it is time to …"."""
_FOLLOW: Final = {
    PlaySuit.CLUBS: Message("illegal.follow.clubs"),
    PlaySuit.SPADES: Message("illegal.follow.spades"),
    PlaySuit.HEARTS: Message("illegal.follow.hearts"),
    PlaySuit.TRUMP: Message("illegal.follow.trump"),
}
_UNKNOWN_NOW: Final = {
    PlaySuit.CLUBS: Message("illegal.unknown_now.clubs"),
    PlaySuit.SPADES: Message("illegal.unknown_now.spades"),
    PlaySuit.HEARTS: Message("illegal.unknown_now.hearts"),
}
"""The called suit led, the picker must play the unknown card (a called suit is never trump)."""
