"""``explain`` gives every computer play a reason and never changes the play; the public form of
a reason rests only on what every seat knows."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tests.sheepshead.leaks import card_strings, hidden_cards
from tricktable.ai.budget import Budget
from tricktable.ai.sheepshead.strong import StrongSheepsheadPlayer
from tricktable.ai.teaching.public import public_facts, public_reason
from tricktable.ai.teaching.reasons import explain, explain_reasons, public_reason_of
from tricktable.ai.teaching.spades_reasons import public_reason as spades_public_reason
from tricktable.game import Action, Player, RandomPlayer
from tricktable.sheepshead.bots import BasicPlayer
from tricktable.sheepshead.rules import PRESETS
from tricktable.sheepshead.state import HandState, Phase, new_hand
from tricktable.spades.bots import BasicPlayer as SpadesBasicPlayer
from tricktable.spades.rules import PRESETS as SPADES_PRESETS
from tricktable.spades.state import HandState as SpadesHand
from tricktable.spades.state import new_hand as new_spades_hand

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


# --- Public reasons: from what every seat knows --------------------------------------------


def _walk(preset: str, seeds: range) -> list[tuple[HandState, int, Action]]:
    """Positions of basic and random players' hands: the state, the seat to move, its action."""
    seen = []
    for seed in seeds:
        state = new_hand(rules=PRESETS[preset], dealer=seed % 5, seed=seed)
        rng = random.Random(seed)
        players: list[Player] = [BasicPlayer() if k % 2 else RandomPlayer() for k in range(5)]
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            action = players[seat].choose(state.view(seat), rng)
            seen.append((state.copy(), seat, action))
            state.apply(action)
    return seen


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_public_reasons_rest_on_what_every_seat_knows(preset: str) -> None:
    """The leak walk: at every position the public facts read from each seat's view are the
    same, and the public reason of the mover's action names no card another seat may not
    know once the action is made."""
    said = set()
    for state, seat, action in _walk(preset, range(12)):
        facts = public_facts(state.view(seat))
        for other in range(5):
            assert public_facts(state.view(other)) == facts, (preset, other)
        reason = public_reason(facts, seat, action)
        assert public_reason_of(state.view(seat), action) == reason
        after = state.copy()
        after.apply(action)
        # The called card's name is public (where it lies is not).
        named = card_strings(reason.to_json()) - {after.called}
        for other in range(5):
            if other != seat:
                assert not named & hidden_cards(after, other), (str(reason), other)
        said.add(str(reason))
    assert "leads the called suit to find the partner" in said or preset == "wisconsin-jd"
    assert any(reason.startswith("schmears") or reason.startswith("adds points")
               for reason in said)


def test_a_private_reason_may_name_a_hidden_card_and_the_public_one_does_not() -> None:
    """Why the forms exist: ``strong``'s private reason names ``basic``'s card ("+0.4 points
    over 10♠"), which is in its hand; the public form of the same action names none."""
    player = StrongSheepsheadPlayer(FAST)
    for state, seat, _ in _walk("milwaukee", range(10)):
        view = state.view(seat)
        if view.phase is not Phase.PLAY or len(view.legal_actions) < 2:
            continue
        action, reasons = explain_reasons(player, view, random.Random(0))
        if reasons.private.key.startswith("reason.search"):
            after = state.copy()
            after.apply(action)
            hidden = hidden_cards(after, (seat + 1) % 5)
            assert card_strings(reasons.private.to_json()) & hidden
            assert not card_strings(reasons.public.to_json()) & hidden
            return
    raise AssertionError("strong never left basic's card")


def _spades_positions(seeds: range) -> list[tuple[SpadesHand, int, Action]]:
    seen = []
    for seed in seeds:
        state = new_spades_hand(rules=SPADES_PRESETS["standard"], first=seed % 2, seed=seed)
        rng = random.Random(seed)
        player = SpadesBasicPlayer()
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            action = player.choose(state.view(seat), rng)
            seen.append((state.copy(), seat, action))
            state.apply(action)
    return seen


def test_spades_public_reasons_read_no_private_field() -> None:
    """A Spades public reason is the same from a view stripped of everything private (hand,
    draw, exchange), and never tells whether a draw kept its card."""
    said = set()
    for state, seat, action in _spades_positions(range(6)):
        view = state.view(seat)
        stripped = replace(view, hand=(), legal_actions=(), top_card=None, taken=(),
                           discarded=(), exchange_given=None, exchange_received=None, events=())
        reason = public_reason_of(view, action)
        assert spades_public_reason(stripped, action) == reason
        said.add(str(reason))
    assert "draws: keeps one card of two" in said
    assert not {"keeps the card it drew", "discards the card and takes the next"} & said
    assert any(reason.startswith("bids") for reason in said)
