"""What the browser tests share: the system Chromium, and skipping (or, under CI, failing) when it
is missing.  Playwright's own downloaded browsers are never used."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CHROMIUM = Path(os.environ.get("TRICKTABLE_CHROMIUM", "/usr/bin/chromium"))
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def missing(reason: str) -> None:
    message = f"{reason} The browser test needs the system Chromium: apt-get install chromium."
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


def require_browser() -> None:
    if not CHROMIUM.exists():
        missing(f"{CHROMIUM} does not exist.")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:  # pragma: no cover
        missing("The playwright package is not installed.")


def artifacts(name: str) -> Path:
    """An emptied directory for one test's screenshots."""
    directory = ARTIFACTS / name
    directory.mkdir(parents=True, exist_ok=True)
    for old in directory.glob("*.png"):
        old.unlink()
    return directory
