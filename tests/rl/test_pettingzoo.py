"""PettingZoo's own checks on both environments as configured by default, kept short (one or two
hands each); and the parallel environment's turns."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import (
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    seed_test,
)

from tricktable import rl
from tricktable.game import IllegalAction

GAMES = ("sheepshead", "spades")
TABLES = (("sheepshead", None), ("sheepshead", "wisconsin-jd"), ("spades", None))
"""The default tables, and the house rules (the J♦ partner, cracks and blitzes)."""


@pytest.mark.parametrize(("game", "rules"), TABLES)
def test_api(game: str, rules: str | None) -> None:
    api_test(rl.env(game, rules), num_cycles=100)


@pytest.mark.parametrize(("game", "rules"), TABLES)
def test_parallel_api(game: str, rules: str | None, recwarn: pytest.WarningsRecorder) -> None:
    # Enough cycles for whole hands: the test plays two to their end, sampling from the masks.
    env = rl.parallel_env(game, rules)
    parallel_api_test(env, num_cycles=1000)
    assert env.agents == [] and not [str(w.message) for w in recwarn]


@pytest.mark.parametrize("game", GAMES)
def test_a_parallel_step_is_the_movers_move(game: str) -> None:
    env = rl.parallel_env(game)
    observations, _ = env.reset(seed=5)
    aec = env.env
    moves = 0
    while env.agents:
        mover = env.to_move
        assert mover is not None
        for agent, seen in observations.items():
            assert seen["action_mask"].any() == (agent == mover)
        with pytest.raises(ValueError, match=f"{mover} is to move"):
            env.step({a: 0 for a in env.agents if a != mover})
        legal = np.flatnonzero(observations[mover]["action_mask"])
        # Whatever the others hand in is ignored, legal or not.
        actions = {a: 10**6 if a != mover else int(legal[moves % len(legal)])
                   for a in env.agents}
        observations, rewards, terminations, truncations, _ = env.step(actions)
        moves += 1
        assert len(aec.hand.history) == moves  # type: ignore[attr-defined]
        assert not any(truncations.values())
    scores = aec.hand.view(0).result.scores  # type: ignore[attr-defined]
    assert all(terminations.values()) and sum(rewards.values()) == pytest.approx(0.0)
    assert rewards == dict(zip(env.possible_agents, aec.game.rewards(aec.hand.view(0)),
                               strict=True)) and len(scores) == len(rewards)
    with pytest.raises(RuntimeError, match="reset"):
        env.step({})


@pytest.mark.parametrize(("game", "rules"), TABLES)
def test_seed(game: str, rules: str | None) -> None:
    seed_test(partial(rl.env, game, rules), num_cycles=100)


@pytest.mark.parametrize(("game", "rules"), TABLES)
def test_parallel_seed(game: str, rules: str | None) -> None:
    # The test samples every agent's action from the whole space, without the mask: the first
    # illegal one ends the hand (PettingZoo's way), the same in both environments.
    parallel_seed_test(partial(rl.parallel_env, game, rules), num_cycles=100)


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_parallel_action_ends_the_hand_with_a_penalty(game: str) -> None:
    env = rl.parallel_env(game)
    observations, _ = env.reset(seed=2)
    mover = env.to_move
    assert mover is not None
    illegal = int(np.flatnonzero(observations[mover]["action_mask"] == 0)[0])
    _, rewards, terminations, truncations, infos = env.step(dict.fromkeys(env.agents, illegal))
    assert rewards == {a: -1.0 if a == mover else 0.0 for a in env.possible_agents}
    assert all(terminations.values()) and not any(truncations.values())
    assert infos[mover]["illegal_action"] and env.agents == []
    assert len(env.env.hand.history) == 0  # type: ignore[attr-defined]  # nothing was played
    with pytest.raises(RuntimeError, match="reset"):
        env.step({})
    raising = rl.parallel_env(game, illegal_action="raise")  # the old way, when asked
    observations, _ = raising.reset(seed=2)
    with pytest.raises(IllegalAction):
        raising.step(dict.fromkeys(raising.agents, illegal))


def test_terminate_ends_an_aec_hand_unscored() -> None:
    env = rl.sheepshead_env(illegal_action="terminate", illegal_reward=-3.0)
    env.reset(seed=3)
    mover = env.agent_selection
    env.step(700)  # a card play in the pick phase
    assert env.rewards == {a: -3.0 if a == mover else 0.0 for a in env.possible_agents}
    assert all(env.terminations.values()) and "cannot play" in env.infos[mover]["illegal_action"]
    for _ in env.agent_iter():
        assert env.last()[2]  # terminated: each agent steps None and leaves
        env.step(None)
    assert env.agents == []


def _seeded_spaces(factory: Callable[..., Any]) -> Callable[..., Any]:
    """The factory, with each agent's action space seeded so the test's draws repeat."""

    def make(**options: Any) -> Any:
        env = factory(**options)
        for number, agent in enumerate(env.possible_agents):
            env.action_space(agent).seed(number)
        return env

    return make


@pytest.mark.parametrize(("game", "rules"), TABLES)
def test_max_cycles(game: str, rules: str | None) -> None:
    # max_cycles_test samples actions without the mask, so the environments replace illegal
    # ones by the default action (pass; else the first legal action) and play on.
    module = SimpleNamespace(
        env=_seeded_spaces(partial(rl.env, game, rules, illegal_action="default")),
        parallel_env=_seeded_spaces(
            partial(rl.parallel_env, game, rules, illegal_action="default")),
    )
    max_cycles_test(module)


@pytest.mark.parametrize("game", GAMES)
def test_rl_bench_reports_steps_per_second(game: str) -> None:
    import json
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "tricktable.cli", "bench", "rl", "--game", game, "--hands", "3",
         "--json"], capture_output=True, text=True, check=True,
    )
    figures = json.loads(done.stdout)
    assert figures["game"] == game and figures["hands"] == 3 and figures["steps"] > 3 * 20
    assert figures["steps_per_second"] > 0 and figures["cpu_steps_per_second"] > 0
