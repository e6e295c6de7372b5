"""The test process's one Chromium (``tests.web.browser.SharedChromium``) leaves asyncio usable
by the tests that run after a browser test in the same process."""

from __future__ import annotations

import asyncio

from tests.web.browser import SharedChromium


def test_asyncio_runs_after_a_browser_test(chromium: SharedChromium) -> None:
    with chromium.lend() as browser:
        browser.new_context().new_page()  # Playwright's calls mark its loop as running here
        assert asyncio._get_running_loop() is not None
        assert not browser.contexts[0].pages[0].is_closed()
    assert not chromium.browser.contexts  # the test's contexts went with it
    assert asyncio.run(asyncio.sleep(0, result="ran")) == "ran"
