"""No word broken across two lines, in any of the six languages: every scene of the browser
tests (tests/web/scenes.py: the pages, both tables in each phase, their dialogs with their
folded details opened, the Daily's result, a replay, a table with friends) at 360 px, and the
pages at 1366 px as well.

A narrow screen gets shorter words or fewer columns, never "Ran/k" or "Mil/wau/kee"; a hash may
wrap (tests/web/split_words.py says what counts as a word).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.browser import ARGS, CHROMIUM, page_errors, require_browser, wait_for_state
from tests.web.scenes import Api, Scene, scenes, show
from tests.web.servers import Server, sqlite_server
from tests.web.split_words import SPLIT_WORDS
from tricktable.i18n import LANGUAGES
from tricktable.web.language import LANGUAGE_COOKIE

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1366, "height": 800}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from sqlite_server(tmp_path_factory.mktemp("words"), "words", test_options=True)


@pytest.fixture(scope="module")
def walk(server: Server) -> Iterator[tuple[Any, list[Scene]]]:
    """One visitor's browser page and its scenes (made once, shown in every language)."""
    require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS,
                                             headless=True)
        context = browser.new_context(viewport=PHONE)
        context.add_init_script(
            "localStorage.setItem('tricktable.settings', JSON.stringify({speed: 'instant'}))")
        page = context.new_page()
        page.goto(server.url)
        wait_for_state(page, "lobby")
        yield page, scenes(Api(page, server.url))
        browser.close()


def at_a_table(scene: Scene) -> bool:
    """The card table's scenes (a game, its dialogs, a table with friends in play)."""
    return scene.game is not None or scene.name == "friends-table"


def split_words(page: Any, url: str, every: list[Scene], language: str,
                chosen: list[Scene]) -> list[str]:
    page.context.add_cookies([{"name": LANGUAGE_COOKIE, "value": language, "url": url}])
    problems: list[str] = []
    shown: Scene | None = None
    for scene in chosen:
        show(page, url, scene, shown)
        shown = scene
        # A dialog's folded details (a hand's tricks, Spades' bags) are read unfolded too.
        page.evaluate("document.querySelectorAll('#dialog[open] details')"
                      ".forEach((d) => { d.open = true; })")
        width = page.viewport_size["width"]
        problems += [f"{language} {scene.name} at {width} px: {word}"
                     for word in page.evaluate(SPLIT_WORDS)]
    return problems


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_word_is_split_on_the_pages(server: Server, walk: tuple[Any, list[Scene]],
                                       language: str) -> None:
    page, every = walk
    errors = page_errors(page)
    pages = [scene for scene in every if not at_a_table(scene)]
    problems: list[str] = []
    for viewport in (PHONE, DESKTOP):
        page.set_viewport_size(viewport)
        problems += split_words(page, server.url, every, language, pages)
    page.set_viewport_size(PHONE)
    assert not problems, "\n".join(problems)
    assert [e for e in errors if "status of 404" not in e] == [], errors


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_word_is_split_at_the_tables(server: Server, walk: tuple[Any, list[Scene]],
                                        language: str) -> None:
    page, every = walk
    tables = [scene for scene in every if at_a_table(scene)]
    problems = split_words(page, server.url, every, language, tables)
    assert not problems, "\n".join(problems)
