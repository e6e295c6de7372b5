"""Learn to play in Chromium on a phone (390×844; a lesson at 360×740 too): every lesson
completed by tapping real buttons in each language, each question answered (wrong answers
first, where they come first), the progress kept in the browser, and axe-core finding nothing
serious or critical on the list, a lesson in play, a question and a recap."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.browser import (
    Screenshots,
    artifacts,
    launch_chromium,
    page_errors,
)
from tests.web.servers import Server, sqlite_server
from tests.web.test_browser_phone import axe_violations
from tricktable.i18n import LANGUAGES
from tricktable.web.language import LANGUAGE_COOKIE
from tricktable.web.learn.lessons import LESSONS
from tricktable.web.learn.spades_lessons import SPADES_LESSONS


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from sqlite_server(tmp_path_factory.mktemp("learn"), "learn")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launch_chromium() as launched:
        yield launched


def settled(page: Any) -> None:
    page.wait_for_function("() => document.getElementById('learn').dataset.busy === 'false'",
                           timeout=20_000)


def learn_on_a_phone(browser: Any, server: Server, language: str) -> tuple[Any, list[str]]:
    """The lessons' page on a phone in ``language``, ready: the page and its errors."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_cookies([{"name": LANGUAGE_COOKIE, "value": language, "url": server.url}])
    page = context.new_page()
    errors = page_errors(page)
    page.goto(f"{server.url}/learn")
    ready(page)
    return page, errors


def ready(page: Any) -> None:
    page.wait_for_selector("#learn[data-ready]", state="attached")


def progress(page: Any) -> tuple[int, bool]:
    return (page.locator("#learn-story li").count(), page.locator(".learn-recap").count() > 0)


def step(page: Any) -> None:
    """Do what the lesson asks, trying its buttons in order until one moves it on (a refusal
    or a wrong answer leaves it where it was, with words in the live region)."""
    before = progress(page)
    if page.locator("#learn-bury").count():
        cards = page.locator("#learn-hand button")
        for first in range(cards.count()):
            for second in range(first + 1, cards.count()):
                cards.nth(first).click()
                cards.nth(second).click()
                page.locator("#learn-bury").click()
                settled(page)
                if progress(page) != before:
                    return
                assert page.locator("#learn-feedback").inner_text()
        raise AssertionError("no pair of cards could be buried")
    options = page.locator(".learn-options button, .learn-choices button:not([disabled])")
    if options.count() == 0:
        options = page.locator("#learn-hand button:not([disabled])")
    assert options.count(), "the lesson asks nothing"
    for index in range(options.count()):
        button = options.nth(index)
        if button.is_disabled():
            continue
        button.click()
        settled(page)
        if progress(page) != before:
            return
        assert page.locator("#learn-feedback").inner_text(), "a refusal without words"
    raise AssertionError("nothing moved the lesson on")


def complete(page: Any, lesson: str, shot: Screenshots | None = None,
             problems: list[str] | None = None) -> None:
    page.locator(f'[data-lesson="{lesson}"]').click()
    settled(page)
    for _ in range(40):
        if page.locator(".learn-recap").count():
            break
        if shot is not None and problems is not None and page.locator(".learn-options").count():
            shot(f"{lesson}-question")
            problems += [f"{lesson} question: {p}" for p in axe_violations(page)]
        step(page)
    else:
        raise AssertionError(f"{lesson} did not end")
    assert page.locator(".learn-recap p").inner_text()
    if shot is not None and problems is not None:
        shot(f"{lesson}-recap")
        problems += [f"{lesson} recap: {p}" for p in axe_violations(page)]
    page.locator("#learn-back").click()
    page.wait_for_selector("#learn-list:not([hidden])")


def fits(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page scrolls sideways ({width} px)"
    for button in page.locator("#learn-hand button, .learn-choices button").all():
        box = button.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, box


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_lesson_completes_on_a_phone(server: Server, browser: Any, language: str) -> None:
    page, errors = learn_on_a_phone(browser, server, language)
    english = language == "en"
    shot = Screenshots(page, artifacts(f"browser-learn-{language}")) if english else None
    problems: list[str] = []
    assert page.locator("html").get_attribute("lang") == language
    if english:
        problems += [f"list: {p}" for p in axe_violations(page)]
    for lesson in LESSONS:
        complete(page, lesson.id, shot, problems if english else None)
    done = page.evaluate("JSON.parse(localStorage.getItem('tricktable.learn.done'))")
    assert sorted(done) == sorted(lesson.id for lesson in LESSONS)
    assert page.locator(".learn-lesson.done").count() == len(LESSONS)
    page.reload()
    ready(page)
    assert page.locator(".learn-lesson.done").count() == len(LESSONS)
    # A lesson in play fits the phone, with its targets of 44 px.
    page.locator('[data-lesson="follow"]').click()
    settled(page)
    fits(page)
    page.set_viewport_size({"width": 360, "height": 740})
    fits(page)
    if english:
        problems += [f"lesson: {p}" for p in axe_violations(page)]
    assert problems == []
    assert errors == []
    page.context.close()


@pytest.mark.parametrize("lesson", ["follow", "spades"])
def test_a_lesson_is_played_with_the_keyboard_alone(server: Server, browser: Any,
                                                    lesson: str) -> None:
    """Tab to a lesson, Enter; then Enter on whatever has the focus, Tab on when it refuses:
    the focus never falls out of the lesson when the button pressed is redrawn."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    errors = page_errors(page)
    page.goto(f"{server.url}/learn")
    ready(page)
    page.locator(f'[data-lesson="{lesson}"]').focus()
    page.keyboard.press("Enter")
    settled(page)
    page.keyboard.press("Tab")
    for _ in range(60):
        if page.locator(".learn-recap").count():
            break
        before = progress(page)
        page.keyboard.press("Enter")
        settled(page)
        inside = page.evaluate(
            "() => document.getElementById('learn-lesson').contains(document.activeElement)")
        assert inside, "the focus fell out of the lesson"
        if progress(page) == before:
            page.keyboard.press("Tab")
    else:
        raise AssertionError("the lesson did not end by keyboard")
    assert errors == []
    page.close()


def test_the_rules_page_links_to_the_lessons(server: Server, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{server.url}/rules")
    page.wait_for_load_state()
    page.locator('a[href="/learn"]').first.click()
    page.wait_for_url("**/learn")
    assert page.locator(".learn-lesson").count() == len(LESSONS) + len(SPADES_LESSONS)
    # Spades' rules open the Spades lesson itself.
    page.goto(f"{server.url}/rules?game=spades")
    page.locator('a[href="/learn?lesson=spades"]').click()
    settled(page)
    assert page.locator("#learn-lesson").is_visible()
    assert page.locator("#learn-table li").count() == 1
    page.close()
