"""The arena's statistics on numbers worked out by hand."""

import math

import pytest

from tricktable.ai.arena.stats import LatencyHistogram, mean_ci, rate, t_quantile


def test_t_quantiles_match_the_tables() -> None:
    assert t_quantile(1) == pytest.approx(12.706)
    assert t_quantile(3) == pytest.approx(3.182)
    assert t_quantile(30) == pytest.approx(2.042)
    assert t_quantile(60) == pytest.approx(2.000, abs=1e-3)
    assert t_quantile(120) == pytest.approx(1.980, abs=1e-3)
    assert t_quantile(10**6) == pytest.approx(1.960, abs=1e-3)


def test_mean_and_95_percent_interval_of_a_small_sample() -> None:
    # 1, 2, 3, 4: mean 2.5, sample sd sqrt(5/3), standard error sd/2, t(3) = 3.182.
    estimate = mean_ci([1, 2, 3, 4])
    half = 3.182 * math.sqrt(5 / 3) / 2
    assert estimate.mean == 2.5 and estimate.n == 4
    assert estimate.low == pytest.approx(2.5 - half) and estimate.high == pytest.approx(2.5 + half)
    assert estimate.half_width == pytest.approx(half)
    assert estimate.ci95() == [estimate.low, estimate.high]


def test_a_constant_sample_has_a_zero_width_interval_and_one_value_none() -> None:
    assert mean_ci([3.0, 3.0, 3.0]).ci95() == [3.0, 3.0]
    single = mean_ci([7.0])
    assert single.mean == 7.0 and single.ci95() == [None, None]
    with pytest.raises(ValueError):
        mean_ci([])


def test_overlapping_intervals() -> None:
    assert mean_ci([0, 1, 2]).overlaps(mean_ci([1, 2, 3]))
    assert not mean_ci([0.0, 0.1, 0.2]).overlaps(mean_ci([5.0, 5.1, 5.2]))


def test_rates_of_nothing_are_none() -> None:
    assert rate(1, 4) == 0.25 and rate(0, 0) is None


def test_latency_percentiles_are_within_two_percent() -> None:
    samples = [0.5] * 50 + [2.0] * 45 + [40.0] * 5
    histogram = LatencyHistogram.of(samples)
    assert histogram.total == 100
    assert histogram.percentile(50) == pytest.approx(0.5, rel=0.02)
    assert histogram.percentile(95) == pytest.approx(2.0, rel=0.02)
    assert histogram.percentile(99) == pytest.approx(40.0, rel=0.02)
    other = LatencyHistogram.of([100.0] * 100)
    histogram.merge(other)
    assert histogram.total == 200 and histogram.percentile(75) == pytest.approx(100, rel=0.02)
    assert LatencyHistogram().percentile(50) is None
