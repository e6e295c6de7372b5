"""Properties of thousands of random legal hands, for every preset."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.sheepshead.leaks import assert_view_does_not_leak
from tricktable.cards import cards_of
from tricktable.game import Action, IllegalAction
from tricktable.sheepshead.deck import DECK, POINTS, mask_points, play_suit
from tricktable.sheepshead.records import hand_record, replay_hand
from tricktable.sheepshead.rules import PRESETS, NoPicker, Rules
from tricktable.sheepshead.scoring import HandKind
from tricktable.sheepshead.state import HandState, new_hand

PRESET_NAMES = list(PRESETS)


def random_hand(rules: Rules, seed: int, rng: random.Random) -> HandState:
    state = new_hand(rules=rules, dealer=seed % 5, seed=seed)
    while not state.is_over:
        legal = state.legal_actions()
        assert legal, "a hand in progress always offers an action"
        state.apply(legal[rng.randrange(len(legal))])
    return state


def check_finished_hand(state: HandState) -> None:
    result = state.result
    assert result is not None
    assert sum(result.scores) == 0
    if result.kind is HandKind.PASSED_OUT:
        assert not state.tricks and state.picker is None
        return
    assert len(state.tricks) == 6 and sum(result.tricks_by_seat) == 6
    played = [c for trick in state.tricks for c in trick.cards]
    assert len(played) == len(set(played)) == 30
    set_aside = state.buried if state.picker is not None else sum(1 << c for c in state.blind)
    assert sorted(played) == sorted(c for c in DECK if not (1 << c) & set_aside)
    assert sum(result.points_by_seat) + mask_points(set_aside) == 120
    assert [sum(POINTS[c] for c in t.cards) for t in state.tricks] == [t.points for t in
                                                                       state.tricks]
    if result.kind is HandKind.PICKED:
        assert result.picker_team_points is not None
        team = {result.picker} | ({result.partner} if result.partner is not None else set())
        assert result.picker_team_points == sum(
            result.points_by_seat[s] for s in team) + mask_points(state.buried)
        assert result.partner is None or result.partner != result.picker
    if state.unknown is not None:
        # The unknown card is played exactly once: at the first lead of the called suit or last.
        positions = [(i, t.unknown_at) for i, t in enumerate(state.tricks) if t.unknown_at >= 0]
        assert len(positions) == 1
        index, at = positions[0]
        trick = state.tricks[index]
        assert trick.cards[at] == state.unknown
        assert trick.winner != state.picker  # the unknown card never wins
        assert state.called is not None
        called_suit = play_suit(state.called)
        earlier_leads = [play_suit(t.cards[0]) for t in state.tricks[:index] if t.unknown_at != 0]
        assert called_suit not in earlier_leads
        assert at == 0 or play_suit(trick.cards[0]) == called_suit or index == 5


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_thousands_of_random_hands_end_and_add_up(preset: str) -> None:
    rules = PRESETS[preset]
    rng = random.Random(preset)
    kinds = set()
    unknown_seen = False
    for seed in range(3000):
        state = random_hand(rules, seed, rng)
        check_finished_hand(state)
        assert state.result is not None
        kinds.add(state.result.kind)
        unknown_seen |= state.unknown is not None
    expected = {HandKind.PICKED, HandKind.LEASTER if rules.no_picker is NoPicker.LEASTER else
                HandKind.PASSED_OUT}
    assert expected <= kinds
    assert unknown_seen == rules.unknown_card


@pytest.mark.parametrize("preset", PRESET_NAMES)
@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.randoms(use_true_random=False))
def test_views_never_leak_and_records_replay(
    preset: str, seed: int, choices: random.Random
) -> None:
    rules = PRESETS[preset]
    state = new_hand(rules=rules, dealer=seed % 5, seed=seed)
    while True:
        for seat in range(5):
            assert_view_does_not_leak(state, seat)
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[choices.randrange(len(legal))])
    twin = replay_hand(hand_record(state))
    assert twin.events == state.events and twin.result == state.result
    assert hand_record(twin) == hand_record(state)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.randoms(use_true_random=False),
       probe=st.sampled_from(DECK))
def test_illegal_actions_change_nothing(seed: int, choices: random.Random, probe: int) -> None:
    state = new_hand(dealer=seed % 5, seed=seed)
    while not state.is_over:
        legal = state.legal_actions()
        attempt = Action.play(DECK[DECK.index(probe)])
        if attempt not in legal:
            snapshot = (list(state.hands), list(state.history), list(state.events),
                        state.to_move, state.phase, list(state.current_trick))
            with pytest.raises(IllegalAction) as error:
                state.apply(attempt)
            assert str(error.value).endswith(".")
            assert snapshot == (list(state.hands), list(state.history), list(state.events),
                                state.to_move, state.phase, list(state.current_trick))
        state.apply(legal[choices.randrange(len(legal))])


def test_legal_plays_are_exactly_the_plays_apply_accepts() -> None:
    rng = random.Random(3)
    for seed in range(300):
        state = new_hand(dealer=seed % 5, seed=seed)
        while not state.is_over:
            legal = state.legal_actions()
            if legal[0].kind.value == "play":
                assert state.to_move is not None
                holding = set(cards_of(state.hands[state.to_move]))
                if state.to_move == state.picker and state.unknown is not None \
                        and not state.unknown_played:
                    holding.add(state.unknown)
                for c in holding:
                    trial = state.copy()
                    try:
                        trial.apply(Action.play(c))
                        accepted = True
                    except IllegalAction:
                        accepted = False
                    assert accepted == (Action.play(c) in legal)
            state.apply(legal[rng.randrange(len(legal))])
