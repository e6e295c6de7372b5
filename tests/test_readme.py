"""The examples in the README and the docs cannot rot: every Python session (``>>>``) in them
runs as a doctest, every ```json block parses, and each JSON record among them replays through
``tricktable replay`` to the end of its actions."""

from __future__ import annotations

import doctest
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tricktable.cli import app

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
SESSIONS = [page for page in PAGES if re.search(r"^>>> ", page.read_text(encoding="utf-8"),
                                                re.MULTILINE)]
BLOCKS = [(page, block) for page in PAGES
          for block in re.findall(r"^```json\n(.*?)^```", page.read_text(encoding="utf-8"),
                                  re.MULTILINE | re.DOTALL)]


def _name(page: Path) -> str:
    return str(page.relative_to(ROOT))


def _records() -> list[tuple[Path, dict[str, object]]]:
    """The blocks that are records (they hold ``actions``); a block that does not parse is
    left to ``test_each_json_block_parses``."""
    records = []
    for page, block in BLOCKS:
        try:
            data = json.loads(block)
        except json.JSONDecodeError:
            continue
        if isinstance(data, dict) and "actions" in data:
            records.append((page, data))
    return records


RECORDS = _records()


def test_the_sessions_are_where_the_pages_say() -> None:
    # The README's short session and the Python API page's long ones; a page that moves or
    # loses its session fails here rather than silently testing less.
    assert {_name(page) for page in SESSIONS} >= {"README.md", "docs/developer/python-api.md"}


@pytest.mark.parametrize("page", SESSIONS, ids=_name)
def test_each_python_session_runs_as_written(page: Path) -> None:
    result = doctest.testfile(str(page), module_relative=False, report=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    least = 5 if page.name == "python-api.md" else 1
    assert result.attempted >= least and result.failed == 0, result


@pytest.mark.parametrize(("page", "block"), BLOCKS,
                         ids=[f"{_name(page)}-{n}" for n, (page, _) in enumerate(BLOCKS)])
def test_each_json_block_parses(page: Path, block: str) -> None:
    json.loads(block)


def test_the_records_page_has_a_record_of_each_game() -> None:
    on_page = [data["game"] for page, data in RECORDS if page.name == "records.md"]
    assert sorted(on_page) == ["sheepshead", "spades"]


@pytest.mark.parametrize(("page", "record"), RECORDS,
                         ids=[f"{_name(page)}-{r['game']}" for page, r in RECORDS])
def test_each_record_replays(page: Path, record: dict[str, object], tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["game"] == record["game"] and "error" not in summary
