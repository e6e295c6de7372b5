"""The light and the dark theme in Chromium: every scene (tests/web/scenes.py) passes axe-core in
the dark as in the light (colour contrast included) — the pages with no finding at all, the
card table with none serious or critical, the words on a surface of their own (a hand's result,
a badge, a status chip) at 4.5:1 — and the theme chosen in the lobby is kept: the
server draws every page in it from its first paint, the leaderboard and the rules included,
with or without JavaScript.  Screenshots go to ``test-artifacts/browser-themes/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.browser import Screenshots, artifacts, page_errors, wait_for_state
from tests.web.scenes import Api, Scene, scenes, show
from tests.web.servers import Server, sqlite_server

PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from sqlite_server(tmp_path_factory.mktemp("themes"), "themes", test_options=True)


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


LOW_CONTRAST = """() => {
  // Words on a surface of their own (a hand's result, a seat's badge, a status chip): axe leaves
  // them "to review" when a dialog's body scrolls or confetti falls over it, so they are measured
  // here: their colour against their own background, at least 4.5:1.
  const rgb = (text) => text.match(/[\\d.]+/g).map(Number);
  const luminance = ([r, g, b]) => {
    const lin = (c) => {
      const v = c / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const found = [];
  const worded = '.result-line.banner, .badge, .status .item, .status .turn';
  for (const e of document.querySelectorAll(worded)) {
    if (!e.checkVisibility() || !e.textContent.trim()) continue;
    const style = getComputedStyle(e);
    const back = rgb(style.backgroundColor);
    if (back.length === 4 && back[3] < 1) continue;  // see-through: axe judges it
    const [a, b] = [luminance(rgb(style.color)), luminance(back)];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const words = e.textContent.trim().slice(0, 30);
    if (ratio < 4.5) found.push(`${e.className} "${words}": ${ratio.toFixed(2)}:1`);
  }
  return found;
}"""
"""A script for ``page.evaluate``: the words on a surface of their own that are too faint."""


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
            problems += [f"{theme} {scene.name}: faint: {p}"
                         for p in page.evaluate(LOW_CONTRAST)]
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
