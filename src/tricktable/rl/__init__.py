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

from typing import Any, TypedDict, Unpack

from pettingzoo import AECEnv

from tricktable.rl.aec import IllegalActionMode, Observation, TrickTakingEnv
from tricktable.rl.games import SheepsheadGame, SpadesGame, game_for
from tricktable.rl.parallel import TurnParallelEnv

__all__ = [
    "EnvOptions",
    "TrickTakingEnv",
    "TurnParallelEnv",
    "env",
    "parallel_env",
    "sheepshead_env",
    "sheepshead_parallel_env",
    "spades_env",
    "spades_parallel_env",
]


class EnvOptions(TypedDict, total=False):
    """The options every environment takes, all optional: ``max_cycles=N`` truncates a hand
    after N steps; ``illegal_action`` is ``"raise"`` (the default; the parallel environment's
    is ``"terminate"``), ``"penalize"``, ``"default"`` or ``"terminate"`` (see
    :mod:`tricktable.rl.aec`), with ``illegal_reward`` (default −1); ``render_mode`` is
    ``"ansi"`` or None."""

    max_cycles: int | None
    illegal_action: IllegalActionMode
    illegal_reward: float
    render_mode: str | None


def env(game: str, rules: Any = None, **options: Unpack[EnvOptions]
        ) -> AECEnv[str, Observation, int]:
    """The AEC environment of ``game`` (``"sheepshead"`` or ``"spades"``), one hand an episode.

    ``rules`` is a preset name, a ``Rules`` or None for the default table.  The environment
    checks the order of calls itself (``step`` or ``observe`` before ``reset`` raise), so it
    comes without PettingZoo's order-enforcing wrapper, which would cost a tenth of each step.
    """
    return TrickTakingEnv(game_for(game, rules), **options)


def sheepshead_env(rules: Any = None, **options: Unpack[EnvOptions]
                   ) -> AECEnv[str, Observation, int]:
    """Sheepshead for five agents, ``player_0`` … ``player_4``; see :func:`env`."""
    return env("sheepshead", rules, **options)


def spades_env(rules: Any = None, **options: Unpack[EnvOptions]
               ) -> AECEnv[str, Observation, int]:
    """Two-player Spades, ``player_0`` and ``player_1``; see :func:`env`."""
    return env("spades", rules, **options)


def parallel_env(game: str, rules: Any = None, **options: Unpack[EnvOptions]
                 ) -> TurnParallelEnv:
    """The hand behind PettingZoo's parallel API, one move a step: the agent to move acts, the
    others' actions are ignored (see :mod:`tricktable.rl.parallel`).  ``max_cycles=N``
    truncates the hand after N steps.  An illegal action ends the hand, ``illegal_reward`` to
    the agent that took it (``illegal_action="terminate"``, PettingZoo's way; give another
    ``illegal_action`` to choose)."""
    max_cycles = options.pop("max_cycles", None)
    options.setdefault("illegal_action", "terminate")
    return TurnParallelEnv(TrickTakingEnv(game_for(game, rules), **options),
                           max_cycles=max_cycles)


def sheepshead_parallel_env(rules: Any = None, **options: Unpack[EnvOptions]
                            ) -> TurnParallelEnv:
    return parallel_env("sheepshead", rules, **options)


def spades_parallel_env(rules: Any = None, **options: Unpack[EnvOptions]) -> TurnParallelEnv:
    return parallel_env("spades", rules, **options)


_GAMES = (SheepsheadGame, SpadesGame)
