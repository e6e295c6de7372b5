"""The README's examples cannot rot: its Python session runs as a doctest, and each of its JSON
records replays through ``tricktable replay`` to the end of its actions."""

from __future__ import annotations

import doctest
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tricktable.cli import app

README = Path(__file__).resolve().parents[1] / "README.md"
RECORDS = [json.loads(block) for block in
           re.findall(r"^```json\n(.*?)^```", README.read_text(encoding="utf-8"),
                      re.MULTILINE | re.DOTALL)]


def test_the_python_session_runs_as_written() -> None:
    result = doctest.testfile(str(README), module_relative=False, report=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 5 and result.failed == 0, result


def test_the_readme_has_a_record_of_each_game() -> None:
    assert sorted(record["game"] for record in RECORDS) == ["sheepshead", "spades"]


@pytest.mark.parametrize("record", RECORDS, ids=[r["game"] for r in RECORDS])
def test_each_record_replays(record: dict[str, object], tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["game"] == record["game"] and "error" not in summary
