"""``tricktable replay`` refuses a record it cannot replay with exit code 2 and one line on
stderr that says why — never a traceback — whatever the file holds."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SHEEPSHEAD = {"game": "sheepshead", "rules": "milwaukee", "dealer": 0, "seed": 42,
              "actions": [[1, "pass"], [2, "pick"]]}
SPADES = {"game": "spades", "first": 0, "seed": 7, "actions": [[0, "keep"]]}


def _deep(depth: int) -> str:
    return '{"game": "sheepshead", "actions": ' + "[" * depth + "]" * depth + "}"


CASES = [
    ("[" * 100_000 + "]" * 100_000, "is not JSON: it nests too deeply to read"),
    (_deep(50), "A record nests at most 8 levels deep."),
    ('{"game": "sheepshead", "seed": 1, "actions": []' + ', "n": ' + "9" * 5000 + "}",
     "is not JSON: a number in it has too many digits"),
    ("{not json", "is not JSON: Expecting property name"),
    ("[1, 2]", "A record is a JSON object."),
    (json.dumps({"game": "chess", "actions": []}),
     "A record's game is 'sheepshead' or 'spades', not 'chess'."),
    (json.dumps({"game": ["x"] * 5000}), "not ['x', 'x', 'x'"),
    (json.dumps({k: v for k, v in SHEEPSHEAD.items() if k != "actions"}),
     "The record has no 'actions' field."),
    (json.dumps({k: v for k, v in SPADES.items() if k != "actions"}),
     "The record has no 'actions' field."),
    (json.dumps({**SHEEPSHEAD, "multiplier": 3}), "The multiplier is a power of two"),
    (json.dumps({**SHEEPSHEAD, "multiplier": 2}),
     "Only a table that doubles when everyone passes carries a multiplier"),
    (json.dumps({**SHEEPSHEAD, "rules": {"preset": "tavern", "max_doubles": 1},
                 "multiplier": 4}), "so the multiplier is at most 2, not 4."),
    (json.dumps({**SHEEPSHEAD, "rules": "vegas"}), "Bad rules"),
    (json.dumps({**SHEEPSHEAD, "comment": "mine"}), "Unknown record field 'comment'."),
    (json.dumps({**SHEEPSHEAD, "dealer": "0"}), "The dealer must be a seat from 0 to 4."),
    (json.dumps({**SPADES, "first": True}), "The first player is seat 0 or 1, not True."),
    (json.dumps({**SPADES, "totals": [600, 10]}), "the game is won (the target is 500)"),
    (json.dumps({**SPADES, "actions": [[0, "keep"], [0, "keep"]]}), "Action 1"),
]


def _replay(text: str, *options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tricktable.cli", "replay", "-", *options],
                          input=text, capture_output=True, text=True, check=False,
                          env={**os.environ, "COLUMNS": "40"})  # a narrow terminal: no wrap


@pytest.mark.parametrize(("text", "said"), CASES, ids=range(len(CASES)))
def test_a_bad_record_ends_with_one_line_on_stderr_and_exit_2(text: str, said: str) -> None:
    done = _replay(text)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.endswith("\n") and done.stderr.count("\n") == 1, done.stderr
    assert said in done.stderr and "Traceback" not in done.stderr


def test_with_json_the_refusal_is_one_json_object_and_exit_2() -> None:
    for text, said in CASES[:3]:
        done = _replay(text, "--json")
        assert done.returncode == 2 and done.stderr == ""
        assert said in json.loads(done.stdout)["error"]


def test_the_good_records_still_replay() -> None:
    for record in (SHEEPSHEAD, SPADES):
        done = _replay(json.dumps(record), "--json")
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["game"] == record["game"]


def test_the_review_command_refuses_deep_json_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    done = subprocess.run([sys.executable, "-m", "tricktable.cli", "review", str(path),
                           "--lang", "en"], capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and "nests too deeply" in done.stderr
