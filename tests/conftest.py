"""Refuse to test stale compiled modules: an edited source must be rebuilt (``make test``); run
the long tests first, so that the test processes of ``make test`` (pytest-xdist) finish
together rather than one waiting for the other's last long test."""

from __future__ import annotations

from pathlib import Path

import pytest

SOURCES = Path(__file__).resolve().parent.parent / "src"
LONG = (
    # Tens of seconds each: Chromium, real server processes, kill -9 and restarts, timers.
    "tests/web/test_browser", "tests/web/test_tables_servers.py", "tests/web/test_restart.py",
    "tests/web/test_tables_live.py", "tests/web/test_leaks.py", "tests/web/test_spades_leaks.py",
    "tests/web/test_fuzz.py", "tests/web/test_server_edges.py",
    "tests/web/test_server_failures.py", "tests/web/test_tables_logs.py",
    # Several seconds each: whole games checked at every step, strong players' searches.
    "tests/sheepshead/test_properties.py", "tests/terminal/test_languages.py",
    "tests/ai/test_sheepshead_strong.py", "tests/ai/test_strong_variants.py",
    "tests/rl/test_incremental.py", "tests/spades/test_view.py",
)
"""Modules whose tests take seconds to tens of seconds each, about the longest first: pytest-xdist
hands the tests out in this order, so the short ones fill the end and the test processes finish
within a second or two of each other, not one idling through the other's last long test."""


def stale_compiled_modules() -> list[Path]:
    """Sources newer than the mypyc-compiled module that shadows them."""
    stale = []
    for compiled in SOURCES.rglob("*.so"):
        source = compiled.with_name(compiled.name.split(".")[0] + ".py")
        if source.exists() and source.stat().st_mtime > compiled.stat().st_mtime:
            stale.append(source)
    return stale


def pytest_configure(config: pytest.Config) -> None:
    stale = stale_compiled_modules()
    if stale:
        names = ", ".join(str(p.relative_to(SOURCES)) for p in stale)
        pytest.exit(f"Compiled modules are older than their sources ({names}): run `make test`, "
                    "or `pip install -e .` to rebuild them.", returncode=4)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # The tests are independent (each has its own database and server): only the order moves.
    def rank(item: pytest.Item) -> int:
        return next((k for k, prefix in enumerate(LONG) if item.nodeid.startswith(prefix)),
                    len(LONG))

    items.sort(key=rank)
