"""Sheepshead as numbers: a fixed action space of 735 ids and a 555-entry observation, built
from one seat's :class:`~tricktable.sheepshead.view.SheepsheadView` and nothing else.  One
layout serves every table: the called ace and the J♦ partner, cracks and blitzes.

**Cards** are numbered 0–31 in the order of :data:`~tricktable.sheepshead.deck.DECK`: clubs
7 8 9 10 J Q K A (0–7), then spades (8–15), hearts (16–23), diamonds (24–31).

**Seats** are relative to the observer: 0 is the observer, 1 the player on its left, and so on
round the table, so a policy learned in one seat plays in every seat.

**Actions** (ids):

======  ====  ==========================================================================
first   size  action
======  ====  ==========================================================================
0       1     ``pass``
1       1     ``pick``
2       496   ``bury A B``: the pair (a, b) of card numbers, a < b, in lexicographic order
498     6     ``call C``: C is A♣ A♠ A♥ 10♣ 10♠ 10♥
504     192   ``call C unknown X``: 504 + 32·(C's index above) + X's card number
696     1     ``alone``
697     32    ``play X``: 697 + X's card number (the picker's unknown card too)
729     1     ``call JD`` (the jack-of-diamonds partner)
730     1     ``crack``
731     1     ``recrack``
732     2     ``blitz QC QS``, ``blitz QH QD``
734     1     ``blitz QC QS QH QD`` (a holder of all four queens shows both pairs at once)
======  ====  ==========================================================================

Id 734 came last so that every older id kept its number (policies saved with 734 ids still
load: see :mod:`tricktable.rl.policy`).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from itertools import combinations
from math import log2

import numpy as np
from numpy.typing import NDArray

from tricktable.cards import Card
from tricktable.game import ALONE, CRACK, PASS, PICK, RECRACK, Action, ActionKind
from tricktable.rl.layout import Layout
from tricktable.sheepshead.deck import DECK, FAIL_ACES, FAIL_TENS, POINTS
from tricktable.sheepshead.rules import NoPicker, Rules
from tricktable.sheepshead.state import BLITZ_PAIRS, JACK_OF_DIAMONDS, Phase
from tricktable.sheepshead.view import SheepsheadView, ViewReader

__all__ = [
    "ACTIONS",
    "ACTION_COUNT",
    "BLITZ_BOTH_ID",
    "CALLABLE",
    "LAYOUT",
    "OBSERVATION_SIZE",
    "SEATS",
    "SeatObservation",
    "action_for_id",
    "action_id",
    "action_mask",
    "card_number",
    "legal_ids",
    "observation",
]

SEATS = 5
_CARD_NUMBER = [-1] * 52
for _number, _card in enumerate(DECK):
    _CARD_NUMBER[_card] = _number
CARD_NUMBER: tuple[int, ...] = tuple(_CARD_NUMBER)
"""A card's number 0–31 by its value (-1 for cards outside the Sheepshead deck)."""

CALLABLE: tuple[Card, ...] = (*FAIL_ACES, *FAIL_TENS)
"""The cards a picker may call, in the order of the call ids."""

PASS_ID = 0
PICK_ID = 1
BURY_START = 2
_PAIRS = tuple(combinations(range(32), 2))
CALL_START = BURY_START + len(_PAIRS)
CALL_UNKNOWN_START = CALL_START + len(CALLABLE)
ALONE_ID = CALL_UNKNOWN_START + len(CALLABLE) * 32
PLAY_START = ALONE_ID + 1
CALL_JACK_ID = PLAY_START + 32
CRACK_ID = CALL_JACK_ID + 1
RECRACK_ID = CRACK_ID + 1
BLITZ_START = RECRACK_ID + 1
BLITZ_BOTH_ID = BLITZ_START + len(BLITZ_PAIRS)
ACTION_COUNT = BLITZ_BOTH_ID + 1

ACTIONS: tuple[Action, ...] = (
    PASS,
    PICK,
    *(Action.bury(DECK[a], DECK[b]) for a, b in _PAIRS),
    *(Action.call(c) for c in CALLABLE),
    *(Action.call(c, x) for c in CALLABLE for x in DECK),
    ALONE,
    *(Action.play(x) for x in DECK),
    Action.call(JACK_OF_DIAMONDS),
    CRACK,
    RECRACK,
    *(Action.blitz(*pair) for pair in BLITZ_PAIRS),
    Action.blitz(*(queen for pair in BLITZ_PAIRS for queen in pair)),
)
"""Every action by its id."""
assert len(ACTIONS) == ACTION_COUNT
_ID: dict[Action, int] = {action: number for number, action in enumerate(ACTIONS)}

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


def card_number(card: Card) -> int:
    """A Sheepshead card's number 0–31; raises ``ValueError`` for other cards."""
    number = CARD_NUMBER[card]
    if number < 0:
        raise ValueError(f"{card} is not a Sheepshead card.")
    return number


def action_id(action: Action) -> int:
    """The id of a Sheepshead action; raises ``ValueError`` for anything else."""
    if action.kind is ActionKind.PLAY and len(action.cards) == 1:
        number = CARD_NUMBER[action.cards[0]]
        if number >= 0:
            return PLAY_START + number
    found = _ID.get(action)
    if found is None:
        raise ValueError(f"{action} is not a Sheepshead action.")
    return found


def action_for_id(number: int) -> Action:
    """The action with id ``number``; raises ``ValueError`` outside 0 to ``ACTION_COUNT - 1``."""
    if not 0 <= number < ACTION_COUNT:
        raise ValueError(f"A Sheepshead action id is 0 to {ACTION_COUNT - 1}, not {number}.")
    return ACTIONS[number]


_PLAY_KIND = ActionKind.PLAY


def legal_ids(legal: Sequence[Action]) -> list[int]:
    """The ids of a view's legal actions, in the same order."""
    number = CARD_NUMBER
    return [PLAY_START + number[a.cards[0]] if a.kind is _PLAY_KIND else _ID[a] for a in legal]


def action_mask(view: SheepsheadView | ViewReader) -> NDArray[np.int8]:
    """1 for every action the view's seat may take now, else 0 (all 0 when not its turn)."""
    mask = np.zeros(ACTION_COUNT, np.int8)
    number = CARD_NUMBER
    for a in view.legal_actions:
        # Item by item: faster than a fancy index for a few ids.
        mask[PLAY_START + number[a.cards[0]] if a.kind is _PLAY_KIND else _ID[a]] = 1
    return mask


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
    hot.append(_RULES + _NO_PICKER_INDEX[rules.no_picker])
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


def _rules_hot(rules: Rules) -> list[int]:
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


class SeatObservation:
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
                 "_settled_hot", "_shown", "_tricks", "_values", "vector")

    def __init__(self) -> None:
        # Entries are written one by one into an array.array, which numpy's ``vector`` shares:
        # a Python item write costs a tenth of numpy's.
        self._values = array("f", bytes(4 * OBSERVATION_SIZE))
        self.vector: NDArray[np.float32] = np.frombuffer(self._values, np.float32)
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
            for i in self._current:
                vector[i] = 0.0
            for i in shown:
                vector[i] = 1.0
            self._current = shown
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
            for i in self._moving:
                vector[i] = 0.0
            for i in moving:
                vector[i] = 1.0
            self._moving = moving
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
        for i in self._settled_hot:
            vector[i] = 0.0
        for i in hot:
            vector[i] = 1.0
        self._settled_hot = hot
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
