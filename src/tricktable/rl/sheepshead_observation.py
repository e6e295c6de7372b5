"""Sheepshead observations: one seat's :class:`~tricktable.sheepshead.view.SheepsheadView` as a
555-entry vector laid out by :data:`LAYOUT`, built whole (:func:`observation`) or kept up to
date as the hand goes on (:class:`SeatObservation`).  Cards and seats are numbered as
:mod:`tricktable.rl.sheepshead_actions` says: seats relative to the observer."""

from __future__ import annotations

from array import array
from math import log2

import numpy as np
from numpy.typing import NDArray

from tricktable.rl.layout import Entries, Layout
from tricktable.rl.sheepshead_actions import CALLABLE, CARD_NUMBER, SEATS
from tricktable.sheepshead.deck import POINTS
from tricktable.sheepshead.rules import NoPicker, Rules
from tricktable.sheepshead.state import BLITZ_PAIRS, JACK_OF_DIAMONDS, Phase
from tricktable.sheepshead.view import SheepsheadView, ViewReader

__all__ = ["LAYOUT", "OBSERVATION_SIZE", "SeatObservation", "observation"]

LAYOUT = Layout([
    ("hand", 32, "own cards (not the unknown card)"),
    ("unknown_card", 32, "the face of the card the picker set aside (the picker only)"),
    ("blind", 32, "the blind as picked up (the picker only)"),
    ("buried", 32, "the bury (the picker; everyone once the hand is over)"),
    ("played", 5 * 32, "face-up cards each relative seat played to finished tricks"),
    ("trick", 5 * 32, "face-up cards each relative seat played to the current trick"),
    ("phase", 8, "one-hot: pick, bury, call, play, over, crack, recrack, blitz"),
    ("to_move", 5, "one-hot relative seat to move (none when the hand is over)"),
    ("dealer", 5, "one-hot relative seat of the dealer"),
    ("passed", 5, "relative seats that passed"),
    ("picker", 5, "one-hot relative seat of the picker (none before a pick, in a leaster)"),
    ("partner", 5, "one-hot relative seat of the partner, once this seat may know it"),
    ("leader", 5, "one-hot relative seat that leads the current trick"),
    ("face_down", 5, "relative seat that played the face-down unknown card to this trick"),
    ("face_down_won", 5, "relative seat that won the trick with the face-down unknown card"),
    ("called", 7, "one-hot called card: A♣ A♠ A♥ 10♣ 10♠ 10♥ J♦"),
    ("flags", 8, "my turn, I picked, I am the partner, alone, leaster, unknown card set "
                 "aside, unknown card played, recracked"),
    ("tricks_won", 5, "tricks taken by each relative seat / 6"),
    ("points_taken", 5, "card points each relative seat took, counting cards seen, / 120"),
    ("cards_left", 5, "cards each relative seat holds / 8"),
    ("trick_number", 1, "finished tricks / 6"),
    ("multiplier", 1, "log2(multiplier) / 8 (a doubler's stakes)"),
    ("rules", 10, "no picker: leaster, doubler, redeal; double on the bump; call a ten; "
                  "unknown card; schwarz paid by the picker; J♦ partner; cracks; blitzes"),
    ("cracked_by", 5, "one-hot relative seat that cracked"),
    ("blitzes", 5 * 2, "the pairs each relative seat showed: both black, both red queens"),
    ("stakes", 1, "log2(stake multiplier) / 8: the doubler's, cracks, blitzes"),
    ("max_doubles", 1, "the table's cap on doublings / 8 (1: no cap)"),
])
OBSERVATION_SIZE = LAYOUT.size

_HAND = LAYOUT["hand"].start
_UNKNOWN = LAYOUT["unknown_card"].start
_BLIND = LAYOUT["blind"].start
_BURIED = LAYOUT["buried"].start
_PLAYED = LAYOUT["played"].start
_TRICK = LAYOUT["trick"].start
_PHASE = LAYOUT["phase"].start
_TO_MOVE = LAYOUT["to_move"].start
_DEALER = LAYOUT["dealer"].start
_PASSED = LAYOUT["passed"].start
_PICKER = LAYOUT["picker"].start
_PARTNER = LAYOUT["partner"].start
_LEADER = LAYOUT["leader"].start
_FACE_DOWN = LAYOUT["face_down"].start
_FACE_DOWN_WON = LAYOUT["face_down_won"].start
_CALLED = LAYOUT["called"].start
_FLAGS = LAYOUT["flags"].start
_COUNTS = LAYOUT["tricks_won"].start
_COUNTS_STOP = LAYOUT["multiplier"].stop
_RULES = LAYOUT["rules"].start
_CRACKED = LAYOUT["cracked_by"].start
_BLITZES = LAYOUT["blitzes"].start
_STAKES = LAYOUT["stakes"].start
_MAX_DOUBLES = LAYOUT["max_doubles"].start

_PHASE_INDEX = {Phase.PICK: 0, Phase.BURY: 1, Phase.CALL: 2, Phase.PLAY: 3, Phase.OVER: 4,
                Phase.CRACK: 5, Phase.RECRACK: 6, Phase.BLITZ: 7}
_NO_PICKER_INDEX = {NoPicker.LEASTER: 0, NoPicker.DOUBLER: 1, NoPicker.REDEAL: 2}
_CALLED_INDEX = {card: k for k, card in enumerate((*CALLABLE, JACK_OF_DIAMONDS))}
_BLITZ_INDEX = {pair: k for k, pair in enumerate(BLITZ_PAIRS)}
_RELATIVE = tuple(tuple((other - seat) % SEATS for other in range(SEATS)) for seat in range(SEATS))
"""``_RELATIVE[seat][other]``: where ``other`` sits as seen from ``seat``."""
_SEAT_IN_TRICK = tuple(
    tuple(tuple((leader + k - seat) % SEATS for k in range(SEATS)) for leader in range(SEATS))
    for seat in range(SEATS)
)
"""``_SEAT_IN_TRICK[seat][leader][k]``: the relative seat of a trick's ``k``-th card."""


def _rules_hot(rules: Rules) -> list[int]:
    """The observation's entries set by the table's rules."""
    hot = [_RULES + _NO_PICKER_INDEX[rules.no_picker]]
    if rules.double_on_the_bump:
        hot.append(_RULES + 3)
    if rules.call_ten:
        hot.append(_RULES + 4)
    if rules.unknown_card:
        hot.append(_RULES + 5)
    if rules.schwarz_paid_by_picker:
        hot.append(_RULES + 6)
    if rules.jack_of_diamonds:
        hot.append(_RULES + 7)
    if rules.crack:
        hot.append(_RULES + 8)
    if rules.blitz:
        hot.append(_RULES + 9)
    return hot


def observation(view: SheepsheadView) -> NDArray[np.float32]:
    """The view as a vector laid out as :data:`LAYOUT` says."""
    seat = view.seat
    relative = _RELATIVE[seat]
    in_trick = _SEAT_IN_TRICK[seat]
    number = CARD_NUMBER
    hot = [_HAND + number[c] for c in view.hand]
    if view.unknown_card is not None:
        hot.append(_UNKNOWN + number[view.unknown_card])
    if view.blind is not None:
        hot += [_BLIND + number[c] for c in view.blind]
    if view.buried is not None:
        hot += [_BURIED + number[c] for c in view.buried]
    for trick in view.tricks:
        seats = in_trick[trick.leader]
        for k, c in enumerate(trick.cards):
            if c is not None:
                hot.append(_PLAYED + 32 * seats[k] + number[c])
        if trick.face_down >= 0 and trick.winner is not None:
            hot.append(_FACE_DOWN_WON + relative[trick.winner])
    current = view.current_trick
    seats = in_trick[current.leader]
    for k, c in enumerate(current.cards):
        if c is not None:
            hot.append(_TRICK + 32 * seats[k] + number[c])
    if current.face_down >= 0:
        hot.append(_FACE_DOWN + seats[current.face_down])
    hot.append(_PHASE + _PHASE_INDEX[view.phase])
    if view.to_move is not None:
        hot.append(_TO_MOVE + relative[view.to_move])
        if view.to_move == seat:
            hot.append(_FLAGS)
    hot.append(_DEALER + relative[view.dealer])
    hot += [_PASSED + relative[s] for s in view.passes]
    picker = view.picker
    if picker is not None:
        hot.append(_PICKER + relative[picker])
        if picker == seat:
            hot.append(_FLAGS + 1)
    if view.partner is not None:
        hot.append(_PARTNER + relative[view.partner])
    hot.append(_LEADER + relative[current.leader])
    if view.called is not None:
        hot.append(_CALLED + _CALLED_INDEX[view.called])
    if view.is_partner:
        hot.append(_FLAGS + 2)
    if view.alone:
        hot.append(_FLAGS + 3)
    if view.leaster:
        hot.append(_FLAGS + 4)
    if view.unknown_set_aside:
        hot.append(_FLAGS + 5)
    if view.unknown_played:
        hot.append(_FLAGS + 6)
    if view.recracked:
        hot.append(_FLAGS + 7)
    rules = view.rules
    hot += _rules_hot(rules)
    if view.cracked_by is not None:
        hot.append(_CRACKED + relative[view.cracked_by])
    hot += [_BLITZES + 2 * relative[s] + _BLITZ_INDEX[pair] for s, pair in view.blitzes]

    vector = np.zeros(OBSERVATION_SIZE, np.float32)
    vector[hot] = 1.0
    tricks = view.tricks_by_seat
    points = view.points_seen
    counts = view.card_counts
    order = [(seat + k) % SEATS for k in range(SEATS)]
    vector[_COUNTS:_COUNTS_STOP] = [
        *(tricks[s] / 6 for s in order),
        *(points[s] / 120 for s in order),
        *(counts[s] / 8 for s in order),
        len(view.tricks) / 6,
        min(log2(view.multiplier), 8.0) / 8,
    ]
    vector[_STAKES] = min(log2(view.stake_multiplier), 8.0) / 8
    cap = rules.max_doubles
    vector[_MAX_DOUBLES] = 1.0 if cap is None else min(cap, 8) / 8
    return vector


_OVER = Phase.OVER
_PLAYING = Phase.PLAY
_ZEROS = array("f", bytes(4 * OBSERVATION_SIZE))




class SeatObservation(Entries):
    """One seat's observation kept up to date as the hand goes on: :meth:`update` reads what
    changed in the seat's view (:class:`~tricktable.sheepshead.view.ViewReader`) since the
    last update and changes those entries only.  After every update :attr:`vector` equals
    ``observation(state.view(seat))`` (tested over random hands of every preset).

    Finished tricks are written once each.  What the auction, the call, cracks and blitzes
    settle (picker, call, blind, bury, passes, stakes, rules) is rewritten while they go on,
    and once when the play starts; the hand, the current trick and what moves during the play
    (who is to move and leads, the partner once revealed, the unknown card's fate) when they
    change.  At the end every seat sees the bury, and the unknown card's face: a seat that did
    not see it rebuilds the vector once then.
    """

    __slots__ = ("_current", "_fixed", "_hand", "_moving", "_over", "_points", "_settled",
                 "_settled_hot", "_shown", "_tricks")

    def __init__(self) -> None:
        super().__init__(OBSERVATION_SIZE)
        self._restart()

    def _restart(self) -> None:
        self._values[:] = _ZEROS
        self._hand = 0
        self._over = False
        self._fixed = False
        self._shown = [False, False, False]  # the unknown card, the blind, the bury
        self._tricks = 0
        self._points = [0] * SEATS
        self._current: list[int] = []
        self._moving: list[int] = []
        self._settled: Phase | None = None
        self._settled_hot: list[int] = []

    def update(self, view: ViewReader) -> NDArray[np.float32]:
        """Bring the vector up to date with ``view`` (always the same seat's) and return it
        (the object itself: copy it to keep it)."""
        vector = self._values
        phase = view.phase
        seat = view.seat
        if phase is _OVER and not self._over:
            # The end shows the unknown card's face to all: a defender rebuilds its tricks.
            if view.unknown_set_aside and view.picker != seat:
                self._restart()
            self._over = True
        relative = _RELATIVE[seat]
        number = CARD_NUMBER
        if phase is not self._settled or (phase is not _PLAYING and phase is not _OVER):
            self._settle(view, phase)
        hand = view.hand_mask
        changed = hand ^ self._hand
        if changed:
            self._hand = hand
            while changed:
                low = changed & -changed
                vector[_HAND + number[low.bit_length() - 1]] = 1.0 if hand & low else 0.0
                changed ^= low
        in_trick = _SEAT_IN_TRICK[seat]
        count = view.trick_count
        if count > self._tricks:
            points = self._points
            for trick in view.tricks_from(self._tricks):
                seats = in_trick[trick.leader]
                for k, played in enumerate(trick.cards):
                    if played is not None:
                        vector[_PLAYED + 32 * seats[k] + number[played]] = 1.0
                winner = trick.winner
                assert winner is not None
                if trick.face_down >= 0:
                    vector[_FACE_DOWN_WON + relative[winner]] = 1.0
                points[winner] += (
                    trick.points if trick.points is not None
                    else sum(POINTS[c] for c in trick.cards if c is not None)
                )
            self._tricks = count
            tricks = view.tricks_by_seat
            at = _COUNTS
            for other in _ORDER[seat]:
                vector[at] = tricks[other] / 6
                vector[at + 5] = points[other] / 120
                at += 1
            vector[_COUNTS + 15] = count / 6
        leader, cards, face_down = view.current()
        seats = in_trick[leader]
        shown = [_TRICK + 32 * seats[k] + number[c] for k, c in enumerate(cards)
                 if c is not None]
        if shown != self._current:
            self._current = self._rewrite(self._current, shown)
        moving = [_LEADER + relative[leader]]
        if face_down >= 0:
            moving.append(_FACE_DOWN + seats[face_down])
        to_move = view.to_move
        if to_move is not None:
            moving.append(_TO_MOVE + relative[to_move])
            if to_move == seat:
                moving.append(_FLAGS)
        partner = view.partner
        if partner is not None:
            moving.append(_PARTNER + relative[partner])
        if view.unknown_played:
            moving.append(_FLAGS + 6)
        if moving != self._moving:
            self._moving = self._rewrite(self._moving, moving)
        counts = view.card_counts
        at = _COUNTS + 10
        for other in _ORDER[seat]:
            vector[at] = counts[other] / 8
            at += 1
        return self.vector

    def _settle(self, view: ViewReader, phase: Phase) -> None:
        """Write what the auction and the call settle, as they stand in this phase."""
        vector = self._values
        seat = view.seat
        relative = _RELATIVE[seat]
        number = CARD_NUMBER
        if not self._fixed:
            self._fixed = True
            for i in (_DEALER + relative[view.dealer], *_rules_hot(view.rules)):
                vector[i] = 1.0
            vector[_COUNTS + 16] = min(log2(view.multiplier), 8.0) / 8
            cap = view.rules.max_doubles
            vector[_MAX_DOUBLES] = 1.0 if cap is None else min(cap, 8) / 8
        hot = [_PHASE + _PHASE_INDEX[phase]]
        hot += [_PASSED + relative[s] for s in view.passes]
        picker = view.picker
        if picker is not None:
            hot.append(_PICKER + relative[picker])
            if picker == seat:
                hot.append(_FLAGS + 1)
            called = view.called
            if called is not None:
                hot.append(_CALLED + _CALLED_INDEX[called])
            if view.is_partner:
                hot.append(_FLAGS + 2)
            if view.alone:
                hot.append(_FLAGS + 3)
            if view.unknown_set_aside:
                hot.append(_FLAGS + 5)
            if view.recracked:
                hot.append(_FLAGS + 7)
            cracked_by = view.cracked_by
            if cracked_by is not None:
                hot.append(_CRACKED + relative[cracked_by])
            hot += [_BLITZES + 2 * relative[s] + _BLITZ_INDEX[pair] for s, pair in view.blitzes]
        elif view.leaster:
            hot.append(_FLAGS + 4)
        self._settled_hot = self._rewrite(self._settled_hot, hot)
        self._settled = phase
        vector[_STAKES] = min(log2(view.stake_multiplier), 8.0) / 8
        # Cards once shown stay shown: the unknown card, the blind, the bury.
        shown = self._shown
        if not shown[0]:
            unknown = view.unknown_card
            if unknown is not None:
                vector[_UNKNOWN + number[unknown]] = 1.0
                shown[0] = True
        if not shown[1]:
            blind = view.blind
            if blind is not None:
                for c in blind:
                    vector[_BLIND + number[c]] = 1.0
                shown[1] = True
        if not shown[2]:
            buried = view.buried
            if buried is not None:
                for c in buried:
                    vector[_BURIED + number[c]] = 1.0
                shown[2] = True


_ORDER = tuple(tuple((seat + k) % SEATS for k in range(SEATS)) for seat in range(SEATS))
