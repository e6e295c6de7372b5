"""Two-player Spades as numbers: a fixed action space of 447 ids and an observation vector,
built from one seat's :class:`~tricktable.spades.view.SpadesView` and nothing else.

**Cards** are numbered by their value 0–51: clubs 2–A (0–12), spades (13–25), hearts (26–38),
diamonds (39–51).  **Seats** are relative: 0 is the observer, 1 the opponent.

**Actions** (ids):

======  ====  ==========================================================================
first   size  action
======  ====  ==========================================================================
0       1     ``keep`` (the top card of the stock)
1       1     ``reject``
2       1     ``double-nil``
3       14    ``bid N``: 3 + N, N = 0 (nil) to 13
17      378   ``exchange …``: 17 + k, the k-th choice of :class:`ExchangeOptions` for the
              13-card hand (give up nothing; each single card; each pair; each three, by
              positions in the hand sorted by card value, in lexicographic order)
395     52    ``play X``: 395 + X's card value
======  ====  ==========================================================================
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain, combinations

import numpy as np
from numpy.typing import NDArray

from tricktable.game import DOUBLE_NIL, KEEP, REJECT, Action, ActionKind
from tricktable.rl.layout import Entries, Layout
from tricktable.spades.exchange import MAX_EXCHANGE, exchange_action
from tricktable.spades.state import Phase
from tricktable.spades.view import SpadesView, ViewReader

__all__ = [
    "ACTION_COUNT",
    "EXCHANGE_CHOICES",
    "LAYOUT",
    "OBSERVATION_SIZE",
    "SEATS",
    "SeatObservation",
    "action_for_id",
    "action_id",
    "action_mask",
    "legal_ids",
    "observation",
]

SEATS = 2
HAND_SIZE = 13

KEEP_ID = 0
REJECT_ID = 1
DOUBLE_NIL_ID = 2
BID_START = 3
EXCHANGE_START = BID_START + 14
EXCHANGE_CHOICES: tuple[tuple[int, ...], ...] = tuple(
    chain.from_iterable(combinations(range(HAND_SIZE), k) for k in range(MAX_EXCHANGE + 1))
)
"""The exchange choices as positions in the hand sorted by card value, by id - 17."""
PLAY_START = EXCHANGE_START + len(EXCHANGE_CHOICES)
ACTION_COUNT = PLAY_START + 52

_FIXED: tuple[Action, ...] = (KEEP, REJECT, DOUBLE_NIL, *(Action.bid(n) for n in range(14)))
_FIXED_ID = {action: number for number, action in enumerate(_FIXED)}
_EXCHANGE_ID = {positions: number for number, positions in enumerate(EXCHANGE_CHOICES)}
_PLAY_ACTIONS = tuple(Action.play(c) for c in range(52))  # type: ignore[arg-type]

LAYOUT = Layout([
    ("hand", 52, "own cards"),
    ("top_card", 52, "the top card of the stock, while this seat looks at it"),
    ("taken", 52, "cards this seat took into hand in the draw"),
    ("discarded", 52, "cards this seat saw and discarded in the draw"),
    ("exchange_given", 52, "cards this seat gave up in a double-nil exchange"),
    ("exchange_received", 52, "cards this seat drew in a double-nil exchange"),
    ("played", 2 * 52, "cards each relative seat played to finished tricks"),
    ("lead", 52, "the card led to the current trick"),
    ("phase", 5, "one-hot: draw, exchange, bid, play, over"),
    ("to_move", 2, "one-hot relative seat to move (none when the hand is over)"),
    ("first", 2, "one-hot relative seat of the first player"),
    ("leader", 2, "one-hot relative seat that leads the current trick"),
    ("double_nil", 2, "relative seats that declared double nil"),
    ("bids", 2 * 14, "one-hot bid 0 (nil) to 13 of each relative seat, once made"),
    ("spades_broken", 1, "spades are broken"),
    ("cards_left", 2, "cards each relative seat holds / 13"),
    ("tricks_won", 2, "tricks each relative seat took / 13"),
    ("exchanged", 2, "cards each relative seat swapped in a double-nil exchange / 3"),
    ("stock_left", 1, "cards left in the stock / 52"),
    ("totals", 2, "running totals before this hand / the target score, within -1 to 1"),
    ("bags", 2, "accumulated bags before this hand / 10"),
])
OBSERVATION_SIZE = LAYOUT.size

_HAND = LAYOUT["hand"].start
_TOP = LAYOUT["top_card"].start
_TAKEN = LAYOUT["taken"].start
_DISCARDED = LAYOUT["discarded"].start
_GIVEN = LAYOUT["exchange_given"].start
_RECEIVED = LAYOUT["exchange_received"].start
_PLAYED = LAYOUT["played"].start
_LEAD = LAYOUT["lead"].start
_PHASE = LAYOUT["phase"].start
_TO_MOVE = LAYOUT["to_move"].start
_FIRST = LAYOUT["first"].start
_LEADER = LAYOUT["leader"].start
_DOUBLE_NIL = LAYOUT["double_nil"].start
_BIDS = LAYOUT["bids"].start
_BROKEN = LAYOUT["spades_broken"].start
_SCALARS = LAYOUT["cards_left"].start
_SCALARS_STOP = LAYOUT["bags"].stop

_PHASE_INDEX = {Phase.DRAW: 0, Phase.EXCHANGE: 1, Phase.BID: 2, Phase.PLAY: 3, Phase.OVER: 4}


def action_id(action: Action, hand: Sequence[int] = ()) -> int:
    """The id of a Spades action; an exchange needs the hand it is made from.

    Raises ``ValueError`` for an action that has no id.
    """
    kind = action.kind
    if kind is ActionKind.PLAY and len(action.cards) == 1:
        return PLAY_START + action.cards[0]
    if kind is ActionKind.EXCHANGE:
        ordered = sorted(hand)
        try:
            positions = tuple(ordered.index(c) for c in action.cards)
        except ValueError:
            raise ValueError(f"{action} gives up cards the hand does not hold.") from None
        if len(ordered) != HAND_SIZE or positions not in _EXCHANGE_ID:
            raise ValueError(f"{action} is not an exchange of a 13-card hand.")
        return EXCHANGE_START + _EXCHANGE_ID[positions]
    found = _FIXED_ID.get(action)
    if found is None:
        raise ValueError(f"{action} is not a Spades action.")
    return found


def action_for_id(number: int, hand: Sequence[int] = ()) -> Action:
    """The action with id ``number``; an exchange id needs the 13-card hand it is made from.

    Raises ``ValueError`` outside 0–446, or for an exchange id without a 13-card hand.
    """
    if not 0 <= number < ACTION_COUNT:
        raise ValueError(f"A Spades action id is 0 to {ACTION_COUNT - 1}, not {number}.")
    if number >= PLAY_START:
        return _PLAY_ACTIONS[number - PLAY_START]
    if number < EXCHANGE_START:
        return _FIXED[number]
    ordered = sorted(hand)
    if len(ordered) != HAND_SIZE:
        raise ValueError("An exchange is made from a 13-card hand.")
    positions = EXCHANGE_CHOICES[number - EXCHANGE_START]
    return exchange_action([ordered[p] for p in positions])  # type: ignore[misc]


def legal_ids(legal: Sequence[Action]) -> list[int]:
    """The ids of a view's legal actions, in the same order."""
    if not legal:
        return []
    kind = legal[0].kind
    if kind is ActionKind.PLAY:
        return [PLAY_START + a.cards[0] for a in legal]
    if kind is ActionKind.EXCHANGE:
        # The options come in the order of EXCHANGE_CHOICES (tested).
        return list(range(EXCHANGE_START, EXCHANGE_START + len(legal)))
    return [_FIXED_ID[a] for a in legal]


def action_mask(view: SpadesView | ViewReader) -> NDArray[np.int8]:
    """1 for every action the view's seat may take now, else 0 (all 0 when not its turn)."""
    mask = np.zeros(ACTION_COUNT, np.int8)
    legal = view.legal_actions
    if legal:
        if legal[0].kind is ActionKind.EXCHANGE:
            mask[EXCHANGE_START:EXCHANGE_START + len(legal)] = 1
        else:
            for number in legal_ids(legal):
                mask[number] = 1  # item by item: faster than a fancy index for a few ids
    return mask


def observation(view: SpadesView) -> NDArray[np.float32]:
    """The view as a vector laid out as :data:`LAYOUT` says."""
    seat = view.seat
    hot = [_HAND + c for c in view.hand]
    if view.top_card is not None:
        hot.append(_TOP + view.top_card)
    hot += [_TAKEN + c for c in view.taken]
    hot += [_DISCARDED + c for c in view.discarded]
    if view.exchange_given is not None:
        hot += [_GIVEN + c for c in view.exchange_given]
    if view.exchange_received is not None:
        hot += [_RECEIVED + c for c in view.exchange_received]
    for trick in view.tricks:
        lead, follow = trick.cards
        relative = trick.leader ^ seat
        hot.append(_PLAYED + 52 * relative + lead)
        hot.append(_PLAYED + 52 * (1 - relative) + follow)
    current = view.current_trick
    if current.cards:
        hot.append(_LEAD + current.cards[0])
    hot.append(_PHASE + _PHASE_INDEX[view.phase])
    if view.to_move is not None:
        hot.append(_TO_MOVE + (view.to_move ^ seat))
    hot.append(_FIRST + (view.first ^ seat))
    hot.append(_LEADER + (current.leader ^ seat))
    double_nil = view.double_nil
    bids = view.bids
    other = 1 - seat
    if double_nil[seat]:
        hot.append(_DOUBLE_NIL)
    if double_nil[other]:
        hot.append(_DOUBLE_NIL + 1)
    if bids[seat] is not None:
        hot.append(_BIDS + bids[seat])  # type: ignore[operator]
    if bids[other] is not None:
        hot.append(_BIDS + 14 + bids[other])  # type: ignore[operator]
    if view.spades_broken:
        hot.append(_BROKEN)

    vector = np.zeros(OBSERVATION_SIZE, np.float32)
    vector[hot] = 1.0
    counts = view.card_counts
    won = view.tricks_won
    exchanged = view.exchanged
    totals = view.totals
    target = view.rules.target
    bags = view.bags
    vector[_SCALARS:_SCALARS_STOP] = [
        counts[seat] / 13, counts[other] / 13,
        won[seat] / 13, won[other] / 13,
        (exchanged[seat] or 0) / 3, (exchanged[other] or 0) / 3,
        view.stock_left / 52,
        max(-1.0, min(1.0, totals[seat] / target)), max(-1.0, min(1.0, totals[other] / target)),
        bags[seat] / 10, bags[other] / 10,
    ]
    return vector


_DRAWING = (Phase.DRAW, Phase.EXCHANGE)
_PLAYING = Phase.PLAY


class SeatObservation(Entries):
    """One seat's observation kept up to date as the hand goes on: :meth:`update` reads what
    changed in the seat's view (:class:`~tricktable.spades.view.ViewReader`) since the last
    update and changes those entries only.  After every update :attr:`vector` equals
    ``observation(state.view(seat))`` (tested over random hands of every preset).

    The draw's records are read until the draw and the exchange are over, finished tricks once
    each.  What the draw and the bidding settle (phase, double nil, bids, totals) is rewritten
    while they go on and when the phase changes; the hand, the top card, the lead and what
    moves during the play (who is to move and leads, spades broken) when they change.
    """

    __slots__ = ("_draw_done", "_exchanged", "_given", "_hand", "_lead", "_moving", "_received",
                 "_settled", "_settled_hot", "_taken", "_top", "_tricks")

    def __init__(self) -> None:
        super().__init__(OBSERVATION_SIZE)
        self._hand = 0
        self._top = -1
        self._lead = -1
        self._taken = 0
        self._given = self._received = self._draw_done = False
        self._exchanged: tuple[int | None, int | None] = (None, None)
        self._tricks = 0
        self._moving: list[int] = []
        self._settled: Phase | None = None
        self._settled_hot: list[int] = []

    def update(self, view: ViewReader) -> NDArray[np.float32]:
        """Bring the vector up to date with ``view`` (always the same seat's) and return it
        (the object itself: copy it to keep it)."""
        vector = self._values
        seat = view.seat
        other = 1 - seat
        phase = view.phase
        if phase is not self._settled or phase is not _PLAYING:
            self._settle(view, phase)
        hand = view.hand_mask
        changed = hand ^ self._hand
        if changed:
            self._hand = hand
            while changed:
                low = changed & -changed
                vector[_HAND + low.bit_length() - 1] = 1.0 if hand & low else 0.0
                changed ^= low
            vector[_SCALARS] = hand.bit_count() / 13
        count = view.trick_count
        if count > self._tricks:
            for trick in view.tricks_from(self._tricks):
                lead, follow = trick.cards
                relative = trick.leader ^ seat
                vector[_PLAYED + 52 * relative + lead] = 1.0
                vector[_PLAYED + 52 * (1 - relative) + follow] = 1.0
            self._tricks = count
            won = view.tricks_won
            vector[_SCALARS + 2] = won[seat] / 13
            vector[_SCALARS + 3] = won[other] / 13
        leader, cards = view.current()
        lead_hot = _LEAD + cards[0] if cards else -1
        if lead_hot != self._lead:
            if self._lead >= 0:
                vector[self._lead] = 0.0
            if lead_hot >= 0:
                vector[lead_hot] = 1.0
            self._lead = lead_hot
        moving = [_LEADER + (leader ^ seat)]
        to_move = view.to_move
        if to_move is not None:
            moving.append(_TO_MOVE + (to_move ^ seat))
        if view.spades_broken:
            moving.append(_BROKEN)
        if moving != self._moving:
            self._moving = self._rewrite(self._moving, moving)
        vector[_SCALARS + 1] = view.card_counts[other] / 13
        return self.vector

    def _settle(self, view: ViewReader, phase: Phase) -> None:
        """Write what the draw and the bidding settle, as they stand now."""
        vector = self._values
        seat = view.seat
        other = 1 - seat
        top = view.top_card
        top_hot = -1 if top is None else _TOP + top
        if top_hot != self._top:
            if self._top >= 0:
                vector[self._top] = 0.0
            if top_hot >= 0:
                vector[top_hot] = 1.0
            self._top = top_hot
        if not self._draw_done:
            draw = view.draw()
            done = self._taken
            for c in draw.taken[done:]:
                vector[_TAKEN + c] = 1.0
            for c in draw.discarded[done:]:
                vector[_DISCARDED + c] = 1.0
            self._taken = len(draw.taken)
            if not self._given and draw.exchange_given is not None:
                for c in draw.exchange_given:
                    vector[_GIVEN + c] = 1.0
                self._given = True
            if not self._received and draw.exchange_received is not None:
                for c in draw.exchange_received:
                    vector[_RECEIVED + c] = 1.0
                self._received = True
            exchanged = self._exchanged = draw.exchanged
            vector[_SCALARS + 4] = (exchanged[seat] or 0) / 3
            vector[_SCALARS + 5] = (exchanged[other] or 0) / 3
            self._draw_done = phase not in _DRAWING
        hot = [_PHASE + _PHASE_INDEX[phase], _FIRST + (view.first ^ seat)]
        double_nil = view.double_nil
        if double_nil[seat]:
            hot.append(_DOUBLE_NIL)
        if double_nil[other]:
            hot.append(_DOUBLE_NIL + 1)
        bids = view.bids
        mine, theirs = bids[seat], bids[other]
        if mine is not None:
            hot.append(_BIDS + mine)
        if theirs is not None:
            hot.append(_BIDS + 14 + theirs)
        self._settled_hot = self._rewrite(self._settled_hot, hot)
        self._settled = phase
        totals = view.totals
        target = view.rules.target
        bags = view.bags
        vector[_SCALARS + 6] = view.stock_left / 52
        vector[_SCALARS + 7] = max(-1.0, min(1.0, totals[seat] / target))
        vector[_SCALARS + 8] = max(-1.0, min(1.0, totals[other] / target))
        vector[_SCALARS + 9] = bags[seat] / 10
        vector[_SCALARS + 10] = bags[other] / 10
