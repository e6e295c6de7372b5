"""The browser in every language, in Chromium against a real server:

- the pseudo-language (English 40 % longer, accented) through the whole journey — the lobby, a
  Sheepshead hand from the pick to the scores, its dialogs, the replay, Spades to its bid, the
  leaderboard, a table with friends, the 404 page — at 390 and 1366 px: nothing overflows or is
  clipped, no word of a page (not the card table) is broken across two lines, and every word on
  the screen came from the catalogue;
- a game in each language (a whole Sheepshead hand; Spades' draw, bid and a few tricks) with
  ``<html lang>`` set and no English word left on the table;
- the language menu: a choice redraws the page and is remembered, with or without JavaScript;
  ``Accept-Language`` chooses when the player has not;
- an illegal card's reason in the player's language, and a friend at a Spades table named.

Words the server writes (reasons, errors) are marked ``data-words="server"``; they are checked
here where a test says so (an illegal card's reason, the Daily's notice).  Screenshots go to
``test-artifacts/browser-languages/``.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Iterator
from typing import Any

import httpx2
import pytest

from tests.web.browser import (
    Screenshots,
    artifacts,
    page_errors,
    tool,
    wait_for_state,
)
from tests.web.servers import Server, sqlite_server
from tests.web.split_words import SPLIT_WORDS
from tests.web.words import (
    INTL_WORDS,
    LAYOUT_PROBLEMS,
    VISIBLE_WORDS,
    english_leftovers,
    own_words,
    words,
)
from tricktable.i18n import LANGUAGES, PSEUDO_LANGUAGE, translate
from tricktable.web.language import LANGUAGE_COOKIE

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 800}
NICKNAME = "Zyxq"
PAGES = frozenset({"lobby", "spades-lobby", "replay-deal", "replay-trick", "leaderboard",
                   "friends-new", "friends-lobby", "not-found"})
"""The screens that are pages (not the card table): no word of theirs may break across lines."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from sqlite_server(tmp_path_factory.mktemp("languages"), "languages",
                             test_options=True)


def open_page(browser: Any, url: str, language: str | None, *,
              viewport: dict[str, int] = PHONE, **options: Any) -> tuple[Any, Any, list[str]]:
    """A new visitor (own cookies) speaking ``language`` (None: the browser's own), the
    other players at instant speed."""
    context = browser.new_context(viewport=viewport, **options)
    if language:
        context.add_cookies([{"name": LANGUAGE_COOKIE, "value": language, "url": url}])
    context.add_init_script(
        "localStorage.setItem('tricktable.settings', JSON.stringify({speed: 'instant'}))")
    context.add_init_script(COUNT_BUSY)
    page = context.new_page()
    return context, page, page_errors(page)


def api(page: Any, url: str, method: str, path: str, body: Any = None) -> dict[str, Any]:
    """The API with the page's own cookies (its identity and language)."""
    response = page.request.fetch(url + path, method=method,
                                  headers={"content-type": "application/json"},
                                  data=None if body is None else json.dumps(body))
    assert response.ok, (path, response.status, response.text())
    data: dict[str, Any] = response.json()
    return data


# --- Looking at a screen -----------------------------------------------------------------------


class Looker:
    """Checks the screens of one visitor: their words (all the language's; for the
    pseudo-language all from its catalogue) and, when asked, the layout at both widths."""

    def __init__(self, page: Any, language: str, shot: Screenshots | None = None) -> None:
        self.page = page
        self.language = language
        self.shot = shot
        self.allowed = words(NICKNAME)
        if language == PSEUDO_LANGUAGE:
            self.allowed |= {w for text in page.evaluate(INTL_WORDS) for w in words(text)}
        self.problems: list[str] = []
        self.seen: list[str] = []

    def __call__(self, name: str, *, layout: bool = False) -> None:
        self.seen.append(name)
        assert self.page.evaluate("document.documentElement.lang") == self.language, name
        self.check_words(name)
        if layout:
            size = self.page.viewport_size
            for viewport in (PHONE, DESKTOP):
                self.page.set_viewport_size(viewport)
                self.page.wait_for_timeout(50)
                if self.shot:
                    self.shot(f"{viewport['width']}-{name}")
                found = self.page.evaluate(LAYOUT_PROBLEMS, viewport["width"])
                if name in PAGES:
                    found += [f"a word split: {w}" for w in self.page.evaluate(SPLIT_WORDS)]
                self.problems += [f"{name} at {viewport['width']} px: {p}" for p in found]
            self.page.set_viewport_size(size)

    def check_words(self, name: str) -> None:
        texts: list[str] = self.page.evaluate(VISIBLE_WORDS)
        for text in texts:
            if self.language == PSEUDO_LANGUAGE:
                foreign = words(text) - own_words(PSEUDO_LANGUAGE) - self.allowed
                if foreign:
                    self.problems.append(f"{name}: not from the catalogue: {sorted(foreign)} "
                                         f"in {text!r}")
            else:
                left = english_leftovers(text, self.language) - self.allowed
                if left:
                    self.problems.append(f"{name}: English left: {sorted(left)} in {text!r}")

    def done(self) -> None:
        assert not self.problems, "\n".join(dict.fromkeys(self.problems))


# --- Playing through the page -----------------------------------------------------------------


COUNT_BUSY = """
window.__busy = 0;
new MutationObserver(() => { if (document.body.dataset.state === 'busy') window.__busy += 1; })
  .observe(document, { subtree: true, attributeFilter: ['data-state'] });
"""
"""Counts the table's turns to busy: an action was taken even if its answer came within a frame."""


def act(page: Any, target: Any) -> None:
    """Click ``target`` (a locator) at the table and wait until the table has taken it."""
    before = page.evaluate("window.__busy")
    target.click()
    page.wait_for_function("(n) => window.__busy > n", arg=before, timeout=20_000)


def sheepshead_hand(page: Any, look: Looker, *, layout: bool) -> None:
    """The player's part of a Sheepshead hand through the page, picking when offered: each
    new kind of question is looked at, and the end of the hand with its scores."""
    looked: set[str] = set()

    def once(name: str) -> None:
        if name not in looked:
            looked.add(name)
            look(name, layout=layout)

    for _ in range(60):
        state = wait_for_state(page, "idle hand-end final")
        if state != "idle":
            once("hand-end")
            return
        buttons = page.locator("#prompt-buttons")
        cards = page.locator("#hand button.card")
        if buttons.get_by_test_id("pick").count():
            once("pick")
            act(page, buttons.get_by_test_id("pick"))
        elif buttons.get_by_test_id("bury").count():
            cards.nth(cards.count() - 1).click()
            cards.nth(cards.count() - 2).click()
            once("bury")
            act(page, buttons.get_by_test_id("bury"))
        elif buttons.get_by_test_id("alone").count():
            once("call")
            if buttons.get_by_test_id("call").count():
                act(page, buttons.get_by_test_id("call").first)
            elif buttons.get_by_test_id("call-unknown").count():
                buttons.get_by_test_id("call-unknown").first.click()
                once("call-unknown")
                act(page, page.locator("#hand button.card.legal").first)
            else:
                act(page, buttons.get_by_test_id("alone"))
        else:
            if page.locator("#trick .played").count():
                once("play-mid-trick")
            else:
                once("play")
            if page.locator("#hand button.card.dim").count():
                once("play-with-cards-not-playable")
            act(page, page.locator("#hand button.card.legal").first)
    raise AssertionError("the hand did not end")


def spades_to_a_few_tricks(page: Any, look: Looker, *, layout: bool, tricks: int) -> None:
    """A Spades game from the page's New game: the draw, the bid, and ``tricks`` tricks."""
    looked: set[str] = set()
    for _ in range(80):
        wait_for_state(page, "idle")
        if page.get_by_test_id("keep-button").count():
            if "draw" not in looked:
                looked.add("draw")
                look("spades-draw", layout=layout)
            act(page, page.get_by_test_id("keep-button"))
        elif page.get_by_test_id("bid-button").count():
            look("spades-bid", layout=layout)
            page.get_by_test_id("bid-up").click()
            act(page, page.get_by_test_id("bid-button"))
        else:
            won = sum(int(page.get_by_test_id(f"tricks-{seat}").inner_text())
                      for seat in (0, 1))
            if won >= tricks:
                look("spades-play", layout=layout)
                return
            act(page, page.locator("#sp-hand button.card.legal").first)
    raise AssertionError("Spades did not reach its tricks")


VISITORS = itertools.count(1)


def set_nickname(page: Any) -> None:
    """A nickname of the visitor's own (names are unique): letters of no language, and a
    number."""
    page.fill("#nickname", f"{NICKNAME}{next(VISITORS)}")
    page.get_by_test_id("save-nickname").click()
    page.wait_for_selector("#toast:not([hidden])")
    page.locator("#toast").evaluate("node => { node.hidden = true; }")


def open_dialog(page: Any, opener: str) -> None:
    tool(page, opener).click()
    page.wait_for_selector("#dialog[open]")


def close_dialog(page: Any) -> None:
    page.keyboard.press("Escape")
    page.wait_for_selector("#dialog:not([open])", state="attached")


# --- The pseudo-language, the whole journey, two widths -----------------------------------------


def test_the_pseudo_language_fits_every_screen_and_every_word_is_the_catalogue_s(
        server: Server, browser: Any) -> None:
    url = server.url
    context, page, errors = open_page(browser, url, PSEUDO_LANGUAGE)
    shot = Screenshots(page, artifacts("browser-languages"))
    page.goto(url)
    wait_for_state(page, "lobby")
    look = Looker(page, PSEUDO_LANGUAGE, shot)
    set_nickname(page)
    page.locator("#house-options summary").click()
    look("lobby", layout=True)

    # A Sheepshead hand from the pick to the scores, and the table's dialogs.
    page.select_option("#difficulty", "easy")
    page.select_option("#hands", "5")
    page.locator("#new-game-button").click()
    page.wait_for_selector("#table-view:not([hidden])")
    for opener, name in (("#settings-button", "settings"), ("#help-button", "keys")):
        wait_for_state(page, "idle")
        open_dialog(page, opener)
        look(name, layout=True)
        close_dialog(page)
    sheepshead_hand(page, look, layout=True)
    page.locator("#dialog-buttons button.primary").click()
    wait_for_state(page, "idle")
    for opener, name in (("#scores-button", "scores"), ("#last-hand-button", "last-hand")):
        open_dialog(page, opener)
        look(name, layout=True)
        close_dialog(page)
    game = re.search(r"game=([0-9a-f]+)", page.url)
    assert game, page.url

    # The replay of that hand: the deal, a trick, the result.
    page.goto(f"{url}/replay?game={game[1]}")
    page.locator("#replay-step").filter(has_text=re.compile(".")).wait_for()
    look("replay-deal", layout=True)
    page.keyboard.press("ArrowRight")
    look("replay-trick", layout=True)

    # Spades: its lobby, the draw, the bid.
    page.goto(f"{url}/?game=spades")
    wait_for_state(page, "lobby")
    look("spades-lobby", layout=True)
    page.select_option("#difficulty", "easy")
    page.locator("#new-game-button").click()
    page.wait_for_selector("#spades-view:not([hidden])")
    spades_to_a_few_tricks(page, look, layout=True, tricks=0)

    # The leaderboard, a table with friends, a page that is not there.
    page.goto(f"{url}/leaderboard")
    page.wait_for_selector("body[data-state='ready']")
    look("leaderboard", layout=True)
    page.goto(f"{url}/friends")
    page.wait_for_selector("body[data-state='table-new']")
    look("friends-new", layout=True)
    page.fill("#table-nickname", NICKNAME)
    page.locator("#create-table-button").click()
    page.wait_for_selector("#friends-lobby:not([hidden])")
    look("friends-lobby", layout=True)
    page.goto(f"{url}/nope")
    look("not-found", layout=True)

    look.done()
    assert [e for e in errors if "status of 404" not in e] == [], errors
    context.close()


# --- A game in each language -------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_game_in_each_language_leaves_no_english_on_the_table(
        server: Server, browser: Any, language: str) -> None:
    url = server.url
    context, page, errors = open_page(browser, url, language, viewport=DESKTOP)
    look = Looker(page, language)
    page.goto(url)
    wait_for_state(page, "lobby")
    set_nickname(page)
    look("lobby")
    page.select_option("#difficulty", "easy")
    page.select_option("#hands", "5")
    page.locator("#new-game-button").click()
    page.wait_for_selector("#table-view:not([hidden])")
    sheepshead_hand(page, look, layout=False)
    assert page.get_by_test_id("hand-scores").locator("tbody tr").count() == 5
    page.locator("#dialog-buttons button.primary").click()
    wait_for_state(page, "idle")
    open_dialog(page, "#scores-button")
    look("scores")
    close_dialog(page)

    page.goto(f"{url}/?game=spades")
    wait_for_state(page, "lobby")
    look("spades-lobby")
    page.select_option("#difficulty", "easy")
    page.locator("#new-game-button").click()
    page.wait_for_selector("#spades-view:not([hidden])")
    spades_to_a_few_tricks(page, look, layout=False, tricks=3)
    assert {"hand-end", "spades-bid", "spades-play"} <= set(look.seen), look.seen
    assert {"play", "play-mid-trick"} & set(look.seen), look.seen
    look.done()
    assert errors == [], errors
    context.close()


# --- The language menu ---------------------------------------------------------------------------


def test_the_menu_redraws_the_page_in_the_language_and_remembers_it(server: Server,
                                                                    browser: Any) -> None:
    url = server.url
    context, page, errors = open_page(browser, url, None, viewport=DESKTOP, locale="en-US")
    page.goto(f"{url}/leaderboard?game=spades")
    page.wait_for_selector("body[data-state='ready']")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator(".language-menu button").is_hidden()  # JavaScript sends on a change
    with page.expect_navigation():
        page.select_option(".language-menu select", "nl")
    page.wait_for_selector("body[data-state='ready']")
    assert page.url == f"{url}/leaderboard?game=spades"
    assert page.evaluate("document.documentElement.lang") == "nl"
    assert page.locator("#board-title").inner_text() == translate("nl", "web.board.title_spades")
    assert page.locator(".language-menu select").input_value() == "nl"
    # Remembered: the next visit, another page, is in Dutch too, the table's words as well.
    page.goto(url)
    wait_for_state(page, "lobby")
    assert page.evaluate("document.documentElement.lang") == "nl"
    assert page.locator("#new-game-button").inner_text() == translate("nl", "web.lobby.start")
    assert any(c["name"] == LANGUAGE_COOKIE and c["value"] == "nl" for c in context.cookies())
    # A table keeps its game through the change: the menu comes back to #game=….
    page.select_option("#difficulty", "easy")
    page.locator("#new-game-button").click()
    wait_for_state(page, "idle")
    shown = page.url
    with page.expect_navigation():
        page.select_option(".language-menu select", "de")
    wait_for_state(page, "idle")
    assert page.url == shown and page.evaluate("document.documentElement.lang") == "de"
    last_trick = translate("de", "web.table.last_trick")
    assert page.locator("#last-trick-button").inner_text() == last_trick
    assert errors == [], errors
    context.close()


def test_the_menu_works_without_javascript(server: Server, browser: Any) -> None:
    context, page, _ = open_page(browser, server.url, None, viewport=PHONE,
                                 java_script_enabled=False)
    page.goto(f"{server.url}/nope")
    page.select_option(".language-menu select", "fi")
    with page.expect_navigation():
        page.locator(".language-menu button").click()
    assert page.url == f"{server.url}/nope"
    assert page.locator("h1").inner_text() == translate("fi", "web.not_found.title")
    context.close()


def test_accept_language_chooses_until_the_player_does(server: Server, browser: Any) -> None:
    languages = {"Accept-Language": "pt-BR, sv;q=0.9, de;q=0.8"}
    context, page, _ = open_page(browser, server.url, None, viewport=DESKTOP,
                                 extra_http_headers=languages)
    page.goto(server.url)
    wait_for_state(page, "lobby")
    assert page.evaluate("document.documentElement.lang") == "sv"
    assert page.locator("#daily-button").inner_text() == translate("sv", "web.lobby.daily_play")
    assert page.locator(".language-menu select").input_value() == "sv"
    context.close()


# --- An illegal card, explained in the player's language --------------------------------------


def at_a_play_with_a_card_not_playable(page: Any, url: str) -> dict[str, Any]:
    """A Sheepshead game (through the API, with the page's cookies) where the player must play
    and holds a card that may not be played now."""
    rng = random.Random(7)
    for _ in range(40):
        game = api(page, url, "POST", "/api/games", {"game": "sheepshead", "difficulty": "easy"})
        for _ in range(40):
            legal = game["legal_actions"]
            if game["status"] != "playing" or not legal:
                break
            if legal[0].startswith("play ") and game["unplayable"]:
                return game
            choice = "pick" if "pick" in legal else rng.choice(legal)
            game = api(page, url, "POST", f"/api/games/{game['id']}/actions",
                       {"action": choice, "version": game["version"]})
    raise AssertionError("no play with a card that may not be played")


def refusal(url: str, identity: dict[str, str], game: dict[str, Any], card: str,
            language: str) -> str:
    """The server's reason for refusing the card, asked in ``language`` (it changes nothing)."""
    response = httpx2.post(f"{url}/api/games/{game['id']}/actions",
                          json={"action": f"play {card}", "version": game["version"]},
                          cookies={**identity, LANGUAGE_COOKIE: language})
    assert response.status_code == 422, response.text
    message: str = response.json()["message"]
    return message


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_illegal_card_is_explained_in_the_player_s_language(server: Server, browser: Any,
                                                               language: str) -> None:
    url = server.url
    context, page, _ = open_page(browser, url, language, viewport=DESKTOP)
    page.goto(url)
    wait_for_state(page, "lobby")
    game = at_a_play_with_a_card_not_playable(page, url)
    page.goto(f"{url}/?again#game={game['id']}")
    wait_for_state(page, "idle")
    blocked = page.locator("#hand button.card.dim").first
    card = blocked.get_attribute("data-card")
    described = page.locator(f"#{blocked.get_attribute('aria-describedby')}").inner_text()
    blocked.click(force=True)  # aria-disabled: a tap still asks the server, which says why
    page.wait_for_selector("#toast.error:not([hidden])")
    shown = page.locator("#toast").inner_text()
    assert page.locator("#toast").get_attribute("data-words") == "server"
    identity = {c["name"]: c["value"] for c in context.cookies() if c["name"] != LANGUAGE_COOKIE}
    english = refusal(url, identity, game, card, "en")
    assert shown == refusal(url, identity, game, card, language)
    assert described == game["unplayable"][card]
    if language != "en":
        assert shown != english, shown
        assert not english_leftovers(shown, language), shown
        assert not english_leftovers(described, language), described
    context.close()


def test_the_server_s_words_on_a_page_are_in_the_pseudo_language(server: Server,
                                                                  browser: Any) -> None:
    context, page, _ = open_page(browser, server.url, PSEUDO_LANGUAGE, viewport=DESKTOP)
    page.goto(server.url)
    wait_for_state(page, "lobby")
    # The notice is filled once the day's status arrives, after the lobby shows.
    page.wait_for_function(
        "() => document.querySelector('[data-testid=daily-ranked]').textContent.length > 0")
    page.locator("#daily-why summary").click()  # the reason, one step away
    notice = page.get_by_test_id("daily-ranked").inner_text()
    assert notice and not words(notice) - own_words(PSEUDO_LANGUAGE), notice
    context.close()


# --- A friend at a Spades table is named -------------------------------------------------------


def test_a_friend_at_spades_is_named_not_called_the_computer(server: Server,
                                                            browser: Any) -> None:
    url = server.url
    host_context, host, host_errors = open_page(browser, url, "en", viewport=DESKTOP)
    friend_context, friend, friend_errors = open_page(browser, url, "de", viewport=DESKTOP)
    host.goto(f"{url}/friends")
    host.wait_for_selector("body[data-state='table-new']")
    host.select_option("#table-game", "spades")
    host.select_option("#table-difficulty", "easy")
    host.fill("#table-nickname", "Ann")
    host.locator("#create-table-button").click()
    host.wait_for_selector("#friends-lobby:not([hidden])")
    friend.goto(host.input_value("#invite-link"))
    friend.wait_for_selector("#friends-join:not([hidden])")
    friend.fill("#join-nickname", "Bob")
    friend.locator("#join-button").click()
    friend.wait_for_selector("#friends-lobby:not([hidden])")
    host.wait_for_function("() => document.querySelectorAll('#lobby-seats li[data-kind=human]')"
                           ".length === 2")
    host.locator("#start-table").click()
    for page in (host, friend):
        page.wait_for_selector("#spades-view:not([hidden])")
    host.wait_for_function("() => document.querySelector('#sp-seat-1 .name')")
    friend.wait_for_function("() => document.querySelector('#sp-seat-0 .name')")
    assert host.locator("#sp-seat-1 .name").inner_text() == "Bob"
    assert friend.locator("#sp-seat-0 .name").inner_text() == "Ann"
    # Whoever waits, waits for the other by name; nobody is called the computer.
    waiting = {"Ann": translate("en", "web.spades.waiting_person", name="Bob"),
               "Bob": translate("de", "web.spades.waiting_person", name="Ann")}
    texts = {"Ann": host.locator("#sp-prompt-text"), "Bob": friend.locator("#sp-prompt-text")}
    host.wait_for_function("() => document.querySelector('#sp-prompt-text').textContent.length")
    friend.wait_for_function("() => document.querySelector('#sp-prompt-text').textContent.length")
    assert any(texts[who].inner_text() == waiting[who] for who in texts), {
        who: texts[who].inner_text() for who in texts}
    assert "Computer" not in host.locator("#spades-view").inner_text()
    assert "Computer" not in friend.locator("#spades-view").inner_text()
    assert not host_errors and not friend_errors, (host_errors, friend_errors)
    host_context.close()
    friend_context.close()


def test_negative_numbers_show_a_true_minus_sign_in_every_language(server: Server,
                                                                   browser: Any) -> None:
    """Spades' running score read "192 – -116": every number the page formats writes a
    negative with U+2212, as Swedish and Finnish already did, never a hyphen-minus."""
    for language in LANGUAGES:
        context, page, errors = open_page(browser, server.url, language)
        page.goto(f"{server.url}/rules")
        shown = page.evaluate(
            "import('/static/js/i18n.js').then((i18n) => [i18n.formatNumber(-116),"
            " i18n.formatSigned(-3), i18n.formatSigned(4), i18n.formatPercent(-0.25),"
            " i18n.t('web.spades.score_pair', {yours: 192, theirs: -116})])")
        assert shown[0] == "\u2212116" and shown[1] == "\u22123" and shown[2] == "+4", shown
        assert "\u221225" in shown[3] and shown[4].endswith("\u2212116"), shown
        assert "-" not in "".join(shown), (language, shown)
        assert not errors, errors
        context.close()
