"""The trustworthy Daily in Chromium: the lobby says before the first card that a brand-new
browser's first Daily is a practice round, and why (one click away); after the Daily the Share
button copies the spoiler-free text; once the day has ended, the leaderboard links a ranked
entry to its game record, which ``tricktable replay`` re-scores exactly.

The app runs in-process under uvicorn on a real socket, so the test can move its clock past
midnight US Central.  Screenshots go to ``test-artifacts/browser-daily/``.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx2
import pytest
import uvicorn
from fastapi import FastAPI
from typer.testing import CliRunner

from tests.web.browser import Screenshots, artifacts, chromium_page, page_errors, wait_for_state
from tests.web.conftest import SQLITE_ONLY, Clock
from tests.web.daily_helpers import LONG_AGO
from tests.web.servers import free_port
from tricktable.cli import app as cli
from tricktable.web.daily.results import MARKS
from tricktable.web.games.service import GameService

pytestmark = SQLITE_ONLY


@pytest.fixture
def live(make_app: Callable[..., FastAPI]) -> Iterator[tuple[str, FastAPI]]:
    """The app served on 127.0.0.1 by uvicorn in a thread; (its URL, the app)."""
    app = make_app()
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "uvicorn did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", app
    server.should_exit = True
    thread.join(timeout=30)


def play_through_api(post: Callable[[str, dict[str, Any]], Any], game: dict[str, Any]) -> (
        dict[str, Any]):
    """Play a game to its end with the first legal action each time."""
    while game["status"] != "over":
        game = post(f"/api/games/{game['id']}/actions",
                    {"action": game["legal_actions"][0], "version": game["version"]})
    return game


def test_the_daily_notice_share_text_and_a_past_record(live: tuple[str, FastAPI], clock: Clock,
                                                       tmp_path: Path, browser: Any) -> None:
    url, app = live
    service: GameService = app.state.service
    # A returning player ranks today's Daily over HTTP.
    with httpx2.Client(base_url=url, timeout=60) as regular:
        service.store.ensure_player(regular.get("/api/me").json()["player_id"], LONG_AGO)
        regular.put("/api/me", json={"nickname": "Regular Rita"})

        def regular_post(path: str, body: dict[str, Any]) -> Any:
            response = regular.post(path, json=body)
            assert response.status_code == 200, response.text
            return response.json()

        ranked = play_through_api(regular_post, regular_post("/api/daily", {}))
    assert ranked["ranked"]

    with chromium_page(browser) as page:
        errors = page_errors(page)
        shot = Screenshots(page, artifacts("browser-daily"))
        page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=url)
        page.goto(url)
        wait_for_state(page, "lobby")
        notice = page.get_by_test_id("daily-ranked")
        # A function, not an expression string: the page's CSP refuses eval'd strings.
        page.wait_for_function(
            "() => document.querySelector('[data-testid=daily-ranked]').textContent.length > 0")
        assert notice.get_attribute("data-ranked") == "false"
        # Said as a practice round; the reason and the commitment one step away, under "Why?".
        practice = page.locator("#daily-practice").inner_text()
        assert practice.startswith("Your first Daily is a practice round"), practice
        assert notice.is_hidden()
        page.locator("#daily-why summary").click()
        assert "not ranked" in notice.inner_text() and "new here today" in notice.inner_text()
        assert page.locator("#daily-commitment").inner_text().count(
            page.request.get(f"{url}/api/daily/commitments").json()["commitments"][0][
                "commitment"]) == 1
        shot("lobby-unranked-notice")

        page.get_by_role("button", name="Play today's Daily").click()
        page.wait_for_selector("#table-view:not([hidden])")
        game_id = page.request.get(f"{url}/api/daily").json()["game_id"]

        def browser_post(path: str, body: dict[str, Any]) -> Any:
            response = page.request.post(f"{url}{path}", data=body)
            assert response.ok, response.text()
            return response.json()

        # The moves go through the browser's own session (its cookie); then the page reloads.
        mine = play_through_api(browser_post, page.request.get(f"{url}/api/games/{game_id}")
                                .json())
        page.reload()  # the address is already /#game=<id>: the table loads the ended game
        wait_for_state(page, "final")
        shared = page.get_by_test_id("share-text")
        shared.wait_for(state="visible")
        text = shared.inner_text()
        page.get_by_role("button", name="Share").click()
        page.wait_for_selector("#toast:not([hidden])")
        assert page.evaluate("navigator.clipboard.readText()") == text
        shot("final-share")
        title, result, marks = text.split("\n")
        assert title == "Tricktable Sheepshead Daily March 14, 2030"  # as English writes the date
        assert result.startswith(f"Score {mine['score']:+d} · unranked (would rank ")
        assert result.endswith(" of 2)")
        assert len(marks) == 10 and set(marks) <= set(MARKS.values())

        # Today's Daily is not offered for replay (it would be refused until the day ends), and
        # the seed's reveal is given in the player's own time, its zone named.
        page.goto(f"{url}/leaderboard")
        wait_for_state(page, "ready")
        assert page.locator("#history tbody tr").count() == 1
        assert page.locator("#history a.watch").count() == 0
        reveal = page.locator("#fairness p.muted").inner_text()
        zoned = r"\d:\d\d( [AP]M)? [A-Z][A-Za-z]*[+-]?\d* where you are\.$"
        assert re.search(zoned, reveal), reveal

        # The next day: the past day's entry links to its record.
        clock.moment = datetime(2030, 3, 15, 5, 0, tzinfo=UTC)  # midnight CDT
        page.goto(f"{url}/leaderboard")
        wait_for_state(page, "ready")
        assert page.locator("#history a.watch").count() == 1  # the day has ended: replay it
        page.select_option("#day", "2030-03-14")
        link = page.locator("#ranking a.record-link")
        link.wait_for(state="visible")
        assert "verify-daily" in page.get_by_test_id("verify-command").inner_text()
        shot("past-day-with-record")
        record = page.request.get(url + str(link.get_attribute("href"))).json()
        assert not errors, errors

    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    replayed = CliRunner().invoke(cli, ["replay", str(path), "--json"])
    assert replayed.exit_code == 0, replayed.output
    assert json.loads(replayed.output)["totals"][0] == ranked["score"]
