"""The double blitz in the action space: a holder of all four queens at a table with blitzes may
show both pairs at once (``blitz QC QS QH QD``), and the mask, the environments and the policies
all give that action an id."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from pettingzoo.test import api_test

from tests.sheepshead.helpers import deal, hand_from
from tricktable import rl
from tricktable.cards import parse_cards
from tricktable.game import parse_action
from tricktable.rl import sheepshead_encoding as sheep
from tricktable.rl.aec import TrickTakingEnv
from tricktable.rl.games import SheepsheadGame
from tricktable.rl.policy import load_policy, policy_player, random_policy, save_policy
from tricktable.sheepshead.rules import PRESETS
from tricktable.sheepshead.state import HandState, Phase

WISCONSIN = PRESETS["wisconsin-jd"]
QUEENS = frozenset(parse_cards("QC QS QH QD"))
BLITZES = {sheep.BLITZ_START, sheep.BLITZ_START + 1, sheep.BLITZ_BOTH_ID}

# Dealer 4: seat 0 holds all four queens and passes; seat 1 picks, buries the blind and calls
# the J♦; seat 0 declines to crack and is the first asked to blitz.
FOUR_QUEENS = deal(
    "QC QS QH QD 7C 8C",
    "JC JS AD 10D KD 9D",
    "AC 10C KC 9C AS 10S",
    "JD KS 9S 8S 7S AH",
    "10H KH 9H 8H 7H JH",
    blind="8D 7D",
)
TO_THE_BLITZ = ["pass", "pick", "bury 8D 7D", "call JD", "pass"]


def at_the_blitz(max_doubles: int | None = 4) -> HandState:
    rules = replace(WISCONSIN, max_doubles=max_doubles)
    state = hand_from(FOUR_QUEENS, rules=rules, actions=TO_THE_BLITZ)
    assert state.phase is Phase.BLITZ and state.to_move == 0
    return state


def test_the_double_blitz_has_the_last_id() -> None:
    both = parse_action("blitz QC QS QH QD")
    assert sheep.action_id(both) == sheep.BLITZ_BOTH_ID == 734 == sheep.ACTION_COUNT - 1
    assert sheep.action_for_id(734) == both
    assert parse_action(str(sheep.action_for_id(734))) == both


def test_the_four_queens_holder_s_mask_offers_each_pair_and_both() -> None:
    view = at_the_blitz().view(0)
    mask = sheep.action_mask(view)
    assert {sheep.action_for_id(int(i)) for i in np.flatnonzero(mask)} == set(view.legal_actions)
    assert set(np.flatnonzero(mask)) == {sheep.PASS_ID, *BLITZES}
    assert sorted(sheep.legal_ids(view.legal_actions)) == [int(i) for i in np.flatnonzero(mask)]


def test_under_a_cap_with_room_for_one_doubling_both_pairs_are_not_offered() -> None:
    # The pick, no crack: a cap of 1 leaves one doubling, so one pair at most.
    view = at_the_blitz(max_doubles=1).view(0)
    assert set(np.flatnonzero(sheep.action_mask(view))) == {sheep.PASS_ID, *sorted(BLITZES)[:2]}


def test_the_environment_plays_a_double_blitz_found_by_its_own_deal() -> None:
    # At wisconsin-jd, reset(seed=84) deals seat 0 all four queens; the first seat to move
    # picks, and every other choice is the first legal id.
    env = rl.sheepshead_env("wisconsin-jd")
    assert isinstance(env, TrickTakingEnv)
    env.reset(seed=84)
    assert set(env.hand.deal.hands[0]) >= QUEENS  # type: ignore[attr-defined]
    offered = None
    final = {}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            final[agent] = (reward, info["hand_scores"])
            env.step(None)
            continue
        seat = env.possible_agents.index(agent)
        assert np.array_equal(observation["observation"],
                              env.game.observation(env.hand.view(seat)))
        legal = {int(i) for i in np.flatnonzero(observation["action_mask"])}
        if sheep.BLITZ_BOTH_ID in legal:
            offered = (agent, legal)
            env.step(sheep.BLITZ_BOTH_ID)
        else:
            env.step(sheep.PICK_ID if sheep.PICK_ID in legal else min(legal))
    assert offered == ("player_0", {sheep.PASS_ID, *BLITZES})
    hand = env.hand
    assert [(seat, set(pair)) for seat, pair in hand.blitzes] == [  # type: ignore[attr-defined]
        (0, set(parse_cards("QC QS"))), (0, set(parse_cards("QH QD")))]
    assert hand.stake_multiplier == 4  # type: ignore[attr-defined]
    scores = tuple(hand.result.scores)  # type: ignore[attr-defined]
    assert all(score % 4 == 0 for score in scores) and any(scores)
    assert final == {f"player_{seat}": (score, scores) for seat, score in enumerate(scores)}


class FourQueensGame(SheepsheadGame):
    """Wisconsin's house rules, every hand the four-queens deal (the dealer from the rng)."""

    def new_hand(self, rng: np.random.Generator) -> HandState:
        return hand_from(FOUR_QUEENS, dealer=int(rng.integers(5)), rules=self.rules)


def test_pettingzoo_s_checks_pass_on_four_queens_deals() -> None:
    api_test(TrickTakingEnv(FourQueensGame(WISCONSIN)), num_cycles=200)


def test_a_policy_plays_the_four_queens_holder(tmp_path: Path) -> None:
    path = tmp_path / "p.npz"
    save_policy(random_policy("sheepshead", (8,), seed=1), path)
    player = policy_player("sheepshead", str(path))
    view = at_the_blitz().view(0)
    assert player.choose(view, random.Random(0)) in view.legal_actions


def test_a_policy_saved_with_734_ids_loads_and_never_shows_both_pairs(tmp_path: Path) -> None:
    new = random_policy("sheepshead", (8,), seed=2)
    old = tmp_path / "old.npz"
    np.savez(old, format=np.array("tricktable-policy-v1"), game=np.array("sheepshead"),
             activation=np.array("tanh"), layers=np.array(2), w0=new.weights[0],
             b0=new.biases[0], w1=new.weights[1][:, :734], b1=new.biases[1][:734] + 50.0)
    loaded = load_policy(old)
    assert loaded.weights[-1].shape == (8, 735) and loaded.biases[-1].shape == (735,)
    view = at_the_blitz().view(0)
    logits = loaded.logits(sheep.observation(view))
    assert logits[sheep.BLITZ_BOTH_ID] < logits[:734].min()
    assert np.array_equal(logits[:734], new.logits(sheep.observation(view))[:734] + 50.0)
    save_policy(loaded, tmp_path / "again.npz")
    assert load_policy(tmp_path / "again.npz").weights[-1].shape == (8, 735)
    # Only the count before the double blitz widens: another is still refused.
    np.savez(old, format=np.array("tricktable-policy-v1"), game=np.array("sheepshead"),
             activation=np.array("tanh"), layers=np.array(1),
             w0=np.zeros((sheep.OBSERVATION_SIZE, 733), np.float32), b0=np.zeros(733, np.float32))
    with pytest.raises(ValueError, match="733 logits; sheepshead has 735 actions"):
        load_policy(old)
