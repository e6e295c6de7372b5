"""Golden transcripts: whole hands and a whole game, pinned event by event (tests/data/).

Each file holds a record, the summary it must replay to and every event of every deal.  The
outcomes were checked by hand against the rules' scoring table (see each file's ``about``).  If
one fails, the deal, the play rules, the scoring or the record format has changed, and every saved
record with it.
"""

import json
from pathlib import Path
from typing import Any

import pytest

from tricktable.events import event_json
from tricktable.sheepshead.match import Match
from tricktable.sheepshead.records import (
    game_record,
    game_summary,
    hand_record,
    hand_summary,
    replay,
)

DATA = Path(__file__).parent.parent / "data" / "sheepshead"
FILES = sorted(DATA.glob("*.json"))


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def test_the_transcripts_are_there() -> None:
    assert {path.stem for path in FILES} >= {
        "alone-schneider", "call-a-ten", "leaster", "tavern-doubler-game", "unknown-card",
        "wisconsin-crack-blitz"}


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_a_transcript_replays_exactly(path: Path) -> None:
    golden = load(path)
    replayed = replay(golden["record"])
    if isinstance(replayed, Match):
        assert game_summary(replayed) == golden["summary"]
        assert [[event_json(e) for e in deal.events] for deal in replayed.deals] \
            == golden["events"]
        assert game_record(replayed) == golden["record"]
    else:
        assert hand_summary(replayed) == golden["summary"]
        assert [event_json(e) for e in replayed.events] == golden["events"]
        assert hand_record(replayed) == golden["record"]
    assert sum(golden["summary"]["scores"]) == 0


def test_the_unknown_card_goes_face_down_to_the_trick_winner() -> None:
    golden = load(DATA / "unknown-card.json")
    summary = golden["summary"]
    assert summary["called"] == "AC" and summary["unknown_card"] == "7D"
    # The picker held only trump after the bury (seed 003's case for the unknown card).
    assert summary["buried"] == ["AS", "10H"]
    clubs = summary["tricks"][1]
    assert clubs["cards"][:2] == ["KC", "AC"] and "7D" in clubs["cards"]
    assert clubs["winner"] == summary["partner"]
    played = [e for e in golden["events"] if e["type"] == "CardPlayed" and e["card"] == "7D"]
    assert [e["face_down"] for e in played] == [True]


def test_the_doubler_carries_to_the_next_deal_only() -> None:
    hands = load(DATA / "tavern-doubler-game.json")["summary"]["hands"]
    assert [h["kind"] for h in hands[:2]] == ["passed-out", "picked"]
    assert [h["multiplier"] for h in hands] == [1, 2, 1, 1, 1, 1]
    assert hands[0]["dealer"] == hands[1]["dealer"]


def test_the_wisconsin_hand_shows_its_doublings_and_reveals_the_jack() -> None:
    golden = load(DATA / "wisconsin-crack-blitz.json")
    summary = golden["summary"]
    assert golden["record"]["rules"] == "wisconsin-jd"
    assert summary["called"] == "JD" and summary["partner"] == 3
    assert summary["cracked_by"] == 1 and summary["recracked"]
    assert summary["blitzes"] == [{"seat": 0, "cards": ["QC", "QS"]}]
    assert summary["multiplier"] == 8 and summary["scores"] == [-8, -8, 16, 8, -8]
    types = [e["type"] for e in golden["events"]]
    assert types.index("Cracked") < types.index("Recracked") < types.index("Blitzed") \
        < types.index("CardPlayed")
    jack = next(i for i, e in enumerate(golden["events"])
                if e["type"] == "CardPlayed" and e["card"] == "JD")
    assert golden["events"][jack + 1] == {"type": "PartnerRevealed", "seat": 3}
