"""The environments' behaviour: rewards are the hand's scores, seeds repeat hands, illegal
actions are refused, replaced or penalized as asked, and max_cycles bounds every agent."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from tricktable import rl
from tricktable.game import IllegalAction
from tricktable.rl.aec import TrickTakingEnv


def play(
    env: Any, seed: int, *, choose_seed: int = 0, infos: dict[str, Any] | None = None
) -> tuple[list[Any], dict[str, float]]:
    """Play one hand with random legal actions; the observations seen and the final rewards
    (and the final infos, into ``infos``)."""
    env.reset(seed=seed)
    rng = random.Random(choose_seed)
    seen = []
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            final[agent] = reward
            if infos is not None:
                infos[agent] = info
            env.step(None)
            continue
        seen.append(observation["observation"])
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
    return seen, final


@pytest.mark.parametrize("game", ["sheepshead", "spades"])
def test_rewards_are_the_hand_scores_and_sum_to_zero(game: str) -> None:
    env = rl.env(game)
    for seed in range(4):
        infos: dict[str, Any] = {}
        _, final = play(env, seed, infos=infos)
        raw = env.unwrapped
        assert isinstance(raw, TrickTakingEnv)
        result = raw.hand.view(0).result
        assert result is not None
        scores = list(result.scores)
        assert all(list(infos[a]["hand_scores"]) == scores for a in env.possible_agents)
        rewards = [final[a] for a in env.possible_agents]
        if game == "sheepshead":
            assert rewards == scores
        else:
            assert rewards == [scores[0] - scores[1], scores[1] - scores[0]]
        assert sum(rewards) == 0


@pytest.mark.parametrize("game", ["sheepshead", "spades"])
def test_a_seed_repeats_the_hand(game: str) -> None:
    first, rewards = play(rl.env(game), seed=9)
    again, rewards_again = play(rl.env(game), seed=9)
    other, _ = play(rl.env(game), seed=10)
    assert len(first) == len(again) and all(map(np.array_equal, first, again))
    assert rewards == rewards_again
    assert not (len(first) == len(other) and all(map(np.array_equal, first, other)))


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    env = rl.sheepshead_env()
    env.reset(seed=3)
    raw = env.unwrapped
    assert isinstance(raw, TrickTakingEnv)
    before = env.observe(env.agent_selection)["observation"].copy()
    mover = env.agent_selection
    with pytest.raises(IllegalAction, match="cannot play now"):
        env.step(700)  # a card play in the pick phase
    assert env.agent_selection == mover and len(raw.hand.history) == 0
    assert np.array_equal(env.observe(mover)["observation"], before)
    for bad in (735, -1, 2.5, "pass"):
        with pytest.raises(ValueError, match="0 to 734"):
            env.step(bad)  # type: ignore[arg-type]


def test_penalize_refuses_and_the_same_agent_moves_again() -> None:
    env = rl.sheepshead_env(illegal_action="penalize", illegal_reward=-2.0)
    env.reset(seed=3)
    mover = env.agent_selection
    env.step(700)
    _, reward, termination, _, info = env.last()
    assert env.agent_selection == mover and reward == -2.0 and not termination
    assert "cannot play" in info["illegal_action"]
    env.step(0)  # pass
    assert env.agent_selection != mover


def test_default_plays_pass_for_an_illegal_action() -> None:
    env = rl.sheepshead_env(illegal_action="default")
    env.reset(seed=3)
    raw = env.unwrapped
    assert isinstance(raw, TrickTakingEnv)
    mover = env.agent_selection
    env.step(700)
    assert str(raw.hand.history[-1][1]) == "pass"
    assert env.agent_selection != mover
    assert env.rewards[mover] == -1.0


def test_max_cycles_bounds_each_agents_steps() -> None:
    env = rl.spades_env(max_cycles=3)
    env.reset(seed=1)
    steps = dict.fromkeys(env.possible_agents, 0)
    rng = random.Random(1)
    for agent in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            assert truncation and not termination
            env.step(None)
            continue
        steps[agent] += 1
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
    assert max(steps.values()) == 3


def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="illegal_action"):
        rl.sheepshead_env(illegal_action="ignore")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_cycles"):
        rl.spades_env(max_cycles=0)
    with pytest.raises(ValueError, match="no game"):
        rl.env("euchre")
    with pytest.raises(ValueError, match="preset"):
        rl.sheepshead_env(rules="nowhere")


def test_ansi_render_shows_the_movers_view() -> None:
    env = rl.sheepshead_env(render_mode="ansi", rules="pagat")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str) and text.startswith(f"seat {env.agent_selection[-1]} (pick)")


def test_calls_before_reset_are_refused() -> None:
    env = rl.spades_env()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    with pytest.raises(RuntimeError, match="reset"):
        env.observe("player_0")


def test_a_house_rules_table_plays_its_cracks_and_blitzes() -> None:
    from tricktable.rl import sheepshead_encoding as sheep

    env = rl.sheepshead_env(rules="wisconsin-jd")
    raw = env.unwrapped
    assert isinstance(raw, TrickTakingEnv)
    house = {sheep.CALL_JACK_ID, sheep.CRACK_ID, sheep.RECRACK_ID, sheep.BLITZ_START,
             sheep.BLITZ_START + 1}
    offered: set[int] = set()
    doubled = 0
    rng = random.Random(5)
    for seed in range(40):
        env.reset(seed=seed)
        for _ in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = [int(i) for i in np.flatnonzero(observation["action_mask"])]
            offered |= house & set(legal)
            doubling = [i for i in legal if i in house]
            env.step(doubling[0] if doubling else rng.choice(legal))
        result = raw.hand.view(0).result
        assert result is not None and sum(result.scores) == 0
        doubled += result.multiplier > 1
    assert offered == house and doubled > 0
