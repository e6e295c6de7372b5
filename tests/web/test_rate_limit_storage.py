"""The rate-limit counters in the app's database: fixed windows, one transaction a request."""

from __future__ import annotations

import re

from limits import parse

from tricktable.web.edges.rate_limit import Limited, RateLimits
from tricktable.web.edges.rate_limit_storage import SqlStorage
from tricktable.web.store.db import make_engine, migrate


class Ticking:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def test_counters_restart_when_their_window_ends(database_url: str) -> None:
    engine = make_engine(database_url)
    migrate(engine)
    clock = Ticking()
    storage = SqlStorage(engine, clock=clock)
    start = clock.now
    assert storage.incr_many([("a", 60.0), ("b", 10.0)]) == [(1, start + 60), (1, start + 10)]
    clock.now += 5
    assert storage.incr_many([("a", 60.0), ("b", 10.0)], amount=2) == [
        (3, clock.now - 5 + 60), (3, clock.now - 5 + 10)]
    clock.now += 6  # b's window has ended, a's has not
    assert storage.incr_many([("a", 60.0), ("b", 10.0)]) == [(4, clock.now - 11 + 60),
                                                               (1, clock.now + 10)]
    assert storage.get("a") == 4 and storage.get("b") == 1
    assert storage.incr("c", 1.0) == 1
    engine.dispose()


def test_a_request_past_one_limit_waits_for_that_window(database_url: str) -> None:
    engine = make_engine(database_url)
    migrate(engine)
    clock = Ticking()
    rule = Limited(name="action", method="POST", path=re.compile("/x"),
                   per_player=(parse("2/minute"),), per_address=(parse("3/second"),))
    limits = RateLimits(SqlStorage(engine, clock=clock), [rule], secret="s", clock=clock)
    assert limits.hit(rule, player="p", address="1.2.3.4") is None
    assert limits.hit(rule, player="p", address="1.2.3.4") is None
    # The player's third in the minute is refused; the address (3/second) is still within.
    wait = limits.hit(rule, player="p", address="1.2.3.4")
    assert wait is not None and 0 < wait <= 60
    # Another player at the same address: its 4th request in that second is past 3/second.
    wait = limits.hit(rule, player="q", address="1.2.3.4")
    assert wait is not None and 0 < wait <= 1
    clock.now += 61
    assert limits.hit(rule, player="p", address="1.2.3.4") is None
    engine.dispose()
