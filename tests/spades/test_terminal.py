"""The terminal game: typed input, illegal choices explained, a game played to the end."""

import io
import itertools
import re
from collections.abc import Callable

import pytest
from rich.console import Console

from tests.spades.helpers import MIXED, apply_all, hand_after_draw
from tricktable.cards import CARDS
from tricktable.game import DOUBLE_NIL, KEEP, REJECT, Action, RandomPlayer
from tricktable.spades.events import BidMade, CardPlayed, Drew, Exchanged, SpadesBroken, TrickWon
from tricktable.spades.state import new_hand
from tricktable.terminal.spades import describe_event, interpret, play, render


def typist(limit: int, bid: str = "bid 4") -> tuple[list[str], Callable[[str], str]]:
    """Answers the prompts: keeps (one double nil), exchanges, bids, and tries cards in turn."""
    prompts: list[str] = []
    cards = itertools.cycle([str(c) for c in CARDS])

    def answer(prompt: str) -> str:
        prompts.append(prompt)
        if len(prompts) > limit:
            return "quit"
        if len(prompts) == 1:
            return "help"
        if prompt.startswith("Keep, reject"):
            return "d" if len(prompts) < 4 else "k"
        if prompt.startswith("Keep"):
            return "r" if len(prompts) % 2 else "keep"
        if prompt.startswith("Exchange"):
            return "x 1 2"
        if prompt.startswith("Your bid"):
            return bid
        return next(cards)

    return prompts, answer


def test_a_game_is_played_by_typing_and_illegal_choices_are_explained() -> None:
    out = io.StringIO()
    prompts, answer = typist(limit=400)
    play(seed=3, opponent=RandomPlayer(), target=20, console=Console(file=out, width=100),
         input_fn=answer)
    text = out.getvalue()
    assert "game seed 3" in text and "Type 'help'" in text and "Draw: 'keep'" in text
    assert "You bid double nil!" in text and "You give up" in text
    assert "Top of the stock:" in text and "Your hand:" in text
    assert "Not allowed: You do not hold" in text
    assert "Hand over." in text
    assert any(p.startswith("Keep or reject") for p in prompts)
    assert any(p.startswith("Your card") for p in prompts)
    assert "Final score" in text or "Game abandoned." in text


def test_a_game_reaches_its_end() -> None:
    out = io.StringIO()
    _, answer = typist(limit=20000, bid="nil")
    play(seed=8, opponent=RandomPlayer(), target=1, console=Console(file=out, width=100),
         input_fn=answer)
    text = out.getvalue()
    assert "Final score" in text and ("You win!" in text or "The computer wins." in text)


def test_quit_leaves_at_once() -> None:
    out = io.StringIO()
    play(seed=None, opponent=RandomPlayer(), console=Console(file=out, width=80),
         input_fn=lambda prompt: "q")
    assert "Game abandoned." in out.getvalue() and "game seed" in out.getvalue()


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("k", KEEP), ("keep", KEEP), ("r", REJECT), ("REJECT", REJECT), ("d", DOUBLE_NIL),
        ("double nil", DOUBLE_NIL), ("double-nil", DOUBLE_NIL),
    ],
)
def test_draw_words(typed: str, expected: Action) -> None:
    assert interpret(typed, new_hand(seed=1).view(0)) == expected


def test_bids_cards_and_exchanges() -> None:
    state = hand_after_draw(*MIXED)
    bidding = state.view(1)
    assert interpret("4", bidding) == Action.bid(4)
    assert interpret("bid 4", bidding) == Action.bid(4)
    assert interpret("nil", bidding) == Action.bid(0)
    assert interpret("bid nil", bidding) == Action.bid(0)
    apply_all(state, ["bid 3", "bid 3"])
    playing = state.view(1)
    queen = next(c for c in CARDS if str(c) == "QS")
    assert interpret("QS", playing) == Action.play(queen)
    assert interpret("q♠", playing) == Action.play(queen)
    assert interpret("play QS", playing) == Action.play(queen)
    assert interpret("1", playing) == Action.play(playing.hand[0])
    assert interpret("exchange", playing) == Action.exchange(())
    assert interpret("x 1 2", playing) == Action.exchange(playing.hand[:2])
    with pytest.raises(ValueError):
        interpret("", playing)
    with pytest.raises(ValueError):
        interpret("99", playing)
    with pytest.raises(ValueError):
        interpret("fly away", playing)


def test_render_and_event_lines() -> None:
    state = hand_after_draw(*MIXED)
    out = io.StringIO()
    Console(file=out, width=100).print(render(state.view(0), hand_number=2))
    text = out.getvalue()
    assert "Hand    2" in text and "Your discards" in text and "Computer" in text
    card = CARDS[0]
    assert describe_event(Drew(1, None, None, None)) is None
    assert str(describe_event(Drew(0, True, card, CARDS[1]))) == "You keep 2♣ and discard 3♣."
    assert str(describe_event(Exchanged(1, 2, None, None))).startswith("Computer exchanges 2")
    assert str(describe_event(BidMade(1, 0))) == "Computer bids nil."
    assert str(describe_event(CardPlayed(0, card))) == "You play 2♣"
    assert str(describe_event(SpadesBroken(1))) == "Spades are broken."
    assert str(describe_event(TrickWon(1, 4))) == "Computer takes trick 4."


def test_x_during_the_draw_is_answered_with_what_to_do() -> None:
    with pytest.raises(ValueError, match="nothing to exchange during the draw: 'keep'"):
        interpret("x", new_hand(seed=1).view(0))


def test_the_hand_end_says_who_won_the_hand() -> None:
    out = io.StringIO()
    _, answer = typist(limit=20000, bid="nil")
    play(seed=8, opponent=RandomPlayer(), target=1, console=Console(file=out, width=100),
         input_fn=answer)
    line = next(x for x in out.getvalue().splitlines() if x.startswith("Hand over."))
    assert re.match(r"Hand over\. (You won the hand|The computer won the hand|The hand is even),"
                    r" [+-]\d+ to [+-]\d+; the score is -?\d+ to -?\d+\.$", line), line
