"""The Spades lesson in Chromium on a phone (390×844, and 360×740 at the bidding): completed by
tapping real buttons in each language, the lesson's refusals and wrong answers first; the card
you look at in the draw shown on the table, the fourteen bids fitting the phone with their
44 px targets and spoken names, the progress kept in the browser, and axe-core finding nothing
serious or critical at the draw, the bidding, a question and the recap (in English)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.browser import ARGS, CHROMIUM, Screenshots, artifacts, require_browser
from tests.web.servers import Server, sqlite_server
from tests.web.test_browser_learn import fits, learn_on_a_phone, ready, settled, step
from tests.web.test_browser_phone import axe_violations
from tricktable.i18n import LANGUAGES, translate


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    where = tmp_path_factory.mktemp("learn-spades")
    yield from sqlite_server(where, "learn", workers=1)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS,
                                              headless=True)
        yield launched
        launched.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_spades_lesson_completes_on_a_phone(server: Server, browser: Any,
                                                language: str) -> None:
    page, errors = learn_on_a_phone(browser, server, language)
    english = language == "en"
    shot = Screenshots(page, artifacts(f"browser-learn-spades-{language}")) if english else None
    problems: list[str] = []
    assert page.locator("#learn-spades").inner_text() == translate(language, "learn.page.spades")
    page.locator('[data-lesson="spades"]').click()
    settled(page)
    # The draw: the card you look at lies on the table, named; double nil is offered.
    top = page.locator("#learn-table li")
    assert top.count() == 1
    assert translate(language, "learn.spades.top") in top.get_attribute("aria-label")
    assert page.locator(".learn-choices button").count() == 3
    if english:
        problems += [f"draw: {p}" for p in axe_violations(page)]
    bidding = question = False
    for _ in range(40):
        if page.locator(".learn-recap").count():
            break
        bids = page.locator(".learn-choices button")
        if not bidding and bids.count() == 14:
            bidding = True
            assert bids.nth(4).get_attribute("aria-label") == translate(
                language, "learn.spades.action.bid", count=4)
            fits(page)
            page.set_viewport_size({"width": 360, "height": 740})
            fits(page)
            page.set_viewport_size({"width": 390, "height": 844})
            if shot is not None:
                shot("bidding")
                problems += [f"bidding: {p}" for p in axe_violations(page)]
        if shot is not None and not question and page.locator(".learn-options").count():
            question = True
            shot("question")
            problems += [f"question: {p}" for p in axe_violations(page)]
        step(page)
    else:
        raise AssertionError("the lesson did not end")
    assert bidding and page.locator(".learn-recap p").inner_text()
    # The story keeps your draw as only you saw it.
    story = page.locator("#learn-story li").all_inner_texts()
    assert any(translate(language, "learn.spades.you_keep", top="A♠", next="4♦") == s
               for s in story)
    if shot is not None:
        shot("recap")
        problems += [f"recap: {p}" for p in axe_violations(page)]
    done = page.evaluate("JSON.parse(localStorage.getItem('tricktable.learn.done'))")
    assert done == ["spades"]
    page.locator("#learn-back").click()
    page.wait_for_selector("#learn-list:not([hidden])")
    page.reload()
    ready(page)
    assert page.locator('.learn-lesson.done[data-lesson="spades"]').count() == 1
    assert problems == []
    assert errors == []
    page.context.close()
