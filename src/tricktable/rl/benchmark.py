"""The environments' speed: AEC steps per second with random legal actions, on one core."""

from __future__ import annotations

import random
import time
from typing import Any

from tricktable.rl import env as make_env

__all__ = ["rl_benchmark"]


def rl_benchmark(game: str, *, hands: int = 2000, seed: int = 1) -> dict[str, Any]:
    """Play ``hands`` hands through the PettingZoo AEC loop (``agent_iter``, ``last``, ``step``)
    choosing uniformly among the legal ids of each observation's mask; time it.

    A step is an action taken (the agents' closing steps with ``None`` are timed, not
    counted).  ``cpu_steps_per_second`` counts the process's CPU time only, which is the
    figure per core on a shared machine.
    """
    env = make_env(game)
    draw = random.Random(seed).random
    steps = 0
    wall = time.perf_counter()
    cpu = time.process_time()
    for number in range(hands):
        env.reset(seed=seed * 1_000_003 + number)
        for _ in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]
            env.step(int(legal[int(draw() * len(legal))]))
            steps += 1
    cpu = time.process_time() - cpu
    wall = time.perf_counter() - wall
    return {
        "game": game,
        "hands": hands,
        "steps": steps,
        "seconds": round(wall, 3),
        "steps_per_second": round(steps / wall, 1),
        "cpu_steps_per_second": round(steps / cpu, 1),
        "hands_per_second": round(hands / wall, 1),
    }
