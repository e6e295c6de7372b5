"""What the browser tests share: the system Chromium, and skipping (or, under CI, failing) when it
is missing; the page's errors, numbered screenshots, waiting for the page's state.  Playwright's
own downloaded browsers are never used."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

HEADLESS_SHELL = Path("/usr/bin/chromium-headless-shell")
CHROMIUM = Path(os.environ.get("TRICKTABLE_CHROMIUM") or (
    HEADLESS_SHELL if HEADLESS_SHELL.exists() else "/usr/bin/chromium"))
"""The browser the tests drive: ``TRICKTABLE_CHROMIUM``, else Debian's Chromium headless shell
(``chromium-headless-shell``, the same Blink as ``chromium`` without the desktop browser around
it; what Playwright itself runs headless; a quarter less CPU per page), else ``chromium``."""
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def missing(reason: str) -> None:
    message = (f"{reason} The browser test needs the system Chromium: "
               "apt-get install chromium-headless-shell (or chromium).")
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


@contextmanager
def launch_chromium() -> Iterator[Any]:
    """The system Chromium, headless, for as long as the block runs (skips or fails without it).
    The tests get it through the ``browser`` fixture: one Chromium per test process."""
    require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS,
                                             headless=True)
        try:
            yield browser
        finally:
            browser.close()


class SharedChromium:
    """One Chromium for every browser test of a test process, lent to one test at a time.

    Playwright's sync API marks its event loop as running in this thread from its start to its
    end, so every later test of the process would find asyncio refusing to run (``asyncio.run()
    cannot be called from a running event loop``); the mark is set only while a test has the
    browser."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.loop = asyncio._get_running_loop()
        asyncio._set_running_loop(None)

    @contextmanager
    def lend(self) -> Iterator[Any]:
        """The browser for one test; the contexts (visitors) it opened are closed after it, also
        when it fails, so the next test starts with none."""
        asyncio._set_running_loop(self.loop)
        try:
            yield self.browser
        finally:
            try:
                for context in self.browser.contexts:
                    context.close()
            finally:
                asyncio._set_running_loop(None)

    def give_back(self) -> None:
        """Before Playwright's own calls at the end: its loop marked as running again."""
        asyncio._set_running_loop(self.loop)


@contextmanager
def chromium_page(browser: Any) -> Iterator[Any]:
    """A page for a new visitor (own cookies and storage) in ``browser``, 1200 x 1000."""
    context = browser.new_context(viewport={"width": 1200, "height": 1000})
    try:
        yield context.new_page()
    finally:
        context.close()


def csp_violations(page: Any) -> list[str]:
    """The Content-Security-Policy violations ``page`` reports in its console from now on (the
    list fills as the page runs)."""
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text)
            if "Content Security Policy" in m.text else None)
    return violations


def page_errors(page: Any) -> list[str]:
    """The page's errors from now on, as they come: uncaught ones and console errors.  The 422
    of an illegal card, which the tests provoke on purpose, is not one."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text)
            if m.type == "error" and "status of 422" not in m.text else None)
    return errors


SCREENSHOTS = os.environ.get("TRICKTABLE_TEST_SCREENSHOTS",
                             "0" if os.environ.get("CI") == "true" else "1") == "1"
"""Whether the browser tests save their screenshots (``test-artifacts/``, for a person to look
at; no test reads them): yes on a developer's machine, no under CI, where nobody sees them and
the ~250 full pages cost over a minute of CPU.  ``TRICKTABLE_TEST_SCREENSHOTS=1|0`` decides."""


class Screenshots:
    """``shot(name)`` saves the whole page once per name, numbered in order, in ``directory``
    (when :data:`SCREENSHOTS`)."""

    def __init__(self, page: Any, directory: Path) -> None:
        self.page = page
        self.directory = directory
        self.taken: list[str] = []

    def __call__(self, name: str) -> None:
        if name in self.taken or not SCREENSHOTS:
            return
        self.taken.append(name)
        self.page.screenshot(path=str(self.directory / f"{len(self.taken):02d}-{name}.png"),
                             full_page=True, animations="disabled")


def tool(page: Any, selector: str) -> Any:
    """A tool of the table shown (``#scores-button``, ``#speed``…), ready to use: where the
    toolbar is folded away (a phone) the table's menu button opens it first; using a tool (or
    choosing a speed) folds it again."""
    found = page.locator(selector)
    if not found.is_visible():
        page.locator(".table-view:not([hidden]) .more-button").click()
        found.wait_for(state="visible")
    return found


def wait_for_state(page: Any, states: str) -> str:
    """Wait until the page's state (``body[data-state]``) is one of ``states``; it, then."""
    # A function, not an expression string: Playwright evals expression strings in the page,
    # which the Content-Security-Policy (no 'unsafe-eval') refuses.
    page.wait_for_function(
        "states => states.includes(document.body.dataset.state)", arg=states.split(),
        timeout=60_000,
    )
    state: str = page.evaluate("document.body.dataset.state")
    return state
