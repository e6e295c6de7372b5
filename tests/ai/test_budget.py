"""Search budgets: samples, search nodes, and time counted on the wall or in this process's CPU
seconds."""

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
    with pytest.raises(ValueError, match="node budget"):
        Budget(nodes=0)


def _no_clock() -> float:
    raise AssertionError("a budget without time read the clock")


def test_a_node_budget_stops_on_the_nodes_spent_and_never_reads_the_clock() -> None:
    clock = Clock(Budget(samples=100, time_ms=None, nodes=1000))
    clock.now = _no_clock
    taken = 0
    while clock.more():
        clock.tick(300)
        taken += 1
    # 900 nodes spent: a fourth sample at that pace would overrun the 1,000.
    assert taken == 3 and clock.spent == 900


def test_the_first_samples_are_taken_whatever_they_cost() -> None:
    clock = Clock(Budget(samples=100, time_ms=None, nodes=100, min_samples=2))
    taken = 0
    while clock.more():
        clock.tick(500)
        taken += 1
    assert taken == 2


def test_a_searchs_node_limit_is_what_is_left_of_the_budget() -> None:
    clock = Clock(Budget(time_ms=None, nodes=1000))
    assert (clock.node_limit(), clock.node_limit(1.5)) == (1000, 1500)
    clock.tick(400)
    assert (clock.node_limit(), clock.node_limit(1.5)) == (600, 1100)
    clock.tick(2000)
    assert clock.node_limit() == 1  # spent: the next search stops at once
    assert Clock(Budget(time_ms=None)).node_limit() == 0  # no node budget, no limit
