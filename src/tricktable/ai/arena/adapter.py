"""What the arena asks of a game, and the pieces a game's adapter plays with.

A game comes to the arena as a :class:`GameAdapter` (found by name in
:mod:`tricktable.ai.arena.registry`); it plays deals with :class:`TimedPlayer` seats and
reports each as a :class:`DealPlay` of scores and :data:`Counters`, and names the figures the
arena's table shows as :class:`Column` entries.  This module imports no game and not the runner,
so adapters and runner can both import it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from tricktable.ai.arena.stats import LatencyHistogram
from tricktable.game import Player, Seed

__all__ = ["Column", "Counters", "DealPlay", "GameAdapter", "Seating", "TimedPlayer"]

Counters = dict[str, float]
"""A seat's raw counts by name (``picks``, ``hands``…), summed by the arena per player."""


@dataclass(frozen=True, slots=True)
class Column:
    """A figure shown in the arena's table: its key in the JSON, a header, a format."""

    key: str
    header: str
    fmt: str = "{:.1%}"


@dataclass(frozen=True, slots=True)
class DealPlay:
    """One deal played in one seating: per seat, the score, the hands it covered, counters."""

    scores: tuple[float, ...]
    """Each seat's total score over the deal's hands."""
    hands: int
    """How many hands the deal was (1 for a Sheepshead deal; many for a Spades game)."""
    counters: tuple[Counters, ...]
    """Each seat's raw counts (e.g. ``picks``, ``hands``), summed by the arena per player."""


class TimedPlayer:
    """A player, under the name the arena knows it by, whose every decision is timed into a
    latency histogram."""

    __slots__ = ("latency", "name", "now", "player")

    def __init__(self, name: str, player: Player, latency: LatencyHistogram, *,
                 cpu_clock: bool = False) -> None:
        self.name = name
        self.player = player
        self.latency = latency
        self.now = time.process_time if cpu_clock else time.perf_counter

    def choose(self, view: Any, rng: random.Random) -> Any:
        start = self.now()
        action = self.player.choose(view, rng)
        self.latency.add((self.now() - start) * 1000)
        return action


@dataclass(frozen=True, slots=True)
class Seating:
    """One deal in one seating: the deal's number and the seed of its cards, who sits in each
    seat, each seat's random generator, and the house rules (a preset's name; ``None`` is the
    game's standard)."""

    seed: Seed
    deal: int
    players: Sequence[TimedPlayer]
    rngs: Sequence[random.Random]
    preset: str | None = None


class GameAdapter(Protocol):
    """How the arena plays one game."""

    game: str
    seats: int
    score_label: str
    """What a mean score is: ``"score/hand"``."""
    columns: tuple[Column, ...]

    def play_deal(self, seating: Seating) -> DealPlay:
        """Play the seating's deal with ``seating.players[s]`` in seat ``s``."""
        ...

    def figures(self, counters: Mapping[str, float]) -> dict[str, float | None]:
        """The reported figures (rates, means) from a player's summed counters."""
        ...
