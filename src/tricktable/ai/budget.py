"""How long a search player may think: a time budget and a sample budget."""

from __future__ import annotations

import time
from dataclasses import dataclass

__all__ = ["Budget", "Clock"]


@dataclass(frozen=True, slots=True)
class Budget:
    """Limits for one decision.

    ``samples`` caps the deals sampled; ``time_ms`` (None: no time limit) stops earlier when the
    clock runs out, but never before ``min_samples``.  With ``time_ms=None`` a player's choices
    depend only on its seed and the view, so they are reproducible.  ``cpu_clock`` counts the
    time in this process's CPU seconds instead of wall seconds: what the decision would take on
    an idle core, for measuring on a shared machine (the arena's ``--cpu-clock``).
    """

    samples: int = 48
    time_ms: float | None = 200.0
    min_samples: int = 2
    cpu_clock: bool = False

    def __post_init__(self) -> None:
        if self.samples < 1 or self.min_samples < 1:
            raise ValueError("A budget needs at least one sample.")
        if self.time_ms is not None and self.time_ms <= 0:
            raise ValueError("A time budget must be positive.")


class Clock:
    """Counts samples against a :class:`Budget`."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.now = time.process_time if budget.cpu_clock else time.perf_counter
        self.start = self.now()
        self.done = 0

    def more(self) -> bool:
        """Whether to take another sample."""
        budget = self.budget
        if self.done >= budget.samples:
            return False
        if self.done < budget.min_samples or budget.time_ms is None:
            return True
        elapsed_ms = (self.now() - self.start) * 1000
        # Stop if another sample at the average pace would overrun the budget.
        pace = elapsed_ms / self.done if self.done else 0.0
        return elapsed_ms + pace <= budget.time_ms

    def tick(self) -> None:
        self.done += 1
