import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tests.sheepshead.helpers import CALLED, hand_from
from tricktable.game import PASS, RecordError
from tricktable.sheepshead.match import Match
from tricktable.sheepshead.records import (
    describe_game,
    describe_hand,
    game_record,
    game_summary,
    hand_record,
    hand_summary,
    replay,
    replay_game,
    replay_hand,
)
from tricktable.sheepshead.rules import rules_from_json

CALLED_RECORD = {
    "game": "sheepshead",
    "rules": "milwaukee",
    "dealer": 3,
    "deal": CALLED.to_json(),
    "actions": [[4, "pass"], [0, "pick"], [0, "bury 8C 9C"], [0, "call AH"], [4, "play 9S"],
                [0, "play QC"], [1, "play AS"], [2, "play KH"], [3, "play JD"]],
}


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tricktable.cli", *args],
        input=stdin, capture_output=True, text=True, check=False,
    )


def test_a_hand_record_replays_to_the_same_hand() -> None:
    state = replay_hand(CALLED_RECORD)
    assert state.picker == 0 and state.partner == 2 and len(state.tricks) == 1
    assert hand_record(state) == CALLED_RECORD
    summary = hand_summary(state)
    assert summary["complete"] is False and summary["called"] == "AH"
    assert summary["trick_winners"] == [0]


def test_seeded_hand_and_game_records_round_trip() -> None:
    rng = random.Random(8)
    match = Match(seed=77)
    while not match.is_over:
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    record = json.loads(json.dumps(game_record(match)))
    twin = replay_game(record)
    assert twin.totals == match.totals and game_record(twin) == record
    assert game_summary(twin)["totals"] == match.totals
    first_hand = hand_record(match.deals[0])
    assert "seed" in first_hand and replay_hand(first_hand).events == match.deals[0].events
    assert "Totals" in describe_game(twin)


@pytest.mark.parametrize(
    ("change", "message", "index"),
    [
        ({"game": "chess"}, "not a Sheepshead record", None),
        ({"rules": "vegas"}, "Bad rules", None),
        ({"dealer": 7}, "dealer", None),
        ({"seed": 4}, "either a seed or a deal", None),
        ({"actions": [[4, "pass"], [0, "fly"]]}, "Action 1", 1),
        ({"actions": [[4, "pass"], [1, "pick"]]}, "not your turn", 1),
        ({"actions": [[4, "pass"], [0, "pick"], [0, "bury AH 7H"]]}, "do not hold", 2),
        ({"actions": [[4, "pass"], "pick"]}, "pair", 1),
        ({"actions": [[9, "pass"]]}, "not a seat", 0),
    ],
)
def test_bad_records_name_the_problem(change: dict[str, object], message: str,
                                      index: int | None) -> None:
    with pytest.raises(RecordError) as error:
        replay({**CALLED_RECORD, **change})
    assert message in str(error.value) and error.value.action_index == index


def test_replay_command_prints_the_summary_as_json(tmp_path: Path) -> None:
    state = hand_from(CALLED, dealer=3, actions=["pass", "pick", "bury 9C 8C", "call AH"])
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand_record(state)))
    done = run_cli("replay", str(path), "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["scores"] == list(state.result.scores)  # type: ignore[union-attr]
    assert out["picker"] == 0 and out["partner"] == 2 and out["called"] == "AH"
    assert out["picker_team_points"] == state.result.picker_team_points  # type: ignore[union-attr]
    assert out["points_by_seat"] == state.points_by_seat
    assert out["trick_winners"] == [t.winner for t in state.tricks]
    text = run_cli("replay", str(path))
    assert text.returncode == 0 and "Picker: seat 0" in text.stdout and "Scores" in text.stdout
    assert describe_hand(state) in text.stdout


def test_replay_command_reports_an_illegal_action_with_exit_2(tmp_path: Path) -> None:
    bad = {**CALLED_RECORD, "actions": [*CALLED_RECORD["actions"], [0, "play AH"]]}  # type: ignore[list-item]
    done = run_cli("replay", "-", "--json", stdin=json.dumps(bad))
    assert done.returncode == 2
    out = json.loads(done.stdout)
    assert out["action_index"] == 9 and "hold" in out["error"]
    garbage = run_cli("replay", "-", "--json", stdin="{not json")
    assert garbage.returncode == 2 and json.loads(garbage.stdout)["action_index"] is None


def test_a_leaster_record_has_no_picker() -> None:
    record = {"game": "sheepshead", "rules": "milwaukee", "dealer": 0, "seed": 3,
              "actions": [[s % 5, "pass"] for s in range(1, 6)]}
    summary = hand_summary(replay_hand(record))
    assert summary["picker"] is None and summary["partner"] is None
    assert summary["called"] is None and summary["picker_team_points"] is None


def test_replay_json_reports_the_multiplier_and_who_cracked_and_blitzed(tmp_path: Path) -> None:
    golden = json.loads((Path(__file__).parent.parent / "data" / "sheepshead"
                         / "wisconsin-crack-blitz.json").read_text())
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(golden["record"]))
    done = run_cli("replay", str(path), "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["multiplier"] == 8 and out["doubler_multiplier"] == 1
    assert out["cracked_by"] == 1 and out["recracked"] is True
    assert out["blitzes"] == [{"seat": 0, "cards": ["QC", "QS"]}]
    text = run_cli("replay", str(path))
    assert "Cracked by seat 1, recracked by the picker" in text.stdout
    assert "Blitz: seat 0 shows Q♣ Q♠" in text.stdout and "Stakes ×8" in text.stdout


def test_a_wisconsin_game_record_carries_its_options_and_replays() -> None:
    rules = {"preset": "wisconsin-jd", "hands": 5}
    match = Match(rules=rules_from_json(rules), seed=7)
    rng = random.Random(7)
    while not match.is_over:
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    record = game_record(match)
    assert record["rules"]["partner"] == "jack-of-diamonds" and record["rules"]["crack"]
    assert record["rules"]["max_doubles"] == 4
    twin = replay_game(json.loads(json.dumps(record)))
    assert twin.totals == match.totals and game_summary(twin) == game_summary(match)
    kinds = {action.split()[0] for _, action in record["actions"]}
    assert "call" in kinds or "alone" in kinds


# --- Records refused at their root ---------------------------------------------------------------


def _nested(depth: int) -> object:
    value: object = "x"
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"actions": None}, "'actions' must be a list"),
        ({"extra": 1}, "Unknown record field 'extra'"),
        ({"type": "game"}, "Unknown record field 'deal'"),  # a game record has no deal
        ({"type": "deal"}, "type is 'hand' or 'game'"),
        ({"game": _nested(5000)}, "nests at most 8 levels"),
        ({"rules": {"hands": _nested(5000)}}, "nests at most 8 levels"),
        ({"actions": [[4, _nested(20)]]}, "nests at most 8 levels"),
        ({"game": "x" * 10_000}, "game is 'xxxxxxxx"),
        ({"dealer": "3"}, "dealer"),
        ({"dealer": True}, "dealer"),
        ({"rules": 5}, "Bad rules"),
        ({"rules": {"preset": "vegas"}}, "Bad rules"),
        ({"rules": {"hands": 7}}, "Bad rules"),
        ({"deal": "QC QS"}, "Bad deal"),
        ({"seed": 1.5}, "either a seed or a deal"),
        ({"multiplier": "2"}, "positive integer"),
        ({"multiplier": 0}, "positive integer"),
        ({"multiplier": True}, "positive integer"),
        ({"multiplier": 2.0}, "positive integer"),
        ({"multiplier": 3}, "power of two"),
        ({"multiplier": 2}, "it is 1, not 2"),  # milwaukee plays a leaster: no doubler
        ({"rules": "pagat", "multiplier": 4}, "it is 1, not 4"),
    ],
)
def test_records_a_game_cannot_produce_are_refused(change: dict[str, object],
                                                   message: str) -> None:
    with pytest.raises(RecordError, match=message) as error:
        replay({**CALLED_RECORD, **change})
    assert error.value.action_index is None and "\n" not in str(error.value)
    assert len(str(error.value)) < 200


def test_a_record_without_actions_is_refused() -> None:
    record = {key: value for key, value in CALLED_RECORD.items() if key != "actions"}
    for replayer in (replay, replay_hand):
        with pytest.raises(RecordError, match="The record has no 'actions' field"):
            replayer(record)
    with pytest.raises(RecordError, match="no 'actions' field"):
        replay_game({"game": "sheepshead", "type": "game", "seed": 4})
    assert replay_hand({**CALLED_RECORD, "actions": []}).history == []


def test_a_list_that_holds_itself_is_refused_not_walked_forever() -> None:
    looped: list[object] = []
    looped.append(looped)
    with pytest.raises(RecordError, match="nests at most"):
        replay({**CALLED_RECORD, "deal": {"hands": looped, "blind": []}})


def test_a_game_record_holds_only_a_game_s_fields() -> None:
    record = game_record(Match(seed=3))
    assert replay_game(record).seed == 3
    for extra in ({"dealer": 2}, {"multiplier": 2}, {"deal": CALLED.to_json()}):
        with pytest.raises(RecordError, match="Unknown record field"):
            replay({**record, **extra})
    with pytest.raises(RecordError, match="A hand record's type is 'hand'"):
        replay_hand(record)
    with pytest.raises(RecordError, match="A game record's type is 'game'"):
        replay_game({**record, "type": "hand"})


def test_the_doubler_s_multipliers_replay_up_to_the_cap() -> None:
    # Tavern doubles after every deal passed out; with a cap of 2 doublings the third all-pass
    # leaves the multiplier at 4.  What the game carries in replays; one doubling more does not.
    rules = rules_from_json({"preset": "tavern", "max_doubles": 2})
    match = Match(rules=rules, seed=11)
    carried = []
    for _ in range(3):
        for _ in range(5):
            match.apply(PASS)
        carried.append(match.current.multiplier)
    assert carried == [2, 4, 4]
    record = hand_record(match.current)
    assert record["multiplier"] == 4 and replay_hand(record).multiplier == 4
    with pytest.raises(RecordError, match="cap the doublings at 2, so the multiplier is at most 4"):
        replay_hand({**record, "multiplier": 8})
    uncapped = {**record, "rules": "tavern", "multiplier": 2**40}
    assert replay_hand(uncapped).stake_multiplier == 2**40  # forty deals passed out in a row
    with pytest.raises(RecordError, match="power of two"):
        replay_hand({**uncapped, "multiplier": 2**40 + 1})
