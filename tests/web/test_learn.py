"""The lessons' API: every lesson replays through the engine to its end, the answers it states
are the engine's, what it sends holds no computer card before that card is played, and moves it
cannot replay are a 400 that changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.learning import learn_client
from tests.web.learning import lesson_at as get
from tricktable.cards import parse_cards
from tricktable.game import parse_action
from tricktable.i18n import LANGUAGES
from tricktable.sheepshead.deck import mask_points
from tricktable.sheepshead.state import new_hand
from tricktable.web.language import LANGUAGE_COOKIE
from tricktable.web.learn.lessons import LESSONS, YOU, Act, Lesson, build_deal
from tricktable.web.learn.runner import NAMES
from tricktable.web.learn.spades_lessons import SPADES_LESSONS

LESSON_IDS = [lesson.id for lesson in LESSONS]


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with learn_client() as test_client:
        yield test_client


def candidates(lesson: Lesson, step_index: int, body: dict[str, Any]) -> list[str]:
    """Moves to try at the lesson's ``step_index``-th decision: those it accepts, or else every
    card (pair) of the hand, for the engine to refuse or allow."""
    step = [s for s in lesson.steps if isinstance(s, Act)][step_index]
    if step.accept:
        return list(step.accept)
    hand = body["hand"]
    if "bury" in body["pending"]["kinds"]:
        return [f"bury {a} {b}" for i, a in enumerate(hand) for b in hand[i + 1:]]
    return [f"play {card}" for card in hand]


def walk(client: TestClient, lesson: Lesson, language: str = "en"
         ) -> list[tuple[list[str], dict[str, Any]]]:
    """Every answer on the way through ``lesson`` (refusals included), with its moves."""
    moves: list[str] = []
    seen = []
    body = get(client, lesson.id, moves, language)
    seen.append((list(moves), body))
    decisions = 0
    while body["pending"]["kind"] != "done":
        for move in candidates(lesson, decisions, body):
            body = get(client, lesson.id, [*moves, move], language)
            seen.append(([*moves, move], body))
            if not body["pending"].get("refused"):
                moves.append(move)
                break
        else:
            raise AssertionError(f"{lesson.id}: no move goes on")
        decisions += 1
    return seen


def test_the_list_names_every_lesson_in_order(client: TestClient) -> None:
    """Sheepshead's lessons, then Spades' (tests/web/test_learn_spades.py)."""
    listed = client.get("/api/learn").json()["lessons"]
    assert [lesson["id"] for lesson in listed] == [*LESSON_IDS, *(s.id for s in SPADES_LESSONS)]
    assert all(lesson["title"] and lesson["summary"] for lesson in listed)


@pytest.mark.parametrize("lesson", LESSONS, ids=LESSON_IDS)
def test_every_lesson_replays_in_the_engine_and_its_answers_are_the_engine_s(
        client: TestClient, lesson: Lesson) -> None:
    moves, body = walk(client, lesson)[-1]
    assert body["pending"]["recap"]
    # Replay the transcript's actions in a fresh engine: each must be legal there.
    state = new_hand(deal=build_deal(lesson.hands, lesson.blind), dealer=lesson.dealer)
    setup, mine = list(lesson.setup), list(moves)
    played = iter([item for item in body["items"]
                   if item["kind"] == "play" and item["seat"] != YOU])
    while state.to_move is not None:
        if setup:
            action = parse_action(setup.pop(0))
        elif state.to_move == YOU:
            if not mine:
                break
            action = parse_action(mine.pop(0))
        elif state.phase.name == "PLAY":
            item = next(played, None)
            if item is None:
                break
            assert item["seat"] == state.to_move
            action = parse_action(f"play {item['card']}")
        else:
            action = parse_action("pass")
        assert action in state.legal_actions(), (lesson.id, str(action))
        state.apply(action)
    for item in body["items"]:
        if item["kind"] != "ask":
            continue
        assert item["answer"] in item["options"]
        if item["options"][0].isdigit():
            expected = (mask_points(state.buried) if "bury" in " ".join(moves)
                        and not state.tricks else state.tricks[-1].points)
            assert item["answer"] == str(expected)
        else:
            trick = state.tricks[-1]
            assert [str(c) for c in trick.cards] == item["options"]
            assert item["answer"] == str(trick.cards[(trick.winner - trick.leader) % 5])
    # A check comes before the words that would answer it (who took the trick, for how much).
    kinds = [item["kind"] for item in body["items"]]
    for at, kind in enumerate(kinds):
        if kind == "ask":
            assert "trick" not in kinds[at - 2:at], (lesson.id, kinds)
    # The engine's trick says the same as the transcript's "takes the trick".
    taken = [item for item in body["items"] if item["kind"] == "trick"]
    assert [t["winner"] for t in taken] == [t.winner for t in state.tricks]
    assert [t["points"] for t in taken] == [t.points for t in state.tricks]


def symbol(card: str) -> str:
    parsed = parse_cards(card)[0]
    return str(parsed.rank.text) + parsed.suit.symbol


@pytest.mark.parametrize("lesson", LESSONS, ids=LESSON_IDS)
def test_no_computer_card_is_sent_before_it_is_played(client: TestClient,
                                                      lesson: Lesson) -> None:
    """A small leak walk: at every answer, no card of a computer seat or of the blind that has
    not been played is among the cards sent, nor named where the computers' actions are told
    (only the called card is: the call is public)."""
    deal = build_deal(lesson.hands, lesson.blind)
    hidden = {str(c) for seat in range(1, 5) for c in deal.hands[seat]} | {
        str(c) for c in deal.blind}
    for _moves, body in walk(client, lesson):
        played = {item["card"] for item in body["items"] if item["kind"] == "play"}
        unseen = hidden - played - set(body["hand"])
        sent = {played_card["card"] for played_card in body["table"]}
        sent |= {option for item in body["items"] if item["kind"] == "ask"
                 for option in item["options"]}
        assert not unseen & sent, (lesson.id, unseen & sent)
        told = [item["text"] for item in body["items"] if item["kind"] in ("play", "trick")
                or item.get("text", "").startswith(NAMES[1:])]
        for card in unseen:
            for text in told:
                assert symbol(card) not in text or ("A" in card and card[-1] in "CSH"), (
                    lesson.id, card, text)


def test_an_illegal_card_is_refused_with_the_engine_s_reason(client: TestClient) -> None:
    body = get(client, "follow", ["play JH"])
    assert body["pending"]["kind"] == "act"
    assert "clubs" in body["pending"]["refused"]
    assert "JH" in body["hand"]


def test_a_legal_move_the_lesson_does_not_want_gets_its_hint(client: TestClient) -> None:
    body = get(client, "pick", ["pass"])
    assert body["pending"]["refused"]
    assert body["pending"]["choices"][0]["action"] in ("pick", "pass")


@pytest.mark.parametrize("moves", ["play JH,play 7C", "nonsense", "pick,bury QC QS,play 7S",
                                   ",".join(["pass"] * 13)])
def test_moves_the_lesson_cannot_replay_are_a_400(client: TestClient, moves: str) -> None:
    lesson = "follow" if moves.startswith("play") else "pick"
    answer = client.get(f"/api/learn/{lesson}", params={"moves": moves})
    assert answer.status_code == 400
    assert answer.json()["message"]


def test_an_unknown_lesson_is_a_404(client: TestClient) -> None:
    answer = client.get("/api/learn/poker")
    assert answer.status_code == 404
    assert "trump" in answer.json()["message"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_lesson_speaks_every_language(client: TestClient, language: str) -> None:
    for lesson in LESSONS:
        body = walk(client, lesson, language)[-1][1]
        english = walk(client, lesson)[-1][1]
        assert len(body["items"]) == len(english["items"])
        if language != "en":
            assert body["pending"]["recap"] != english["pending"]["recap"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_lists_the_lessons_in_the_visitor_s_language(client: TestClient,
                                                               language: str) -> None:
    client.cookies.set(LANGUAGE_COOKIE, language)
    page = client.get("/learn")
    assert page.status_code == 200
    assert page.headers["content-language"] == language
    listed = client.get("/api/learn").json()["lessons"]
    for lesson in listed:
        assert f'data-lesson="{lesson["id"]}"' in page.text
        assert lesson["title"].replace("'", "&#x27;") in page.text
    assert "<script>" not in page.text  # the page's one script is the module it names
    assert client.head("/learn").status_code == 200
