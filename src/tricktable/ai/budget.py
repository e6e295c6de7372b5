"""How long a search player may think: a sample budget, a node budget and a time budget."""

from __future__ import annotations

import time
from dataclasses import dataclass

__all__ = ["Budget", "Clock"]


@dataclass(frozen=True, slots=True)
class Budget:
    """Limits for one decision.

    ``samples`` caps the deals sampled.  ``nodes`` (None: no node limit) stops earlier once the
    search nodes spent run out, for the players that count them (Spades' ``strong``: its
    solver's nodes); ``time_ms`` (None: no time limit) stops earlier when the clock runs out.
    Neither stops before ``min_samples``.  Without ``time_ms`` a player's choices depend only on
    its seed and the view, so they are reproducible whatever the machine's load: a node budget
    bounds the work as a time budget does, in a unit no other process can take from.
    ``cpu_clock`` counts the time in this process's CPU seconds instead of wall seconds: what
    the decision would take on an idle core, for measuring on a shared machine (the arena's
    ``--cpu-clock``).
    """

    samples: int = 48
    time_ms: float | None = 200.0
    min_samples: int = 2
    cpu_clock: bool = False
    nodes: int | None = None

    def __post_init__(self) -> None:
        if self.samples < 1 or self.min_samples < 1:
            raise ValueError("A budget needs at least one sample.")
        if self.time_ms is not None and self.time_ms <= 0:
            raise ValueError("A time budget must be positive.")
        if self.nodes is not None and self.nodes < 1:
            raise ValueError("A node budget must be positive.")

    @property
    def reproducible(self) -> bool:
        """Whether the choices depend only on the seed and the view (no clock)."""
        return self.time_ms is None


class Clock:
    """Counts samples, and the nodes they cost, against a :class:`Budget`."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.now = time.process_time if budget.cpu_clock else time.perf_counter
        self.start = self.now()
        self.done = 0
        self.spent = 0
        """Search nodes spent by the samples taken."""

    def more(self) -> bool:
        """Whether to take another sample: not past the sample cap, and (after
        ``min_samples``) not if another sample at the average pace would overrun the node
        budget or the time budget."""
        budget = self.budget
        done = self.done
        if done >= budget.samples:
            return False
        if done < budget.min_samples:
            return True
        nodes = budget.nodes
        if nodes is not None and self.spent + self.spent / done > nodes:
            return False
        if budget.time_ms is None:
            return True
        elapsed_ms = (self.now() - self.start) * 1000
        return elapsed_ms + elapsed_ms / done <= budget.time_ms

    def tick(self, nodes: int = 0) -> None:
        """One more sample taken, which cost ``nodes`` search nodes."""
        self.done += 1
        self.spent += nodes

    def node_limit(self, grace: float = 1.0) -> int:
        """The nodes the next sample may spend before its search gives up (0: no limit): what
        is left of ``grace`` node budgets.  At least one node, so that a limit is a limit."""
        nodes = self.budget.nodes
        if nodes is None:
            return 0
        return max(1, int(grace * nodes) - self.spent)
