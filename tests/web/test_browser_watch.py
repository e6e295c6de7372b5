"""Watching a table in a real browser (system Chromium): two players and a watcher, one context
each.  The watcher is offered Watch beside Sit down, sees the seats fill, then the cards played
live, never a hand, cannot talk, and sees the final standings; the players see one watching."""

from __future__ import annotations

import time
from typing import Any

from tests.web.browser import artifacts, tool
from tests.web.servers import Server
from tests.web.test_browser_tables import create_table, over, person, play, sit_down
from tests.web.test_browser_tables import server as tables_server

server = tables_server
"""The friends' tables' server (test_browser_tables.py's fixture): a watcher's is the same."""


def test_two_players_and_a_watcher_who_sees_the_cards_played_and_no_hand(
        server: Server, browser: Any) -> None:
    directory = artifacts("browser-tables-watch")
    (_, ann, ann_errors), (_, bob, bob_errors) = person(browser), person(browser)
    (_, eve, eve_errors) = person(browser, phone=True)
    link = create_table(ann, server.url, "sheepshead", "Ann")
    # An open table offers both: sit down, or watch.
    eve.goto(link)
    eve.wait_for_selector("#friends-join:not([hidden])")
    eve.wait_for_selector("#join-info[data-table='open']")
    assert eve.locator("#join-form").is_visible() and eve.locator("#watch-offer").is_visible()
    eve.get_by_role("button", name="Watch", exact=True).click()
    eve.wait_for_selector("#friends-lobby:not([hidden])")
    assert "watching" in eve.inner_text("#lobby-wait").lower()
    assert eve.url.endswith("#watch")
    sit_down(bob, link, "Bob")
    eve.wait_for_function("() => document.querySelectorAll('#lobby-seats li[data-kind=human]')"
                          ".length === 2")  # the seats filling, live
    assert eve.locator("#start-table").is_hidden() and eve.locator("#leave-table").is_hidden()
    ann.get_by_role("button", name="Start the game").click()
    for page in (ann, bob, eve):
        page.wait_for_selector("#table-view:not([hidden])")
        tool(page, "#speed").select_option("instant")
    assert "watching" in eve.inner_text("#watch-status").lower()
    ann.wait_for_function("() => document.querySelector('#watch-status').textContent"
                          ".includes('1 watching')", polling=200)
    # The players see it in the table's head, beside the status (in view on a phone).
    assert ann.locator("#table-view .table-head #watch-status").is_visible()
    # The watcher says nothing: no phrase buttons; every seat is another's (no "You").
    assert eve.locator("#phrases [data-phrase]").count() == 0
    assert eve.locator("#table .seat.you").count() == 0
    assert "Ann" in eve.inner_text("#table .seat-0 .name")
    # A player's phrase: a bubble at the speaker's seat on the watcher's screen, in view.
    bob.locator("#phrases").get_by_role("button", name="Nice!").click()
    eve.wait_for_selector("#table .seat-1[data-said='Nice!']")
    box = eve.locator("#table .seat-1").bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= eve.viewport_size["height"]
    eve.screenshot(path=str(directory / "01-watching-phone.png"))
    seen = {"samples": 0, "played": 0}

    def sample() -> bool:
        assert eve.locator("#hand .card").count() == 0, "the watcher sees a hand"
        asked = eve.locator("#prompt-buttons button").all_inner_texts()
        assert set(asked) <= {"Final standings"}, f"the watcher is asked: {asked}"
        if eve.evaluate("document.body.dataset.state") == "hand-end" and \
                eve.locator("#dialog[open] #dialog-buttons button.primary").count():
            eve.locator("#dialog-buttons button.primary").first.click(timeout=3000)
        seen["samples"] += 1
        seen["played"] = max(seen["played"], eve.locator("#trick .played").count())
        return all(over(page) for page in (ann, bob))

    acted = play([ann, bob], "", until=sample)
    assert acted > 10 and seen["samples"] > 10 and seen["played"] >= 3
    # The watcher's table ends as the players' does: the final standings.
    deadline = time.monotonic() + 60
    while eve.evaluate("document.body.dataset.state") != "final" and time.monotonic() < deadline:
        if eve.locator("#dialog[open] #dialog-buttons button.primary").count() and \
                eve.evaluate("document.body.dataset.state") == "hand-end":
            eve.locator("#dialog-buttons button.primary").first.click()
        elif eve.locator("#prompt-buttons button").count():
            eve.locator("#prompt-buttons button").first.click()  # "Final standings"
        time.sleep(0.1)
    eve.wait_for_selector("#dialog[open]")
    buttons = eve.locator("#dialog-buttons").inner_text()
    assert "Stop watching" in buttons and "Keep watching" in buttons, buttons
    assert "Leave the table" not in buttons and "Rematch" not in buttons
    eve.screenshot(path=str(directory / "02-final.png"))
    scores = [[page.inner_text(f"#table .seat-{k} .score") for k in range(5)]
              for page in (ann, eve)]
    assert scores[0] == scores[1], scores
    for errors in (ann_errors, bob_errors, eve_errors):
        assert not [e for e in errors if "409" not in e], errors


def test_a_watcher_of_a_started_spades_table_sees_both_seats_as_others(
        server: Server, browser: Any) -> None:
    directory = artifacts("browser-tables-watch-spades")
    (_, ann, ann_errors), (_, bob, bob_errors) = person(browser), person(browser)
    link = create_table(ann, server.url, "spades", "Ann", "?target=30")
    sit_down(bob, link, "Bob")
    ann.get_by_role("button", name="Start the game").click()
    # Someone who comes once the game has started is offered Watch, not a seat.
    (_, eve, eve_errors) = person(browser, phone=True)
    eve.goto(link)
    eve.wait_for_selector("#join-info[data-table='started']")
    assert eve.locator("#join-form").is_hidden() and eve.locator("#watch-offer").is_visible()
    eve.get_by_role("button", name="Watch", exact=True).click()
    for page in (ann, bob, eve):
        page.wait_for_selector("#spades-view:not([hidden])")
        tool(page, "#sp-speed").select_option("instant")
    eve.wait_for_selector("[data-testid=watching]")
    assert eve.locator("#sp-hint-button").is_hidden()
    names = [eve.inner_text(f"#sp-seat-{seat}") for seat in (0, 1)]
    assert "Ann" in names[0] and "Bob" in names[1] and "You" not in " ".join(names), names

    def sample() -> bool:
        assert eve.locator("#sp-hand .card").count() == 0, "the watcher sees a hand"
        if eve.evaluate("document.body.dataset.state") == "hand-end" and \
                eve.locator("#dialog[open] #dialog-buttons button.primary").count():
            eve.locator("#dialog-buttons button.primary").first.click(timeout=3000)
        return all(over(page) for page in (ann, bob))

    play([ann, bob], "sp-", until=sample, limit=240)
    deadline = time.monotonic() + 60
    while eve.evaluate("document.body.dataset.state") != "final" and time.monotonic() < deadline:
        if eve.locator("#dialog[open] #dialog-buttons button.primary").count():
            eve.locator("#dialog-buttons button.primary").first.click()
        elif eve.locator("#sp-prompt-buttons button").count():
            eve.locator("#sp-prompt-buttons button").first.click()
        time.sleep(0.1)
    eve.wait_for_selector("#dialog[open]")
    final = eve.inner_text("#dialog")
    assert "You" not in final and ("Ann" in final or "Bob" in final), final
    eve.screenshot(path=str(directory / "final.png"))
    seen = [[eve.inner_text(f"#sp-seat-{seat} [data-testid=total-{seat}]") for seat in (0, 1)],
            [ann.inner_text(f"#sp-seat-{seat} [data-testid=total-{seat}]") for seat in (0, 1)]]
    assert seen[0] == seen[1], seen
    for errors in (ann_errors, bob_errors, eve_errors):
        assert not [e for e in errors if "409" not in e], errors
