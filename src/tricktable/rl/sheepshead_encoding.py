"""Sheepshead as numbers: a fixed action space of 735 ids and a 555-entry observation, built
from one seat's :class:`~tricktable.sheepshead.view.SheepsheadView` and nothing else.  One
layout serves every table: the called ace and the J♦ partner, cracks and blitzes.

The actions and the numbering of cards and seats are in
:mod:`tricktable.rl.sheepshead_actions`, the observations in
:mod:`tricktable.rl.sheepshead_observation`; this module gathers both."""

from __future__ import annotations

from tricktable.rl.sheepshead_actions import (
    ACTION_COUNT,
    ACTIONS,
    ALONE_ID,
    BLITZ_BOTH_ID,
    BLITZ_START,
    BURY_START,
    CALL_JACK_ID,
    CALL_START,
    CALL_UNKNOWN_START,
    CALLABLE,
    CARD_NUMBER,
    CRACK_ID,
    PASS_ID,
    PICK_ID,
    PLAY_START,
    RECRACK_ID,
    SEATS,
    action_for_id,
    action_id,
    action_mask,
    card_number,
    legal_ids,
)
from tricktable.rl.sheepshead_observation import (
    LAYOUT,
    OBSERVATION_SIZE,
    SeatObservation,
    observation,
)

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
    "LAYOUT",
    "OBSERVATION_SIZE",
    "PASS_ID",
    "PICK_ID",
    "PLAY_START",
    "RECRACK_ID",
    "SEATS",
    "SeatObservation",
    "action_for_id",
    "action_id",
    "action_mask",
    "card_number",
    "legal_ids",
    "observation",
]
