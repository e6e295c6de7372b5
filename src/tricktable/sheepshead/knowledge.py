"""What a seat can work out from its view: card tracking, voids, teams, the trick in progress.

Everything here is a pure function of a :class:`~tricktable.sheepshead.view.SheepsheadView`, so a
player that uses it still sees only what its seat may see.  :func:`read_table` does the counting
once per decision and returns a :class:`Table`; its methods answer the questions a card player
asks: which cards are still out, who has shown out of which suit, who is on my side, who is
winning this trick and could anyone behind me beat it.

Cards are :class:`~tricktable.cards.Card` ints, sets of cards are bitmasks, suits are
:class:`~tricktable.sheepshead.deck.PlaySuit` values (trump is one suit).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from tricktable.cards import Card
from tricktable.game import Seat
from tricktable.sheepshead.deck import (
    DECK_MASK,
    PLAY_SUIT,
    POINTS,
    SUIT_MASK,
    TRUMP_MASK,
    PlaySuit,
    card_mask,
)
from tricktable.sheepshead.rules import Rules
from tricktable.sheepshead.trick_reading import (
    ABOVE,
    BEATING,
    NOT_BELOW,
    TrickState,
    beats,
    led_suit,
    trick_state,
)
from tricktable.sheepshead.view import SheepsheadView, TrickView

__all__ = [
    "SEATS",
    "Side",
    "Table",
    "TrickState",
    "beats",
    "known_sides",
    "read_table",
    "trick_state",
]

SEATS: Final = 5
_NATIVE: Final = not __file__.endswith(".py")
"""Whether this module runs compiled by mypyc (see :func:`_table`)."""
_TRUMP: Final = int(PlaySuit.TRUMP)


class Side(Enum):
    """Which side a seat is on, as one seat knows or infers it."""

    MINE = "mine"
    OTHER = "other"
    UNKNOWN = "unknown"


# The members as constants: compiled code reads an enum member through a class-attribute lookup.
_MINE: Final = Side.MINE
_OTHER: Final = Side.OTHER
_UNKNOWN: Final = Side.UNKNOWN


@dataclass(frozen=True, slots=True)
class Table:
    """What one seat knows about the cards and the sides.  Build it with :func:`read_table`."""

    view: SheepsheadView
    hand: int
    """My cards as a bitmask (the unknown card not included)."""
    unknown: int
    """The unknown card I set aside and have not played yet (bitmask; picker only)."""
    played: int
    """Every face-up card played so far."""
    unseen: int
    """Cards whose place I do not know: in other hands, the bury, the unknown card, or (in a
    leaster) the blind nobody sees."""
    voids: tuple[int, ...]
    """Per seat, a bit per play suit the seat has shown out of."""
    trick: TrickState
    sides: tuple[Side, ...]
    """Per seat, which side it is on as far as I know for certain (my own seat is MINE)."""
    suspected_partner: Seat | None
    """The seat public play points to as the picker's partner, when it is not yet known."""
    called_led: bool
    """Whether the called suit has been led (so the partner is known to all)."""

    # --- Cards ------------------------------------------------------------------------------

    @property
    def trump_out(self) -> int:
        """Trump I cannot see: in other hands (or the bury, which I may not know)."""
        return self.unseen & TRUMP_MASK

    def unseen_in(self, suit: int) -> int:
        return self.unseen & SUIT_MASK[suit]

    def is_void(self, seat: Seat, suit: int) -> bool:
        return bool(self.voids[seat] >> suit & 1)

    def may_hold(self, seat: Seat) -> int:
        """Unseen cards that ``seat`` could hold, given the suits it has shown out of."""
        if seat == self.view.seat:
            return self.hand
        mask = self.unseen
        for suit in range(4):
            if self.voids[seat] >> suit & 1:
                mask &= ~SUIT_MASK[suit]
        return mask

    def is_master(self, card: int) -> bool:
        """No unseen card of the same play suit ranks above ``card``."""
        return not self.unseen & NOT_BELOW[card]

    def unseen_above(self, card: int) -> int:
        """The unseen cards of ``card``'s play suit that rank higher."""
        return self.unseen & ABOVE[card]

    def could_beat(self, seat: Seat, best: int | None, led: int) -> bool:
        """Whether ``seat`` might hold a card it may play that takes a trick won by ``best``.

        A seat may beat ``best`` with a higher card of the led suit, or, on a fail lead, with
        any trump (it might be out of the led suit).  The unknown card never wins.
        """
        if self.view.card_counts[seat] == 0:
            return False
        holds = self.may_hold(seat)
        if led != _TRUMP:
            holds &= SUIT_MASK[led] | TRUMP_MASK
        else:
            holds &= TRUMP_MASK
        return bool(holds & BEATING[led][52 if best is None else best])

    def beatable_after_me(self, best: int | None, led: int) -> bool:
        """Whether anyone still to play after me might take a trick won by ``best``."""
        return any(self.could_beat(s, best, led) for s in self.trick.to_play)

    # --- Sides ------------------------------------------------------------------------------

    def side(self, seat: Seat) -> Side:
        return self.sides[seat]

    def is_mine(self, seat: Seat | None) -> bool:
        """Whether ``seat`` is surely on my side (myself included)."""
        return seat is not None and self.sides[seat] is _MINE

    def is_probably_mine(self, seat: Seat | None) -> bool:
        """Whether ``seat`` is on my side, known or inferred from public play."""
        if seat is None:
            return False
        if self.sides[seat] is not _UNKNOWN:
            return self.sides[seat] is _MINE
        partner = self.suspected_partner
        if partner is None:
            return False
        picker_team = self.on_picker_team
        return (seat == partner) == picker_team

    @property
    def on_picker_team(self) -> bool:
        view = self.view
        return view.seat == view.picker or view.is_partner


def read_table(view: SheepsheadView) -> Table:
    """Count the cards and read the sides from ``view``."""
    hand = card_mask(view.hand)
    unknown = 0
    if view.unknown_card is not None and not view.unknown_played:
        unknown = 1 << view.unknown_card
    finished = _read_finished(view)
    current = view.current_trick
    voids = list(finished.voids)
    played = finished.played | _note_trick(current, view.called, voids)
    known_elsewhere = hand | played | unknown
    if view.buried is not None:
        known_elsewhere |= card_mask(view.buried)
    if view.unknown_card is not None:
        known_elsewhere |= 1 << view.unknown_card
    unseen = DECK_MASK & ~known_elsewhere
    mover = view.to_move if view.to_move is not None else view.seat
    trick = trick_state(current, mover, view.called)
    sides = known_sides(view)
    suspect = _suspect_partner(view, sides, finished) if _UNKNOWN in sides else None
    return _table(view, hand, unknown, played, unseen, tuple(voids), trick, sides, suspect,
                  _called_suit_led(view, finished))


class _Finished:
    """What a hand's finished tricks tell every seat that sees them alike: the cards played,
    the suits each seat showed out of, the partner evidence per seat, whether the called suit
    was led.  Finished tricks never change and their views are shared objects (see
    :func:`~tricktable.sheepshead.view.make_view`), so each trick is read once and extends the
    reading of the tricks before it, for all the views that follow."""

    def __init__(self, parent: _Finished | None, trick: TrickView | None, count: int,
                 rules: Rules, called: Card | None, picker: Seat | None, played: int,
                 voids: tuple[int, ...], scores: tuple[int, ...], called_led: bool) -> None:
        self.parent = parent
        self.trick = trick
        """The last trick read (None for none yet), the ``count``-th of the hand."""
        self.count = count
        self.rules = rules
        self.called = called
        self.picker = picker
        self.jack: bool = rules.jack_of_diamonds if parent is None else parent.jack
        self.played = played
        self.voids = voids
        self.scores = scores
        """Each seat's partner evidence (see :func:`_suspect_partner`); zeros without a
        picker."""
        self.called_led = called_led

    def then(self, trick: TrickView) -> _Finished:
        """The reading of these tricks and ``trick`` after them."""
        called = self.called
        voids = list(self.voids)
        played = self.played | _note_trick(trick, called, voids)
        scores = list(self.scores)
        picker = self.picker
        called_suit = -1 if called is None or self.jack else PLAY_SUIT[called]
        if picker is not None:
            _score_trick(trick, picker, called_suit, scores)
        called_led = self.called_led or (
            called_suit >= 0 and bool(trick.cards) and led_suit(trick, called) == called_suit)
        return _Finished(self, trick, self.count + 1, self.rules, called, picker, played,
                         tuple(voids), tuple(scores), called_led)


_NOTHING: Final = (0,) * SEATS
_last_finished: _Finished | None = None
"""The reading last asked for: the views read in a search mostly continue the same hand."""


def _read_finished(view: SheepsheadView) -> _Finished:
    """The reading of ``view``'s finished tricks, from the last one where they agree."""
    global _last_finished
    tricks = view.tricks
    called = view.called
    picker = view.picker
    rules = view.rules
    node = _last_finished
    if node is None or node.rules is not rules or node.called != called or node.picker != picker:
        node = _Finished(None, None, 0, rules, called, picker, 0, _NOTHING, _NOTHING, False)
    else:
        while node.count > len(tricks):
            parent = node.parent
            assert parent is not None
            node = parent
        # Keep the deepest reading whose tricks are all these tricks' (the same objects).
        good = node
        check = node
        while check.count:
            parent = check.parent
            assert parent is not None
            if check.trick is not tricks[check.count - 1]:
                good = parent
            check = parent
        node = good
    for k in range(node.count, len(tricks)):
        node = node.then(tricks[k])
    _last_finished = node
    return node


def _table(view: SheepsheadView, hand: int, unknown: int, played: int, unseen: int,
           voids: tuple[int, ...], trick: TrickState, sides: tuple[Side, ...],
           suspected_partner: Seat | None, called_led: bool) -> Table:
    """A :class:`Table`.  Compiled, its fields are set directly: the frozen dataclass's generated
    __init__ sets each through object.__setattr__, interpreted, a large share of a ``basic``
    decision; compiled code does not consult the class's __setattr__, and to everyone else the
    table stays frozen."""
    if not _NATIVE:
        return Table(view=view, hand=hand, unknown=unknown, played=played, unseen=unseen,
                     voids=voids, trick=trick, sides=sides,
                     suspected_partner=suspected_partner, called_led=called_led)
    table = Table.__new__(Table)
    table.view = view  # type: ignore[misc]
    table.hand = hand  # type: ignore[misc]
    table.unknown = unknown  # type: ignore[misc]
    table.played = played  # type: ignore[misc]
    table.unseen = unseen  # type: ignore[misc]
    table.voids = voids  # type: ignore[misc]
    table.trick = trick  # type: ignore[misc]
    table.sides = sides  # type: ignore[misc]
    table.suspected_partner = suspected_partner  # type: ignore[misc]
    table.called_led = called_led  # type: ignore[misc]
    return table


def _called_suit_led(view: SheepsheadView, finished: _Finished) -> bool:
    if view.called is None:
        return False
    if finished.jack:
        return True  # no called suit: nothing to open, no constraints
    if finished.called_led:
        return True
    current = view.current_trick
    return bool(current.cards) and led_suit(current, view.called) == PLAY_SUIT[view.called]


def _note_trick(trick: TrickView, called: Card | None, voids: list[int]) -> int:
    """Mark who showed out of the led suit; return the face-up cards of the trick."""
    played = 0
    if not trick.cards:
        return 0
    led = led_suit(trick, called)
    for k, card in enumerate(trick.cards):
        if card is not None:
            played |= 1 << card  # the picker knows his unknown card is gone
        c = trick.face_up(k)
        if c is None:
            continue
        if k and led >= 0 and PLAY_SUIT[c] != led:
            voids[(trick.leader + k) % SEATS] |= 1 << led
    return played


_ONLY_MINE: Final = tuple(
    tuple(_MINE if s == me else _OTHER for s in range(SEATS)) for me in range(SEATS))
"""Each seat's sides when everyone plays for himself."""


def known_sides(view: SheepsheadView) -> tuple[Side, ...]:
    """Each seat's side as ``view.seat`` knows it for certain."""
    me = view.seat
    picker = view.picker
    if picker is None:
        # A leaster (or the auction): everyone plays for himself.
        return _ONLY_MINE[me]
    partner = view.partner
    complete = view.alone or partner is not None
    mine_is_picker_team = me in (picker, partner)
    sides = [_UNKNOWN] * SEATS
    for seat in range(SEATS):
        if seat == me:
            sides[seat] = _MINE
        elif seat in (picker, partner):
            sides[seat] = _MINE if mine_is_picker_team else _OTHER
        elif complete:
            sides[seat] = _OTHER if mine_is_picker_team else _MINE
    return tuple(sides)


def _suspect_partner(view: SheepsheadView, sides: tuple[Side, ...],
                     finished: _Finished) -> Seat | None:
    """The seat whose public play marks it as the secret partner, if one stands out.

    Evidence, scored per seat: leading trump (the picker's side leads trump) +2; throwing ten
    or more points off-suit onto a trick the picker was winning +2; trumping over the picker's
    winning card when out of the led suit −3; leading a fail suit other than the called one −1.
    The best-scored candidate (the lowest seat on a tie) must score 2 or more, and 2 more than
    every other candidate.
    """
    picker = view.picker
    if picker is None or view.alone or view.partner is not None:
        return None
    candidates = [s for s in range(SEATS) if sides[s] is _UNKNOWN]
    if not candidates:
        return None
    if len(candidates) == 1:
        return candidates[0]
    # Every seat is scored (a seat's score depends on its own plays only); candidates count.
    score = list(finished.scores)
    called_suit = -1 if view.called is None or finished.jack else PLAY_SUIT[view.called]
    _score_trick(view.current_trick, picker, called_suit, score)
    best = candidates[0]
    for seat in candidates:
        if score[seat] > score[best]:
            best = seat
    runner_up = -1000
    for seat in candidates:
        if seat != best and score[seat] > runner_up:
            runner_up = score[seat]
    if score[best] >= 2 and score[best] - runner_up >= 2:
        return best
    return None


def _score_trick(trick: TrickView, picker: Seat, called_suit: int, score: list[int]) -> None:
    """Add one trick's evidence to every seat's score (see :func:`_suspect_partner`)."""
    first = trick.face_up(0) if trick.cards else None
    if first is None:
        return
    led = PLAY_SUIT[first]
    if led == _TRUMP:
        score[trick.leader] += 2
    elif led != called_suit:
        score[trick.leader] -= 1
    best: Card | None = None
    best_seat: Seat | None = None
    for k in range(len(trick.cards)):
        seat = (trick.leader + k) % SEATS
        c = trick.face_up(k)
        if c is None:
            continue
        if k and PLAY_SUIT[c] != led:
            picker_winning = best_seat == picker
            if picker_winning and beats(c, best, led):
                score[seat] -= 3
            elif picker_winning and POINTS[c] >= 10:
                score[seat] += 2
        if beats(c, best, led):
            best, best_seat = c, seat
