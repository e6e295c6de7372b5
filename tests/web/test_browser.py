"""A person plays today's Sheepshead Daily in Chromium: every hand, picking, burying and calling
when the game offers it, then checks the final standings and the leaderboard.

Uses the system's Chromium (Debian package ``chromium``) through the Python ``playwright``
package, never Playwright's downloaded browsers.  Screenshots of each phase are saved in
``test-artifacts/browser/``.  Under ``CI=true`` a missing browser fails the test; elsewhere it
skips with a message.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser import Screenshots, artifacts, chromium_page, page_errors, wait_for_state
from tests.web.conftest import SQLITE_ONLY
from tests.web.servers import Server

pytestmark = SQLITE_ONLY

NICKNAME = "Browser Bob"


@pytest.fixture
def server(tmp_path: Path, database_url: str) -> Iterator[Server]:
    started = Server(database_url, tmp_path / "server.log",
                     workers=2)
    yield started
    started.kill()


def test_a_person_plays_the_daily_in_the_browser(server: Server, browser: Any) -> None:
    with chromium_page(browser) as page:
        play_the_daily(page, server.url, artifacts("browser"))


def play_the_daily(page: Any, url: str, directory: Path) -> None:
    # The browser logs the 422 of the illegal card on purpose below; nothing else may fail.
    errors = page_errors(page)
    shot = Screenshots(page, directory)

    def wait_for(states: str) -> str:
        return wait_for_state(page, states)

    # The lobby: a nickname, then today's Daily.
    page.goto(url)
    wait_for("lobby")
    page.fill("#nickname", NICKNAME)
    page.get_by_role("button", name="Save nickname").click()
    page.wait_for_selector("#toast:not([hidden])")
    shot("lobby")
    page.get_by_role("button", name="Play today's Daily").click()
    page.wait_for_selector("#table-view:not([hidden])")
    page.select_option("#speed", "instant")

    done: Counter[str] = Counter()
    for _step in range(2000):
        state = wait_for("idle hand-end final")
        if state == "final":
            break
        if state == "hand-end":
            shot("hand-end")
            done["hands"] += 1
            page.locator("#dialog-buttons button.primary").click()
            continue
        assert state == "idle", state
        prompt = page.locator("#prompt-buttons")
        if prompt.get_by_role("button", name="Pick", exact=True).count():
            shot("pick-or-pass")
            done["pick"] += 1
            prompt.get_by_role("button", name="Pick", exact=True).click()
        elif prompt.get_by_role("button", name="Bury these two").count():
            cards = page.locator("#hand button.card")
            cards.nth(cards.count() - 1).click()
            cards.nth(cards.count() - 2).click()
            assert prompt.get_by_role("button", name="Bury these two").is_enabled()
            shot("bury-two-chosen")
            done["bury"] += 1
            prompt.get_by_role("button", name="Bury these two").click()
        elif prompt.get_by_role("button", name="Go alone").count():
            shot("call-or-go-alone")
            labels = [b.inner_text() for b in prompt.locator("button").all()]
            direct = [label for label in labels
                      if label.startswith("Call ") and "unknown" not in label]
            unknown = [label for label in labels if "unknown" in label]
            if direct:
                done["call"] += 1
                prompt.get_by_role("button", name=direct[0], exact=True).click()
            elif unknown:
                done["call-unknown"] += 1
                prompt.get_by_role("button", name=unknown[0], exact=True).click()
                shot("choose-unknown-card")
                page.locator("#hand button.card.legal").first.click()
            else:
                done["alone"] += 1
                prompt.get_by_role("button", name="Go alone").click()
        else:
            play_a_card(page, shot, done)
    else:
        pytest.fail(f"the game did not end: {done}")

    # The final standings.
    shot("final-standings")
    line = page.get_by_test_id("final-line").inner_text()
    match = re.search(r"You finished (\d)\w\w with ([+\u2212-]?\d+)\.", line)
    assert match, line
    rows = page.get_by_test_id("final-standings").locator("tbody tr").all()
    assert len(rows) == 5
    you = page.get_by_test_id("final-standings").locator("tr.you td").all_inner_texts()
    assert you[1] == "You" and you[2] == match.group(2)
    daily = page.request.get(f"{url}/api/daily").json()
    assert daily["finished"] and daily["score"] == int(match.group(2).replace("\u2212", "-"))
    assert done["hands"] == 10 and done["pick"] >= 1 and done["bury"] >= 1, done
    assert done["call"] + done["call-unknown"] + done["alone"] >= 1, done

    # The leaderboard shows where the game would have placed: a brand-new browser's Daily is
    # unranked.
    assert not daily["ranked"] and daily["unranked_reason"] == "new_browser"
    page.locator("#dialog-buttons").get_by_role("link", name="Leaderboard").click()
    page.wait_for_selector("body[data-state='ready']")
    row = page.locator("#ranking tbody tr.you.unranked")
    row.wait_for()
    cells = row.locator("td").all_inner_texts()
    assert cells[1] == "You (unranked)" and cells[2] == match.group(2), cells
    assert page.get_by_test_id("my-standing").inner_text().startswith(
        f"Your unranked attempt scored {match.group(2)}")
    assert page.locator("#stats").inner_text().count("1") >= 1
    shot("leaderboard")
    page.goto(f"{url}/rules")
    shot("rules")
    assert not errors, errors


def play_a_card(page: Any, shot: Any, done: Counter[str]) -> None:
    hand = page.locator("#hand button.card")
    legal = page.locator("#hand button.card.legal")
    assert legal.count() >= 1
    if not done["illegal"] and page.locator("#hand button.card.dim").count():
        # Tapping a card that may not be played (aria-disabled, so Playwright must be told to
        # tap it anyway): the server says why.
        page.locator("#hand button.card.dim").first.click(force=True)
        page.wait_for_selector("#toast.error:not([hidden])")
        message = page.locator("#toast").inner_text()
        assert message.startswith(("You must", "The partner", "The picker", "You cannot",
                                   "The unknown")) or (
            " are led: the picker must play the unknown card" in message), message
        shot("illegal-card-explained")
        done["illegal"] += 1
        page.wait_for_function("() => document.body.dataset.state === 'idle'")
    if not done["keyboard"]:
        # Keyboard: a number key selects a card, Enter plays it.
        codes = [hand.nth(k).get_attribute("data-card") for k in range(hand.count())]
        index = codes.index(legal.first.get_attribute("data-card"))
        shot("your-turn-to-play")
        page.set_viewport_size({"width": 390, "height": 844})
        shot("phone-your-turn")
        page.set_viewport_size({"width": 1200, "height": 1000})
        page.keyboard.press(str(index + 1))
        page.keyboard.press("Enter")
        done["keyboard"] += 1
        return
    if page.locator(".trick .slot .played").count() >= 2:
        shot("mid-trick")
    legal.first.click()
