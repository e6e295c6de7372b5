"""One Sheepshead hand as a state machine: pick → bury → call → (crack → blitz) → play → scored.

``state.legal_actions()`` lists what the seat to move may do; ``state.apply(action)`` checks the
action and raises :class:`~tricktable.game.IllegalAction` (changing nothing) if the rules forbid
it.  Hands are card bitmasks and the hot path works on precomputed tables, because the search
players run this engine millions of times per decision.

The state holds every card; what a seat may know leaves through :meth:`HandState.view` only.

:class:`HandState` is the one public class; its parts live by phase: the fields and everything
that reads them (legal actions included) in :mod:`~tricktable.sheepshead.hand`, the actions before
the first card in :mod:`~tricktable.sheepshead.picking`, the play and the score in
:mod:`~tricktable.sheepshead.tricks`, the reasons for refusing in
:mod:`~tricktable.sheepshead.refusals`, the picker's options from his cards in
:mod:`~tricktable.sheepshead.legal`.
"""

from __future__ import annotations

from typing import Final

from tricktable.game import Action, ActionKind, IllegalAction, Seat, Seed
from tricktable.i18n import Message
from tricktable.sheepshead.deal import Deal, deal_from_seed
from tricktable.sheepshead.hand import HandCore, Phase, Trick
from tricktable.sheepshead.legal import (
    BLITZ_PAIRS,
    FAIL_BUT_ACES,
    JACK_OF_DIAMONDS,
    call_options,
    may_use_unknown_card,
)
from tricktable.sheepshead.picking import HANDLERS
from tricktable.sheepshead.refusals import not_your_turn, why_not_play, wrong_phase
from tricktable.sheepshead.rules import PRESETS, Rules
from tricktable.sheepshead.tricks import play_card
from tricktable.sheepshead.view import SheepsheadView, make_view

__all__ = [
    "BLITZ_PAIRS",
    "FAIL_BUT_ACES",
    "JACK_OF_DIAMONDS",
    "HandState",
    "Phase",
    "Trick",
    "call_options",
    "may_use_unknown_card",
    "new_hand",
]

_PLAY: Final = ActionKind.PLAY
_PLAYING: Final = Phase.PLAY


class HandState(HandCore):
    """A Sheepshead hand in progress.  Create one with :func:`new_hand`."""

    __slots__ = ()

    def view(self, seat: Seat) -> SheepsheadView:
        """What ``seat`` may know: the only form in which a state leaves the engine."""
        return make_view(self, seat)

    def copy(self) -> HandState:
        """An independent copy (for search)."""
        other = HandState(rules=self.rules, dealer=self.dealer, deal=self.deal,
                          multiplier=self.multiplier)
        other.seed = self.seed
        other.phase = self.phase
        other.to_move = self.to_move
        other.picker = self.picker
        other.called = self.called
        other.alone = self.alone
        other.result = self.result
        other.buried = self.buried
        other.unknown = self.unknown
        other._partner = self._partner
        other._called_bit = self._called_bit
        other._called_suit = self._called_suit
        other._called_status = self._called_status
        other._unknown_played = self._unknown_played
        other._passes = self._passes
        other._leader = self._leader
        other._led = self._led
        other._best = self._best
        other._best_seat = self._best_seat
        other._trick_points = self._trick_points
        other._unknown_at = self._unknown_at
        other._legal = self._legal
        other.doublings = self.doublings
        other.cracked_by = self.cracked_by
        other.recracked = self.recracked
        other.blitzes = self.blitzes
        other._asking = self._asking
        other.history = list(self.history)
        other.events = list(self.events)
        other.hands = list(self.hands)
        other.tricks = list(self.tricks)
        other.points_by_seat = list(self.points_by_seat)
        other.tricks_by_seat = list(self.tricks_by_seat)
        other._trick = list(self._trick)
        return other

    # --- Applying actions ----------------------------------------------------------------

    def apply(self, action: Action, *, seat: Seat | None = None) -> None:
        """Carry out ``action`` for the seat to move (``seat``, if given, must be that seat).

        Raises :class:`IllegalAction`, changing nothing, when the rules do not allow it.
        """
        mover = self.to_move
        if seat is not None and seat != mover:
            raise IllegalAction(not_your_turn(self, seat))
        cards = action.cards
        if action.kind is _PLAY and self.phase is _PLAYING and len(cards) == 1:
            card = cards[0]
            index: int = card
            legal = self._legal
            if legal < 0:
                legal = self._legal = self._compute_legal_play()
            if not (1 << index) & legal:
                raise IllegalAction(why_not_play(self, card))
            self.history.append((mover, action))  # type: ignore[arg-type]
            play_card(self, mover, card)  # type: ignore[arg-type]
            return
        if mover is None:
            raise IllegalAction(Message("illegal.hand_over"))
        handler = HANDLERS.get((self.phase, action.kind))
        if handler is None:
            if self.phase is Phase.PLAY and action.kind is ActionKind.PLAY:
                raise IllegalAction(Message("illegal.play_one", {"example": "play 10D"}))
            raise IllegalAction(wrong_phase(self, action))
        if len(action.cards) != _CARD_COUNT.get(action.kind, len(action.cards)):
            raise IllegalAction(Message("illegal.card_count", {"action": action.kind.value}))
        handler(self, mover, action)
        self.history.append((mover, action))


_CARD_COUNT: Final = {ActionKind.PASS: 0, ActionKind.PICK: 0, ActionKind.ALONE: 0,
                      ActionKind.BURY: 2, ActionKind.CRACK: 0, ActionKind.RECRACK: 0}


def new_hand(
    *,
    rules: Rules | None = None,
    dealer: Seat = 0,
    seed: Seed | None = None,
    deal: Deal | None = None,
    multiplier: int = 1,
) -> HandState:
    """A fresh hand, dealt from ``seed`` or from an explicit ``deal`` (exactly one of them)."""
    if (seed is None) == (deal is None):
        raise ValueError("Give either a seed or a deal.")
    if deal is None:
        assert seed is not None
        deal = deal_from_seed(seed, dealer)
    state = HandState(
        rules=rules if rules is not None else PRESETS["milwaukee"],
        dealer=dealer,
        deal=deal,
        multiplier=multiplier,
    )
    state.seed = seed
    return state
