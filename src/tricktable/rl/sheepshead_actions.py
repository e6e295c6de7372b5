"""The Sheepshead action space: 735 ids, one for every action on every table, and the
numbering of cards and seats that the observations share.

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

from collections.abc import Sequence
from itertools import combinations

import numpy as np
from numpy.typing import NDArray

from tricktable.cards import Card
from tricktable.game import ALONE, CRACK, PASS, PICK, RECRACK, Action, ActionKind
from tricktable.sheepshead.deck import DECK, FAIL_ACES, FAIL_TENS
from tricktable.sheepshead.state import BLITZ_PAIRS, JACK_OF_DIAMONDS
from tricktable.sheepshead.view import SheepsheadView, ViewReader

__all__ = [
    "ACTIONS",
    "ACTION_COUNT",
    "ALONE_ID",
    "BLITZ_BOTH_ID",
    "BLITZ_START",
    "BURY_START",
    "CALLABLE",
    "CALL_JACK_ID",
    "CALL_START",
    "CALL_UNKNOWN_START",
    "CARD_NUMBER",
    "CRACK_ID",
    "PASS_ID",
    "PICK_ID",
    "PLAY_START",
    "RECRACK_ID",
    "SEATS",
    "action_for_id",
    "action_id",
    "action_mask",
    "card_number",
    "legal_ids",
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
