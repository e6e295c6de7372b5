"""Phone first and accessible: every page, table phase and dialog of both games at 360×740,
390×844 and 1366×800 in Chromium — no sideways scrolling, the hand and the prompt in view with
tap targets of 44 px, cards side by side without hiding each other, no player's name broken
inside a word, at most six controls besides the cards and the question's answers on a phone,
dialogs that open at their top (a hand's result and scores in view whole); their axe-core scan at
390×844 is test_browser_themes', in both themes.  Then a hand played by keyboard alone, counting
the animations the cards start, and a won trick kept in view at the instant speed.

The scenes (tests/web/scenes.py) are brought about through the API with the page's own cookie,
then shown by loading the page.  Screenshots go to ``test-artifacts/browser-phone/``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.browser import (
    Screenshots,
    artifacts,
    page_errors,
    tool,
    wait_for_state,
)
from tests.web.scenes import Api, Scene, first, scenes, sheepshead_at_pick, show
from tests.web.servers import Server, sqlite_server

VIEWPORTS = ((360, 740), (390, 844), (1366, 800))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from sqlite_server(tmp_path_factory.mktemp("phone"), "phone", test_options=True)




# --- Looking at a scene ------------------------------------------------------------------------

BOXES = """(selector) => [...document.querySelectorAll(selector)]
  .filter((e) => e.offsetParent !== null || e.getClientRects().length)
  .map((e) => { const r = e.getBoundingClientRect();
                return [r.left, r.top, r.right, r.bottom]; })"""


# The table's own controls in view, besides the cards and the prompt's answers.
CONTROLS = """() => [...document.querySelectorAll(
    '.table-view:not([hidden]) :is(button, select, input, a[href], summary)')]
  .filter((e) => !e.closest('.hand, .prompt') && e.checkVisibility({ checkVisibilityCSS: true })
    && e.getClientRects().length > 0)
  .map((e) => e.id || e.className)"""

# Players' names broken inside a word: each word of a seat's name on one line.
BROKEN_NAMES = """() => [...document.querySelectorAll('.table-view:not([hidden]) .seat .name')]
  .flatMap((name) => {
    const text = name.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) return [];
    const broken = [];
    let at = 0;
    for (const word of text.textContent.split(' ')) {
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + word.length);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (tops.size > 1) broken.push(word);
      at += word.length + 1;
    }
    if (name.scrollWidth > name.clientWidth + 1) broken.push(`${text.textContent} (cut)`);
    return broken;
  })"""


def check_fits(page: Any, scene: Scene, width: int, height: int) -> None:
    where = f"{scene.name} at {width}×{height}"
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"{where}: the page is {scroll} px wide"
    for selector in scene.controls:
        boxes = page.evaluate(BOXES, selector)
        assert boxes, f"{where}: no {selector}"
        for left, top, right, bottom in boxes:
            assert left >= -0.5 and right <= width + 0.5, f"{where}: {selector} off the side"
            assert top >= 0 and bottom <= height + 0.5, f"{where}: {selector} below the fold"
            if "button" in selector:
                assert right - left >= 43.5 and bottom - top >= 43.5, \
                    f"{where}: {selector} is {right - left:.0f}×{bottom - top:.0f} px"
    if scene.game is not None:
        broken = page.evaluate(BROKEN_NAMES)
        assert not broken, f"{where}: names broken: {broken}"
        if width <= 414 and not page.locator("#dialog[open]").count():
            controls = page.evaluate(CONTROLS)
            assert len(controls) <= 6, f"{where}: {len(controls)} controls in view: {controls}"
    cards = page.evaluate(BOXES, ".table-view:not([hidden]) .hand button.card svg")
    for (_, top, right, _), (next_left, next_top, _, _) in itertools.pairwise(cards):
        if abs(top - next_top) < 20:  # the same row: a card may not cover its neighbour's corner
            assert next_left >= right - 1, f"{where}: the hand's cards overlap"
    if page.locator("#dialog[open]").count():
        dialog = page.evaluate("""(() => { const d = document.querySelector('#dialog');
            const body = document.querySelector('#dialog-body');
            const r = d.getBoundingClientRect();
            const t = document.querySelector('#dialog-title').getBoundingClientRect();
            const b = document.querySelector('#dialog-buttons').getBoundingClientRect();
            return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, title: t.top,
                    buttons: b.bottom, scrollTop: body.scrollTop, scrollWidth: body.scrollWidth,
                    clientWidth: body.clientWidth}; })()""")
        assert dialog["left"] >= 0 and dialog["right"] <= width, f"{where}: the dialog is wide"
        assert dialog["title"] >= dialog["top"] >= 0, f"{where}: the dialog's title is hidden"
        assert dialog["scrollTop"] == 0, f"{where}: the dialog opened scrolled down"
        assert dialog["buttons"] <= min(dialog["bottom"], height) + 0.5, \
            f"{where}: the dialog's buttons are out of view"
        assert dialog["scrollWidth"] <= dialog["clientWidth"] + 1, \
            f"{where}: the dialog scrolls sideways ({dialog['scrollWidth']} px)"


def axe_violations(page: Any) -> list[str]:
    """axe-core's serious and critical findings on the page (the lessons' test uses it)."""
    from axe_playwright_python.sync_playwright import Axe

    # A card face is an image named by its holder (role="img", "ten of hearts"); the letters drawn
    # in its SVG are not text to read, and axe misjudges the colours of rotated SVG text.
    results = Axe().run(page, context={"exclude": [[".card-svg"]]})
    return [f"{v['id']} ({v['impact']}): {v['help']} — "
            + "; ".join(str(n["target"]) for n in v["nodes"][:3])
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


def in_the_lobby(page: Any, server: Server, speed: str) -> Api:
    """``page`` opened at the lobby, its game speed set to ``speed`` (for the games it opens
    next); the API as the same visitor."""
    page.goto(server.url)
    wait_for_state(page, "lobby")
    page.evaluate("speed => localStorage.setItem('tricktable.settings', JSON.stringify({speed}))",
                  speed)
    return Api(page, server.url)


ENDLESS_MOTION = """[...document.getAnimations()]
    .filter((a) => a.effect.getComputedTiming().endTime > 5000)
    .map((a) => `${a.animationName || 'script'} on ${a.effect.target.className}`)"""
"""Animations that run longer than 5 s: WCAG 2.2.2 asks that motion stop by then, and an
endless one (the turn's glow was) redraws an idle table 60 times a second, a quarter of a core
in a browser without a GPU."""


def test_every_page_phase_and_dialog_fits_a_phone(server: Server, browser: Any) -> None:
    # No axe-core scan here: test_browser_themes scans these very scenes at 390×844 in both
    # themes, the light one with every impact on the pages and serious or critical at the
    # tables, a superset of what a scan here found (it was a duplicate, ~28 scans).
    context = browser.new_context(viewport={"width": 1366, "height": 800})
    page = context.new_page()
    errors = page_errors(page)
    shot = Screenshots(page, artifacts("browser-phone"))
    every = scenes(in_the_lobby(page, server, "instant"))
    for width, height in VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        shown: Scene | None = None
        for scene in every:
            show(page, server.url, scene, shown)
            shown = scene
            if width != 360:  # 390 px shows the phone
                shot(f"{width}-{scene.name}")
            check_fits(page, scene, width, height)
            endless = page.evaluate(ENDLESS_MOTION)
            assert not endless, f"{scene.name} at {width} px moves for more than 5 s: {endless}"
    missing = [e for e in errors if "status of 404" in e]  # /nope, once at each size
    assert len(missing) == len(VIEWPORTS) and len(errors) == len(missing), errors
    context.close()


# --- A hand by keyboard alone, and the motion it makes -----------------------------------------

COUNT_ANIMATIONS = """
window.__motion = { css: [], js: [] };
document.addEventListener('animationstart', (e) => {
  if (e.target.closest && e.target.closest('.played')) window.__motion.css.push(e.target.className);
}, true);
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.__motion.js.push({ card: this.dataset ? this.dataset.card || null : null,
                            played: this.classList.contains('played') });
  return animate.apply(this, args);
};
"""


def keyboard_hand(page: Any, api: Api, game_id: str) -> int:
    """Plays the human's part of one Sheepshead hand with keys only; the cards it played."""
    played = 0
    for _ in range(200):
        state = wait_for_state(page, "idle hand-end final")
        if state != "idle":
            return played
        game = api.call("GET", f"/api/games/{game_id}")
        legal = game["legal_actions"]
        focused = page.evaluate("document.activeElement.textContent || ''")
        cards = page.locator("#hand button.card").count()
        if "pick" in legal:
            page.keyboard.press("p")
        elif any(a.startswith("bury ") for a in legal):
            for number in (cards, cards - 1):  # the blind's two cards
                page.keyboard.press(str(number))
                page.keyboard.press("Enter")
            # Focus followed the prompt: Enter buries.
            assert page.evaluate("document.activeElement.textContent") == "Bury these two"
            page.keyboard.press("Enter")
        elif "alone" in legal:
            assert focused.startswith("Call ") or focused == "Go alone", focused
            page.keyboard.press("Enter")
            if "unknown card" in focused:  # then the card to set aside: focus is on it
                assert page.evaluate("document.activeElement.classList.contains('legal')")
                page.keyboard.press("Enter")
        else:
            numbers = page.evaluate("""[...document.querySelectorAll('#hand button.card')]
                .map((b, k) => b.classList.contains('legal') ? k + 1 : 0).filter(Boolean)""")
            blocked = page.locator("#hand button.card[aria-disabled='true']")
            if blocked.count():
                described = blocked.first.get_attribute("aria-describedby")
                reason = page.locator(f"#{described}").inner_text()
                code = blocked.first.get_attribute("data-card")
                assert reason == game["unplayable"][code], reason
            page.keyboard.press(str(numbers[0]))
            page.keyboard.press("Enter")
            played += 1
        page.wait_for_function("() => document.body.dataset.state !== 'idle'", timeout=20_000)
    raise AssertionError("the hand did not end")


def test_a_hand_by_keyboard_and_each_card_moves_once(server: Server, browser: Any) -> None:
    for reduced in (False, True):
        context = browser.new_context(viewport={"width": 390, "height": 844},
                                      reduced_motion="reduce" if reduced else "no-preference")
        context.add_init_script(COUNT_ANIMATIONS)
        page = context.new_page()
        errors = page_errors(page)
        api = in_the_lobby(page, server, "fast")
        game = sheepshead_at_pick(api)
        page.goto(f"{server.url}/#game={game['id']}")
        page.reload()
        wait_for_state(page, "idle")
        page.keyboard.press("?")
        keys = page.locator("#dialog[open] kbd").all_inner_texts()
        assert {"P", "N", "A", "?"} <= set(keys), keys
        page.keyboard.press("Escape")
        played = keyboard_hand(page, api, game["id"])
        motion = page.evaluate("window.__motion")
        on_cards = [m for m in motion["js"] if m["played"]]
        per_card: dict[str, int] = {}
        for move in on_cards:
            per_card[move["card"]] = per_card.get(move["card"], 0) + 1
        assert not motion["css"], motion["css"]  # no animation re-runs as the table redraws
        if reduced:
            assert not on_cards, on_cards
        else:
            # Every card of the hand slid in once and out once, to its trick's winner.
            assert sum(per_card.values()) == 60 and set(per_card.values()) == {2}, per_card
        assert played >= 1
        assert "the trick" in page.locator("#announcer").inner_text() or \
            page.locator("#dialog[open]").count()
        assert not errors, errors
        context.close()


COUNT_SOUNDS = """
window.__sounds = 0;
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  createOscillator() { window.__sounds += 1; return super.createOscillator(); }
  createBufferSource() { window.__sounds += 1; return super.createBufferSource(); }
};
"""


def test_settings_are_kept_and_change_the_table(server: Server, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 800})
    context.add_init_script(COUNT_SOUNDS)
    page = context.new_page()
    errors = page_errors(page)
    api = Api(page, server.url)
    page.goto(server.url)
    wait_for_state(page, "lobby")
    for _ in range(40):  # eight cards to look at, none played, a club among them
        game = api.act(sheepshead_at_pick(api), "pick")
        if any(card.endswith("C") for card in game["view"]["hand"]["hand"]):
            break
    else:
        raise AssertionError("no hand after the pick held a club")
    page.goto(f"{server.url}/#game={game['id']}")
    page.reload()
    wait_for_state(page, "idle")
    order = page.locator("#hand button.card").evaluate_all("(cs) => cs.map((c) => c.dataset.card)")
    width = page.locator("#hand button.card").first.bounding_box()["width"]
    tool(page, "#settings-button").click()
    page.check("#setting-four-colour")
    page.check("#setting-sound")
    page.select_option("#setting-hand-order", "low-first")
    page.select_option("#setting-card-size", "small")
    page.select_option("#setting-speed", "fast")
    page.click("#dialog-buttons button")
    page.reload()  # kept in this browser
    wait_for_state(page, "idle")
    cards = page.locator("#hand button.card")
    assert cards.evaluate_all("(cs) => cs.map((c) => c.dataset.card)") == order[::-1]
    assert cards.first.bounding_box()["width"] < width * 0.9
    assert page.locator("#speed").input_value() == "fast"
    fills = page.locator("#hand button.card[data-card$='C'] svg g.s-C").evaluate_all(
        "(gs) => gs.map((g) => getComputedStyle(g).fill)")
    assert fills and set(fills) == {"rgb(8, 117, 46)"}, fills  # green clubs
    # A message covers nothing: it takes the prompt's line for a moment.
    page.click("#last-trick-button")
    page.wait_for_selector("#toast:not([hidden])")
    toast = page.locator("#toast").bounding_box()
    for box in page.evaluate(BOXES, "#table-view button, #table-view .seat"):
        left, top, right, bottom = box
        apart = (right <= toast["x"] or left >= toast["x"] + toast["width"]
                 or bottom <= toast["y"] or top >= toast["y"] + toast["height"])
        assert apart, ("the message covers", box, toast)
    # Sound is on: after the bury, the next question (the call) sounds.
    before = page.evaluate("window.__sounds")
    page.keyboard.press(str(cards.count()))
    page.keyboard.press("Enter")
    page.keyboard.press(str(cards.count() - 1))
    page.keyboard.press("Enter")
    page.keyboard.press("b")
    wait_for_state(page, "idle hand-end")
    assert page.evaluate("window.__sounds") > before
    assert not errors, errors
    context.close()


# Every stretch of time a whole trick (five cards) lay on the table, in milliseconds; the one
# still shown, since when.
WATCH_FULL_TRICKS = """
window.__full = [];
window.__fullSince = null;
new MutationObserver(() => {
  const shown = document.querySelectorAll('#trick .played').length === 5;
  const now = performance.now();
  if (shown && window.__fullSince === null) window.__fullSince = now;
  if (!shown && window.__fullSince !== null) {
    window.__full.push(now - window.__fullSince);
    window.__fullSince = null;
  }
}).observe(document, { childList: true, subtree: true });
"""


def test_at_the_instant_speed_a_won_trick_stays_in_view(server: Server, browser: Any) -> None:
    """Nothing moves at the instant speed, yet the cards played after the player's are seen: a
    won trick stays whole on the table for most of a second when more cards follow at once,
    and until the next card otherwise."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(WATCH_FULL_TRICKS)
    page = context.new_page()
    errors = page_errors(page)
    api = in_the_lobby(page, server, "instant")
    game = api.act(sheepshead_at_pick(api), "pick")
    game = api.act(api.act(game, first(game)), "alone")
    page.goto(f"{server.url}/#game={game['id']}")
    page.reload()
    for _ in range(3):
        wait_for_state(page, "idle")
        page.wait_for_timeout(1000)  # a player looks before playing (a held trick is still shown)
        count = page.locator("#hand button.card").count()
        page.locator("#hand button.card.legal").first.click()
        page.wait_for_function("(n) => document.querySelectorAll('#hand button.card').length < n",
                               arg=count)
    wait_for_state(page, "idle")
    shown = page.evaluate("window.__full")
    still = page.evaluate("window.__fullSince !== null")
    assert len(shown) + still >= 3, (shown, still)
    assert all(ms >= 800 for ms in shown), shown
    assert not errors, errors
    context.close()
