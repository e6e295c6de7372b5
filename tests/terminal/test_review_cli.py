"""The terminal learns from the computer too: '?' gives a hint in `tricktable play`, and
`tricktable review FILE` prints the review of a record."""

from __future__ import annotations

import io
import json
import random
from dataclasses import replace
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from tests.terminal.helpers import scripted
from tricktable.ai.teaching.evaluation import action_text
from tricktable.ai.teaching.hint import hint
from tricktable.cli import app, hint_line
from tricktable.game import RandomPlayer
from tricktable.sheepshead.bots import BasicPlayer
from tricktable.sheepshead.match import Match
from tricktable.sheepshead.records import game_record
from tricktable.sheepshead.rules import PRESETS
from tricktable.terminal.sheepshead import play

ENGLISH: dict[str, str | None] = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": None}
"""No locale: the review speaks English whatever the machine's language."""
RUNNER = CliRunner(env=ENGLISH)


def test_a_question_mark_asks_for_a_hint_from_my_view() -> None:
    out = io.StringIO()
    seen: list[str] = []

    def hint_for(view: object, seed: str) -> str:
        line = hint_line(view, seed)
        seen.append(line)
        return line

    _, answer = scripted(["?", "quit"])
    play(seed=3, rules=replace(PRESETS["milwaukee"], hands=5),
         opponents=[RandomPlayer() for _ in range(4)], console=Console(file=out, width=120),
         input_fn=answer, hint=hint_for)  # type: ignore[arg-type]
    assert len(seen) == 1 and seen[0].startswith("Hint: ")
    assert "Hint: " in out.getvalue()
    assert "Numbers pick cards" not in out.getvalue()  # '?' is the hint, not help, here


def test_the_hint_line_names_the_hints_action() -> None:
    match = Match(rules=PRESETS["milwaukee"], seed=3)
    view = match.current.view(match.to_move or 0)
    found = hint(view, "s")
    line = hint_line(view, "s")
    assert str(found.reason) in line
    assert line.startswith(f"Hint: {action_text(found.action)} — ")


def _record(tmp_path: Path) -> Path:
    match = Match(rules=replace(PRESETS["milwaukee"], hands=5), seed=4)
    player, rng = BasicPlayer(), random.Random(0)
    while not match.is_over:
        seat = match.to_move
        assert seat is not None
        match.apply(player.choose(match.current.view(seat), rng))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game_record(match)), encoding="utf-8")
    return path


def test_review_prints_every_judged_decision(tmp_path: Path) -> None:
    path = _record(tmp_path)
    result = RUNNER.invoke(app, ["review", str(path), "--samples", "4", "--seat", "1"])
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert lines[-1].startswith("Seat 1: ")
    count = int(lines[-1].split(": ")[1].split()[0])
    assert count == len(lines) - 1 and count > 0
    as_json = RUNNER.invoke(app, ["review", str(path), "--samples", "4", "--seat", "1", "--json"])
    data = json.loads(as_json.output)
    assert len(data["decisions"]) == count and data["seat"] == 1


def test_review_refuses_what_it_cannot_review(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert RUNNER.invoke(app, ["review", str(bad)]).exit_code == 2
    spades = tmp_path / "spades.json"
    spades.write_text(json.dumps({"game": "spades"}), encoding="utf-8")
    refused = RUNNER.invoke(app, ["review", str(spades)])
    assert refused.exit_code == 2 and "Sheepshead" in refused.output
    path = _record(tmp_path)
    assert RUNNER.invoke(app, ["review", str(path), "--seat", "7"]).exit_code == 2
