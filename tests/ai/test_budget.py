"""Search budgets: samples, and time counted on the wall or in this process's CPU seconds."""

import time

import pytest

from tricktable.ai.budget import Budget, Clock


def test_a_cpu_clock_does_not_count_time_spent_waiting() -> None:
    for cpu_clock, more in ((False, False), (True, True)):
        clock = Clock(Budget(samples=100, time_ms=20.0, min_samples=1, cpu_clock=cpu_clock))
        clock.tick()
        time.sleep(0.06)  # waiting for a core, as on a loaded machine: no CPU spent
        assert clock.more() is more


def test_the_sample_cap_holds_on_either_clock() -> None:
    for cpu_clock in (False, True):
        clock = Clock(Budget(samples=3, time_ms=None, cpu_clock=cpu_clock))
        taken = 0
        while clock.more():
            clock.tick()
            taken += 1
        assert taken == 3


def test_bad_budgets_are_refused() -> None:
    with pytest.raises(ValueError, match="at least one sample"):
        Budget(samples=0)
    with pytest.raises(ValueError, match="positive"):
        Budget(time_ms=0.0)
