"""Sheepshead and two-player Spades for reinforcement learning: PettingZoo environments, a
Gymnasium single-agent wrapper, and learned policies as players (``pip install 'tricktable[rl]'``).

```python
from tricktable.rl import sheepshead_env

env = sheepshead_env(rules="milwaukee")
env.reset(seed=7)
for agent in env.agent_iter():
    observation, reward, termination, truncation, info = env.last()
    action = None if termination or truncation else policy(observation)  # mask inside
    env.step(action)
```

Every observation is built from the seat's view only; the layouts and action ids are in
:mod:`tricktable.rl.sheepshead_encoding` and :mod:`tricktable.rl.spades_encoding`.
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as error:  # pragma: no cover - depends on the installation
    raise ImportError(
        "tricktable.rl needs the rl extra: pip install 'tricktable[rl]' "
        f"({error.name} is missing)."
    ) from error

from typing import Any

from pettingzoo import AECEnv

from tricktable.rl.aec import IllegalActionMode, Observation, TrickTakingEnv
from tricktable.rl.games import SheepsheadGame, SpadesGame, game_for
from tricktable.rl.parallel import TurnParallelEnv

__all__ = [
    "TrickTakingEnv",
    "TurnParallelEnv",
    "env",
    "parallel_env",
    "sheepshead_env",
    "sheepshead_parallel_env",
    "spades_env",
    "spades_parallel_env",
]


def env(
    game: str,
    rules: Any = None,
    *,
    max_cycles: int | None = None,
    illegal_action: IllegalActionMode = "raise",
    illegal_reward: float = -1.0,
    render_mode: str | None = None,
) -> AECEnv[str, Observation, int]:
    """The AEC environment of ``game`` (``"sheepshead"`` or ``"spades"``), one hand an episode.

    ``rules`` is a preset name, a ``Rules`` or None for the default table.  The environment
    checks the order of calls itself (``step`` or ``observe`` before ``reset`` raise), so it
    comes without PettingZoo's order-enforcing wrapper, which would cost a tenth of each step.
    """
    return TrickTakingEnv(
        game_for(game, rules), max_cycles=max_cycles, illegal_action=illegal_action,
        illegal_reward=illegal_reward, render_mode=render_mode,
    )


def sheepshead_env(rules: Any = None, **options: Any) -> AECEnv[str, Observation, int]:
    """Sheepshead for five agents, ``player_0`` … ``player_4``; see :func:`env`."""
    return env("sheepshead", rules, **options)


def spades_env(rules: Any = None, **options: Any) -> AECEnv[str, Observation, int]:
    """Two-player Spades, ``player_0`` and ``player_1``; see :func:`env`."""
    return env("spades", rules, **options)


def parallel_env(
    game: str,
    rules: Any = None,
    *,
    max_cycles: int | None = None,
    illegal_action: IllegalActionMode = "raise",
    illegal_reward: float = -1.0,
    render_mode: str | None = None,
) -> TurnParallelEnv:
    """The hand behind PettingZoo's parallel API, one move a step: the agent to move acts, the
    others' actions are ignored (see :mod:`tricktable.rl.parallel`).  ``max_cycles=N``
    truncates the hand after N steps."""
    raw = TrickTakingEnv(
        game_for(game, rules), illegal_action=illegal_action, illegal_reward=illegal_reward,
        render_mode=render_mode,
    )
    return TurnParallelEnv(raw, max_cycles=max_cycles)


def sheepshead_parallel_env(rules: Any = None, **options: Any) -> TurnParallelEnv:
    return parallel_env("sheepshead", rules, **options)


def spades_parallel_env(rules: Any = None, **options: Any) -> TurnParallelEnv:
    return parallel_env("spades", rules, **options)


_GAMES = (SheepsheadGame, SpadesGame)
