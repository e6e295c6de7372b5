"""A Sheepshead hand from the deal to the first card: the pick, the bury, the call or going
alone, and the house options' cracks and blitzes.

Each handler carries out, on a :class:`~tricktable.sheepshead.hand.HandCore`, one action of its
phase for the seat to move (:data:`HANDLERS` finds it by phase and action kind); it checks what
only it can check and raises :class:`~tricktable.game.IllegalAction` before changing anything.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from tricktable.game import Action, ActionKind, IllegalAction, Seat
from tricktable.i18n import Message
from tricktable.sheepshead.deal import SEATS
from tricktable.sheepshead.deck import PLAY_SUIT
from tricktable.sheepshead.events import (
    Blitzed,
    Buried,
    Called,
    Cracked,
    Declined,
    LeasterBegins,
    Passed,
    PassedOut,
    Picked,
    Recracked,
    WentAlone,
)
from tricktable.sheepshead.hand import DONE, NOT_LED, HandCore, Phase
from tricktable.sheepshead.legal import BLITZ_MASKS, BLITZ_PAIRS
from tricktable.sheepshead.refusals import why_not_call
from tricktable.sheepshead.rules import NoPicker, Partner
from tricktable.sheepshead.scoring import HandKind, HandResult
from tricktable.sheepshead.tricks import finish, start_play

__all__ = ["HANDLERS"]

_new_tuple: Final = tuple.__new__
_JACK_PARTNER: Final = Partner.JACK_OF_DIAMONDS


def _pass(state: HandCore, seat: Seat, action: Action) -> None:
    state.events.append(_new_tuple(Passed, (seat,)))
    state._passes += 1
    if state._passes < SEATS:
        state.to_move = (seat + 1) % SEATS
        return
    if state.rules.no_picker is NoPicker.LEASTER:
        state.events.append(LeasterBegins())
        start_play(state)
        return
    state.events.append(PassedOut(state.rules.no_picker is NoPicker.DOUBLER))
    finish(
        state,
        HandResult(
            kind=HandKind.PASSED_OUT,
            scores=(0,) * SEATS,
            multiplier=state.multiplier,
            reason=(
                Message("result.passed_out_doubler")
                if state.rules.no_picker is NoPicker.DOUBLER
                else Message("result.passed_out")
            ),
        ),
    )


def _pick(state: HandCore, seat: Seat, action: Action) -> None:
    state.events.append(_new_tuple(Picked, (seat,)))
    state.picker = seat
    state.hands[seat] |= state.deal.masks[SEATS]
    state.phase = Phase.BURY


def _bury(state: HandCore, seat: Seat, action: Action) -> None:
    if action.cards[0] == action.cards[1]:
        raise IllegalAction(Message("illegal.bury_same"))
    pair = (1 << action.cards[0]) | (1 << action.cards[1])
    missing = [c for c in action.cards if not (1 << c) & state.hands[seat]]
    if missing:
        raise IllegalAction(Message("illegal.bury_not_held", {"card": missing[0].symbol}))
    state.hands[seat] ^= pair
    state.buried = pair
    state.events.append(_new_tuple(Buried, (seat, action.cards)))
    state.phase = Phase.CALL


def _call(state: HandCore, seat: Seat, action: Action) -> None:
    if not 1 <= len(action.cards) <= 2:
        raise IllegalAction(Message("illegal.call_one"))
    called = action.cards[0]
    aside = action.cards[1] if len(action.cards) == 2 else None
    problem = why_not_call(state, called, aside)
    if problem:
        raise IllegalAction(problem)
    state.called = called
    state._called_bit = 1 << called
    state._called_suit = PLAY_SUIT[called]
    state._called_status = NOT_LED
    state._partner = next(s for s in range(SEATS) if state.hands[s] & state._called_bit)
    if aside is not None:
        state.unknown = aside
        state.hands[seat] ^= 1 << aside
    if state.rules.partner is _JACK_PARTNER:
        state._called_suit = -1  # no called-suit constraints, nothing to lead
        state._called_status = DONE
    state.events.append(_new_tuple(Called, (seat, called, aside is not None)))
    _announce(state)


def _go_alone(state: HandCore, seat: Seat, action: Action) -> None:
    state.alone = True
    state.events.append(WentAlone(seat))
    _announce(state)


# --- Cracks and blitzes (house options), between the call and the first card ---------------


def _may_double(state: HandCore) -> bool:
    return state.rules.may_double(state.total_doublings)


def _announce(state: HandCore) -> None:
    """Ask for cracks, then blitzes, if the table plays them; else start the play."""
    if state.rules.crack and _may_double(state):
        passers = tuple(e.seat for e in state.events if isinstance(e, Passed))
        if passers:
            _ask(state, Phase.CRACK, passers)
            return
    _ask_blitz(state)


def _ask(state: HandCore, phase: Phase, seats: tuple[Seat, ...]) -> None:
    state.phase = phase
    state._asking = seats
    state.to_move = seats[0]


def _ask_blitz(state: HandCore) -> None:
    if state.rules.blitz and _may_double(state):
        _ask(state, Phase.BLITZ, tuple((state.dealer + 1 + k) % SEATS for k in range(SEATS)))
    else:
        state._asking = ()
        start_play(state)


def _crack(state: HandCore, seat: Seat, action: Action) -> None:
    state.doublings += 1
    state.cracked_by = seat
    state.events.append(Cracked(seat))
    if _may_double(state):
        assert state.picker is not None
        _ask(state, Phase.RECRACK, (state.picker,))
    else:
        _ask_blitz(state)


def _decline_crack(state: HandCore, seat: Seat, action: Action) -> None:
    state.events.append(Declined(seat, "crack"))
    state._asking = state._asking[1:]
    if state._asking:
        state.to_move = state._asking[0]
    else:
        _ask_blitz(state)


def _recrack(state: HandCore, seat: Seat, action: Action) -> None:
    state.doublings += 1
    state.recracked = True
    state.events.append(Recracked(seat))
    _ask_blitz(state)


def _decline_recrack(state: HandCore, seat: Seat, action: Action) -> None:
    state.events.append(Declined(seat, "recrack"))
    _ask_blitz(state)


def _blitz(state: HandCore, seat: Seat, action: Action) -> None:
    shown = sum(1 << c for c in action.cards)
    pairs = [(pair, mask) for pair, mask in zip(BLITZ_PAIRS, BLITZ_MASKS, strict=True)
             if shown & mask == mask]
    distinct = len(set(action.cards)) == len(action.cards)
    if not pairs or not distinct or sum(mask for _, mask in pairs) != shown:
        raise IllegalAction(Message("illegal.blitz_pairs"))
    if state.hands[seat] & shown != shown:
        named = " ".join(c.symbol for c in action.cards)
        key = "illegal.blitz_not_held" if len(pairs) == 1 else "illegal.blitz_not_held_four"
        raise IllegalAction(Message(key, {"cards": named}))
    if len(pairs) == 2 and not state.rules.may_double(state.total_doublings + 1):
        raise IllegalAction(Message("illegal.blitz_cap", {"cap": state.rules.max_doubles}))
    state.doublings += len(pairs)
    state.blitzes = (*state.blitzes, *((seat, pair) for pair, _ in pairs))
    state.events.append(Blitzed(seat, action.cards))
    if _may_double(state):
        _next_blitz(state)
    else:
        state._asking = ()
        start_play(state)


def _decline_blitz(state: HandCore, seat: Seat, action: Action) -> None:
    state.events.append(Declined(seat, "blitz"))
    _next_blitz(state)


def _next_blitz(state: HandCore) -> None:
    state._asking = state._asking[1:]
    if state._asking:
        state.to_move = state._asking[0]
    else:
        start_play(state)


HANDLERS: Final[dict[tuple[Phase, ActionKind], Callable[[HandCore, Seat, Action], None]]] = {
    (Phase.PICK, ActionKind.PASS): _pass,
    (Phase.PICK, ActionKind.PICK): _pick,
    (Phase.BURY, ActionKind.BURY): _bury,
    (Phase.CALL, ActionKind.CALL): _call,
    (Phase.CALL, ActionKind.ALONE): _go_alone,
    (Phase.CRACK, ActionKind.CRACK): _crack,
    (Phase.CRACK, ActionKind.PASS): _decline_crack,
    (Phase.RECRACK, ActionKind.RECRACK): _recrack,
    (Phase.RECRACK, ActionKind.PASS): _decline_recrack,
    (Phase.BLITZ, ActionKind.BLITZ): _blitz,
    (Phase.BLITZ, ActionKind.PASS): _decline_blitz,
}
"""The handler of each action kind each phase (but the play) takes, by (phase, kind)."""
