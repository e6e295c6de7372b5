"""A person plays Sheepshead at a Wisconsin table (``wisconsin-jd``) in Chromium: New game offers
it, the call is the J♦, cracks, recracks and blitzes are offered as prompts, the stakes show,
and the hand's result says how it was doubled.  The Daily stays at a Milwaukee table.

Deals are random (a new game's seed is the server's), so the person plays up to three games of
five hands until it has been offered a crack (about half the hands offer one to the first seat
after a pass); each game it picks once, to call the J♦ or go alone, and passes otherwise.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser import Screenshots, artifacts, chromium_page, page_errors, wait_for_state
from tests.web.servers import Server, sqlite_server


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    yield from sqlite_server(tmp_path, "browser", workers=2)


def test_a_person_plays_a_wisconsin_table_in_the_browser(server: Server,
                                                         browser: Any) -> None:
    with chromium_page(browser) as page:
        errors = page_errors(page)
        shot = Screenshots(page, artifacts("browser-wisconsin"))
        page.goto(server.url)
        wait_for_state(page, "lobby")
        options = [o.get_attribute("value") for o in page.locator("#preset option").all()]
        assert "wisconsin-jd" in options
        assert "J♦" in page.locator("#preset option[value='wisconsin-jd']").inner_text()
        daily = page.request.get(f"{server.url}/api/options").json()
        assert daily["games"]["sheepshead"]["daily"]["preset"] == "milwaukee"
        done: Counter[str] = Counter()
        for _game in range(3):
            play_a_game(page, shot, done)
            if done["crack-offered"]:
                break
            page.goto(server.url)  # back to the lobby past the game's final dialog
            wait_for_state(page, "lobby")
        assert done["crack-offered"] >= 1 and done["cracked"] >= 1, done
        assert done["stakes-shown"] >= 1, done
        assert done["reason-doubled"] >= 1, done
        assert done["called-jd"] + done["alone"] >= 1, done
        assert not errors, errors


def play_a_game(page: Any, shot: Any, done: Counter[str]) -> None:
    page.select_option("#preset", "wisconsin-jd")
    page.select_option("#hands", "5")
    page.get_by_role("button", name="Start a new game").click()
    page.wait_for_selector("#table-view:not([hidden])")
    page.select_option("#speed", "instant")
    picked = False
    for _step in range(2000):
        state = wait_for_state(page, "idle hand-end final")
        if state == "final":
            shot("final")
            return
        if state == "hand-end":
            result = page.get_by_test_id("hand-result").inner_text()
            dialog = page.locator("#dialog").inner_text()
            if "J♦" in dialog:
                done["jd-shown-at-end"] += 1
            if "×" in result and ("cracked" in result or "blitzed" in result):
                done["reason-doubled"] += 1
                shot("hand-end-doubled")
            page.locator("#dialog-buttons button.primary").click()
            continue
        prompt = page.locator("#prompt-buttons")
        text = page.locator("#prompt-text").inner_text()
        if prompt.get_by_role("button", name="Pick", exact=True).count():
            if not picked:
                picked = True
                prompt.get_by_role("button", name="Pick", exact=True).click()
            else:
                prompt.get_by_role("button", name="Pass", exact=True).click()
        elif prompt.get_by_role("button", name="Bury these two").count():
            cards = page.locator("#hand button.card")
            cards.nth(cards.count() - 1).click()
            cards.nth(cards.count() - 2).click()
            prompt.get_by_role("button", name="Bury these two").click()
        elif prompt.get_by_role("button", name="Go alone").count():
            shot("call-jack-or-alone")
            call = prompt.get_by_role("button", name="Call J♦", exact=True)
            if call.count():
                done["called-jd"] += 1
                call.click()
            else:
                done["alone"] += 1
                prompt.get_by_role("button", name="Go alone").click()
        elif page.get_by_test_id("crack").count():
            done["crack-offered"] += 1
            assert "crack" in text
            shot("crack-offered")
            page.get_by_test_id("crack").click()
            done["cracked"] += 1
            wait_for_state(page, "idle hand-end final")
            if "Counts ×" in page.locator("#status").inner_text():
                done["stakes-shown"] += 1
                shot("stakes-shown")
        elif page.get_by_test_id("recrack").count():
            done["recrack-offered"] += 1
            page.get_by_test_id("recrack").click()
        elif page.get_by_test_id("blitz").count():
            done["blitz-offered"] += 1
            shot("blitz-offered")
            page.get_by_test_id("blitz").first.click()
        else:
            legal = page.locator("#hand button.card.legal")
            assert legal.count() >= 1, text
            if "Counts ×" in page.locator("#status").inner_text():
                done["stakes-shown"] += 1
            legal.first.click()
    pytest.fail(f"the game did not end: {done}")


def test_new_game_takes_the_house_options_chosen(server: Server, browser: Any) -> None:
    """The house rules of New game, set by keyboard: a Milwaukee table with the J♦ partner and
    cracks (no blitzes, at most one doubling) offers the person cracks but never a blitz, and
    a Wisconsin table with cracks and blitzes off offers neither.  At 360 px the options fit."""
    with chromium_page(browser) as page:
        errors = page_errors(page)
        shot = Screenshots(page, artifacts("browser-house-options"))
        page.set_viewport_size({"width": 360, "height": 780})
        page.goto(server.url)
        wait_for_state(page, "lobby")
        page.select_option("#preset", "milwaukee")
        summary = page.locator("#house-options summary")
        assert "called ace" in summary.inner_text() and "cracks" not in summary.inner_text()
        summary.focus()
        page.keyboard.press("Enter")
        assert page.locator("#house-options").get_attribute("open") is not None
        for control, label in (("partner", "Partner"), ("max-doubles", "Most doublings")):
            labels = page.locator(f"#house-{control}").evaluate("e => e.labels[0].textContent")
            assert labels.strip().startswith(label)
        page.locator("#house-partner").select_option("jack-of-diamonds")
        checkbox(page, "Cracks").focus()
        page.keyboard.press("Space")
        assert checkbox(page, "Cracks").is_checked()
        assert not checkbox(page, "Blitzes").is_checked()
        page.locator("#house-max-doubles").select_option("1")
        assert summary.inner_text().endswith("(J♦ partner, cracks, at most 1 doubling)")
        fits = page.evaluate("() => document.documentElement.scrollWidth")
        box = page.locator("#house-options").bounding_box()
        assert fits <= 360 and box["x"] >= 0 and box["x"] + box["width"] <= 360, (fits, box)
        shot("house-options-phone")
        page.set_viewport_size({"width": 1200, "height": 1000})
        seen = play_passing(page, shot)
        assert seen["crack-offered"] >= 1 and seen["stakes-shown"] >= 1, seen
        assert seen["blitz-offered"] == 0 and seen["recrack-offered"] == 0, seen

        page.goto(server.url)
        wait_for_state(page, "lobby")
        page.select_option("#preset", "wisconsin-jd")
        assert "cracks, blitzes, at most 4" in page.locator("#house-summary").inner_text()
        page.locator("#house-options summary").click()
        checkbox(page, "Cracks").uncheck()
        checkbox(page, "Blitzes").uncheck()
        seen = play_passing(page, shot)
        assert seen["crack-offered"] == seen["blitz-offered"] == 0, seen
        assert seen["stakes-shown"] == 0 and seen["hands"] == 5, seen
        assert not errors, errors


def checkbox(page: Any, name: str) -> Any:
    """A checkbox by its label's first word (what a screen reader announces)."""
    return page.get_by_role("checkbox", name=re.compile(f"^{name}"))


def play_passing(page: Any, shot: Any) -> Counter[str]:
    """Start the game set up in the lobby (five hands) and play it passing every pick, cracking
    whenever offered, playing the first legal card; count what was offered and shown."""
    seen: Counter[str] = Counter()
    page.select_option("#hands", "5")
    page.get_by_role("button", name="Start a new game").click()
    page.wait_for_selector("#table-view:not([hidden])")
    page.select_option("#speed", "instant")
    for _step in range(2000):
        state = wait_for_state(page, "idle hand-end final")
        if state == "final":
            return seen
        if "Counts ×" in page.locator("#status").inner_text():
            seen["stakes-shown"] += 1
        if state == "hand-end":
            seen["hands"] += 1
            page.locator("#dialog-buttons button.primary").click()
            continue
        prompt = page.locator("#prompt-buttons")
        if prompt.get_by_role("button", name="Pass", exact=True).count():
            prompt.get_by_role("button", name="Pass", exact=True).click()
        elif page.get_by_test_id("crack").count():
            seen["crack-offered"] += 1
            shot("crack-offered")
            page.get_by_test_id("crack").click()
        elif page.get_by_test_id("recrack").count():
            seen["recrack-offered"] += 1
            page.get_by_test_id("decline").click()
        elif page.get_by_test_id("blitz").count():
            seen["blitz-offered"] += 1
            page.get_by_test_id("decline").click()
        else:
            legal = page.locator("#hand button.card.legal")
            assert legal.count() >= 1, page.locator("#prompt-text").inner_text()
            legal.first.click()
    pytest.fail(f"the game did not end: {seen}")
