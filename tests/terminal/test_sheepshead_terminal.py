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


def test_a_wisconsin_game_prompts_for_cracks_and_blitzes() -> None:
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
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

    match = play(
        seed=4, rules=replace(PRESETS["wisconsin-jd"], hands=5),
        opponents=[RandomPlayer() for _ in range(4)], console=console,
        input_fn=answer,  # type: ignore[arg-type]
    )
    text = out.getvalue()
    assert match.is_over and match.hands_played == 5
    assert any(p.startswith("Your move (crack") for p in prompts)
    assert "You crack: the stakes double." in text
    assert "Stakes" in text and "×" in text
    doubled = [r for r in match.results if r.multiplier > 1]
    assert doubled and all(r.multiplier <= 16 for r in match.results)


def test_the_play_command_takes_table_options(tmp_path: object) -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "tricktable.cli", "play", "--preset", "wisconsin-jd",
         "--option", "max_doubles=1", "--option", "nonsense", "--seed", "1"],
        capture_output=True, text=True, input="quit\n", timeout=120,
    )
    assert done.returncode == 2 and "KEY=VALUE" in done.stdout
    done = subprocess.run(
        [sys.executable, "-m", "tricktable.cli", "play", "--preset", "wisconsin-jd",
         "--option", "max_doubles=1", "--option", "crack=true", "--seed", "1"],
        capture_output=True, text=True, input="quit\n", timeout=120,
    )
    assert done.returncode == 0 and "abandoned" in done.stdout
