"""The pages around a friends' table, in a real browser against a real server: the replay and
review of a finished game names every seat as the table did (each computer its own name), a
refused replay page offers nothing to step through, and the lobby's hints checkbox sits on its
label's line, on a phone and on a desktop."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.servers import Server, sqlite_server

SIZES = ({"width": 390, "height": 844}, {"width": 1366, "height": 800})
SEAT_NAMES = """(selector) => Object.fromEntries([...document.querySelectorAll(selector)].map(
    (box) => [box.dataset.seat, box.querySelector('h2, .name').firstChild.textContent.trim()]))"""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    yield from sqlite_server(tmp_path, "table-pages", test_options=True,
                             env={"TRICKTABLE_TABLE_GRACE_SECONDS": "2"})


def call(page: Any, url: str, method: str, path: str, body: Any = None,
         token: str | None = None) -> tuple[int, dict[str, Any]]:
    """The HTTP API with the page's cookies (and a seat's token)."""
    headers = {"content-type": "application/json"}
    if token:
        headers["X-Seat-Token"] = token
    response = page.request.fetch(url + path, method=method, headers=headers,
                                  data=None if body is None else json.dumps(body))
    data: dict[str, Any] = response.json()
    return response.status, data


def my_table(page: Any, url: str) -> tuple[str, str]:
    """Ann's five-hand Sheepshead table, this page's (its token in localStorage): invite, token."""
    page.goto(f"{url}/friends")
    status, made = call(page, url, "POST", "/api/tables", {
        "game": "sheepshead", "nickname": "Ann", "hands": 5, "difficulty": "easy"})
    assert status == 201, made
    page.evaluate("([key, token]) => localStorage.setItem(key, token)",
                  [f"tricktable.table.{made['invite']}", made["token"]])
    return made["invite"], made["token"]


def play_alone(page: Any, url: str, invite: str, token: str, limit: float = 300) -> None:
    """Start Ann's table (four computers) and play her first legal action until it is over."""
    status, _ = call(page, url, "POST", f"/api/tables/{invite}/start", token=token)
    assert status == 200
    deadline = time.monotonic() + limit
    while True:
        status, state = call(page, url, "GET", f"/api/tables/{invite}", token=token)
        assert status == 200, state
        if state["table"]["state"] == "finished":
            return
        game = state["game"]
        if game and game["legal_actions"]:
            call(page, url, "POST", f"/api/tables/{invite}/actions", {
                "action": game["legal_actions"][0], "version": game["version"],
                "since": game["event_count"]}, token)
        else:
            time.sleep(0.05)
        assert time.monotonic() < deadline, "the table's game did not finish"


def test_the_replay_names_every_seat_as_the_table_did(server: Server, browser: Any) -> None:
    page = browser.new_context(viewport=SIZES[1]).new_page()
    invite, token = my_table(page, server.url)
    play_alone(page, server.url, invite, token)
    page.goto(f"{server.url}/t/{invite}")
    page.wait_for_selector("#table-view:not([hidden]) #table .seat .name")
    table = page.evaluate(SEAT_NAMES, "#table .seat")
    assert table == {"0": "You", "1": "Computer 1", "2": "Computer 2", "3": "Computer 3",
                     "4": "Computer 4"}, table

    # Replaying together, in the table's own dialog.
    page.locator("#dialog-buttons").get_by_role("button", name="Replay together").click()
    page.wait_for_selector("#together[open] .replay-seat")
    together = page.evaluate(SEAT_NAMES, "#together .replay-seat")
    assert together == table, together

    # My seat's replay and review, on the replay page: at each size, every step's words too.
    for size in SIZES:
        page.set_viewport_size(size)
        page.goto(f"{server.url}/replay#table={invite}")
        page.wait_for_selector("#replay-board .replay-seat")
        names = page.evaluate(SEAT_NAMES, "#replay-board .replay-seat")
        assert names == table, names
        assert len(set(names.values())) == 5
        page.keyboard.press("ArrowRight")
        page.wait_for_selector("[data-testid='replay-trick']")
        plays = page.locator("[data-testid='replay-trick'] li").all_inner_texts()
        named = sorted(text.split(":")[0].strip() for text in plays)
        assert named == sorted(names.values()), plays


def test_a_refused_replay_page_has_nothing_to_step_through(server: Server,
                                                           browser: Any) -> None:
    ann = browser.new_context(viewport=SIZES[0]).new_page()
    invite, _ = my_table(ann, server.url)
    stranger = browser.new_context(viewport=SIZES[0]).new_page()
    pages = [
        (stranger, f"/replay#table={invite}", "Sit at the table first"),  # 403: not seated
        (ann, f"/replay#table={invite}", "has not started"),  # 409: no game yet
        (stranger, "/replay?game=g_nope", ""),  # 404 (or 400): no such game
        (stranger, "/replay", "Open a replay"),  # nothing asked for
    ]
    for page, path, words in pages:
        for size in SIZES:
            page.set_viewport_size(size)
            page.goto(server.url + path)
            page.wait_for_selector("#replay-note:not(:empty)")
            assert words.lower() in page.inner_text("#replay-note").lower(), path
            for control in ("#replay-prev", "#replay-next", "#replay-deal"):
                shown = page.locator(control)
                assert not (shown.is_visible() and shown.is_enabled()), (path, control)
            reached = set()  # Tab never lands on them
            for _ in range(25):
                page.keyboard.press("Tab")
                reached.add(page.evaluate("document.activeElement && document.activeElement.id"))
            assert not reached & {"replay-prev", "replay-next", "replay-deal"}, (path, reached)


def test_the_hints_checkbox_sits_on_its_labels_line(server: Server, browser: Any) -> None:
    page = browser.new_context(viewport=SIZES[0]).new_page()
    invite, _ = my_table(page, server.url)
    for size in SIZES:
        page.set_viewport_size(size)
        page.goto(f"{server.url}/t/{invite}")
        page.wait_for_selector("#helpers-label:not([hidden])")
        box, words = page.evaluate("""() => {
            const label = document.getElementById('helpers-label');
            const range = document.createRange();
            const text = [...label.childNodes].filter((n) => n !== label.firstElementChild
                && n.textContent.trim());
            range.setStartBefore(text[0]);
            range.setEndAfter(text[text.length - 1]);
            const first = range.getClientRects()[0];
            const box = document.getElementById('table-helpers').getBoundingClientRect();
            return [[box.left, box.top, box.right, box.bottom],
                    [first.left, first.top, first.right, first.bottom]];
        }""")
        middle = (box[1] + box[3]) / 2
        # The box's middle is within the words' first line, and the box is before the words.
        assert words[1] <= middle <= words[3], (size, box, words)
        assert box[2] <= words[0], (size, box, words)
