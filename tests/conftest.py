"""Refuse to test stale compiled modules: an edited source must be rebuilt (``make test``)."""

from __future__ import annotations

from pathlib import Path

import pytest

SOURCES = Path(__file__).resolve().parent.parent / "src"


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
