"""Tables with friends in real browsers (system Chromium, one context each, like three
people on three phones) against a real server: create a table, copy the invite, sit down,
start with computers in the empty seats, play a whole game; a player leaves and a computer
takes the seat, then the player is back; the host takes a player off the table and another
gets up mid-game; two browsers play Spades to the end."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser import artifacts, page_errors, tool
from tests.web.servers import Server, sqlite_server

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    yield from sqlite_server(tmp_path, "tables", test_options=True,
                             env={"TRICKTABLE_TABLE_GRACE_SECONDS": "2"})


def person(browser: Any, *, phone: bool = False) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport=PHONE if phone else {"width": 1100, "height": 900},
                                  permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    return context, page, page_errors(page)


def create_table(page: Any, url: str, game: str, nickname: str, query: str = "",
                 timer: str = "") -> str:
    page.goto(f"{url}/friends{query}")
    page.wait_for_selector("body[data-state='table-new']")
    page.select_option("#table-game", game)
    page.select_option("#table-timer", timer)
    page.select_option("#table-difficulty", "easy")
    if game == "sheepshead":
        page.select_option("#table-hands", "5")
    page.fill("#table-nickname", nickname)
    page.get_by_role("button", name="Create the table").click()
    page.wait_for_selector("#friends-lobby:not([hidden])", timeout=60_000)
    page.get_by_role("button", name="Copy link").click()
    link: str = page.evaluate("() => navigator.clipboard.readText()")
    assert link == page.input_value("#invite-link") and "/t/" in link
    return link


def sit_down(page: Any, link: str, nickname: str) -> None:
    page.goto(link)
    page.wait_for_selector("#friends-join:not([hidden])")
    page.fill("#join-nickname", nickname)
    page.get_by_role("button", name="Sit down").click()
    # The lobby, or the error the page shows instead (named in the failure).
    page.wait_for_selector("#friends-lobby:not([hidden]), #toast:not([hidden])",
                           timeout=60_000)
    if page.locator("#friends-lobby").is_hidden():
        page.screenshot(path=str(artifacts("browser-tables-sit") / "sit.png"), full_page=True)
        raise AssertionError(f"{nickname} could not sit: {page.inner_text('#toast')!r}")


def step(page: Any, prefix: str) -> str:
    """Do one thing on a page if there is one to do: the state it was in ("acted" when it
    did something; "moved" when the page re-rendered under the click, to look again)."""
    from playwright.sync_api import Error

    try:
        return act_on(page, prefix)
    except Error:
        return "moved"


def act_on(page: Any, prefix: str) -> str:
    state: str = page.evaluate("document.body.dataset.state")
    if state == "final":  # the game's end at a table: its choices are the test's to look at
        return state
    if state == "hand-end" and page.locator("#dialog[open]").count():
        page.locator("#dialog-buttons button.primary").first.click(timeout=3000)
        return state
    if state != "idle":
        return state
    prompt = page.locator(f"#{prefix}prompt-buttons")
    hand = page.locator(f"#{prefix}hand")
    for name in ("Pass", "Go alone"):
        if prompt.get_by_role("button", name=name, exact=True).count():
            prompt.get_by_role("button", name=name, exact=True).click(timeout=3000)
            return "acted"
    if prompt.get_by_role("button", name="Bury these two").count():
        cards = hand.locator("button.card")
        cards.nth(cards.count() - 1).click(timeout=3000)
        cards.nth(cards.count() - 2).click(timeout=3000)
        prompt.get_by_role("button", name="Bury these two").click(timeout=3000)
        return "acted"
    legal = hand.locator("button.card.legal")
    if legal.count():
        legal.first.click(timeout=3000)
        return "acted"
    # The prompt's primary button first: the first button of Spades' bid picker is "−" (one
    # trick fewer), which sends nothing; pressing it forever was the old Spades test's "hang".
    buttons = prompt.locator("button.primary:not([disabled])")
    if not buttons.count():
        buttons = prompt.locator("button:not([disabled])")
    if buttons.count():
        buttons.first.click(timeout=3000)
        return "acted"
    return state


def over(page: Any) -> bool:
    return bool(page.evaluate("document.body.dataset.state") in ("over", "final", "table-lobby")
                and page.evaluate("document.querySelector('#prompt-text, #sp-prompt-text') && "
                                  "[...document.querySelectorAll('.prompt p')].some("
                                  "p => p.textContent.includes('over'))"))


def play(pages: list[Any], prefix: str, *, until: Any = None, limit: float = 600) -> int:
    """Play every page's turns until each shows the game over (or ``until()``)."""
    deadline = time.monotonic() + limit
    acted = 0
    while time.monotonic() < deadline:
        if until is not None and until():
            return acted
        if until is None and all(over(page) for page in pages):
            return acted
        for page in pages:
            acted += step(page, prefix) == "acted"
        time.sleep(0.05)
    directory = artifacts("browser-tables-stuck")
    states = []
    for number, page in enumerate(pages):
        page.screenshot(path=str(directory / f"page-{number}.png"), full_page=True)
        states.append(page.evaluate("document.body.dataset.state"))
    raise AssertionError(f"the game did not end in time; the pages: {states}")


def start_spades(ann: Any, bob: Any, url: str) -> str:
    """Ann's Spades table to 30 at ``url``, Bob seated, started, both at instant speed: the
    table's link."""
    link = create_table(ann, url, "spades", "Ann", "?target=30")
    sit_down(bob, link, "Bob")
    ann.get_by_role("button", name="Start the game").click()
    for page in (ann, bob):
        page.wait_for_selector("#spades-view:not([hidden])")
        tool(page, "#sp-speed").select_option("instant")
    return link


def three_in_the_lobby(ann: Any, bob: Any, cy: Any, url: str) -> str:
    """Ann's Sheepshead table at ``url`` with Bob and Cy seated, as Ann's lobby shows it: the
    table's link."""
    link = create_table(ann, url, "sheepshead", "Ann")
    sit_down(bob, link, "Bob")
    sit_down(cy, link, "Cy")
    ann.wait_for_function("() => document.querySelectorAll('#lobby-seats li[data-kind=human]')"
                          ".length === 3")
    return link


def test_three_friends_and_two_computers_play_sheepshead(server: Server, browser: Any) -> None:
    directory = artifacts("browser-tables")
    people = [person(browser), person(browser, phone=True), person(browser)]
    (_, ann, ann_errors), (_, bob, bob_errors), (_, cy, cy_errors) = people
    # The host's lobby shows the seats filling.
    link = three_in_the_lobby(ann, bob, cy, server.url)
    ann.screenshot(path=str(directory / "01-lobby.png"), full_page=True)
    assert bob.locator("#start-table").is_hidden()
    ann.get_by_role("button", name="Start the game").click()
    for page in (ann, bob, cy):
        page.wait_for_selector("#table-view:not([hidden])")
        tool(page, "#speed").select_option("instant")
    assert bob.evaluate("document.body.dataset.me") == "1"
    assert "you" in bob.locator("#table .seat-1 .name").inner_text().lower()
    bob.screenshot(path=str(directory / "02-phone-table.png"), full_page=True)
    # A quick phrase reaches the table.
    bob.locator("#phrases").get_by_role("button", name="Nice!").click()
    ann.wait_for_function("() => document.querySelector('#said').textContent.includes('Nice!')")
    # ... as a bubble at Bob's seat, on every screen (his own phone's too), in view.
    for page in (ann, bob, cy):
        page.wait_for_selector("#table .seat-1[data-said='Nice!']")
        box = page.locator("#table .seat-1").bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]
    bob.screenshot(path=str(directory / "02b-phone-bubble.png"))
    acted = play([ann, bob, cy], "")
    assert acted > 10
    ann.screenshot(path=str(directory / "03-over.png"), full_page=True)
    # The end offers what a table has: the host a rematch, everyone leaving (not ranked: no
    # leaderboard; no "new game" alone).
    for page, primary in ((ann, "Rematch"), (bob, "Stay at the table"),
                          (cy, "Stay at the table")):
        page.wait_for_selector("#dialog[open]")
        buttons = page.locator("#dialog-buttons").inner_text()
        assert "Leaderboard" not in buttons and "New game" not in buttons, buttons
        assert "Leave the table" in buttons
        assert page.locator("#dialog-buttons .primary").inner_text() == primary
    assert ann.locator("#hint-button").is_hidden() and ann.locator("#replay-button").is_hidden()
    # Someone new finds the table started before giving a name.
    _, dan, _ = person(browser, phone=True)
    dan.goto(link)
    dan.wait_for_selector("#friends-join:not([hidden])")
    dan.wait_for_selector("#join-info[data-table='started']")
    assert dan.locator("#join-form").is_hidden()
    # The host's rematch: a new game at the same seats, on every screen.
    ann.locator("#dialog-buttons .primary").click()
    bob.locator("#dialog-buttons .primary").click()
    bob.wait_for_function("() => !document.querySelector('#dialog[open]')")
    ann.wait_for_function("() => document.body.dataset.state !== 'final'")
    for errors in (ann_errors, bob_errors, cy_errors):
        assert not [e for e in errors if "409" not in e], errors


def test_a_player_leaves_a_computer_plays_the_seat_and_the_player_returns(
        server: Server, browser: Any) -> None:
    (_, ann, _), (bob_context, bob, _) = person(browser), person(browser)
    link = create_table(ann, server.url, "sheepshead", "Ann")
    sit_down(bob, link, "Bob")
    ann.get_by_role("button", name="Start the game").click()
    for page in (ann, bob):
        page.wait_for_selector("#table-view:not([hidden])")
        tool(page, "#speed").select_option("instant")
    play([ann, bob], "", until=lambda: ann.locator("#hand button.card").count() < 6, limit=60)
    bob.close()  # Bob leaves
    ann.locator("#seats-button").click()
    ann.wait_for_function("() => document.querySelector('#lobby-seats li[data-seat=\"1\"]')"
                          ".textContent.includes('away')", timeout=30_000)
    ann.get_by_role("button", name="Back to the table").click()
    # The game goes on without Bob: a computer plays his seat.
    before = ann.evaluate("document.querySelectorAll('#table .seat-1').length")
    assert before == 1
    played = play([ann], "", until=lambda: ann.locator("#hand button.card").count() < 4,
                  limit=60)
    assert played >= 1
    # Bob is back, in the same browser (his seat token kept): the seat is his again.
    bob = bob_context.new_page()
    bob.goto(link)
    bob.wait_for_selector("#table-view:not([hidden])")
    tool(bob, "#speed").select_option("instant")
    ann.locator("#seats-button").click()
    ann.wait_for_function("() => !document.querySelector('#lobby-seats li[data-seat=\"1\"]')"
                          ".textContent.includes('away')", timeout=30_000)
    ann.get_by_role("button", name="Back to the table").click()
    bob_moves = play([ann, bob], "", until=lambda: bob.locator("#hand button.card").count() < 2,
                     limit=60)
    assert bob_moves >= 1


def test_the_host_removes_a_player_and_another_leaves_mid_game(
        server: Server, browser: Any) -> None:
    directory = artifacts("browser-tables-leave")
    people = [person(browser), person(browser), person(browser, phone=True)]
    (_, ann, ann_errors), (_, bob, bob_errors), (_, cy, cy_errors) = people
    three_in_the_lobby(ann, bob, cy, server.url)
    # Only the host sees the buttons that take a player off the table.
    assert bob.locator("#lobby-seats button.remove-seat").count() == 0
    ann.screenshot(path=str(directory / "01-host-lobby.png"), full_page=True)
    ann.get_by_role("button", name="Take Bob off the table").click()
    bob.wait_for_selector("#friends-join:not([hidden])", timeout=30_000)
    assert "host" in bob.inner_text("#toast")
    ann.wait_for_selector("#lobby-seats li[data-seat='1'][data-kind='open']", timeout=30_000)
    bob.screenshot(path=str(directory / "02-removed.png"), full_page=True)
    # Once the game has started, a player who leaves is played by a computer.
    ann.get_by_role("button", name="Start the game").click()
    cy.wait_for_selector("#table-view:not([hidden])")
    cy.locator("#seats-button").click()
    cy.get_by_role("button", name="Leave the table").click()
    cy.wait_for_selector("#friends-join:not([hidden])", timeout=30_000)
    assert cy.locator("#table-view").is_hidden()
    ann.wait_for_selector("#table-view:not([hidden])")
    ann.locator("#seats-button").click()
    ann.wait_for_selector("#lobby-seats li[data-seat='2'][data-kind='computer']",
                          timeout=30_000)
    ann.screenshot(path=str(directory / "03-computer-took-the-seat.png"), full_page=True)
    for errors in (ann_errors, bob_errors, cy_errors):
        assert not [e for e in errors if "403" not in e], errors


def test_two_browsers_play_spades_to_the_end(server: Server, browser: Any) -> None:
    (_, ann, ann_errors), (_, bob, bob_errors) = person(browser), person(browser, phone=True)
    # A game to 30 where both bid 3 (the bid picker's own number: the step presses the
    # primary "Bid 3", never "−", "+" or "Nil") ends after its first hand: of 13 tricks one
    # side takes 7 or more, makes its bid and reaches 30, and the totals cannot tie.
    start_spades(ann, bob, server.url)
    assert bob.evaluate("document.body.dataset.me") == "1"
    acted = play([ann, bob], "sp-", limit=240)
    assert acted >= 28  # 26 draws, 2 bids, cards
    seen = [[(page.inner_text(f"#sp-seat-{seat} [data-testid=bid-{seat}]"),
              int(page.inner_text(f"#sp-seat-{seat} [data-testid=total-{seat}]")
                  .replace("\u2212", "-")))
             for seat in (0, 1)] for page in (ann, bob)]
    assert seen[0] == seen[1], seen  # both screens end on the same table
    assert [bid for bid, _ in seen[0]] == ["3", "3"]
    assert max(total for _, total in seen[0]) >= 30
    for errors in (ann_errors, bob_errors):
        assert not [e for e in errors if "409" not in e], errors


@pytest.fixture
def patient_server(tmp_path: Path) -> Iterator[Server]:
    """A server that waits 12 s for a player who dropped (long enough to watch the count)."""
    yield from sqlite_server(tmp_path, "tables", env={"TRICKTABLE_TABLE_GRACE_SECONDS": "12"})


def seat_mark(page: Any, seat: int) -> tuple[str | None, str | None]:
    """What a page shows on a seat of the card table: its presence and its note."""
    found: list[str | None] = page.evaluate(
        "(seat) => { const box = document.querySelector(`#table .seat[data-seat=\"${seat}\"]`);"
        " return [box.dataset.presence || null, box.dataset.note || null]; }", seat)
    return found[0], found[1]


def clipped_seats(page: Any) -> list[str]:
    """The seats of the card table whose name is cut short or whose words (the name, the
    presence or turn-timer note under it) spill out of the seat's box or off the screen."""
    found: list[str] = page.evaluate(
        """() => [...document.querySelectorAll('#table .seat')].filter((seat) => {
             const name = seat.querySelector('.name');
             const box = seat.getBoundingClientRect();
             return name.scrollWidth > name.clientWidth || seat.scrollWidth > seat.clientWidth + 1
               || box.left < 0 || box.right > document.documentElement.clientWidth;
           }).map((seat) => `${seat.dataset.seat}: ${seat.innerText} ${seat.dataset.note}`)""")
    return found


def test_a_friend_who_drops_on_their_turn_is_marked_at_the_seat_counted_down_and_back(
        patient_server: Server, browser: Any) -> None:
    directory = artifacts("browser-tables-presence")
    people = [person(browser), person(browser, phone=True), person(browser)]
    (_, ann, ann_errors), (_, bob, bob_errors), (cy_context, cy, _) = people
    link = create_table(ann, patient_server.url, "sheepshead", "Ann", timer="120")
    sit_down(bob, link, "Bob")
    sit_down(cy, link, "Cy")
    ann.wait_for_function("() => document.querySelectorAll('#lobby-seats li[data-kind=human]')"
                          ".length === 3")
    ann.get_by_role("button", name="Start the game").click()
    for page in (ann, bob, cy):
        page.wait_for_selector("#table-view:not([hidden])")
        tool(page, "#speed").select_option("instant")
    # Ann and Bob play until it is Cy's turn (Cy, connected, holds the game up).
    play([ann, bob], "", until=lambda: ann.locator("#table .seat-2.to-move").count() > 0,
         limit=120)
    assert seat_mark(ann, 2)[0] == "connected"
    # Her turn shows: the turn timer counting at her seat on the others' screens, her tab.
    bob.wait_for_function("() => /\\d+\\ss to play/.test(document.querySelector("
                          "'#table .seat-2').dataset.note || '')", timeout=5_000)
    cy.wait_for_function("() => document.title.startsWith('Your turn')", timeout=5_000)
    assert not ann.title().startswith("Your turn")
    # Cy closes the tab on her turn: both others see her seat marked within 5 s, counting down.
    dropped = time.monotonic()
    cy.close()
    for page in (ann, bob):
        page.wait_for_selector("#table .seat-2[data-presence='reconnecting']", timeout=5_000)
    assert time.monotonic() - dropped < 5.5
    first = seat_mark(bob, 2)[1] or ""
    assert "a computer plays in" in first, first
    bob.screenshot(path=str(directory / "01-phone-reconnecting.png"), full_page=True)
    # On a 360 px phone every seat's name ("Computer 4") and the note are whole, in the seat.
    bob.set_viewport_size({"width": 360, "height": 740})
    assert not clipped_seats(bob), clipped_seats(bob)
    bob.wait_for_function("() => document.querySelector('#table .seat-2').dataset.note !== "
                          f"{first!r}", timeout=5_000)  # the count moves
    # Past the grace period a computer plays for her, and says so at the seat.
    for page in (ann, bob):
        page.wait_for_selector("#table .seat-2[data-presence='away']", timeout=20_000)
        page.wait_for_function("() => (document.querySelector('#table .seat-2').dataset.note"
                               " || '').includes('computer playing for Cy')", timeout=5_000)
    ann.screenshot(path=str(directory / "02-computer-for-cy.png"), full_page=True)
    assert not clipped_seats(bob), clipped_seats(bob)
    bob.screenshot(path=str(directory / "03-phone-360-computer-for-cy.png"))
    # Cy is back (her browser kept the seat token): the others see it at once.
    back = time.monotonic()
    cy = cy_context.new_page()
    cy.goto(link)
    cy.wait_for_selector("#table-view:not([hidden])")
    for page in (ann, bob):
        page.wait_for_function("() => !document.querySelector('#table .seat-2').dataset"
                               ".presence || document.querySelector('#table .seat-2').dataset"
                               ".presence === 'connected'", timeout=5_000)
    assert time.monotonic() - back < 15
    assert seat_mark(ann, 2)[1] is None
    for errors in (ann_errors, bob_errors):
        assert not [e for e in errors if "409" not in e], errors


@pytest.mark.parametrize("width", [360, 414])
def test_the_phone_lobby_keeps_copy_link_beside_the_invite(
        server: Server, browser: Any, width: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": 800},
                                  permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    create_table(page, server.url, "spades", "Ann")
    field = page.locator("#invite-link").bounding_box()
    button = page.locator("#copy-invite").bounding_box()
    heading = page.locator("#friends-lobby h2").bounding_box()
    assert abs(field["y"] + field["height"] / 2 - (button["y"] + button["height"] / 2)) < 4
    assert button["x"] >= field["x"] + field["width"]  # beside the field, not under it
    assert button["x"] + button["width"] <= width
    assert heading["y"] - (button["y"] + button["height"]) >= 8  # clear of the Seats heading
    page.screenshot(path=str(artifacts(f"browser-tables-lobby-{width}") / "lobby.png"))
    context.close()


def test_a_seat_link_takes_the_seat_to_another_browser(server: Server, browser: Any) -> None:
    (_, ann, _), (_, phone, phone_errors) = person(browser), person(browser, phone=True)
    (_, laptop, laptop_errors) = person(browser)
    link = create_table(ann, server.url, "spades", "Ann")
    sit_down(phone, link, "Bob")
    phone.get_by_role("button", name="Take my seat to another device").click()
    phone.wait_for_selector("#seat-link:not([hidden])")
    seat_link = phone.input_value("#seat-link")
    assert "#seat=" in seat_link
    laptop.goto(seat_link)
    laptop.wait_for_function("() => document.querySelector('#lobby-seats li[data-seat=\"1\"]')"
                             "?.textContent.includes('Bob (you)')", timeout=30_000)
    assert "#seat=" not in laptop.url  # the code leaves the address bar
    # The phone has lost the seat: it is asked to sit down again.
    phone.wait_for_selector("#friends-join:not([hidden])", timeout=30_000)
    ann.wait_for_selector("#lobby-seats li[data-seat='1'][data-kind='human']")
    assert not [e for e in laptop_errors if "403" not in e], laptop_errors
    assert not [e for e in phone_errors if "403" not in e], phone_errors
