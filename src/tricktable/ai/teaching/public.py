"""Reasons from public information: what a Sheepshead action does, in words any seat may read
while the hand is still being played.

A computer's own reason (:mod:`tricktable.ai.teaching.reasons`) may rest on its cards ("+0.4
points over 10♠" says it holds the 10♠; "a defender leads trump: no fail left" says it has no
fail), so it is shown only once the hand is over.  Its public form says the same move in terms
everybody at the table knows: what was played, who picked, what was called, which cards are out,
who is known to play with whom ("leads the called suit to find the partner", "schmears to a
partner's sure trick").

:func:`public_facts` reads those facts from a view, keeping nothing else, and
:func:`public_reason` words an action from them alone, so the public form of a reason is the
same whichever seat's view the facts are read from (the tests check it).
"""

from __future__ import annotations

from dataclasses import dataclass

from tricktable.ai.teaching.said import shared_message
from tricktable.cards import Card
from tricktable.game import Action, ActionKind, Seat
from tricktable.i18n import Message
from tricktable.sheepshead.deck import DECK, PLAY_SUIT, POINTS, is_trump
from tricktable.sheepshead.knowledge import beats
from tricktable.sheepshead.state import Phase
from tricktable.sheepshead.view import SheepsheadView, TrickView

__all__ = ["PublicFacts", "public_facts", "public_reason"]

_JACK_OF_DIAMONDS = next(c for c in DECK if str(c) == "JD")


@dataclass(frozen=True, slots=True)
class PublicTrick:
    """A trick as everyone saw it: the leader, the face-up cards (None for the face-down
    unknown card), the winner once it is over."""

    leader: Seat
    cards: tuple[Card | None, ...]
    winner: Seat | None


@dataclass(frozen=True, slots=True)
class PublicFacts:
    """What every seat knows about a Sheepshead hand at one moment."""

    phase: Phase
    to_move: Seat | None
    picker: Seat | None
    called: Card | None
    unknown_set_aside: bool
    leaster: bool
    jack_of_diamonds: bool
    tricks: tuple[PublicTrick, ...]
    current: PublicTrick
    partner: Seat | None
    """The partner, once the called card (or the J♦) has been played face up."""

    @property
    def played(self) -> frozenset[Card]:
        """Every card played face up so far."""
        return frozenset(c for t in (*self.tricks, self.current) for c in t.cards
                         if c is not None)

    def teammates(self, one: Seat, other: Seat) -> bool:
        """Whether everybody knows ``one`` and ``other`` play together (the picker and a
        revealed partner)."""
        team = {self.picker, self.partner}
        return one != other and None not in team and {one, other} <= team


def _public(trick: TrickView) -> PublicTrick:
    cards = tuple(None if k == trick.face_down else c for k, c in enumerate(trick.cards))
    return PublicTrick(trick.leader, cards, trick.winner)


def public_facts(view: SheepsheadView) -> PublicFacts:
    """The public facts of the hand, read from any seat's view."""
    tricks = tuple(_public(t) for t in view.tricks)
    current = _public(view.current_trick)
    partner_card = _JACK_OF_DIAMONDS if view.rules.jack_of_diamonds else view.called
    partner = None
    if partner_card is not None:
        for trick in (*tricks, current):
            for position, card in enumerate(trick.cards):
                if card == partner_card:
                    partner = (trick.leader + position) % 5
    if partner == view.picker:
        partner = None  # the picker played the card himself: he is alone, nobody is revealed
    return PublicFacts(
        phase=view.phase, to_move=view.to_move, picker=view.picker, called=view.called,
        unknown_set_aside=view.unknown_set_aside, leaster=view.leaster,
        jack_of_diamonds=view.rules.jack_of_diamonds, tricks=tricks, current=current,
        partner=partner)


_BIDDING = {
    ActionKind.PICK: "reason.public.pick",
    ActionKind.PASS: "reason.public.pass",
    ActionKind.BURY: "reason.public.bury",
    ActionKind.ALONE: "reason.public.alone",
    ActionKind.CRACK: "reason.public.crack",
    ActionKind.RECRACK: "reason.public.recrack",
    ActionKind.BLITZ: "reason.public.blitz",
}


def public_reason(facts: PublicFacts, seat: Seat, action: Action) -> Message:
    """What ``seat``'s ``action`` does, from the public facts just before it."""
    kind = action.kind
    if kind is ActionKind.PLAY:
        return _card_reason(facts, seat, action.card)
    if kind is ActionKind.CALL:
        if facts.jack_of_diamonds:
            return shared_message("reason.jack_partner")
        call = "reason.public.call_unknown" if len(action.cards) == 2 else "reason.public.call"
        return Message(call, {"card": action.cards[0].symbol})
    if kind is ActionKind.PASS and facts.phase is not Phase.PICK:
        return shared_message("reason.public.decline")  # no crack, recrack or blitz
    said = _BIDDING.get(kind)
    return shared_message(said) if said is not None else shared_message("reason.practice")


def _led_suit(facts: PublicFacts, trick: PublicTrick) -> int:
    """The suit led to ``trick`` (a face-down unknown card leads the called suit)."""
    first = trick.cards[0]
    if first is not None:
        return PLAY_SUIT[first]
    return PLAY_SUIT[facts.called] if facts.called is not None else -1


def _winning(trick: PublicTrick, led: int) -> tuple[Seat | None, Card | None]:
    """The seat winning the trick so far and its card (face-down cards never win)."""
    best: Card | None = None
    seat: Seat | None = None
    for position, card in enumerate(trick.cards):
        if card is not None and beats(card, best, led):
            best, seat = card, (trick.leader + position) % 5
    return seat, best


def _unbeatable(facts: PublicFacts, card: Card, led: int) -> bool:
    """Whether no card still unplayed (as far as anyone can see) would beat ``card``."""
    played = facts.played
    return not any(other != card and other not in played and beats(other, card, led)
                   for other in DECK)


def _card_reason(facts: PublicFacts, seat: Seat, card: Card) -> Message:
    trick = facts.current
    if facts.leaster:
        return _leaster_reason(facts, trick, card)
    if not trick.cards:
        return _lead_reason(facts, seat, card)
    led = _led_suit(facts, trick)
    winner, best = _winning(trick, led)
    last = len(trick.cards) == 4
    if best is None or beats(card, best, led):
        if last:
            return shared_message("reason.public.take_last")
        if PLAY_SUIT[card] != led and is_trump(card):
            return shared_message("reason.public.trump_in")
        return shared_message("reason.public.take")
    if winner is not None and facts.teammates(seat, winner):
        sure = last or _unbeatable(facts, best, led)
        if POINTS[card] >= 10:
            return shared_message("reason.public.schmear" if sure else "reason.public.schmear_hope")
    if PLAY_SUIT[card] != led:
        return shared_message("reason.public.throw_off")
    return shared_message("reason.public.under")


def _lead_reason(facts: PublicFacts, seat: Seat, card: Card) -> Message:
    trump = is_trump(card)
    if seat == facts.picker:
        return shared_message(
            "reason.public.picker_trump" if trump else "reason.public.picker_fail")
    if seat == facts.partner and trump:
        return shared_message("reason.public.partner_trump")
    called = facts.called
    if (not trump and called is not None and not facts.jack_of_diamonds
            and facts.partner is None and PLAY_SUIT[card] == PLAY_SUIT[called]):
        return shared_message("reason.public.called_lead")
    if _unbeatable(facts, card, PLAY_SUIT[card]):
        return shared_message("reason.public.lead_master")
    return shared_message("reason.public.lead_trump" if trump else "reason.public.lead_fail")


def _leaster_reason(facts: PublicFacts, trick: PublicTrick, card: Card) -> Message:
    if not trick.cards:
        return shared_message("reason.public.leaster_lead")
    led = _led_suit(facts, trick)
    _, best = _winning(trick, led)
    if best is None or beats(card, best, led):
        return shared_message("reason.public.leaster_take")
    return shared_message("reason.public.leaster_under")
