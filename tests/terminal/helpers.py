"""A scripted player for the terminal games' tests."""

from __future__ import annotations

import itertools
from collections.abc import Callable


def scripted(answers: list[str]) -> tuple[list[str], Callable[[str], str]]:
    """The prompts asked so far, and an ``input`` that answers them with ``answers`` in turn
    (over and over)."""
    prompts: list[str] = []
    cycle = itertools.cycle(answers)

    def answer(prompt: str) -> str:
        prompts.append(prompt)
        return next(cycle)

    return prompts, answer
