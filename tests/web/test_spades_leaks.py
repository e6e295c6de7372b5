"""No leaks through the HTTP API in Spades: complete games, every JSON answer walked.

At each answer the test rebuilds the true game from the database (seed + action log) and checks
every card named anywhere in the answer against what the human may know at that moment, worked
out independently of the engine's views (``tests.spades.leaks.seen_by``): the two stock cards of
each of its own draws, the top card it is looking at now, the cards it drew in its own exchange,
and the cards played.  So nothing of the computer's hand, no stock card not yet seen, none of the
computer's discards.  The computer's draws and exchange must not tell which cards, nor whether it
kept or rejected.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.spades.leaks import card_strings, seen_by
from tests.web.play import (
    TOP_LEVEL,
    play_checked_game,
    spades_choice,
    true_match,
    walk_keys,
)
from tricktable.cards import CARDS, Card
from tricktable.game import ActionKind
from tricktable.spades.match import Match
from tricktable.spades.state import HandState, Phase
from tricktable.web.games.service import GameService

HUMAN = 0
COMPUTER = 1
FORBIDDEN_KEYS = {"seed", "history", "stock", "actions", "state", "exchange_seed", "pile",
                  "hands", "deal_seed"}


class Unseen:
    """The cards the human may not know in each hand of one answer's match, worked out once per
    hand (an answer names many events of the same hand)."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.hidden: dict[int, set[Card]] = {}

    def assert_known(self, data: Any, deal: int, where: str) -> None:
        if deal not in self.hidden:
            self.hidden[deal] = set(CARDS) - seen_by(self.match.hands[deal], HUMAN)
        leaked = card_strings(data) & self.hidden[deal]
        assert not leaked, f"{where}: the human sees {sorted(map(str, leaked))}"


def computer_discards(hand: HandState) -> set[Card]:
    """The computer's discards in the draw (the test's own reckoning, from the stock)."""
    found: set[Card] = set()
    position = 0
    for seat, action in hand.history:
        if action.kind in (ActionKind.KEEP, ActionKind.REJECT):
            if seat == COMPUTER:
                pair = hand.deal.stock[position:position + 2]
                found.add(pair[1] if action.kind is ActionKind.KEEP else pair[0])
            position += 2
    return found


def check_answer(service: GameService, game: dict[str, Any], seen: dict[str, int]) -> None:
    assert set(game) == TOP_LEVEL, set(game) ^ TOP_LEVEL
    assert not FORBIDDEN_KEYS & set(walk_keys(game)), "a forbidden key is in the answer"
    row = service.store.game(game["id"])
    assert row is not None and row.seed not in repr(game)
    match: Match = true_match(service, game)
    assert game["deal"] == len(match.hands) - 1
    current = match.hands[game["deal"]]
    unseen = Unseen(match)

    # The current hand's view: only what the human may know.
    view = game["view"]["hand"]
    assert "events" not in view and "legal_actions" not in view
    unseen.assert_known(game["view"], game["deal"], "view")
    assert view["hand"] == [str(c) for c in current.view(HUMAN).hand]
    drawing = current.phase is Phase.DRAW and match.to_move == HUMAN
    assert view["top_card"] == (str(current.top_card) if drawing else None)
    # The computer's discards never show, not even after the hand (unless the human drew one in
    # its own exchange).
    mentioned = card_strings([game["view"], game["legal_actions"],
                              [e for e in game["events"] if e["deal"] == game["deal"]]])
    assert not mentioned & (computer_discards(current) - seen_by(current, HUMAN))

    # Legal actions: the engine's, only on the human's turn; the exchange sent compactly.
    if match.to_move != HUMAN:
        assert game["legal_actions"] == []
    elif current.phase is Phase.EXCHANGE:
        assert game["legal_actions"] == ["exchange"] and game["view"]["exchange"] == {"up_to": 3}
    else:
        assert game["legal_actions"] == [str(a) for a in match.legal_actions()]
        assert game["view"]["exchange"] is None
    unseen.assert_known(game["legal_actions"], game["deal"], "legal_actions")

    # Events, each against the hand it belongs to.
    for event in game["events"]:
        hand = match.hands[event["deal"]]
        unseen.assert_known(event, event["deal"], f"event {event}")
        if event.get("seat") == COMPUTER and event["type"] == "Drew":
            assert event["kept"] is None and event["taken"] is None and event["discarded"] is None
            seen["computer_draws"] += 1
        if event.get("seat") == COMPUTER and event["type"] == "Exchanged":
            assert event["given"] is None and event["received"] is None
            seen["computer_exchange"] += 1
        if event.get("seat") == HUMAN and event["type"] == "Exchanged":
            seen["human_exchange"] += event["swapped"] > 0
        if event["type"] == "DoubleNilDeclared":
            seen[f"double_nil_{event['seat']}"] += 1
        if event["type"] == "HandScored":
            assert hand.is_over
            seen["hands_scored"] += 1

    # Finished hands' results hold no card at all.
    results = game["view"]["results"]
    assert len(results) == sum(1 for hand in match.hands if hand.result is not None)
    assert not card_strings(results)

    # The last finished hand.
    previous = game["previous_hand"]
    if previous is not None:
        hand = match.hands[previous["deal"]]
        assert hand.is_over
        unseen.assert_known(previous, previous["deal"], "previous_hand")

    seen["answers"] += 1
    seen["human_first"] += current.first == HUMAN
    seen["computer_first"] += current.first == COMPUTER
    seen["human_draws"] += drawing
    seen["nil"] += any(b == 0 for b in current.bids if b is not None)


def forced(game: dict[str, Any], force: str | None) -> str | None:
    """The first game declares double nil and exchanges two cards; the second bids nil."""
    legal = game["legal_actions"]
    if force == "double-nil" and game["view"]["hand_number"] == 1:
        if "double-nil" in legal:
            return "double-nil"
        if legal == ["exchange"]:
            return "exchange " + " ".join(game["view"]["hand"]["hand"][:2])
    if force == "nil" and game["view"]["hand_number"] == 1 and "bid nil" in legal:
        return "bid nil"
    return None


def play_checked(client: TestClient, service: GameService, body: dict[str, Any], seed: int,
                 seen: dict[str, int], force: str | None = None) -> None:
    rng = random.Random(seed)

    def check(answer: dict[str, Any]) -> None:
        check_answer(service, answer, seen)

    def choose(game: dict[str, Any]) -> tuple[str, bool]:
        # Now and then a double nil or a nil in the first hand, for coverage; then plain play,
        # so that the game reaches its target (failed nils could keep both players below it).
        hand_number = game["view"]["hand_number"]
        assert hand_number <= 60, f"the game did not end: {game['view']['totals']}"
        action = forced(game, force) or spades_choice(
            game, rng, adventurous=0.25 if hand_number == 1 else 0.0,
            bold=game["opponent"] == "random")
        # Now and then a stale request first: its answer is walked too.
        return action, rng.random() < 0.04

    game = play_checked_game(client, body, check, choose, rng=rng, reload=0.3)
    check(client.get(f"/api/games/{game['id']}").json())


def test_complete_spades_games_through_the_api_leak_nothing(
        make_app: Callable[..., FastAPI]) -> None:
    # Some 600 actions, more when a game runs long (up to 60 hands): past a player's limit a
    # minute once in a CI run.  The limits are not what this test is about.
    test_app = make_app(test_options=True, rate_limit_action_player="",
                        rate_limit_action_address="")
    service: GameService = test_app.state.service
    seen = dict.fromkeys(("answers", "computer_draws", "human_draws", "computer_exchange",
                          "human_exchange", "double_nil_0", "double_nil_1", "hands_scored",
                          "human_first", "computer_first", "nil"), 0)
    tables = [
        {"difficulty": "easy", "target": 150},
        {"difficulty": "normal", "target": 200},
        {"difficulty": "easy", "target": 120},
        {"difficulty": "normal", "target": 150},
        {"difficulty": "hard", "target": 60},
    ]
    with TestClient(test_app, raise_server_exceptions=False) as client:
        for seed, body in enumerate(tables):
            force = {0: "double-nil", 1: "nil"}.get(seed)
            play_checked(client, service, {"game": "spades", **body}, seed, seen, force)
    assert seen["answers"] > 300
    for case in ("computer_draws", "human_draws", "human_exchange", "double_nil_0",
                 "hands_scored", "human_first", "computer_first", "nil"):
        assert seen[case] > 0, f"the games never covered {case}: {seen}"
