"""A two-player Spades hand before the play: the draw, double nil, the bidding.

Each function carries out, on a :class:`~tricktable.spades.hand.HandCore`, one step for the
seat to move; a handler checks what only it can check and raises
:class:`~tricktable.game.IllegalAction` before changing anything.  The double-nil exchange,
between the draw and the bidding, is :class:`~tricktable.spades.state.HandState`'s own.
"""

from __future__ import annotations

from tricktable.game import Action, ActionKind, IllegalAction, Seat
from tricktable.i18n import Message
from tricktable.spades.events import BidMade, DoubleNilDeclared, Drew
from tricktable.spades.hand import HandCore, Phase

__all__ = ["bid", "declare_double_nil", "end_draw", "keep_or_reject", "start_bidding", "start_play"]

_new_tuple = tuple.__new__
_KEEP = ActionKind.KEEP


def _draw(state: HandCore, seat: Seat, keep: bool) -> None:
    pos = state._pos
    stock = state._stock
    if keep:
        taken, dropped = stock[pos], stock[pos + 1]
    else:
        dropped, taken = stock[pos], stock[pos + 1]
    state.hands[seat] |= 1 << taken
    state.discards[seat] |= 1 << dropped
    state.events.append(_new_tuple(Drew, (seat, keep, taken, dropped)))
    state._pos = pos = pos + 2
    if pos < 52:
        state.to_move = 1 - seat
    else:
        end_draw(state)


def keep_or_reject(state: HandCore, seat: Seat, action: Action) -> None:
    """Keep the top card of the stock (discarding the next) or reject it (taking the next)."""
    if action.cards or action.number is not None:
        raise IllegalAction(Message("illegal.takes_nothing", {"action": action.kind.value}))
    _draw(state, seat, action.kind is _KEEP)


def declare_double_nil(state: HandCore, seat: Seat, action: Action) -> None:
    """Declare double nil, at the seat's first turn of the draw."""
    if action.cards or action.number is not None:
        raise IllegalAction(Message("illegal.takes_nothing", {"action": "double-nil"}))
    if state.double_nil[seat]:
        raise IllegalAction(Message("illegal.double_nil_again"))
    if state._pos >= 4:
        raise IllegalAction(Message("illegal.double_nil_late"))
    state.double_nil[seat] = True
    state.bids[seat] = 0
    state.events.append(DoubleNilDeclared(seat))


def end_draw(state: HandCore) -> None:
    """The stock is drawn: on to the exchange of a double-nil player, else the bidding."""
    state.pile = state.discards[0] | state.discards[1]
    state._queue = [s for s in (1 - state.first, state.first) if state.double_nil[s]]
    if state._queue:
        state.phase = Phase.EXCHANGE
        state.to_move = state._queue.pop(0)
    else:
        start_bidding(state)


def start_bidding(state: HandCore) -> None:
    """On to the bidding of the seats not in double nil (the second player first), else the play."""
    state._queue = [s for s in (1 - state.first, state.first) if not state.double_nil[s]]
    if state._queue:
        state.phase = Phase.BID
        state.to_move = state._queue.pop(0)
    else:
        start_play(state)


def bid(state: HandCore, seat: Seat, action: Action) -> None:
    """Bid 0 (nil) to 13 tricks."""
    number = action.number
    if action.cards or type(number) is not int or not 0 <= number <= 13:
        raise IllegalAction(Message("illegal.bid_range"))
    state.bids[seat] = number
    state.events.append(BidMade(seat, number))
    if state._queue:
        state.to_move = state._queue.pop(0)
    else:
        start_play(state)


def start_play(state: HandCore) -> None:
    """The second player leads the first trick."""
    state.phase = Phase.PLAY
    state.to_move = state._leader = 1 - state.first
    state._legal = -1
