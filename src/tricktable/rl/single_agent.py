"""One seat learns, the others are computer players: a hand as a Gymnasium environment.

The learner's observations and action ids are the AEC environment's (a dict of ``observation``
and ``action_mask``); :meth:`SingleAgentEnv.action_masks` gives the mask as booleans for
maskable algorithms.  The other seats are players from the registry (``random``, ``basic``,
``strong``, or ``policy:PATH``), each deciding from its own view with a generator seeded from
the environment's.  The reward is the learner's hand score (Spades: its score minus the
opponent's), given when the hand ends.

Gymnasium asks every action of the space to be accepted, so by default an illegal action is
replaced by the default action with a reward of ``illegal_reward`` (see
:mod:`tricktable.rl.aec`); ``illegal_action="raise"`` refuses it instead.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from numpy.typing import NDArray

from tricktable.ai.players import make_player
from tricktable.game import Player
from tricktable.rl.aec import IllegalActionMode, Observation, TrickTakingEnv
from tricktable.rl.games import game_for

__all__ = ["SingleAgentEnv"]


class SingleAgentEnv(gymnasium.Env[Observation, np.int64]):
    """A hand of ``game`` from one seat's side (see the module's documentation).

    ``seat`` fixes the learner's seat; None draws it for each hand.  ``opponents`` is one
    player name for every other seat, or one name per other seat in seat order.
    """

    def __init__(
        self,
        game: str = "sheepshead",
        *,
        rules: Any = None,
        seat: int | None = None,
        opponents: str | Sequence[str] = "basic",
        illegal_action: IllegalActionMode = "default",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        self._env = TrickTakingEnv(
            game_for(game, rules), illegal_action=illegal_action, illegal_reward=illegal_reward,
            render_mode=render_mode,
        )
        seats = self._env.game.seats
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < seats):
            raise ValueError(f"seat is 0 to {seats - 1} or None, not {seat!r}.")
        names = [opponents] * (seats - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != seats - 1:
            raise ValueError(f"{game} needs {seats - 1} opponents, not {len(names)}.")
        self.metadata = {"render_modes": ["ansi"]}
        self.game = game
        self.fixed_seat = seat
        self.opponent_names = tuple(names)
        self._opponents: list[Player] = [make_player(game, name) for name in names]
        self.render_mode = render_mode
        agent = self._env.possible_agents[0]
        self.observation_space = self._env.observation_space(agent)
        self.action_space = self._env.action_space(agent)
        self.seat = 0 if seat is None else seat
        self._players: dict[int, Player] = {}
        self._rng = random.Random(0)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        rng = self.np_random
        seats = self._env.game.seats
        self.seat = int(rng.integers(seats)) if self.fixed_seat is None else self.fixed_seat
        others = [s for s in range(seats) if s != self.seat]
        self._players = dict(zip(others, self._opponents, strict=True))
        self._rng = random.Random(int(rng.integers(2**62)))
        self._env.reset(seed=int(rng.integers(2**62)))
        reward = self._play_others()
        assert reward == 0.0 and not self._over()
        return self._env.observe(self._agent), {"seat": self.seat}

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        if self._over():
            raise RuntimeError("The hand is over: call reset().")
        env = self._env
        env.step(int(action))
        reward = env.rewards[self._agent]
        info = dict(env.infos[self._agent])
        reward += self._play_others()
        if self._over():
            info.update(env.infos[self._agent])
        return env.observe(self._agent), float(reward), self._over(), False, info

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal actions now, as booleans (for maskable algorithms)."""
        mask: NDArray[np.bool_] = self._env.observe(self._agent)["action_mask"].astype(bool)
        return mask

    def render(self) -> str | None:
        return self._env.render()

    @property
    def _agent(self) -> str:
        return self._env.possible_agents[self.seat]

    def _over(self) -> bool:
        return self._env.terminations[self._agent]

    def _play_others(self) -> float:
        """Let the computer players move until it is the learner's turn or the hand is over;
        the learner's rewards meanwhile."""
        env = self._env
        hand = env.hand
        game = env.game
        reward = 0.0
        while not self._over() and hand.to_move is not None and hand.to_move != self.seat:
            seat = hand.to_move
            view = hand.view(seat)
            action = self._players[seat].choose(view, self._rng)
            env.step(game.action_id(action, view))
            reward += env.rewards[self._agent]
        return reward
