"""Sampled deals always fit what the seat has seen: replaying the public history on them through
the checked engine is legal and shows the seat exactly the view it has."""

import random

import pytest

from tricktable.ai.sampling import (
    Demand,
    NoConsistentDeal,
    _weighted_choice,
    sample_slots,
    shuffle,
)
from tricktable.ai.sheepshead.sampling import (
    DealSampler,
    position_for,
    rebuild_state,
    sample_deals,
)
from tricktable.cards import card
from tricktable.game import parse_action
from tricktable.sheepshead.deal import Deal
from tricktable.sheepshead.rules import PRESETS
from tricktable.sheepshead.search import SearchPosition
from tricktable.sheepshead.state import FAIL_BUT_ACES, HandState, Phase, new_hand


def random_states(preset: str, count: int, rng: random.Random):  # type: ignore[no-untyped-def]
    for seed in range(count):
        state = new_hand(rules=PRESETS[preset], dealer=seed % 5, seed=seed)
        stop = rng.randrange(45)
        steps = 0
        while not state.is_over and steps < stop:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            steps += 1
        yield state


@pytest.mark.parametrize("preset", list(PRESETS))
def test_sampled_deals_fit_the_view(preset: str) -> None:
    rng = random.Random(preset)
    checked = 0
    for state in random_states(preset, 250, rng):
        if state.is_over or state.phase is Phase.BURY:
            continue
        for seat in range(5):
            view = state.view(seat)
            for sample in sample_deals(view, rng, 3):
                twin = rebuild_state(view, sample)
                assert twin.view(seat).to_json() == view.to_json()
                if view.called is not None and not view.alone:
                    assert twin.partner == sample.partner
                checked += 1
    assert checked > 1000


@pytest.mark.parametrize("preset", ["milwaukee", "wisconsin-jd"])
def test_positions_from_samples_match_the_engine(preset: str) -> None:
    rng = random.Random(4)
    for state in random_states(preset, 200, rng):
        if state.phase is not Phase.PLAY:
            continue
        view = state.view(state.to_move or 0)
        sample = sample_deals(view, rng, 1)[0]
        twin = rebuild_state(view, sample)
        expected = SearchPosition.from_state(twin)
        position = position_for(view, sample)
        assert position.key() == expected.key() and position.trick == expected.trick
        assert position.points == expected.points and position.moves() == expected.moves()


def test_slot_sampler_respects_capacity_allowed_and_demands() -> None:
    rng = random.Random(1)
    cards = list(range(10))
    allowed = [0b01] * 3 + [0b11] * 7  # the first three may only go to slot 0
    for _ in range(200):
        slots = sample_slots(cards, allowed, [5, 5], rng, [Demand(1, frozenset({9, 8}))])
        assert sorted(len(s) for s in slots) == [5, 5]
        assert {0, 1, 2} <= set(slots[0]) and {8, 9} & set(slots[1])
    with pytest.raises(NoConsistentDeal):
        sample_slots(cards, [0b01] * 6 + [0b11] * 4, [5, 5], rng)


def test_sampling_keeps_the_jack_of_diamonds_holder_secret() -> None:
    """A defender's samples put the J♦ with any seat but the picker (never in the bury), and
    not always with its real holder; blitzed queens stay with their blitzer."""
    rng = random.Random(18)
    jack = card("JD")
    checked = 0
    for state in random_states("wisconsin-jd", 400, rng):
        if state.phase not in (Phase.CRACK, Phase.BLITZ, Phase.PLAY) or state.called is None:
            continue
        if state.partner_revealed:
            continue
        for seat in range(5):
            if seat in (state.picker, state.partner):
                continue
            view = state.view(seat)
            holders = set()
            for sample in sample_deals(view, rng, 12):
                holder = next(s for s in range(5) if sample.hands[s] >> jack & 1)
                assert holder not in (seat, state.picker) and not sample.buried >> jack & 1
                holders.add(holder)
                for blitzer, pair in view.blitzes:
                    for queen in pair:
                        if queen not in view.played_cards:
                            assert sample.hands[blitzer] >> queen & 1
            if len(holders) > 1:
                checked += 1
    assert checked > 20


def test_a_four_queen_blitz_keeps_all_four_with_the_blitzer_and_the_strong_player_reads_it(
) -> None:
    """One answer showed both pairs: every sample gives the blitzer all four queens, and the
    strong player, which rebuilds the hand from the events, plays on from it."""
    from tests.sheepshead.helpers import act, hand_from
    from tests.sheepshead.test_house import FOUR_QUEENS, FOUR_TO_BLITZ
    from tricktable.ai.players import make_player

    state = hand_from(FOUR_QUEENS, rules=PRESETS["wisconsin-jd"], actions=FOUR_TO_BLITZ)
    state.apply(act("blitz QC QS QH QD"))
    while state.phase is Phase.BLITZ:
        state.apply(act("pass"))
    rng = random.Random(4)
    queens = [card(q) for q in ("QC", "QS", "QH", "QD")]
    for seat in (1, 3):
        for sample in sample_deals(state.view(seat), rng, 20):
            assert all(sample.hands[0] >> queen & 1 for queen in queens)
    seat = state.to_move
    assert seat is not None
    strong = make_player("sheepshead", "strong", reproducible=True)
    assert strong.choose(state.view(seat), random.Random(1)) in state.legal_actions()


def test_the_weighted_choice_draws_as_random_choices_does() -> None:
    for seed in range(300):
        draw = random.Random(seed)
        room = [draw.randrange(0, 6) for _ in range(draw.randrange(2, 7))]
        choices = [slot for slot in range(len(room)) if room[slot]]
        if len(choices) < 2:
            continue
        ours, theirs = random.Random(seed), random.Random(seed)
        for _ in range(5):
            expected = theirs.choices(choices, [room[s] for s in choices])[0]
            assert _weighted_choice(choices, room, ours) == expected
        assert ours.random() == theirs.random()


def test_the_shuffle_orders_as_random_shuffle_does() -> None:
    for seed in range(300):
        length = seed % 40
        ours, theirs = random.Random(seed), random.Random(seed)
        mine, library = list(range(length)), list(range(length))
        for _ in range(3):
            shuffle(mine, ours)
            theirs.shuffle(library)
            assert mine == library
        assert ours.random() == theirs.random()


class _Sevens(random.Random):
    def random(self) -> float:
        return 0.7


def test_the_shuffle_leaves_other_generators_to_their_own_shuffle() -> None:
    mine, library = list(range(12)), list(range(12))
    shuffle(mine, _Sevens())
    _Sevens().shuffle(library)
    assert mine == library and mine != list(range(12))


def test_deals_after_an_unknown_card_call_are_drawn_without_failing() -> None:
    """After a call with an unknown card the picker held no fail card but aces. The sampler
    must place the low fail cards elsewhere, not hope to: here only one deal in about 230 it
    could otherwise draw left them out of his hand, and 500 tries failed one draw in nine (an
    arena game stopped on it)."""
    hands = ["7H 9D 8D 9C 9S 10S", "JS AD 10D AC 10C KD", "KC 8C 8H QD QC JH",
             "7S 7D JD 7C QS KS", "JC KH AS 8S QH 10H"]
    deal = Deal(hands=tuple(tuple(card(c) for c in h.split()) for h in hands),
                blind=(card("9H"), card("AH")))
    state = HandState(rules=PRESETS["milwaukee"], dealer=1, deal=deal)
    for action in ["pass", "pass", "pass", "pass", "pick", "bury 10C 9H", "call AS unknown AC",
                   "play KC", "play 7C", "play 10H", "play 9C", "play AD",
                   "play JS", "play JH", "play 7D", "play JC", "play 8D",
                   "play QH", "play 9D", "play KD", "play QD", "play QS",
                   "play 7S", "play AS", "play 9S", "play AC", "play QC", "play 8C"]:
        state.apply(parse_action(action))
    view = state.view(3)
    assert view.unknown_set_aside and view.picker == 1
    sampler = DealSampler(view)
    rng = random.Random(86)
    for _ in range(300):
        sample = sampler.draw(rng)
        assert not sample.hands[1] & FAIL_BUT_ACES
        assert sample.unknown is not None and not (1 << sample.unknown) & FAIL_BUT_ACES
        assert rebuild_state(view, sample).view(3).to_json() == view.to_json()
