"""Saved policies: the file format round-trips, bad files are explained, and a policy plays only
legal actions — as a player of the registry and in the arena."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tests.hands import decisions
from tricktable.ai.arena.runner import ArenaSpec, run_arena
from tricktable.ai.players import make_player
from tricktable.rl.policy import (
    MlpPolicy,
    PolicyPlayer,
    load_policy,
    random_policy,
    save_policy,
)
from tricktable.rl.sheepshead_encoding import OBSERVATION_SIZE
from tricktable.sheepshead.state import new_hand

ROOT = Path(__file__).resolve().parents[2]


def test_a_saved_policy_loads_equal(tmp_path: Path) -> None:
    policy = random_policy("spades", (32, 16), seed=4, activation="relu")
    path = tmp_path / "p.npz"
    save_policy(policy, path)
    loaded = load_policy(path)
    assert loaded.game == "spades" and loaded.activation == "relu"
    assert all(np.array_equal(a, b) for a, b in zip(loaded.weights, policy.weights, strict=True))
    x = np.random.default_rng(0).random((3, policy.weights[0].shape[0]), dtype=np.float32)
    assert np.allclose(loaded.logits(x), policy.logits(x))


def test_bad_policy_files_are_explained(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no policy file"):
        load_policy(tmp_path / "missing.npz")
    (tmp_path / "text.npz").write_text("hello")
    with pytest.raises(ValueError, match="not a policy file"):
        load_policy(tmp_path / "text.npz")
    np.savez(tmp_path / "other.npz", weights=np.zeros(3))
    with pytest.raises(ValueError, match="not a tricktable-policy-v1 file"):
        load_policy(tmp_path / "other.npz")
    good = random_policy("sheepshead", (8,))
    with pytest.raises(ValueError, match="expected"):
        MlpPolicy("sheepshead", (good.weights[1], good.weights[0]), good.biases)
    save_policy(good, tmp_path / "sheep.npz")
    with pytest.raises(ValueError, match="is a sheepshead policy, not a spades one"):
        make_player("spades", f"policy:{tmp_path / 'sheep.npz'}")
    with pytest.raises(ValueError, match="no kind of player 'mystery'"):
        make_player("spades", "mystery:x")


def test_a_policy_player_plays_legal_actions(tmp_path: Path) -> None:
    path = tmp_path / "p.npz"
    save_policy(random_policy("sheepshead", (16,), seed=2), path)
    player = make_player("sheepshead", f"policy:{path}")
    assert isinstance(player, PolicyPlayer) and player.name == f"policy:{path}"
    rng = random.Random(0)
    for seed in range(5):
        state = new_hand(dealer=seed, seed=seed)
        for seat, view in decisions(state):
            action = player.choose(view, rng)
            assert action in view.legal_actions
            state.apply(action, seat=seat)


@pytest.mark.parametrize("game", ["sheepshead", "spades"])
def test_a_policy_plays_in_the_arena(tmp_path: Path, game: str) -> None:
    path = tmp_path / f"{game}.npz"
    save_policy(random_policy(game, (16,), seed=3), path)
    report = run_arena(ArenaSpec(game=game, players=(f"policy:{path}", "random"), deals=2))
    assert report.players[f"policy:{path}"].hands > 0


def test_the_training_example_runs_and_its_policy_plays(tmp_path: Path) -> None:
    out = tmp_path / "trained.npz"
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "train_policy.py"), "--hands", "6",
         "--hidden", "8", "--epochs", "1", "--reinforce-hands", "3", "--arena-deals", "1",
         "--out", str(out)],
        capture_output=True, text=True, timeout=300, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "agrees with basic" in done.stdout and "arena vs random" in done.stdout
    assert load_policy(out).weights[0].shape == (OBSERVATION_SIZE, 8)
    report = run_arena(ArenaSpec(game="sheepshead", players=(f"policy:{out}", "basic"), deals=1))
    assert report.players[f"policy:{out}"].hands == 5
