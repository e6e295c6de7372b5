import io
import itertools
from dataclasses import replace

from rich.console import Console

from tricktable.game import RandomPlayer
from tricktable.sheepshead.rules import PRESETS
from tricktable.terminal.sheepshead import play


def scripted(answers: list[str]) -> tuple[list[str], object]:
    prompts: list[str] = []
    cycle = itertools.cycle(answers)

    def answer(prompt: str) -> str:
        prompts.append(prompt)
        return next(cycle)

    return prompts, answer


def test_a_whole_game_can_be_played_by_typing() -> None:
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    prompts, answer = scripted(
        ["help", "pick", "bury 1 2", "call AS", "call AH", "call AC", "alone",
         "1", "2", "3", "4", "5", "6", "7", "8", "AH"]
    )
    match = play(
        seed=12, rules=replace(PRESETS["milwaukee"], hands=5),
        opponents=[RandomPlayer() for _ in range(4)], console=console,
        input_fn=answer,  # type: ignore[arg-type]
    )
    text = out.getvalue()
    assert match.is_over and match.hands_played == 5
    assert "Final standings" in text and "Your hand" in text
    assert "Not allowed:" in text  # illegal choices are explained, not just refused
    assert "Numbers pick cards" in text
    assert any("play a card" in p for p in prompts) and any("pick or pass" in p for p in prompts)


def test_quitting_abandons_the_game() -> None:
    out = io.StringIO()
    _, answer = scripted(["quit"])
    match = play(seed=1, opponents=[RandomPlayer() for _ in range(4)],
                 console=Console(file=out, width=100), input_fn=answer)  # type: ignore[arg-type]
    assert not match.is_over and "abandoned" in out.getvalue()
