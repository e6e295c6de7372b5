"""A person plays Spades in Chromium, through the real draw: keep and reject card by card, double
nil and the exchange (in a first game, left after the exchange), then a whole game to a test-only
target of 201 (so at least two hands) with the bid picker, legal cards, an illegal card explained,
the end of each hand and the final result, then the Spades leaderboard page and the rules.

The test's player decides as ``tests.web.play.spades_choice`` does, reading the game the page
shows from the API with the page's own cookie, and acts only through the page.  Screenshots of
each phase go to ``test-artifacts/browser-spades/``.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser import Screenshots, artifacts, chromium_page, page_errors, wait_for_state
from tests.web.conftest import SQLITE_ONLY
from tests.web.play import spades_choice
from tests.web.servers import Server

pytestmark = SQLITE_ONLY

NICKNAME = "Spades Sam"
TARGET = 201  # no single hand scores more than 200: at least two hands


def minus(text: str) -> int:
    """A number as the page shows it (a negative with a true minus sign, U+2212)."""
    return int(text.replace("\u2212", "-"))


@pytest.fixture
def server(tmp_path: Path, database_url: str) -> Iterator[Server]:
    started = Server(database_url, tmp_path / "server.log",
                     workers=1, env={"TRICKTABLE_TEST_OPTIONS": "1"})
    yield started
    started.kill()


def test_a_person_plays_spades_in_the_browser(server: Server, browser: Any) -> None:
    with chromium_page(browser) as page:
        Table(page, server.url, artifacts("browser-spades")).run()


class Table:
    def __init__(self, page: Any, url: str, directory: Path) -> None:
        self.page = page
        self.url = url
        self.done: Counter[str] = Counter()
        self.rng = random.Random(3)
        # The browser logs the 422 of the illegal card on purpose; nothing else may fail.
        self.errors = page_errors(page)
        self.shot = Screenshots(page, directory)

    # --- Helpers ---------------------------------------------------------------------------

    def wait_for(self, states: str) -> str:
        return wait_for_state(self.page, states)

    def game(self) -> dict[str, Any]:
        """The game the page shows, as the server sends it to this player."""
        found = re.search(r"game=([0-9a-f]+)", self.page.url)
        assert found, self.page.url
        data: dict[str, Any] = self.page.request.get(f"{self.url}/api/games/{found[1]}").json()
        return data

    def testid(self, name: str) -> Any:
        return self.page.get_by_test_id(name)

    def hand(self) -> list[str]:
        cards = self.page.locator("#sp-hand button.card")
        return [cards.nth(k).get_attribute("data-card") for k in range(cards.count())]

    def speed(self, value: str) -> None:
        self.page.select_option("#sp-speed", value)

    # --- The visit -------------------------------------------------------------------------

    def run(self) -> None:
        page = self.page
        page.goto(f"{self.url}/?game=spades&target={TARGET}")
        self.wait_for("lobby")
        assert page.get_by_role("radio", name=re.compile("Spades")).get_attribute(
            "aria-checked") == "true"
        assert page.locator("#lobby-title").inner_text() == "Spades"
        assert page.locator("#hands-label").is_hidden()
        page.fill("#nickname", NICKNAME)
        page.get_by_role("button", name="Save nickname").click()
        page.wait_for_selector("#toast:not([hidden])")
        self.shot("lobby-spades")

        self.double_nil_and_exchange()
        page.locator("#sp-menu-button").click()
        self.wait_for("lobby")
        self.whole_game()
        self.leaderboard_and_rules()
        assert not self.errors, self.errors

    def double_nil_and_exchange(self) -> None:
        """A first game: double nil before the first draw, the draw, then the exchange."""
        page = self.page
        page.get_by_role("button", name="Start a new game").click()
        page.wait_for_selector("#spades-view:not([hidden])")
        self.speed("instant")
        self.wait_for("idle")
        assert self.testid("double-nil-button").is_visible()
        self.testid("double-nil-button").click()
        self.wait_for("idle")
        assert self.testid("bid-0").inner_text() == "Double nil"
        assert self.testid("double-nil-button").count() == 0
        while self.testid("keep-button").count():
            self.testid("keep-button").click()
            self.wait_for("idle")
        assert self.testid("exchange-button").is_visible()
        assert len(self.hand()) == 13
        cards = page.locator("#sp-hand button.card")
        for k in range(3):
            cards.nth(k).click()
        assert page.locator("#sp-hand button.card.selected").count() == 3
        cards.nth(3).click()  # a fourth is refused
        assert page.locator("#sp-hand button.card.selected").count() == 3
        given = self.hand()[:3]
        self.shot("exchange-three-chosen")
        self.speed("slow")
        self.testid("exchange-button").click()
        page.wait_for_selector("#sp-hand button.card.fresh", timeout=30_000)
        self.shot("exchange-received")
        self.wait_for("idle")
        hand = self.hand()
        assert len(hand) == 13 and not set(given) & set(hand)
        assert page.locator("#sp-hand button.card.legal").count() >= 1
        self.done["exchange"] += 1

    def whole_game(self) -> None:
        page = self.page
        page.get_by_role("button", name="Start a new game").click()
        page.wait_for_selector("#spades-view:not([hidden])")
        self.speed("instant")
        hands_ended = 0
        for _step in range(3000):
            state = self.wait_for("idle hand-end final")
            if state == "final":
                break
            if state == "hand-end":
                hands_ended += 1
                self.check_hand_end()
                page.locator("#dialog-buttons button.primary").click()
                continue
            self.decide()
        else:
            pytest.fail(f"the game did not end: {self.done}")
        assert hands_ended >= 2, hands_ended
        self.check_final(hands_ended)

    def decide(self) -> None:
        page = self.page
        game = self.game()
        assert game["status"] == "playing" and game["legal_actions"], game["legal_actions"]
        action = spades_choice(game, self.rng)
        if action in ("keep", "reject"):
            self.draw(game, action)
        elif action.startswith("bid "):
            self.bid(game, action)
        elif action.startswith("play "):
            self.play(game, action.split()[1])
        else:  # pragma: no cover - the player bids no double nil here
            pytest.fail(f"unexpected {action}")
        self.done[action.split()[0]] += 1
        assert not page.locator("#sp-seat-1 [data-card]").count()  # only backs, never faces

    def draw(self, game: dict[str, Any], action: str) -> None:
        page = self.page
        hand = game["view"]["hand"]
        top = self.testid("top-card")
        assert top.get_attribute("data-card") == hand["top_card"]
        assert self.testid("card-count-0").inner_text() == f"{len(hand['hand'])} card" + (
            "" if len(hand["hand"]) == 1 else "s")
        assert self.testid("stock-count").inner_text() == f"Stock: {hand['stock_left']}"
        if "double-nil" in game["legal_actions"]:
            self.shot("draw-top-card-double-nil-offered")
        if not self.done[action]:
            # The first keep and the first reject at normal speed: the next card is shown for a
            # moment, then goes to the discard pile (keep) or into the hand (reject).
            self.speed("normal")
            self.testid(f"{action}-button").click()
            page.wait_for_selector("[data-testid=next-card]", timeout=30_000)
            self.shot(f"draw-{action}-next-card")
            self.wait_for("idle")
            self.speed("instant")
            return
        if action == "keep" and not self.done["keyboard-keep"]:
            page.keyboard.press("k")  # keyboard: K keeps, R rejects
            self.done["keyboard-keep"] += 1
        else:
            self.testid(f"{action}-button").click()
        if len(hand["hand"]) == 8:
            self.wait_for("idle")
            self.shot("draw-hand-building")

    def bid(self, game: dict[str, Any], action: str) -> None:
        page = self.page
        theirs = game["view"]["hand"]["bids"][1]
        prompt = page.locator("#sp-prompt-text").inner_text()
        if theirs is not None and not game["view"]["hand"]["double_nil"][1]:
            # The opponent is named (its seat, its face), never "the computer".
            assert f"Juno bid {theirs}" in prompt or "nil" in prompt, prompt
            assert "computer" not in prompt.lower(), prompt
            assert self.testid("bid-1").inner_text() == str(theirs).replace("nil", "Nil")
        wanted = action.split()[1]
        if wanted == "nil":
            self.testid("nil-button").click()
            return
        number = int(wanted)
        picker = page.locator("#sp-bid-number")
        for _ in range(20):
            value = int(picker.input_value())
            if value == number:
                break
            self.testid("bid-up" if value < number else "bid-down").click()
        assert self.testid("bid-button").inner_text() == f"Bid {number}"
        self.shot("bid-picker")
        self.testid("bid-button").click()

    def play(self, game: dict[str, Any], card: str) -> None:
        page = self.page
        legal = {a.split()[1] for a in game["legal_actions"]}
        shown = page.locator("#sp-hand button.card.legal")
        assert {shown.nth(k).get_attribute("data-card") for k in range(shown.count())} == legal
        hand = game["view"]["hand"]
        dim = [c for c in hand["hand"] if c not in legal]
        leading = not hand["current_trick"]["cards"]
        kind = "spades" if leading else "follow"
        if dim and not self.done[f"illegal-{kind}"]:
            page.locator(f"#sp-hand button.card[data-card='{dim[0]}']").click(force=True)
            page.wait_for_selector("#toast.error:not([hidden])")
            message = page.locator("#toast").inner_text()
            expected = "Spades are not broken" if leading else "You must follow"
            assert message.startswith(expected), message
            if leading:
                assert "Spades are not broken yet" in page.locator("#sp-prompt-text").inner_text()
            self.shot(f"illegal-card-{kind}-explained")
            self.done[f"illegal-{kind}"] += 1
            self.wait_for("idle")
            page.locator("#toast").evaluate("node => { node.hidden = true; }")
        if not leading:
            self.shot("play-your-turn-legal-cards")
        index = self.hand().index(card)
        if not self.done["keyboard-play"] and index < 9:
            # Keyboard: a number key selects a card, Enter plays it.
            self.shot("play-legal-highlighted")
            page.set_viewport_size({"width": 390, "height": 844})
            self.shot("phone-play")
            page.set_viewport_size({"width": 1200, "height": 1000})
            page.keyboard.press(str(index + 1))
            page.keyboard.press("Enter")
            self.done["keyboard-play"] += 1
            return
        page.locator(f"#sp-hand button.card[data-card='{card}']").click()

    def check_hand_end(self) -> None:
        page = self.page
        self.shot("hand-end")
        rows = page.get_by_test_id("hand-scores").locator("tbody tr")
        assert rows.count() == 2
        you = rows.nth(0).locator("td").all_inner_texts()
        assert you[0] == "You" and len(you) == 5  # player, bid, tricks, this hand, total
        reasons = page.get_by_test_id("hand-reasons").locator("li").all_text_contents()
        assert reasons[0].startswith("You: bid ") and any(r.startswith("Juno: bid ")
                                                          for r in reasons)

    def check_final(self, hands: int) -> None:
        page = self.page
        self.shot("final-result")
        line = page.get_by_test_id("final-line").inner_text()
        found = re.fullmatch(r"(You|Juno) won ([\u2212-]?\d+) to ([\u2212-]?\d+)\.", line)
        assert found, line
        # Negative numbers show a true minus sign (U+2212), never a hyphen-minus.
        assert not re.search(r"-\d", page.inner_text("#dialog") + page.inner_text("#sp-status"))
        game = self.game()
        totals = game["view"]["totals"]
        mine, theirs = (totals[0], totals[1]) if found[1] == "You" else (totals[1], totals[0])
        assert (minus(found[2]), minus(found[3])) == (mine, theirs) and max(totals) >= TARGET
        assert page.get_by_test_id("final-margin").inner_text() == (
            f"{totals[0] - totals[1]:+d}".replace("-", "\u2212") if totals[0] != totals[1] else "0")
        assert game["score"] == totals[0] - totals[1] and len(game["view"]["results"]) == hands
        assert self.done["keep"] and self.done["reject"] and self.done["bid"] >= 2, self.done
        assert self.done["illegal-spades"] + self.done["illegal-follow"] >= 1, self.done

    def leaderboard_and_rules(self) -> None:
        page = self.page
        page.locator("#dialog-buttons").get_by_role("link", name="Leaderboard").click()
        page.wait_for_selector("body[data-state='ready']")
        assert page.locator("#game").input_value() == "spades"
        assert "Spades" in page.locator("#board-title").inner_text()
        stats = page.locator("#stats").inner_text()
        assert NICKNAME in stats and "Games won" in stats and "Average margin" in stats
        history = page.locator("#history tbody tr")
        assert history.count() == 2  # the finished game and the one left after the exchange
        self.shot("leaderboard-spades")
        page.goto(f"{self.url}/rules?game=spades")
        assert "Spades for two" in page.locator("h1").inner_text()
        self.shot("rules-spades")

