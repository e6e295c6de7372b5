"""A turn-based hand behind PettingZoo's parallel API, for tools that only speak it.

Each parallel step is one *cycle*: every live agent hands in an action, and the actions are
applied in turn order, each agent's when its turn comes, until the agent to move has already
acted in this cycle (or handed in nothing).  Agents thus commit to an action without seeing the
cycle's earlier moves — the AEC environment, where each agent sees every move before its own,
is the faithful one.  ``max_cycles=N`` truncates the hand after N cycles.
"""

from __future__ import annotations

from typing import Any

from gymnasium import spaces
from pettingzoo import ParallelEnv

from tricktable.rl.aec import Observation, TrickTakingEnv

__all__ = ["CycleParallelEnv"]


class CycleParallelEnv(ParallelEnv[str, Observation, int]):
    """The parallel face of a :class:`TrickTakingEnv` (see the module's documentation)."""

    def __init__(self, env: TrickTakingEnv, *, max_cycles: int | None = None) -> None:
        if env.max_cycles is not None:
            raise ValueError("Give max_cycles to the parallel environment, not the AEC one.")
        if max_cycles is not None and (isinstance(max_cycles, bool) or max_cycles < 1):
            raise ValueError(f"max_cycles is a positive whole number or None, not {max_cycles!r}.")
        self.env = env
        self.max_cycles = max_cycles
        self.metadata = env.metadata
        self.render_mode = env.render_mode
        self.possible_agents = env.possible_agents[:]
        self.agents: list[str] = []
        self._cycles = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.env.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.env.action_space(agent)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        self.env.reset(seed=seed, options=options)
        self.agents = self.env.agents[:]
        self._cycles = 0
        return {a: self.env.observe(a) for a in self.agents}, {a: {} for a in self.agents}

    def step(self, actions: dict[str, int]) -> tuple[
        dict[str, Observation], dict[str, float], dict[str, bool], dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        env = self.env
        agents = self.agents
        rewards = dict.fromkeys(agents, 0.0)
        acted: set[str] = set()
        while True:
            agent = env.agent_selection
            if env.terminations[agent] or agent in acted or agent not in actions:
                break
            env.step(actions[agent])
            acted.add(agent)
            for name, reward in env.rewards.items():
                rewards[name] += reward
        self._cycles += 1
        terminations = {a: env.terminations[a] for a in agents}
        cut = (self.max_cycles is not None and self._cycles >= self.max_cycles
               and not all(terminations.values()))
        truncations = dict.fromkeys(agents, cut)
        observations = {a: env.observe(a) for a in agents}
        infos = {a: dict(env.infos[a]) for a in agents}
        if cut or all(terminations.values()):
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        return self.env.render()

    def close(self) -> None:
        self.env.close()

    def state(self) -> Any:
        raise NotImplementedError("A hand has no global observation: each seat sees its view.")
