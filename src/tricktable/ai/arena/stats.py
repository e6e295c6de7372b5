"""Small statistics for the arena: means with 95% intervals, rates, latency percentiles.

No third-party dependency: Student's t quantiles come from a table for small samples and the
Cornish–Fisher expansion beyond it.  Intervals are computed over *independent units* (in the
arena: deals), never over correlated repetitions of one unit.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from statistics import NormalDist

__all__ = [
    "Estimate",
    "LatencyHistogram",
    "mean_ci",
    "rate",
    "t_quantile",
]

# Two-sided 95% quantiles of Student's t (0.975 one-sided), degrees of freedom 1 to 30.
_T975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)


def t_quantile(df: int, p: float = 0.975) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom.

    Exact to three decimals for p = 0.975 and df ≤ 30 (table); otherwise the Cornish–Fisher
    expansion around the normal quantile, good to about 1e-4 for df > 30.
    """
    if df < 1:
        raise ValueError("Student's t needs at least one degree of freedom.")
    if p == 0.975 and df <= len(_T975):
        return _T975[df - 1]
    z = NormalDist().inv_cdf(p)
    v = float(df)
    return (
        z
        + (z**3 + z) / (4 * v)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * v**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * v**3)
        + (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / (92160 * v**4)
    )


@dataclass(frozen=True, slots=True)
class Estimate:
    """A sample mean with its 95% confidence interval (None bounds: fewer than two units)."""

    mean: float
    low: float | None
    high: float | None
    n: int

    @property
    def half_width(self) -> float | None:
        if self.low is None or self.high is None:
            return None
        return (self.high - self.low) / 2

    def overlaps(self, other: Estimate) -> bool:
        """Whether the two intervals share any value (an unknown interval overlaps all)."""
        if None in (self.low, self.high, other.low, other.high):
            return True
        assert self.low is not None and self.high is not None
        assert other.low is not None and other.high is not None
        return self.low <= other.high and other.low <= self.high

    def ci95(self) -> list[float | None]:
        return [self.low, self.high]


def mean_ci(values: Sequence[float]) -> Estimate:
    """The mean of independent values and its two-sided 95% Student-t interval."""
    n = len(values)
    if n == 0:
        raise ValueError("A mean needs at least one value.")
    mean = math.fsum(values) / n
    if n < 2:
        return Estimate(mean, None, None, n)
    variance = math.fsum((x - mean) ** 2 for x in values) / (n - 1)
    half = t_quantile(n - 1) * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half, n)


def rate(numerator: float, denominator: float) -> float | None:
    """A share, or None when there was nothing to count."""
    return numerator / denominator if denominator else None


# Latency histogram: log-spaced bins from 1 µs to ~100 s, 2% wide.
_LOW_MS = 1e-3
_RATIO = 1.02
_LOG_RATIO = math.log(_RATIO)
_BINS = int(math.log(1e5 / _LOW_MS) / _LOG_RATIO) + 2


@dataclass(slots=True)
class LatencyHistogram:
    """Decision times in milliseconds, kept as counts in 2%-wide log bins so that millions of
    samples merge cheaply across processes; percentiles are good to about 1%."""

    counts: dict[int, int] = field(default_factory=dict)
    total: int = 0

    def add(self, ms: float) -> None:
        index = 0 if ms <= _LOW_MS else min(_BINS, int(math.log(ms / _LOW_MS) / _LOG_RATIO) + 1)
        self.counts[index] = self.counts.get(index, 0) + 1
        self.total += 1

    def merge(self, other: LatencyHistogram) -> None:
        for index, count in other.counts.items():
            self.counts[index] = self.counts.get(index, 0) + count
        self.total += other.total

    def percentile(self, p: float) -> float | None:
        """The ``p``-th percentile (0–100) in ms: the geometric middle of its bin."""
        if not self.total:
            return None
        rank = max(1, math.ceil(p / 100 * self.total))
        seen = 0
        for index in sorted(self.counts):
            seen += self.counts[index]
            if seen >= rank:
                if index == 0:
                    return _LOW_MS
                return _LOW_MS * math.exp((index - 0.5) * _LOG_RATIO)
        raise AssertionError("unreachable")

    @classmethod
    def of(cls, samples: Iterable[float]) -> LatencyHistogram:
        histogram = cls()
        for ms in samples:
            histogram.add(ms)
        return histogram
