"""Choosing among options from noisy, weighted samples, without chasing the noise.

A search player scores every option on every sampled deal.  Averages over a few dozen deals are
noisy, and taking the best average would often swap a sound default for an option that was only
lucky on those deals.  :class:`Evidence` keeps the per-deal scores and leaves the default only for
an option whose paired gain over it (same deals) is clearly positive: its mean exceeds ``z``
standard errors.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["Evidence"]


class Evidence:
    """Weighted per-sample values of a fixed list of options."""

    def __init__(self, options: int) -> None:
        self.options = options
        self.weights: list[float] = []
        self.values: list[Sequence[float]] = []
        self.dropped: set[int] = set()
        """Options no longer in the running (see :meth:`drop_hopeless`): never chosen."""

    def add(self, weight: float, values: Sequence[float]) -> None:
        """One sample: its weight and each option's value on it."""
        if len(values) != self.options:
            raise ValueError("A sample needs a value for every option.")
        if weight > 0.0:
            self.weights.append(weight)
            self.values.append(values)

    @property
    def samples(self) -> int:
        return len(self.weights)

    def effective(self) -> float:
        """How many equally weighted deals the weighted ones are worth (Kish's effective
        sample size)."""
        squares = sum(w * w for w in self.weights)
        return sum(self.weights) ** 2 / squares if squares else 0.0

    def means(self) -> list[float]:
        """The weighted mean value of each option."""
        total = sum(self.weights)
        if total == 0.0:
            return [0.0] * self.options
        return [
            sum(w * v[k] for w, v in zip(self.weights, self.values, strict=True)) / total
            for k in range(self.options)
        ]

    def gain(self, option: int, default: int) -> tuple[float, float]:
        """Mean and standard error of ``option``'s paired gain over ``default``."""
        weights = self.weights
        total = sum(weights)
        if total == 0.0:
            return 0.0, math.inf
        return self._gain(option, default, total, sum(w * w for w in weights))

    def _gain(self, option: int, default: int, total: float,
              squares: float) -> tuple[float, float]:
        """:meth:`gain`, given the weights' sum (not zero) and sum of squares."""
        weights = self.weights
        diffs = [v[option] - v[default] for v in self.values]
        mean = sum(w * d for w, d in zip(weights, diffs, strict=True)) / total
        if len(weights) < 2:
            return mean, math.inf
        variance = sum(w * (d - mean) ** 2 for w, d in zip(weights, diffs, strict=True)) / total
        effective = total * total / squares
        if effective <= 1.0:
            return mean, math.inf
        return mean, math.sqrt(variance / (effective - 1.0))

    def drop_hopeless(self, default: int, z: float, margin: float = 0.0) -> list[int]:
        """Drop every option whose paired gain over ``default`` could not clear ``margin`` even
        ``z`` standard errors above its mean, and return those still in the running, ``default``
        first.  The caller then values only those; a dropped option's values no longer matter."""
        running = [default]
        for option, mean, error in self._gains(default):
            if mean + z * error < margin:
                self.dropped.add(option)
            else:
                running.append(option)
        return running

    def choose(self, default: int | None, *, z: float = 2.0, margin: float = 0.0) -> int:
        """The option to take: the default unless another clearly beats it (by more than
        ``margin`` and ``z`` standard errors); without a default, the best mean."""
        if default is None:
            means = self.means()
            return max(range(self.options), key=means.__getitem__)
        return self.choices(default, (z,), margin=margin)[0]

    def choices(self, default: int, zs: Sequence[float], *, margin: float = 0.0) -> list[int]:
        """:meth:`choose` with each of ``zs`` in turn, the gains computed once for all."""
        gains = self._gains(default)
        chosen = []
        for z in zs:
            best, best_edge = default, 0.0
            for option, mean, error in gains:
                edge = mean - z * error
                if edge > margin and edge > best_edge:
                    best, best_edge = option, edge
            chosen.append(best)
        return chosen

    def _gains(self, default: int) -> list[tuple[int, float, float]]:
        """Each option still in the running but ``default``, with the mean and standard error
        of its paired gain over ``default`` (0 and infinity before any deal)."""
        weights = self.weights
        total = sum(weights)
        squares = sum(w * w for w in weights)
        gains = []
        for option in range(self.options):
            if option != default and option not in self.dropped:
                mean, error = (self._gain(option, default, total, squares) if total != 0.0
                               else (0.0, math.inf))
                gains.append((option, mean, error))
        return gains
