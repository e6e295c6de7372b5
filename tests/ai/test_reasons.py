"""``explain`` gives every computer play a reason and never changes the play."""

from __future__ import annotations

import random

import pytest

from tricktable.ai.budget import Budget
from tricktable.ai.sheepshead.strong import StrongSheepsheadPlayer
from tricktable.ai.teaching.reasons import explain
from tricktable.game import Player, RandomPlayer
from tricktable.sheepshead.bots import BasicPlayer
from tricktable.sheepshead.rules import PRESETS
from tricktable.sheepshead.state import Phase, new_hand

FAST = Budget(samples=3, time_ms=None, min_samples=1)


def _hands(make: type | None, seeds: range, preset: str = "milwaukee") -> list[tuple[str, str]]:
    """Play hands with ``explain`` and ``choose`` side by side on twin generators; every
    explained action must be the chosen one.  The reasons given, with their phases."""
    reasons = []
    for seed in seeds:
        state = new_hand(rules=PRESETS[preset], dealer=seed % 5, seed=seed)
        players: list[Player] = [
            StrongSheepsheadPlayer(FAST) if make is StrongSheepsheadPlayer else BasicPlayer()
            for _ in range(5)]
        twins: list[Player] = [
            StrongSheepsheadPlayer(FAST) if make is StrongSheepsheadPlayer else BasicPlayer()
            for _ in range(5)]
        rng, twin_rng = random.Random(seed), random.Random(seed)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            action, why = explain(players[seat], view, rng)
            assert action == twins[seat].choose(view, twin_rng)
            reason = str(why)  # the English
            assert reason and len(reason) < 90
            reasons.append((view.phase.value, reason))
            state.apply(action)
    return reasons


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_basic_explains_without_changing_its_play(preset: str) -> None:
    reasons = _hands(BasicPlayer, range(6), preset)
    assert any(phase == Phase.PLAY.value for phase, _ in reasons)


def test_strong_explains_without_changing_its_play() -> None:
    reasons = _hands(StrongSheepsheadPlayer, range(3))
    assert reasons


def test_the_rules_of_thumb_are_named() -> None:
    said = {reason for _, reason in _hands(BasicPlayer, range(40))}
    assert "defenders lead the called suit" in said
    assert any(reason.startswith("schmears") for reason in said)
    assert any(reason.startswith("picks: hand strength") for reason in said)


def test_other_players_get_a_generic_reason() -> None:
    state = new_hand(rules=PRESETS["milwaukee"], dealer=4, seed=1)
    action, reason = explain(RandomPlayer(), state.view(0), random.Random(1))
    assert action in state.legal_actions()
    assert reason
