"""Card-play inference: proper weights, read from the view alone, and the truth explains
``basic``'s play best."""

import random
from collections.abc import Iterator

import pytest

from tricktable.ai.budget import Budget
from tricktable.ai.sheepshead.play_inference import PlayModel
from tricktable.ai.sheepshead.sampling import SheepsheadSample, rebuild_state, sample_deals
from tricktable.ai.sheepshead.strong import StrongSheepsheadPlayer
from tricktable.cards import cards_of
from tricktable.game import Action, IllegalAction
from tricktable.sheepshead.bots import BasicPlayer
from tricktable.sheepshead.deal import Deal
from tricktable.sheepshead.deck import PLAY_SUIT
from tricktable.sheepshead.rules import PRESETS
from tricktable.sheepshead.state import HandState, Phase, new_hand
from tricktable.sheepshead.view import SheepsheadView

FAST = Budget(samples=4, time_ms=None, min_samples=1)


def basic_hand(seed: int, preset: str, plays: int) -> tuple[HandState, list[Action]]:
    """A hand bid and played by ``basic`` until ``plays`` cards are out (or it ends)."""
    basic = BasicPlayer()
    rng = random.Random(seed)
    state = new_hand(rules=PRESETS[preset], dealer=seed % 5, seed=seed)
    actions: list[Action] = []
    played = 0
    while not state.is_over and played < plays:
        seat = state.to_move
        assert seat is not None
        action = basic.choose(state.view(seat), rng)
        played += state.phase is Phase.PLAY
        state.apply(action)
        actions.append(action)
    return state, actions


def truth(state: HandState) -> SheepsheadSample:
    blind = sum(1 << c for c in state.blind) if state.picker is None else 0
    return SheepsheadSample(hands=tuple(state.hands), buried=state.buried, unknown=state.unknown,
                            blind=blind, partner=state.partner)


def mover_views(preset: str, rng: random.Random, hands: int,
                 plays: tuple[int, int]) -> Iterator[tuple[HandState, SheepsheadView]]:
    """Hands ``basic`` played until between ``plays`` cards were out, each in play, with the
    view of the seat to move."""
    for seed in range(hands):
        state, _ = basic_hand(seed, preset, plays=rng.randrange(*plays))
        if state.is_over or state.phase is not Phase.PLAY:
            continue
        seat = state.to_move
        assert seat is not None
        yield state, state.view(seat)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_weights_are_proper_and_the_truth_explains_basic_play_best(preset: str) -> None:
    rng = random.Random(preset)
    situations = above = 0
    for state, view in mover_views(preset, rng, 40, (3, 26)):
        # Replayed on the true deal, every choice the others made is the one basic predicts.
        assert PlayModel(softness=1e-9).likelihood(view, truth(state)) > 0.999
        model = PlayModel()
        weights = [model.likelihood(view, sample) for sample in sample_deals(view, rng, 20)]
        assert all(0.0 < w <= 1.0 for w in weights) and len(set(weights)) > 1
        situations += 1
        above += model.likelihood(view, truth(state)) > sum(weights) / len(weights)
    assert situations >= 30 and above >= 0.9 * situations


def test_nothing_is_read_before_the_others_choose() -> None:
    state = new_hand(seed=3, dealer=0)
    view = state.view(1)
    assert all(PlayModel().likelihood(view, s) == 1.0
               for s in sample_deals(view, random.Random(1), 10))


def test_softness_must_be_a_share() -> None:
    with pytest.raises(ValueError, match="softness"):
        PlayModel(softness=0.0)
    with pytest.raises(ValueError, match="softness"):
        PlayModel(softness=1.5)


def test_remembered_predictions_change_no_likelihood() -> None:
    """One model followed through a hand (its memo kept) agrees with a fresh one each time."""
    rng = random.Random(7)
    for seed in range(6):
        kept = PlayModel()
        for plays in range(2, 28, 3):
            state, _ = basic_hand(seed, "milwaukee", plays)
            if state.is_over or state.phase is not Phase.PLAY or state.to_move != 2:
                continue
            view = state.view(2)
            for sample in sample_deals(view, rng, 8):
                assert kept.likelihood(view, sample) == PlayModel().likelihood(view, sample)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_replayed_state_is_the_rebuilt_one(preset: str) -> None:
    """``weigh`` hands back the state ``rebuild_state`` makes (strong plays out from it): every
    seat sees the same, and the same cards played on from it lead to the same result."""
    rng = random.Random(preset)
    replayed_count = 0
    for _, view in mover_views(preset, rng, 30, (0, 20)):
        model = PlayModel()
        for sample in sample_deals(view, rng, 4):
            weight, replayed = model.weigh(view, sample)
            assert weight == model.likelihood(view, sample)
            if replayed is None:
                assert weight == 1.0
                continue
            replayed_count += 1
            rebuilt = rebuild_state(view, sample)
            assert [replayed.view(s) for s in range(5)] == [rebuilt.view(s) for s in range(5)]
            assert replayed.hands == rebuilt.hands and replayed.buried == rebuilt.buried
            basic = BasicPlayer()
            for twin in (replayed, rebuilt):
                while not twin.is_over:
                    mover = twin.to_move
                    assert mover is not None
                    twin.apply(basic.choose(twin.view(mover), rng))
            assert replayed.result == rebuilt.result
    assert replayed_count >= 20


def swapped_twin(state: HandState, actions: list[Action], seat: int) -> HandState | None:
    """The same public history on a deal in which two other seats (not the picker) swapped two
    unplayed cards of one play suit: ``seat`` cannot tell the two hands apart."""
    others = [s for s in range(5) if s not in (seat, state.picker)]
    for x in others:
        for y in others:
            if x >= y:
                continue
            for cx in cards_of(state.hands[x]):
                for cy in cards_of(state.hands[y]):
                    if PLAY_SUIT[cx] != PLAY_SUIT[cy] or state.called in (cx, cy):
                        continue
                    hands = [list(h) for h in state.deal.hands]
                    hands[x] = [cy if c == cx else c for c in hands[x]]
                    hands[y] = [cx if c == cy else c for c in hands[y]]
                    deal = Deal(hands=tuple(tuple(h) for h in hands), blind=state.deal.blind)
                    twin = new_hand(rules=state.rules, dealer=state.dealer, deal=deal)
                    try:
                        for action in actions:
                            twin.apply(action)
                    except IllegalAction:  # e.g. a queen a blitz showed
                        continue
                    return twin
    return None


@pytest.mark.parametrize("preset", ["milwaukee", "wisconsin-jd"])
def test_cards_the_seat_cannot_see_change_no_decision(preset: str) -> None:
    compared = 0
    for seed in range(30):
        state, actions = basic_hand(seed, preset, plays=7 + seed % 15)
        seat = state.to_move
        if state.is_over or state.phase is not Phase.PLAY or seat is None:
            continue
        twin = swapped_twin(state, actions, seat)
        if twin is None:
            continue
        assert twin.hands != state.hands
        view, twin_view = state.view(seat), twin.view(seat)
        assert twin_view.to_json() == view.to_json()
        first = StrongSheepsheadPlayer(FAST, play_model=PlayModel())
        second = StrongSheepsheadPlayer(FAST, play_model=PlayModel())
        assert (first.choose(view, random.Random(seed))
                == second.choose(twin_view, random.Random(seed)))
        compared += 1
    assert compared >= 10


def test_strong_with_inference_plays_legally_and_reproducibly_in_every_preset() -> None:
    for preset in PRESETS:
        for seed in range(3):
            runs = []
            for _ in range(2):
                players = {seed % 5: StrongSheepsheadPlayer(FAST, play_model=PlayModel()),
                           (seed + 2) % 5: StrongSheepsheadPlayer(FAST, play_model=PlayModel())}
                state = new_hand(rules=PRESETS[preset], dealer=seed % 5, seed=seed)
                rng = random.Random(seed)
                basic = BasicPlayer()
                choices = []
                while not state.is_over:
                    seat = state.to_move
                    assert seat is not None
                    action = players.get(seat, basic).choose(state.view(seat), rng)
                    choices.append(action)
                    state.apply(action)
                runs.append(choices)
            assert runs[0] == runs[1]
