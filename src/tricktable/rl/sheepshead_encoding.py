"""Sheepshead as numbers: a fixed action space of 735 ids and a 555-entry observation, built
from one seat's :class:`~tricktable.sheepshead.view.SheepsheadView` and nothing else.  One
layout serves every table: the called ace and the J♦ partner, cracks and blitzes.

The actions and the numbering of cards and seats are in
:mod:`tricktable.rl.sheepshead_actions`, the observations in
:mod:`tricktable.rl.sheepshead_observation`; this module gathers both."""

from __future__ import annotations

import tricktable.rl.sheepshead_actions as sheepshead_actions
import tricktable.rl.sheepshead_observation as sheepshead_observation
from tricktable.rl.sheepshead_actions import *  # noqa: F403
from tricktable.rl.sheepshead_observation import *  # noqa: F403

__all__ = sorted([*sheepshead_actions.__all__, *sheepshead_observation.__all__])
