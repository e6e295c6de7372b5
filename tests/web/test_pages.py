"""Every page is drawn from one base layout: the same head (its own title, script and style sheets
aside), the top bar with the navigation and the language menu, one ``<main>`` with the page's
heading, and nothing inline that the Content-Security-Policy would block."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tricktable.i18n import translate
from tricktable.web.language import LANGUAGE_COOKIE
from tricktable.web.pages import render
from tricktable.web.pages.render import THEME_COOKIE

PAGES = {
    "/": ("lobby-title", "/"),
    "/leaderboard": ("board-title", "/leaderboard"),
    "/replay?game=abc": ("replay-title", None),
    "/rules": (None, "/rules"),
    "/rules?game=spades": (None, "/rules"),
    "/friends": ("new-table-title", "/friends"),
    "/t/" + "x" * 22: (None, None),  # no such table: the not-found page
    "/nope": (None, None),
}
"""Each page: the id of its first heading (None: it has none), and its navigation link marked
as the current page (None: none is)."""

VOID = frozenset({"meta", "link", "input", "br", "img", "hr", "source"})
"""The elements without an end tag (the SVG's close themselves: handle_startendtag)."""
NAVIGATION = {"/": "web.nav.play", "/leaderboard": "web.nav.leaderboard",
              "/friends": "web.nav.friends", "/rules": "web.nav.rules"}


class Page(HTMLParser):
    """A page's elements as (tag, attributes, ancestors' tags), its h1s' hidden-ness, and the
    text of each <h1>."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str | None], tuple[str, ...]]] = []
        self.open: list[tuple[str, bool]] = []
        self.shown_h1s = 0
        self.h1_ids: list[str | None] = []
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        hidden = "hidden" in found or any(shut for _, shut in self.open)
        self.elements.append((tag, found, tuple(name for name, _ in self.open)))
        if tag == "h1":
            self.h1_ids.append(found.get("id"))
            self.shown_h1s += not hidden
        if tag not in VOID:
            self.open.append((tag, hidden))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs), tuple(name for name, _ in self.open)))

    def handle_endtag(self, tag: str) -> None:
        while self.open:
            if self.open.pop()[0] == tag:
                break

    def all(self, tag: str) -> list[tuple[dict[str, str | None], tuple[str, ...]]]:
        return [(attrs, inside) for name, attrs, inside in self.elements if name == tag]


def head_of(text: str) -> str:
    """The page's head with what is the page's own masked: the title's words, its script, the
    style sheets besides the shared ones, the card table's viewport-fit, and the words file
    (named and preloaded only where the page's script reads words)."""
    head = text[text.index("<head>"):text.index("</head>")]
    head = re.sub(r'\n *<meta name="tricktable-words" content="/static/i18n/[^"]+">', "", head)
    head = re.sub(r'\n *<link rel="preload" href="/static/i18n/[^"]+" as="fetch"[^>]*>', "", head)
    head = re.sub(r"<title>[^<]*</title>", "<title>…</title>", head)
    shared = r'(?!(?:tokens|style|table)\.css")'
    head = re.sub(r'\n *<link rel="stylesheet" href="/static/css/' + shared + r'[^"]+">', "", head)
    head = re.sub(r'src="/static/js/[a-z-]+\.js(?:\?v=[0-9a-f]+)?"', 'src="…"', head)
    return head.replace(", viewport-fit=cover", "")


@pytest.mark.parametrize("language", ["en", "fi"])
def test_every_page_has_the_base_layout_s_landmarks(client: TestClient, language: str) -> None:
    client.cookies.set(LANGUAGE_COOKIE, language)
    for path, (heading, current) in PAGES.items():
        text = client.get(path).text
        page = Page(text)
        assert text.startswith("<!doctype html>\n"), path
        ((html, _),) = page.all("html")
        assert html["lang"] == language, path
        # Its heading: one <h1> shown at a time (the others wait in hidden sections).
        assert page.h1_ids and page.h1_ids[0] == heading, path
        assert page.shown_h1s <= 1, path
        # The top bar: the name, the navigation and the language menu.
        (_, nav_inside), = page.all("nav")
        assert nav_inside == ("html", "body", "header"), path
        links = [(attrs["href"], inside) for attrs, inside in page.all("a")
                 if inside[-1] == "nav"]
        hrefs = [href for href, _ in links]
        assert hrefs[0] == "/" and hrefs[-1] == "/rules" and len(hrefs) == 3, path
        for href in hrefs:
            assert f">{translate(language, NAVIGATION[str(href)])}</a>" in text, (path, href)
        marked = [attrs["href"] for attrs, inside in page.all("a")
                  if inside[-1] == "nav" and attrs.get("aria-current") == "page"]
        assert marked == ([current] if current else []), path
        (form, form_inside), = page.all("form")[:1]
        assert form["class"] == "language-menu" and form_inside[-1] == "nav", path
        # One <main>, in the body.
        assert [inside for _, inside in page.all("main")] == [("html", "body")], path
        # The head: the shared style sheets, one module script, nothing inline.
        sheets = [attrs["href"] for attrs, inside in page.all("link")
                  if attrs.get("rel") == "stylesheet"]
        assert [str(sheet).split("?v=")[0] for sheet in sheets[:3]] == [
            f"/static/css/{name}.css" for name in ("tokens", "style", "table")]
        scripts = page.all("script")
        assert len(scripts) == 1 and scripts[0][1] == ("html", "head"), path
        assert scripts[0][0]["type"] == "module", path
        assert str(scripts[0][0]["src"]).startswith("/static/js/"), path
        assert page.all("style") == [], path
        assert not any("style" in attrs or any(name.startswith("on") for name in attrs)
                       for _, attrs, _ in page.elements), path


def test_every_page_shares_the_base_s_head(client: TestClient) -> None:
    heads = {path: head_of(client.get(path).text) for path in PAGES}
    assert len(set(heads.values())) == 1, heads
    # …and what is each page's own differs where it should.
    titles = {re.search(r"<title>([^<]*)</title>", client.get(path).text).group(1)  # type: ignore[union-attr]
              for path in ("/", "/leaderboard", "/rules", "/friends", "/nope")}
    assert len(titles) == 5


def test_the_card_table_s_pages_draw_the_same_table(client: TestClient) -> None:
    def table(path: str) -> str:
        text = client.get(path).text
        return text[text.index('<section id="table-view"'):]

    assert table("/") == table("/friends")
    for name in ("", "sp-"):  # both views have the prompt, the hand and the toolbar
        for part in ("prompt", "prompt-text", "prompt-buttons", "hand", "toolbar"):
            assert f'id="{name}{part}"' in table("/"), (name, part)


def test_the_templates_ship_with_the_package() -> None:
    """pyproject's package data takes every template (a new folder of partials included)."""
    package = Path(render.__file__).parent
    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    globs = re.findall(r'"web/pages/(templates/[^"]+)"', pyproject.read_text(encoding="utf-8"))
    shipped = {path for pattern in globs for path in package.glob(pattern) if path.is_file()}
    templates = {path for path in (package / "templates").rglob("*") if path.is_file()}
    assert templates and templates == shipped


def test_the_dark_theme_is_the_same_for_the_system_and_the_player_s_choice() -> None:
    """tokens.css writes the dark values twice (the system's dark unless light was chosen, and
    dark chosen): the two blocks name the same tokens with the same values, and every light
    colour token has a dark value (the card table's too, where its light value would not do)."""
    css = (Path(render.__file__).parents[1] / "static" / "css" / "tokens.css").read_text(
        encoding="utf-8")

    def block(selector: str) -> dict[str, str]:
        start = css.index("{", css.index(selector)) + 1
        body = css[start:css.index("}", start)]
        return dict(re.findall(r"(--[a-z0-9-]+):\s*([^;]+);", body))

    light = block(":root {")
    system = block(':root:not([data-theme="light"])')
    chosen = block(':root[data-theme="dark"]')
    assert system == chosen and system
    colours = {name for name, value in light.items() if re.match(r"#|rgba?\(", value)}
    assert colours - {"--shadow-1", "--shadow-2"} <= set(system), colours - set(system)
    # The card table's surfaces under the page's ink (the menu's sheet, a hand's result) and
    # its room have dark values too.
    table = {"--sheet", "--sheet-ink", "--won-surface", "--lost-surface", "--felt-light", "--room"}
    assert table <= set(system), table - set(system)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_chosen_theme_is_drawn_on_every_page(client: TestClient, theme: str) -> None:
    client.cookies.set(THEME_COOKIE, theme)
    for path in PAGES:
        assert f'<html lang="en" data-theme="{theme}">' in client.get(path).text, path
    client.cookies.set(THEME_COOKIE, "purple")  # not a theme: the system's
    for path in PAGES:
        assert '<html lang="en">' in client.get(path).text, path


def test_without_javascript_the_pages_that_need_it_say_so(client: TestClient) -> None:
    client.cookies.set(LANGUAGE_COOKIE, "de")
    for path in PAGES:
        text = client.get(path).text
        # (a malformed invite, like an unknown path, gets the not-found page)
        needs = not path.startswith(("/rules", "/nope", "/t/"))
        assert (translate("de", "web.noscript.message") in text) == needs, path
