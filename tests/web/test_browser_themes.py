"""The light and the dark theme in Chromium: every scene (tests/web/scenes.py) passes axe-core in
the dark as in the light (colour contrast included) — the pages with no finding at all, the
card table with none serious or critical — and the theme chosen in the lobby is kept: the
server draws every page in it from its first paint, the leaderboard and the rules included,
with or without JavaScript.  Screenshots go to ``test-artifacts/browser-themes/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.browser import Screenshots, artifacts, page_errors, wait_for_state
from tests.web.scenes import Api, Scene, scenes, show
from tests.web.servers import Server

PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    where = tmp_path_factory.mktemp("themes")
    started = Server(f"sqlite:///{where / 'themes.sqlite3'}", where / "server.log", workers=1,
                     env={"TRICKTABLE_TEST_OPTIONS": "1"})
    yield started
    started.kill()


def at_a_table(scene: Scene) -> bool:
    return scene.game is not None or scene.name == "friends-table"


def findings(page: Any, impacts: tuple[str, ...]) -> list[str]:
    """axe-core's findings of these impacts (the card faces' own letters left out, as in
    test_browser_phone)."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, context={"exclude": [[".card-svg"]]})
    return [f"{v['id']} ({v['impact']}): {v['help']} — "
            + "; ".join(str(n["target"]) for n in v["nodes"][:3])
            for v in results.response["violations"] if v["impact"] in impacts]


def test_every_scene_passes_axe_in_both_themes(server: Server, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(
        "localStorage.setItem('tricktable.settings', JSON.stringify({speed: 'instant'}))")
    page = context.new_page()
    errors = page_errors(page)
    shot = Screenshots(page, artifacts("browser-themes"))
    page.goto(server.url)
    wait_for_state(page, "lobby")
    every = scenes(Api(page, server.url))
    problems: list[str] = []
    for theme in ("dark", "light"):
        page.emulate_media(color_scheme=theme)
        shown: Scene | None = None
        for scene in every:
            show(page, server.url, scene, shown)
            shown = scene
            shot(f"{theme}-{scene.name}")
            background = page.evaluate("getComputedStyle(document.body).backgroundColor")
            assert (background == "rgb(20, 22, 20)") == (theme == "dark"), (scene.name, background)
            table = at_a_table(scene)
            impacts = ("serious", "critical") if table else ("minor", "moderate", "serious",
                                                             "critical")
            problems += [f"{theme} {scene.name}: {p}" for p in findings(page, impacts)]
    assert not problems, "\n".join(problems)
    assert [e for e in errors if "status of 404" not in e] == [], errors
    context.close()


def test_the_theme_chosen_is_kept_and_drawn_by_the_server(server: Server, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE, color_scheme="light")
    page = context.new_page()
    errors = page_errors(page)
    page.goto(server.url)
    wait_for_state(page, "lobby")
    assert page.evaluate("document.documentElement.dataset.theme") is None
    page.select_option("#theme-choice", "dark")
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    # The server draws the next pages dark from their first byte: the cookie, no script needed.
    for path in ("/leaderboard", "/rules", "/replay", "/friends", "/nope"):
        text = page.request.get(server.url + path).text()
        assert '<html lang="en" data-theme="dark">' in text, path
    page.goto(f"{server.url}/rules")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(20, 22, 20)"
    # The table's settings dialog has the same choice, and System clears it.
    page.goto(server.url)
    wait_for_state(page, "lobby")
    assert page.input_value("#theme-choice") == "dark"
    page.select_option("#theme-choice", "system")
    assert page.evaluate("document.documentElement.dataset.theme") is None
    assert "data-theme" not in page.request.get(f"{server.url}/leaderboard").text()
    assert not any(c["name"] == "tricktable_theme" for c in context.cookies())
    page.select_option("#theme-choice", "light")
    context.close()
    # Light chosen on a dark system stays light, even without JavaScript.
    dark = browser.new_context(viewport=PHONE, color_scheme="dark", java_script_enabled=False)
    dark.add_cookies([{"name": "tricktable_theme", "value": "light", "url": server.url}])
    plain = dark.new_page()
    plain.goto(f"{server.url}/rules")
    assert plain.evaluate("getComputedStyle(document.body).backgroundColor") == \
        "rgb(251, 250, 246)"
    plain.goto(server.url)  # the lobby without JavaScript says what to do, in its language
    assert plain.locator("noscript").count() == 1
    dark.close()
    assert not errors, errors
