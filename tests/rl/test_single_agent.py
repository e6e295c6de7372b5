"""The Gymnasium wrapper: Gymnasium's checker, and the learner's reward is its hand score."""

from __future__ import annotations

import random

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from tricktable.rl.single_agent import SingleAgentEnv


@pytest.mark.parametrize("game", ["sheepshead", "spades"])
@pytest.mark.parametrize("opponents", ["random", "basic"])
def test_gymnasium_check_env(game: str, opponents: str) -> None:
    check_env(SingleAgentEnv(game, opponents=opponents), skip_render_check=True)


def test_gymnasium_check_env_at_a_house_rules_table() -> None:
    check_env(SingleAgentEnv("sheepshead", rules="wisconsin-jd", opponents="basic"),
              skip_render_check=True)


@pytest.mark.parametrize("game", ["sheepshead", "spades"])
def test_the_reward_is_the_learners_score(game: str) -> None:
    env = SingleAgentEnv(game, seat=1, opponents="basic")
    rng = random.Random(2)
    for seed in range(3):
        observation, info = env.reset(seed=seed)
        assert info["seat"] == 1
        total, done = 0.0, False
        while not done:
            assert env.action_masks().any()
            legal = np.flatnonzero(observation["action_mask"])
            observation, reward, done, truncated, info = env.step(int(rng.choice(legal)))
            assert not truncated
            total += reward
        scores = info["hand_scores"]
        assert total == (scores[1] if game == "sheepshead" else scores[1] - scores[0])
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_the_learners_seat_is_drawn_and_opponents_may_be_strong() -> None:
    env = SingleAgentEnv("spades", opponents=["strong"])
    seats = {env.reset(seed=seed)[1]["seat"] for seed in range(8)}
    assert seats == {0, 1}
    with pytest.raises(ValueError, match="needs 4 opponents"):
        SingleAgentEnv("sheepshead", opponents=["basic", "random"])
    with pytest.raises(ValueError, match="no sheepshead player"):
        SingleAgentEnv("sheepshead", opponents="grandmaster")
