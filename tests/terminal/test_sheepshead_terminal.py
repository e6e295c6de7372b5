import io
import itertools
import random
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from rich.console import Console

from tests.terminal.helpers import scripted
from tricktable.cards import card, parse_cards
from tricktable.game import RandomPlayer, parse_action
from tricktable.sheepshead.match import Match
from tricktable.sheepshead.rules import PRESETS
from tricktable.sheepshead.scoring import HandKind
from tricktable.sheepshead.state import new_hand
from tricktable.terminal.drawing import AmbiguousCard, asking_back, card_at
from tricktable.terminal.sheepshead import hand_summary, play


def five_hands(seed: int, preset: str, answer: Callable[[str], str]) -> tuple[Match, str]:
    """A five-hand game of ``preset`` answered by ``answer`` against random players: the
    finished game and the text it printed."""
    out = io.StringIO()
    match = play(
        seed=seed, rules=replace(PRESETS[preset], hands=5),
        opponents=[RandomPlayer() for _ in range(4)],
        console=Console(file=out, width=100, color_system=None), input_fn=answer,
    )
    assert match.is_over and match.hands_played == 5
    return match, out.getvalue()


def test_a_whole_game_can_be_played_by_typing() -> None:
    prompts, answer = scripted(
        ["help", "pick", "bury 1 2", "call AS", "call AH", "call AC", "alone",
         "1", "2", "3", "4", "5", "6", "7", "8", "AH"]
    )
    _, text = five_hands(12, "milwaukee", answer)
    assert "Final standings" in text and "Your hand" in text
    assert "Not allowed:" in text  # illegal choices are explained, not just refused
    assert "Numbers pick cards" in text
    assert any("play a card" in p for p in prompts) and any("pick or pass" in p for p in prompts)
    leasters = len(re.findall(r"Hand \d of 5: a leaster", text))
    assert "— Hand 5 of 5 —" in text and text.count("Buried: ") == 5 - leasters


def test_quitting_abandons_the_game() -> None:
    out = io.StringIO()
    _, answer = scripted(["quit"])
    match = play(seed=1, opponents=[RandomPlayer() for _ in range(4)],
                 console=Console(file=out, width=100), input_fn=answer)  # type: ignore[arg-type]
    assert not match.is_over and "abandoned" in out.getvalue()


def test_a_wisconsin_game_prompts_for_cracks_and_blitzes() -> None:
    prompts: list[str] = []
    numbers = itertools.cycle("12345678")

    def answer(prompt: str) -> str:
        """Pass on every pick, take every crack, recrack and blitz offered; play by number."""
        prompts.append(prompt)
        for word in ("recrack", "crack", "blitz"):
            if word in prompt:
                return "blitz" if word == "blitz" else word
        if "pick or pass" in prompt:
            return "pass"
        return next(numbers)

    match, text = five_hands(4, "wisconsin-jd", answer)
    assert any(p.startswith("Your move (crack") for p in prompts)
    assert "You crack: the stakes double." in text
    assert "Stakes" in text and "×" in text
    doubled = [r for r in match.results if r.multiplier > 1]
    assert doubled and all(r.multiplier <= 16 for r in match.results)


def test_the_play_command_takes_table_options(tmp_path: object) -> None:
    import os
    import subprocess
    import sys

    # English whatever the machine's locale (the terminal speaks the environment's language).
    english = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    done = subprocess.run(
        [sys.executable, "-m", "tricktable.cli", "play", "--preset", "wisconsin-jd",
         "--option", "max_doubles=1", "--option", "nonsense", "--seed", "1"],
        capture_output=True, text=True, input="quit\n", timeout=120, env=english,
    )
    assert done.returncode == 2 and "KEY=VALUE" in done.stdout
    done = subprocess.run(
        [sys.executable, "-m", "tricktable.cli", "play", "--preset", "wisconsin-jd",
         "--option", "max_doubles=1", "--option", "crack=true", "--seed", "1"],
        capture_output=True, text=True, input="quit\n", timeout=120, env=english,
    )
    assert done.returncode == 0 and "abandoned" in done.stdout


# --- Card words, the hand's end, the screen in place ---------------------------------------------


def test_a_rank_alone_is_asked_back_when_it_names_several_cards() -> None:
    hand = parse_cards("QC 9C 9S AH 7D KH")
    assert card_at("AH", hand) == card("AH") and card_at("7", hand) == card("7D")
    assert card_at("2", hand) == card("9C")  # a number within the hand is a place in it
    with pytest.raises(AmbiguousCard, match=r"^Which 9: 9♣ or 9♠\?$") as doubt:
        card_at("9", hand)
    assert doubt.value.resolve("bury 9 KH", "♠") == "bury 9S KH"
    assert doubt.value.choose("c") == card("9C") and doubt.value.choose("2") == card("9S")
    with pytest.raises(ValueError, match="none of 9♣, 9♠"):
        doubt.value.choose("hearts")
    with pytest.raises(ValueError, match="You hold no 8"):
        card_at("8", hand)
    asked: list[str] = []

    def reply(question: str) -> str:
        asked.append(question)
        return "spades"

    action = asking_back("bury 9 KH", lambda text: parse_action(
        "bury " + " ".join(str(card_at(w, hand)) for w in text.split()[1:])), reply)
    assert asked == ["Which 9: 9♣ or 9♠? "] and str(action) == "bury 9S KH"


def finished_hand(seed: int) -> Any:
    """The human's view of a hand played to its end by random players."""
    hand = new_hand(dealer=0, seed=seed)
    rng = random.Random(seed)
    while not hand.is_over:
        seat = hand.to_move
        assert seat is not None
        hand.apply(RandomPlayer().choose(hand.view(seat), rng), seat=seat)
    return hand.view(0)


def test_the_hand_end_says_who_won_and_shows_the_bury_and_the_unknown_card() -> None:
    for seed in range(40):
        view = finished_hand(seed)
        if view.result.kind is HandKind.PICKED and not view.result.alone:
            break
    else:
        pytest.fail("no picked hand with a partner in 40 deals")
    text = hand_summary(view, 1, 1).plain
    assert text.startswith("Hand 1 of 1: ")
    assert (" won: " in text) == bool(view.result.picker_won)
    points, tricks = view.result.picker_team_points, view.result.picker_team_tricks
    assert (f"{points} card points" in text) != (tricks in (0, 6))  # or schwarz, said so
    assert ("(schwarz)" in text) == (tricks in (0, 6))
    assert "Buried: " + " ".join(c.symbol for c in view.buried) in text
    assert ("The unknown card: " in text) == view.unknown_set_aside
    aside = replace(view, unknown_card=card("9S"), unknown_set_aside=True)
    assert "The unknown card: 9♠" in hand_summary(aside, 3, 10).plain


def test_the_screen_is_updated_in_place_on_a_terminal() -> None:
    out = io.StringIO()
    console = Console(file=out, width=100, height=60, force_terminal=True, color_system=None)
    prompts, script = scripted(["pick", "bury 1 2", "alone", "call AS", "1", "2", "3", "4",
                                "5", "6", "9", "AH", ""])

    def answer(prompt: str) -> str:
        return "quit" if len(prompts) >= 150 else script(prompt)  # type: ignore[operator]

    match = play(seed=5, rules=replace(PRESETS["milwaukee"], hands=5),
                 opponents=[RandomPlayer() for _ in range(4)], console=console, input_fn=answer)
    text = out.getvalue()
    assert not match.is_over and match.hands_played >= 1 and "Game abandoned." in text
    assert set(prompts) == {""}  # the question is part of the frame
    # Each new frame is drawn over the last: the cursor goes up and lines are erased.
    assert text.count("\x1b[1A") > 10 * len(prompts) and "\x1b[2K" in text
    assert "Enter for the next hand" in text and "Hand 2 of 5" in text
    assert "Buried:" in text
