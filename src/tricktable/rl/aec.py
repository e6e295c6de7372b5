"""A hand of a trick-taking game as a PettingZoo AEC environment: one episode is one hand.

Agents are ``player_0`` … ``player_{n-1}``, one per seat.  Each observation is a dict of
``observation`` (a float32 vector built from that seat's view) and ``action_mask`` (int8, 1 for
each legal action id; all 0 when it is not the seat's turn).  Rewards are 0 until the hand ends,
then the hand's scores.

**Illegal actions.**  With ``illegal_action="raise"`` (the default) an action the rules forbid
raises :class:`~tricktable.game.IllegalAction`, saying why, and changes nothing.  For learners
that do not read the mask there are three other ways; in each the agent's reward for the step is
``illegal_reward``, its info holds the reason under ``"illegal_action"``, and rewards are no
longer zero-sum:

* ``"penalize"``: the action is refused; the hand does not change and the same agent moves again.
* ``"default"``: the default action is played instead — what an online table plays for a player
  whose time runs out: ``pass`` when passing is allowed, otherwise the first legal action.
* ``"terminate"``: PettingZoo's classic games' way: the hand ends there, unscored, every agent
  terminated; the others' reward is 0.  (The parallel environment's default: PettingZoo's
  parallel tests sample actions without the mask.)

An id outside the action space always raises ``ValueError``.

**Truncation.**  With ``max_cycles=N`` each agent takes at most N steps: the hand is truncated
(unscored) when the agent to move has already taken N.  A hand always ends on its own, so the
default is no limit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal, Protocol

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from numpy.typing import NDArray
from pettingzoo import AECEnv

from tricktable.game import PASS, Action, IllegalAction, Seat

__all__ = [
    "HandGame",
    "IllegalActionMode",
    "Observation",
    "TrickTakingEnv",
    "agent_name",
    "default_action",
]

IllegalActionMode = Literal["raise", "penalize", "default", "terminate"]
Observation = dict[str, NDArray[Any]]


class Hand(Protocol):
    """The engine's hand state, as the environment uses it."""

    @property
    def to_move(self) -> Seat | None: ...

    def apply(self, action: Action, *, seat: Seat | None = None) -> None: ...

    def view(self, seat: Seat) -> Any: ...


class SeatObservation(Protocol):
    """One seat's observation vector, kept up to date from that seat's view reader."""

    def update(self, view: Any) -> NDArray[np.float32]: ...


class HandGame(Protocol):
    """What the environment needs to know about a game."""

    name: str
    seats: int
    observation_size: int
    observation_low: float
    action_count: int

    def new_hand(self, rng: np.random.Generator) -> Hand:
        """A fresh hand; every random choice (the deal, the dealer) comes from ``rng``."""
        ...

    def reader(self, hand: Any, seat: Seat) -> Any:
        """``seat``'s view of ``hand``, read field by field (the game's ``ViewReader``)."""
        ...

    def seat_observation(self) -> SeatObservation:
        """A fresh incremental observation for one seat, fed that seat's reader."""
        ...

    def observation(self, view: Any) -> NDArray[np.float32]:
        """The observation of a view, encoded from scratch (what the incremental one equals)."""
        ...

    def action_mask(self, view: Any) -> NDArray[np.int8]:
        """The mask of the legal actions of a view (or a reader)."""
        ...

    def action(self, number: int, view: Callable[[], Any]) -> Action:
        """The action with id ``number``; ``view()`` gives the mover's view if it is needed."""
        ...

    def action_id(self, action: Action, view: Any) -> int:
        """The id of ``action`` taken from ``view``."""
        ...

    def legal_ids(self, legal: Sequence[Action]) -> list[int]:
        """The ids of legal actions, in their order."""
        ...

    def rewards(self, view: Any) -> tuple[float, ...]:
        """Each seat's reward, from a view of the finished hand."""
        ...

    def describe(self, view: Any) -> str:
        """A line of text about the hand as the view's seat sees it."""
        ...


def default_action(legal: Sequence[Action]) -> Action:
    """What an online table plays for a player out of time: pass if allowed, else the first
    legal action."""
    return PASS if PASS in legal else legal[0]


def agent_name(seat: Seat) -> str:
    return f"player_{seat}"


class TrickTakingEnv(AECEnv[str, Observation, int]):
    """One hand of a game as an AEC environment (see the module's documentation)."""

    def __init__(
        self,
        game: HandGame,
        *,
        max_cycles: int | None = None,
        illegal_action: IllegalActionMode = "raise",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if max_cycles is not None and (isinstance(max_cycles, bool) or max_cycles < 1):
            raise ValueError(f"max_cycles is a positive whole number or None, not {max_cycles!r}.")
        if illegal_action not in ("raise", "penalize", "default", "terminate"):
            raise ValueError("illegal_action is 'raise', 'penalize', 'default' or 'terminate', "
                             f"not {illegal_action!r}.")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is 'ansi' or None, not {render_mode!r}.")
        self.metadata = {
            "render_modes": ["ansi"], "name": f"tricktable_{game.name}_v0",
            "is_parallelizable": False,
        }
        self.game = game
        self.max_cycles = max_cycles
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(game.seats)]
        self.agents: list[str] = []
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(
                    low=game.observation_low, high=1.0, shape=(game.observation_size,),
                    dtype=np.float32,
                ),
                "action_mask": spaces.Box(
                    low=0, high=1, shape=(game.action_count,), dtype=np.int8
                ),
            })
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(game.action_count) for agent in self.possible_agents
        }
        self._rng: np.random.Generator | None = None
        self._hand: Hand | None = None
        self.agent_selection = ""
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self._steps = [0] * game.seats
        self._seen: list[SeatObservation] = []
        self._version = 0
        """Actions applied this hand: an agent's cached observation holds while it stays."""
        self._cache: dict[str, tuple[int, Observation]] = {}
        self._rewarded = False
        """Whether a reward of the last step was not 0."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def hand(self) -> Hand:
        """The hand being played (the full state: for tests and tools, never for agents)."""
        if self._hand is None:
            raise RuntimeError("Call reset() before observing or stepping.")
        return self._hand

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand.  The same ``seed`` gives the same hand; without one the generator
        goes on from the last seed (or starts from fresh entropy)."""
        if seed is not None or self._rng is None:
            self._rng, _ = seeding.np_random(seed)
        self._hand = self.game.new_hand(self._rng)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._steps = [0] * self.game.seats
        self._seen = [self.game.seat_observation() for _ in range(self.game.seats)]
        self._version = 0
        self._cache = {}
        self._rewarded = False
        mover = self._hand.to_move
        assert mover is not None
        self.agent_selection = self.possible_agents[mover]

    def observe(self, agent: str) -> Observation:
        """What ``agent``'s seat sees, built from its view only.

        Encoded lazily: the seat's vector is brought up to date from what its view shows
        since it last looked (equal to encoding ``view(seat)`` from scratch), and kept until
        the next action.  Each call returns new arrays.
        """
        hand = self.hand
        cached = self._cache.get(agent)
        if cached is not None and cached[0] == self._version:
            seen = cached[1]
        else:
            seat = self._seat[agent]
            game = self.game
            view = game.reader(hand, seat)
            seen = {"observation": self._seen[seat].update(view),
                    "action_mask": game.action_mask(view)}
            self._cache[agent] = (self._version, seen)
        return {"observation": seen["observation"].copy(),
                "action_mask": seen["action_mask"].copy()}

    def step(self, action: int | None) -> None:
        if self._hand is None:
            raise RuntimeError("Call reset() before step().")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: give an action id, not None.")
        try:
            number = int(action)
        except (TypeError, ValueError):
            number = -1
        if number != action or not 0 <= number < self.game.action_count:
            raise ValueError(
                f"An action id is a whole number from 0 to {self.game.action_count - 1}, "
                f"not {action!r}."
            )
        hand = self.hand
        seat = self._seat[agent]
        game = self.game
        self._cumulative_rewards[agent] = 0.0
        rewards = self.rewards
        if self._rewarded:  # else this step's rewards, all 0, are the last step's already
            rewards = self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        try:
            hand.apply(game.action(number, lambda: game.reader(hand, seat)), seat=seat)
        except IllegalAction as error:
            if self.illegal_action == "raise":
                raise
            rewards[agent] = self.illegal_reward
            self._rewarded = True
            self.infos[agent] = {"illegal_action": str(error)}
            if self.illegal_action == "terminate":
                self._steps[seat] += 1
                self.terminations = dict.fromkeys(self.agents, True)
                self._accumulate_rewards()
                return
            if self.illegal_action == "default":
                hand.apply(default_action(game.reader(hand, seat).legal_actions), seat=seat)
                self._version += 1
        else:
            self._version += 1
            if self.infos[agent]:
                self.infos[agent] = {}
        self._steps[seat] += 1
        mover = hand.to_move
        if mover is None:
            view = game.reader(hand, seat)
            scores = tuple(view.result.scores)
            for other, reward in enumerate(game.rewards(view)):
                name = self.possible_agents[other]
                rewards[name] += reward
                self.terminations[name] = True
                self.infos[name] = {**self.infos[name], "hand_scores": scores}
            self._rewarded = True
        elif self.max_cycles is not None and self._steps[mover] >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[mover]
        if self._rewarded:
            self._accumulate_rewards()

    def render(self) -> str | None:
        """``ansi``: a line about the hand as the agent to move (or seat 0) sees it."""
        if self.render_mode is None or self._hand is None:
            return None
        seat = self._hand.to_move
        return self.game.describe(self._hand.view(0 if seat is None else seat))

    def close(self) -> None:
        self._hand = None
