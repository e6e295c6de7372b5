"""A coached game in the browser, on a phone (390×844): Coached game chosen in the lobby, a whole
Sheepshead hand played with the coach's line read after each decision (in view without
scrolling, in its own live region), one decision undone with the Undo button (by keyboard) and
made again; axe finds nothing serious at the coached table.  Screenshots go to
``test-artifacts/browser-coach/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser import Screenshots, artifacts, page_errors, wait_for_state
from tests.web.servers import Server, sqlite_server
from tests.web.test_browser_phone import axe_violations

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    yield from sqlite_server(tmp_path, "coach", workers=1)


def coach_line(page: Any, before: str) -> str:
    """The coach's line once it has changed from ``before`` and is not pending."""
    page.wait_for_function(
        """before => { const line = document.getElementById('coach-line');
                       return line && !line.classList.contains('pending')
                         && line.textContent && line.textContent !== before; }""",
        arg=before, timeout=60_000)
    text: str = page.locator("#coach-line").inner_text()
    return text


def in_view(page: Any, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    return bool(box and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
                and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"])


def decide(page: Any) -> str:
    """Make the decision the prompt asks for (the first option each time); what was done."""
    prompt = page.locator("#prompt-buttons")
    for name in ("Pass", "Pick"):
        button = prompt.get_by_role("button", name=name, exact=True)
        if button.count():
            button.click()
            return name.lower()
    bury = prompt.get_by_role("button", name="Bury these two")
    if bury.count():
        cards = page.locator("#hand button.card")
        cards.nth(cards.count() - 1).click()
        cards.nth(cards.count() - 2).click()
        bury.click()
        return "bury"
    if prompt.get_by_role("button", name="Go alone").count():
        calls = prompt.locator("button[data-testid='call']")
        if calls.count():
            calls.first.click()
            return "call"
        unknown = prompt.locator("button[data-testid='call-unknown']")
        if unknown.count():
            unknown.first.click()
            page.locator("#hand button.card.legal").first.click()
            return "call"
        prompt.get_by_role("button", name="Go alone").click()
        return "alone"
    house = prompt.locator("button")
    if house.count():  # a crack or a blitz, when the table has them: let the stakes stand
        house.last.click()
        return "house"
    page.locator("#hand button.card.legal").first.click()
    return "play"


def test_a_coached_hand_on_a_phone_with_the_coach_and_one_undo(server: Server,
                                                                browser: Any) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    errors = page_errors(page)
    shot = Screenshots(page, artifacts("browser-coach"))
    page.goto(server.url)
    wait_for_state(page, "lobby")
    page.select_option("#hands", "5")
    page.get_by_label("Coached game").check()
    shot("lobby-coached")
    page.locator("#new-game-button").click()
    page.wait_for_selector("#table-view:not([hidden])")
    page.wait_for_selector("#coach:not([hidden])")
    page.evaluate("""() => {
      const s = JSON.parse(localStorage.getItem('tricktable.settings') || '{}');
      s.speed = 'instant';
      localStorage.setItem('tricktable.settings', JSON.stringify(s)); }""")
    page.reload()
    page.wait_for_selector("#coach:not([hidden])")
    assert page.locator("#coach-line").get_attribute("role") == "status"
    line = coach_line(page, "")
    assert "coach" in line.lower()  # before my first decision: what the coach will do

    decisions = 0
    undone = False
    for _step in range(200):
        state = wait_for_state(page, "idle hand-end final")
        if state in ("hand-end", "final"):
            shot("hand-end")
            break
        assert in_view(page, "#coach-line") and in_view(page, "#undo-button"), "coach out of view"
        what = decide(page)
        decisions += 1
        line = coach_line(page, line)
        assert line.startswith(("Good", "The coach would have", "About equal", "No choice")), line
        if decisions == 1:
            shot("first-coach-line")
        if not undone and what == "play" and wait_for_state(page, "idle hand-end final") == "idle":
            # Undo the card just played, by keyboard: the table is back where I decided.  Undo
            # waits for the computers' cards to be shown.
            page.wait_for_function("() => !document.querySelector('#undo-button').disabled")
            hand_before = page.locator("#hand button.card").count()
            page.locator("#undo-button").focus()
            page.keyboard.press("Enter")
            line = coach_line(page, line)
            assert line.startswith("Undone"), line
            wait_for_state(page, "idle")
            assert page.locator("#hand button.card").count() == hand_before + 1
            shot("after-undo")
            undone = True
    else:
        pytest.fail("the hand did not end")
    assert undone and decisions >= 6, (undone, decisions)
    page.locator("#dialog-buttons button.primary").click()
    wait_for_state(page, "idle")
    page.wait_for_selector("#coach:not([hidden])")
    assert axe_violations(page) == []
    game_id = page.evaluate("() => /game=([0-9a-f]+)/.exec(location.hash)[1]")
    listed = page.request.get(f"{server.url}/api/games").json()["games"]
    assert [g["coached"] for g in listed if g["id"] == game_id] == [True]
    assert not errors, errors
    context.close()
