"""After a game at a friends' table, in real browsers (two contexts, one a phone) against a real
server: the final dialog offers my seat's replay and review and replaying together; replaying
together, each player's Next and Previous move the other's screen; a player opens the replay
and review of their own seat; axe finds nothing serious on either."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser import artifacts
from tests.web.servers import Server, sqlite_server
from tests.web.test_browser_phone import axe_violations
from tests.web.test_browser_tables import person, play, start_spades


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    yield from sqlite_server(tmp_path, "tables", test_options=True,
                             env={"TRICKTABLE_TABLE_GRACE_SECONDS": "2",
                                  "TRICKTABLE_REVIEW_CPU_SECONDS": "2"})


def step_text(page: Any) -> str:
    return str(page.inner_text("#together #replay-step"))


def same_step(pages: list[Any], wanted: str, limit: float = 10) -> None:
    """Wait until every page shows the replay step ``wanted`` (its words)."""
    deadline = time.monotonic() + limit
    while True:
        seen = [step_text(page) for page in pages]
        if all(wanted in words for words in seen):
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"the screens disagree: {seen}")
        time.sleep(0.05)


def test_after_a_table_game_replay_together_and_my_seats_review(server: Server, browser: Any,
                                                                  tmp_path: Path) -> None:
    (_, ann, ann_errors), (_, bob, bob_errors) = person(browser), person(browser, phone=True)
    link = start_spades(ann, bob, server.url)
    play([ann, bob], "sp-", until=lambda: all(
        p.evaluate("document.body.dataset.state") == "final" for p in (ann, bob)), limit=240)
    for page in (ann, bob):  # the final dialog: my seat's replay and review, replay together
        buttons = page.locator("#dialog-buttons")
        assert buttons.get_by_role("link", name="Replay & review (your seat)").count() == 1
        assert buttons.get_by_role("button", name="Replay together").count() == 1
    assert ann.locator("#dialog-buttons").get_by_role("button", name="Rematch").count() == 1
    shots = artifacts("browser-table-replays")
    bob.screenshot(path=str(shots / "01-final-phone.png"))

    # Ann starts replaying together: Bob's screen opens at the same step and follows.
    ann.locator("#dialog-buttons").get_by_role("button", name="Replay together").click()
    for page in (ann, bob):
        page.wait_for_selector("#together[open]", timeout=10_000)
    same_step([ann, bob], "Hand 1: The deal")
    for _ in range(3):
        ann.click("#together #replay-next")
    same_step([ann, bob], "Hand 1: Trick 3 of 13")
    # Every card face up now the game is over: both hands, on both screens.
    for page in (ann, bob):
        assert page.locator("#together .replay-seat").count() == 2
        assert page.locator("#together .replay-seat .mini[data-card='unknown']").count() == 0
    bob.click("#together #replay-prev")  # anyone at the table moves it
    same_step([ann, bob], "Hand 1: Trick 2 of 13")
    time.sleep(0.5)  # and stays there: no late move of Ann's overtakes Bob's
    same_step([ann, bob], "Hand 1: Trick 2 of 13", limit=0)
    bob.screenshot(path=str(shots / "02-together-phone.png"))
    assert axe_violations(bob) == []

    # Ann closes it and opens the replay and review of her own seat.
    ann.click("#together-close")
    ann.wait_for_selector("#after-game:not([hidden])")
    assert ann.get_attribute("#review-seat", "href").startswith("/replay#table=")
    ann.click("#review-seat")
    ann.wait_for_selector("#replay-board .replay-seat")
    assert ann.inner_text("#replay-title") == "Replay & review of your seat"
    assert ann.locator("#replay-back").get_attribute("href") == link.replace(server.url, "")
    names = ann.locator("#replay-board .replay-seat h2").all_inner_texts()
    assert names[0].startswith("You") and names[1].startswith("Bob"), names
    ann.click("#review-start")
    deadline = time.monotonic() + 180
    while not ann.inner_text("#review-status").startswith("Reviewed:"):
        assert time.monotonic() < deadline, ann.inner_text("#review-status")
        time.sleep(0.2)
    assert ann.locator("#review-start").is_hidden()
    assert axe_violations(ann) == []
    ann.screenshot(path=str(shots / "03-review.png"), full_page=True)
    for errors in (ann_errors, bob_errors):
        assert not [e for e in errors if "409" not in e], errors
    assert os.path.exists(shots / "03-review.png")
    # The invite rode in the replay link's fragment: the server's log never saw it.
    invite = link.rsplit("/", 1)[1]
    logged = (tmp_path / "server.log").read_text()
    assert "/replay" in logged and invite not in logged
