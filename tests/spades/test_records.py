"""Hand records: JSON in, the same hand out; summaries and descriptions."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tests.spades.helpers import ALL_SPADES, apply_all, hand_after_draw, play_randomly
from tricktable.game import KEEP, RecordError
from tricktable.spades.records import (
    describe_hand,
    hand_record,
    hand_summary,
    replay,
    replay_game,
    replay_hand,
)
from tricktable.spades.rules import Rules
from tricktable.spades.state import Phase, new_hand


def finished(seed: int = 5) -> dict[str, object]:
    return hand_record(play_randomly(new_hand(seed=seed), random.Random(seed)))


def test_a_seeded_record_is_small_and_replays() -> None:
    record = finished()
    assert set(record) == {"game", "first", "seed", "actions"}
    assert record["game"] == "spades" and record["seed"] == 5
    state = replay_hand(json.loads(json.dumps(record)))
    assert state.is_over and hand_record(state) == record


def test_a_dealt_record_with_everything() -> None:
    hearts, spades = ALL_SPADES
    state = hand_after_draw(hearts, spades, first=1, rules=Rules(target=300), totals=(40, -20),
                            bags=(2, 9))
    apply_all(state, ["bid 13", "bid 3"])
    record = hand_record(state)
    assert record["rules"] == {"target": 300, "nil_tricks_are_bags": True}
    assert record["first"] == 1 and record["totals"] == [40, -20] and record["bags"] == [2, 9]
    assert len(record["deal"]["stock"]) == 52 and "seed" not in record  # type: ignore[index]
    again = replay_hand(record)
    assert again.events == state.events and again.rules == Rules(target=300)


def test_the_exchange_seed_is_recorded_when_it_is_not_the_default() -> None:
    state = new_hand(seed=2, exchange_seed="mine")
    assert hand_record(state)["exchange_seed"] == "mine"
    assert replay_hand(hand_record(state)).exchange_seed == "mine"


def test_a_dealt_record_takes_a_seed_for_the_exchange_draw() -> None:
    state = apply_all(new_hand(seed=8), ["double-nil"])
    while state.phase is Phase.DRAW:
        state.apply(KEEP)
    state.apply(next(a for a in state.legal_actions() if len(a.cards) == 3))
    seeded = hand_record(state)
    dealt = {**seeded, "deal": state.deal.to_json()}
    assert replay_hand(dealt).events == state.events
    assert replay_hand({**dealt, "seed": 9}).events != state.events
    del dealt["seed"]
    assert replay_hand(dealt).events != state.events


def golden() -> dict[str, object]:
    hearts, spades = ALL_SPADES
    state = hand_after_draw(hearts, spades, totals=(100, 490), bags=(0, 8))
    apply_all(state, ["bid 10", "bid nil"])
    while state.to_move is not None:
        state.apply(state.legal_actions()[0])
    return hand_record(state)


def test_golden_summary_and_description() -> None:
    state = replay_hand(golden())
    assert hand_summary(state) == {
        "game": "spades",
        "over": True,
        "first": 0,
        "bids": ["nil", 10],
        "tricks": [0, 13],
        "scores": [100, 103 - 100],
        "totals": [200, 493],
        "bags": [0, 1],
        "trick_winners": [1] * 13,
    }
    text = describe_hand(state)
    assert "Seat 0: bid nil, took 0 (made): +100 = +100; total 200, bags 0." in text
    assert ("Seat 1: bid 10, took 13 (made): +100, 3 bags (+3), sandbagged ×1 (−100) = +3; "
            "total 493, bags 1.") in text
    assert "2S 2H→1" in text


def test_summary_and_description_of_a_hand_in_progress() -> None:
    state = new_hand(seed=1, totals=(3, 4), bags=(1, 2))
    data = hand_summary(state)
    assert data["scores"] is None and data["totals"] == [3, 4] and data["bags"] == [1, 2]
    assert data["bids"] == [None, None] and not data["over"]
    assert "drawing, 52 cards in the stock" in describe_hand(state)
    play_randomly(state, random.Random(1))
    assert hand_summary(state)["over"]


@pytest.mark.parametrize(
    ("change", "message", "index"),
    [
        ({"game": "sheepshead"}, "not a Spades record", None),
        ({"colour": 1}, "Unknown record field", None),
        ({"seed": None}, "seed", None),
        ({"deal": {"stock": []}}, "52", None),
        ({"deal": {"stock": []}, "exchange_seed": 3}, "not both", None),
        ({"seed": 1.5}, "seed", None),
        ({"rules": {"target": -1}}, "target", None),
        ({"first": 3}, "first player", None),
        ({"totals": [1]}, "totals", None),
        ({"bags": [10, 0]}, "bags", None),
        ({"actions": "keep"}, "list", None),
        ({"actions": [[0, "keep"], [0, "keep"]]}, "not your turn", 1),
        ({"actions": [[0, "keep"], [1, "kepe"]]}, "not an action", 1),
        ({"actions": [[0, "bid 3"]]}, "keep or reject", 0),
        ({"actions": [[0, "keep"], ["1", "keep"]]}, "seat", 1),
        ({"actions": [[0]]}, "seat", 0),
    ],
)
def test_bad_records_say_what_and_where(change: dict[str, object], message: str,
                                        index: int | None) -> None:
    record: dict[str, object] = {"game": "spades", "seed": 1, "actions": []}
    record.update(change)
    with pytest.raises(RecordError, match=message) as caught:
        replay_hand(record)
    assert caught.value.action_index == index


def test_a_record_must_be_an_object() -> None:
    with pytest.raises(RecordError):
        replay_hand([])


def _nested(depth: int) -> object:
    value: object = 0
    for _ in range(depth):
        value = {"a": value}
    return value


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"game": _nested(5000)}, "nests at most 8 levels"),
        ({"actions": [[0, "keep"], _nested(5000)]}, "nests at most 8 levels"),
        ({"rules": {"target": _nested(9)}}, "nests at most 8 levels"),
        ({"game": "chess" * 1000}, "\"game\" is 'chesschess"),
        ({"type": "hand", "colour": 1}, "Unknown record field 'colour'"),
        ({"type": "match"}, "type is 'hand' or 'game'"),
        ({"rules": "vegas"}, "preset"),
        ({"first": True}, "seat 0 or 1, not True"),
        ({"first": 1.0}, "seat 0 or 1, not 1.0"),
        ({"first": "0"}, "seat 0 or 1, not '0'"),
        ({"seed": None, "deal": {"stock": []}}, "seed"),
        ({"exchange_seed": None}, "seed"),
        ({"exchange_seed": [1]}, "seed"),
        ({"totals": ["0", 0]}, "totals are two whole numbers"),
        ({"totals": [True, 0]}, "totals are two whole numbers"),
        ({"totals": [510, 20]}, r"At totals \[510, 20\] the game is won \(the target is 500\)"),
        ({"rules": {"target": 300}, "totals": [0, 300]}, "the target is 300"),
        ({"bags": [-1, 0]}, "bags"),
    ],
)
def test_records_a_game_cannot_produce_are_refused(change: dict[str, object],
                                                   message: str) -> None:
    record: dict[str, object] = {"game": "spades", "seed": 1, "actions": [[0, "keep"]]}
    record.update(change)
    with pytest.raises(RecordError, match=message) as caught:
        replay(record)
    assert caught.value.action_index is None and "\n" not in str(caught.value)
    assert len(str(caught.value)) < 200


def test_a_record_without_actions_is_refused() -> None:
    for replayer in (replay, replay_hand):
        with pytest.raises(RecordError, match="The record has no 'actions' field"):
            replayer({"game": "spades", "seed": 1})
    with pytest.raises(RecordError, match="no 'actions' field"):
        replay_game({"game": "spades", "type": "game", "seed": 1})
    assert replay_hand({"game": "spades", "seed": 1, "actions": []}).history == []


def test_tied_totals_past_the_target_play_another_hand() -> None:
    state = replay_hand({"game": "spades", "seed": 1, "totals": [520, 520], "actions": []})
    assert state.start_totals == (520, 520)
    with pytest.raises(RecordError, match="the game is won"):
        replay_game({"game": "spades", "type": "game", "seed": 1, "totals": [0, 500],
                     "actions": []})


def test_hand_and_game_records_keep_to_their_own_fields() -> None:
    hand = finished()
    with pytest.raises(RecordError, match="A game record's type is 'game'"):
        replay_game(hand)
    with pytest.raises(RecordError, match="A hand record's type is 'hand'"):
        replay_hand({**hand, "type": "game"})
    with pytest.raises(RecordError, match="Unknown record field 'exchange_seed'"):
        replay({**hand, "type": "game", "exchange_seed": 1})
    assert replay({**hand, "type": "hand"}).is_over


def test_the_replay_command_reads_spades_hand_and_game_records(tmp_path: Path) -> None:
    from tricktable.spades.match import Match
    from tricktable.spades.records import game_record

    hand = play_randomly(new_hand(seed=5), random.Random(5))
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand_record(hand)))
    done = _cli("replay", str(path), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == hand_summary(hand)

    match = Match(seed="g")
    rng = random.Random(2)
    while match.hand_number < 3:
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    path.write_text(json.dumps(game_record(match)))
    out = json.loads(_cli("replay", str(path), "--json").stdout)
    assert out["type"] == "game" and out["totals"] == list(match.totals)
    assert out["winner"] == match.winner and len(out["hands"]) == len(match.hands)

    bad = game_record(match)
    bad["actions"] = [*bad["actions"][:3], [1, "bid 99"]]
    path.write_text(json.dumps(bad))
    failed = _cli("replay", str(path), "--json")
    assert failed.returncode == 2 and json.loads(failed.stdout)["action_index"] == 3


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tricktable.cli", *args],
                          capture_output=True, text=True, check=False)
