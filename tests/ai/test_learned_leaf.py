"""The learned leaf value of Sheepshead ``strong`` (``strong:leaf=learned``) and its training
(``tricktable train selfplay`` and ``fit``): the committed model loads and plays, self-play shards
are deterministic and resume, and a fit on a tiny data set gives a model that loads."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tricktable.ai.players import make_player
from tricktable.ai.sheepshead.fitting import fit
from tricktable.ai.sheepshead.learned import (
    FEATURES,
    LearnedLeaf,
    SolvedLeaf,
    features,
    load_model,
    raw_position,
    role_factor,
)
from tricktable.ai.sheepshead.selfplay import ShardSpec, generate, read_shards
from tricktable.ai.sheepshead.strong import StrongSheepsheadPlayer
from tricktable.cli import app
from tricktable.sheepshead.bots import BasicPlayer
from tricktable.sheepshead.state import new_hand


def test_the_committed_model_loads_and_values_a_position_within_the_stakes() -> None:
    model = load_model()
    assert model.w1.shape == (FEATURES, len(model.b1))
    state = new_hand(seed="leaf/1", dealer=0)
    basic, rng = BasicPlayer(), random.Random(0)
    while state.picker is None or len(state.tricks) < 1:
        assert not state.is_over, "this deal is picked"
        state.apply(basic.choose(state.view(state.to_move or 0), rng))
    raw = raw_position(state)
    assert len(features(raw)) == FEATURES
    assert -6.0 <= model.stake(raw) <= 6.0


@pytest.mark.parametrize("leaf", ["learned", "solved"])
def test_strong_with_a_leaf_plays_complete_hands_legally(leaf: str) -> None:
    player = make_player("sheepshead", f"strong:leaf={leaf},samples=8")
    assert isinstance(player, StrongSheepsheadPlayer)
    assert isinstance(player.leaf, LearnedLeaf if leaf == "learned" else SolvedLeaf)
    for deal in range(3):
        state = new_hand(seed=f"leaf-hands/{deal}", dealer=deal)
        rng = random.Random(deal)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            action = player.choose(view, rng)
            assert action in view.legal_actions
            state.apply(action, seat=seat)
        assert state.result is not None and sum(state.result.scores) == 0


def test_strong_keeps_playing_hands_out_by_default() -> None:
    player = make_player("sheepshead", "strong")
    assert isinstance(player, StrongSheepsheadPlayer) and player.leaf is None
    with pytest.raises(ValueError, match="playout, learned, solved"):
        make_player("sheepshead", "strong:leaf=guess")


def test_role_factors_share_the_stake_as_the_scores_do() -> None:
    assert [role_factor(s, 0, 2) for s in range(5)] == [2.0, -1.0, 1.0, -1.0, -1.0]
    assert [role_factor(s, 3, -1) for s in range(5)] == [-1.0, -1.0, -1.0, 4.0, -1.0]


def test_a_shard_is_the_same_from_the_same_seed_and_is_not_made_twice(tmp_path: Path) -> None:
    spec = ShardSpec(base=500, hands=2)
    written, skipped = generate(tmp_path / "a", spec, 1)
    assert len(written) == 1 and skipped == []
    again, _ = generate(tmp_path / "b", spec, 1)
    assert written[0].read_bytes() == again[0].read_bytes()
    records = read_shards(tmp_path / "a")
    assert records and all(r["shard"] == 500 for r in records)
    assert all(len(r["raw"]) == 20 and r["stake"] in (-6, -4, -2, 1, 2, 3) for r in records)
    # Resuming: the shard on disk is kept, only the new one is made.
    before = written[0].stat().st_mtime_ns
    written, skipped = generate(tmp_path / "a", spec, 2)
    assert [p.name for p in skipped] == [again[0].name] and len(written) == 1
    assert skipped[0].stat().st_mtime_ns == before


def test_the_train_commands_make_shards_and_a_model_that_loads(tmp_path: Path) -> None:
    runner = CliRunner()
    data = tmp_path / "data"
    # Seed 1000 validates (a multiple of ten), 1001 trains.
    result = runner.invoke(app, ["train", "selfplay", "--shards", "2", "--hands", "3",
                                 "--data-dir", str(data)])
    assert result.exit_code == 0, result.output
    assert "2 shards written, 0 already there" in result.output
    result = runner.invoke(app, ["train", "selfplay", "--shards", "2", "--hands", "3",
                                 "--data-dir", str(data)])
    assert "0 shards written, 2 already there" in result.output
    out = tmp_path / "model.npz"
    result = runner.invoke(app, ["train", "fit", "--data-dir", str(data), "--out", str(out),
                                 "--epochs", "20", "--hidden", "4"])
    assert result.exit_code == 0, result.output
    assert "validation" in result.output
    model = load_model(out)
    assert model.w1.shape == (FEATURES, 4)


def test_fit_needs_a_validation_shard() -> None:
    records = [{"shard": 1001, "raw": [0] * 20, "stake": 1.0, "basic": 1.0, "solved": None}]
    with pytest.raises(ValueError, match="both sides"):
        fit(records)
