"""The environments encode observations incrementally; whatever the order in which agents look,
each observation equals the encoding of ``state.view(seat)`` from scratch, and the mask the
view's legal actions."""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tricktable import rl
from tricktable.rl import sheepshead_encoding as sheep
from tricktable.rl import spades_encoding as spades
from tricktable.rl.aec import TrickTakingEnv
from tricktable.sheepshead.rules import PRESETS as SHEEPSHEAD_PRESETS
from tricktable.spades.rules import PRESETS as SPADES_PRESETS
from tricktable.spades.view import DrawRecord

TABLES = [
    *(("sheepshead", name) for name in SHEEPSHEAD_PRESETS),
    *(("spades", name) for name in SPADES_PRESETS),
]


RARE: dict[str, Collection[int]] = {
    "sheepshead": {*range(sheep.CALL_UNKNOWN_START, sheep.ALONE_ID), sheep.CRACK_ID,
                   sheep.RECRACK_ID, sheep.BLITZ_START, sheep.BLITZ_START + 1,
                   sheep.BLITZ_BOTH_ID},
    "spades": range(spades.DOUBLE_NIL_ID, spades.DOUBLE_NIL_ID + 1),
}
"""Actions random play rarely meets, taken when offered: a call with the unknown card, cracks
and blitzes, double nil (and so the exchange)."""


def check_hand(game: str, preset: str, seed: int, looks: random.Random) -> int:
    """Play a hand with random legal actions; before each action a random set of agents looks
    (the agent to move always; everyone at the end).  Returns the observations compared."""
    env = rl.env(game, preset)
    assert isinstance(env, TrickTakingEnv)
    env.reset(seed=seed)
    compared = 0

    def compare(agent: str) -> None:
        nonlocal compared
        seat = env.possible_agents.index(agent)
        seen = env.observe(agent)
        view = env.hand.view(seat)
        expected = env.game.observation(view)
        assert np.array_equal(seen["observation"], expected), (
            f"{agent} at {view.phase}: entries {np.flatnonzero(seen['observation'] != expected)}")
        assert np.array_equal(seen["action_mask"], env.game.action_mask(view))
        compared += 1

    for agent in env.agent_iter():
        over = env.terminations[agent]
        for other in env.possible_agents:
            if other == agent or over or looks.random() < 0.3:
                compare(other)
        if over:
            env.step(None)
            continue
        if looks.random() < 0.1:
            compare(agent)  # a second look, from the cache, is the same
        legal = np.flatnonzero(env.observe(agent)["action_mask"])
        rare = [i for i in legal if int(i) in RARE.get(game, ())]
        if rare and looks.random() < 0.9:
            legal = np.array(rare)
        env.step(int(legal[looks.randrange(len(legal))]))
    return compared


def supported(game: str, preset: str) -> bool:
    try:
        rl.env(game, preset)
    except ValueError:
        return False
    return True


@pytest.mark.parametrize(("game", "preset"), TABLES)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), looks=st.randoms(use_true_random=False))
def test_incremental_observations_equal_the_view_encoded_from_scratch(
    game: str, preset: str, seed: int, looks: random.Random
) -> None:
    if not supported(game, preset):
        pytest.skip(f"{preset} is refused by the environments")
    assert check_hand(game, preset, seed, looks) > 0


@pytest.mark.parametrize(("game", "preset"), TABLES)
def test_many_hands_of_every_table(game: str, preset: str) -> None:
    if not supported(game, preset):
        pytest.skip(f"{preset} is refused by the environments")
    looks = random.Random(f"{game}/{preset}")
    assert sum(check_hand(game, preset, seed, looks) for seed in range(60)) > 60 * 20


class ReaderOverView:
    """The reader's interface over a whole view: what the incremental encoders read, taken
    from ``state.view(seat)`` alone."""

    def __init__(self, view: Any) -> None:
        self._view = view

    def __getattr__(self, name: str) -> Any:
        return getattr(self._view, name)

    @property
    def trick_count(self) -> int:
        return len(self._view.tricks)

    def tricks_from(self, start: int) -> Any:
        return self._view.tricks[start:]

    @property
    def hand_mask(self) -> int:
        return sum(1 << c for c in self._view.hand)

    def current(self) -> tuple[Any, ...]:
        trick = self._view.current_trick
        if hasattr(trick, "face_down"):
            return trick.leader, trick.cards, trick.face_down
        return trick.leader, trick.cards

    def draw(self) -> DrawRecord:
        view = self._view
        return DrawRecord(view.taken, view.discarded, view.exchanged, view.exchange_given,
                          view.exchange_received, ())


@pytest.mark.parametrize(("game", "preset"), TABLES)
def test_the_encoders_need_nothing_but_the_view(game: str, preset: str) -> None:
    # Fed whole views instead of readers, the incremental encoders give the same vectors: all
    # they read is in the seat's view.
    env = rl.env(game, preset)
    assert isinstance(env, TrickTakingEnv)
    looks = random.Random(preset)
    for seed in range(10):
        env.reset(seed=seed)
        seats = [env.game.seat_observation() for _ in env.possible_agents]
        for agent in env.agent_iter():
            for seat, encoder in enumerate(seats):
                if looks.random() < 0.5 or env.terminations[agent]:
                    view = env.hand.view(seat)
                    assert np.array_equal(encoder.update(ReaderOverView(view)),
                                          env.game.observation(view))
            if env.terminations[agent]:
                env.step(None)
                continue
            legal = np.flatnonzero(env.observe(agent)["action_mask"])
            env.step(int(legal[looks.randrange(len(legal))]))
