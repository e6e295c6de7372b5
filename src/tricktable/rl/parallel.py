"""A turn-based hand behind PettingZoo's parallel API, for tools that only speak it.

Each parallel step is one move: every live agent may hand in an action, and the action of the
agent to move — the one whose ``action_mask`` has a legal id — is applied; the others' are
ignored (their masks are all 0: they have nothing to do yet).  So each agent sees every move
before its own, as in the AEC environment, and an agent that samples from its mask never hands
in an illegal action; one that samples the whole action space (PettingZoo's
``parallel_seed_test``) ends the hand with its first illegal one, as PettingZoo's classic games
do (:func:`tricktable.rl.parallel_env` builds the hand with ``illegal_action="terminate"``).
Leaving out the action of the agent to move raises ``ValueError``.
``max_cycles=N`` truncates the hand after N parallel steps.
"""

from __future__ import annotations

from typing import Any

from gymnasium import spaces
from pettingzoo import ParallelEnv

from tricktable.rl.aec import Observation, TrickTakingEnv

__all__ = ["TurnParallelEnv"]


class TurnParallelEnv(ParallelEnv[str, Observation, int]):
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

    @property
    def to_move(self) -> str | None:
        """The agent whose action the next step applies (None once the hand is over)."""
        return self.env.agent_selection if self.agents else None

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
        if not agents:
            raise RuntimeError("The hand is over: call reset() before step().")
        mover = env.agent_selection
        if mover not in actions:
            raise ValueError(f"{mover} is to move: the actions hold none for it.")
        env.step(actions[mover])
        rewards = {a: float(env.rewards[a]) for a in agents}
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
