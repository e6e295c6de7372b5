"""The Spades lesson's API: it replays through the Spades engine to its end, the answers it states
are the engine's, what it sends names no card of the computer (hand or discards) before that card
is played and none of the stock before you look at it, and a move it does not want is refused in
clear words while one it cannot replay is a 400."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.web.learning import learn_client, lesson_at
from tricktable.cards import CARDS, Card
from tricktable.game import parse_action
from tricktable.i18n import LANGUAGES
from tricktable.spades.scoring import contract_score
from tricktable.spades.state import HandState, Phase, new_hand
from tricktable.web.language import LANGUAGE_COOKIE
from tricktable.web.learn.lessons import YOU, Act
from tricktable.web.learn.spades_lessons import SPADES_LESSONS, SpadesLesson, build_stock

LESSON = SPADES_LESSONS[0]
THEM = 1 - YOU


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with learn_client() as test_client:
        yield test_client


def get(client: TestClient, moves: list[str], language: str = "en") -> dict[str, Any]:
    return lesson_at(client, LESSON.id, moves, language)


def candidates(lesson: SpadesLesson, decision: int, body: dict[str, Any]) -> list[str]:
    """Every move on offer at the lesson's ``decision``-th decision, the ones it does not want
    first (so that each is tried and refused), then the ones it accepts."""
    step = [s for s in lesson.steps if isinstance(s, Act)][decision]
    offered = [c["action"] for c in body["pending"]["choices"]]
    if "play" in body["pending"]["kinds"]:
        offered += [f"play {card}" for card in body["hand"]]
    accepted = [m for m in offered if not step.accept or m in step.accept]
    return [m for m in offered if m not in accepted] + accepted


def walk(client: TestClient, language: str = "en") -> list[tuple[list[str], dict[str, Any]]]:
    """Every answer on the way through the lesson (refusals included), with its moves."""
    moves: list[str] = []
    body = get(client, moves, language)
    seen = [(list(moves), body)]
    decisions = 0
    while body["pending"]["kind"] != "done":
        for move in candidates(LESSON, decisions, body):
            body = get(client, [*moves, move], language)
            seen.append(([*moves, move], body))
            if not body["pending"].get("refused"):
                moves.append(move)
                break
        else:
            raise AssertionError("no move goes on")
        decisions += 1
    return seen


def drawn(lesson: SpadesLesson, moves: list[str]) -> HandState:
    """The hand after the draw, as the lesson has it: your draw moves at your first turns, and
    every other turn (the computer's, and the setup's) a keep."""
    state = new_hand(deal=build_stock(lesson.draws), first=lesson.first)
    mine = [m for m in moves if m in ("keep", "reject")]
    assert set(lesson.setup) == {"keep"}
    while state.phase is Phase.DRAW:
        state.apply(parse_action(mine.pop(0) if state.to_move == YOU and mine else "keep"))
    return state


def named(text: str) -> set[Card]:
    """The cards a text names by symbol (``A♠``, ``10♥``)."""
    return {card for card in CARDS if re.search(rf"(?<![0-9AKQJ]){re.escape(card.symbol)}", text)}


def texts(body: dict[str, Any]) -> list[str]:
    pending = body["pending"]
    said = [item.get("text") or item.get("question", "") for item in body["items"]]
    said += [item[key] for item in body["items"] if item["kind"] == "ask"
             for key in ("right", "wrong")]
    said += [pending.get(key) or "" for key in ("prompt", "refused", "recap")]
    return said + [choice["label"] for choice in pending.get("choices", [])]


def test_the_list_has_the_spades_lesson_after_sheepshead_s(client: TestClient) -> None:
    listed = client.get("/api/learn").json()["lessons"]
    assert [lesson["game"] for lesson in listed][-1] == "spades"
    assert listed[-1]["id"] == LESSON.id and listed[-1]["title"] and listed[-1]["summary"]
    assert {lesson["game"] for lesson in listed[:-1]} == {"sheepshead"}


def test_the_lesson_replays_in_the_engine_and_its_answers_are_the_engine_s(
        client: TestClient) -> None:
    moves, body = walk(client)[-1]
    assert moves[:2] == ["keep", "reject"] and body["pending"]["recap"]
    # The transcript's moves, replayed in a fresh engine, are legal there and end where it ends.
    state = drawn(LESSON, moves)
    mine = [m for m in moves if m not in ("keep", "reject")]
    theirs = iter([item["card"] for item in body["items"]
                   if item["kind"] == "play" and item["seat"] == THEM])
    while state.to_move is not None:
        if state.to_move == YOU:
            if not mine:
                break
            action = parse_action(mine.pop(0))
        elif state.phase is Phase.BID:
            action = parse_action(f"bid {LESSON.bid}")
        else:
            card = next(theirs, None)
            if card is None:
                break
            action = parse_action(f"play {card}")
        assert action in state.legal_actions(), str(action)
        state.apply(action)
    assert sorted(body["hand"]) == sorted(str(c) for c in state.view(YOU).hand)
    asks = [item for item in body["items"] if item["kind"] == "ask"]
    assert len(asks) == 2
    score, winner = asks
    bid = state.bids[THEM]
    assert bid == LESSON.bid
    assert score["answer"] == str(contract_score(bid, bid + 1)[0]) == "31"
    assert len(set(score["options"])) == 4 and score["answer"] in score["options"]
    first = state.tricks[0]
    assert winner["options"] == [str(c) for c in first.cards]
    assert winner["answer"] == str(first.cards[(first.winner - first.leader) % 2]) == "2S"
    taken = [item["winner"] for item in body["items"] if item["kind"] == "trick"]
    assert taken == [t.winner for t in state.tricks]
    # A check comes before the words that answer it (who took the trick).
    kinds = [item["kind"] for item in body["items"]]
    assert kinds[kinds.index("ask", kinds.index("ask") + 1) + 1] == "trick"
    # Spades were broken by the computer's trump, and said so once.
    assert state.spades_broken
    assert sum("broken" in item["text"] for item in body["items"] if item["kind"] == "did") == 1


def test_no_card_you_could_not_know_is_sent_or_named(client: TestClient) -> None:
    """The leak walk: at every answer, every card sent (hand, table, options) or named in any
    words is one you know then: one you took or saw in the draw (the top card you look at
    included), or one played.  The computer's 26 cards (hand and discards) are never named
    before they are played; the stock is not named before you look at it."""
    answers = walk(client)
    final_moves = answers[-1][0]
    view = drawn(LESSON, final_moves).view(YOU)
    mine_in_order = [c for pair in zip(view.taken, view.discarded, strict=True) for c in pair]
    for moves, body in answers:
        turns = len(body["hand"]) if body["pending"].get("kinds") in (
            ["double-nil", "keep", "reject"], ["keep", "reject"]) else 13
        known = set(mine_in_order[:2 * turns])
        if turns < 13:
            known |= {c for c in CARDS if str(c) in {t["card"] for t in body["table"]}}
            assert len(body["table"]) == 1, moves  # the top card of the stock, no more
        known |= {c for c in CARDS
                  if str(c) in {item["card"] for item in body["items"] if item["kind"] == "play"}}
        sent = {str(c) for c in CARDS} & (
            set(body["hand"]) | {t["card"] for t in body["table"]}
            | {o for item in body["items"] if item["kind"] == "ask" for o in item["options"]})
        assert sent <= {str(c) for c in known}, (moves, sent - {str(c) for c in known})
        for text in texts(body):
            assert named(text) <= known, (moves, text, named(text) - known)


def test_the_computer_s_words_are_the_public_reasons(client: TestClient) -> None:
    body = walk(client)[-1][1]
    theirs = [item["text"] for item in body["items"] if item.get("text", "").startswith("Ada ")]
    assert "Ada draws: keeps one card of two." in theirs
    assert "Ada bids 3: the tricks its hand should take." in theirs
    assert "Ada plays 2♠: cannot follow: trumps with a spade." in theirs
    assert "Ada plays 5♠: leads a spade." in theirs


@pytest.mark.parametrize(("moves", "words"), [
    (["double-nil"], "Double nil is a bet"),
    (["keep", "keep"], "Reject the 3♦"),
    (["keep", "reject", "bid nil"], "Nil would mean"),
    (["keep", "reject", "bid 4", "play AS"], "Spades are not broken"),
    (["keep", "reject", "bid 4", "play 9C"], "Lead the A♥"),
    (["keep", "reject", "bid 4", "play AH", "play KH"], "You must follow spades"),
    (["keep", "bid 4"], "keep or reject"),
])
def test_a_move_the_lesson_does_not_take_is_refused_in_words(
        client: TestClient, moves: list[str], words: str) -> None:
    body = get(client, moves)
    before = get(client, moves[:-1])
    assert body["pending"]["kind"] == "act"
    assert words in body["pending"]["refused"]
    # Nothing changed: the lesson stands where it stood before the move.
    assert body["hand"] == before["hand"] and body["items"] == before["items"]


@pytest.mark.parametrize("moves", [
    "keep,keep,bid 4", "nonsense", "keep,reject,bid 4,play AS,play AH",
    "keep,reject,bid 4,play AH,play AS,keep", "keep,reject,bid 14,play AH", ",".join(["keep"] * 13),
])
def test_moves_the_lesson_cannot_replay_are_a_400(client: TestClient, moves: str) -> None:
    answer = client.get(f"/api/learn/{LESSON.id}", params={"moves": moves})
    assert answer.status_code == 400, answer.text
    assert answer.json()["message"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_lesson_speaks_every_language(client: TestClient, language: str) -> None:
    body = walk(client, language)[-1][1]
    english = walk(client)[-1][1]
    assert len(body["items"]) == len(english["items"])
    for text in texts(body):
        assert "{" not in text, text
    if language != "en":
        assert body["pending"]["recap"] != english["pending"]["recap"]
        assert body["items"][0]["text"] != english["items"][0]["text"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_list_shows_the_lesson_under_its_game(client: TestClient, language: str) -> None:
    client.cookies.set(LANGUAGE_COOKIE, language)
    page = client.get("/learn")
    assert page.status_code == 200
    assert page.text.index('id="learn-sheepshead"') < page.text.index('id="learn-spades"')
    assert page.text.index('id="learn-spades"') < page.text.index('data-lesson="spades"')


def test_the_spades_rules_link_to_the_lesson(app: FastAPI) -> None:
    with TestClient(app) as full:
        spades = full.get("/rules?game=spades").text
        sheepshead = full.get("/rules").text
    assert 'href="/learn?lesson=spades"' in spades
    assert 'href="/learn?lesson=spades"' not in sheepshead and 'href="/learn"' in sheepshead
