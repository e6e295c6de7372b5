"""The action ids and observation layouts: every legal action has an id and only legal ids are
in the mask; observations hold what the seat's view holds and nothing hidden."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tests.sheepshead.leaks import hidden_cards
from tests.spades.helpers import random_hand_states
from tricktable.cards import CARDS
from tricktable.game import KEEP, IllegalAction
from tricktable.rl import sheepshead_encoding as sheep
from tricktable.rl import spades_encoding as spades
from tricktable.sheepshead.deal import Deal
from tricktable.sheepshead.deck import DECK
from tricktable.sheepshead.rules import PRESETS
from tricktable.sheepshead.state import HandState
from tricktable.sheepshead.state import new_hand as new_sheepshead_hand
from tricktable.spades.deal import Deal as SpadesDeal
from tricktable.spades.exchange import ExchangeOptions
from tricktable.spades.state import HandState as SpadesHand
from tricktable.spades.state import new_hand as new_spades_hand

CARD_BLOCKS = ("hand", "unknown_card", "blind", "buried", "played", "trick")


def sheepshead_states(numbers: range | tuple[int, ...]) -> list[HandState]:
    """States met in random hands (a call with the unknown card, a crack, a recrack and a
    blitz taken whenever offered; some hands under the doubler preset, some under Wisconsin's
    house rules)."""
    states = []
    for number in numbers:
        rng = random.Random(number)
        rules = PRESETS[("milwaukee", "wisconsin-jd", "milwaukee", "tavern")[number % 4]]
        state = new_sheepshead_hand(rules=rules, dealer=number % 5, seed=f"enc/{number}")
        while True:
            states.append(state.copy())
            if state.is_over:
                break
            legal = state.legal_actions()
            rare = [a for a in legal if (len(a.cards) == 2 and a.kind.value == "call")
                    or a.kind.value in ("crack", "recrack", "blitz")]
            state.apply(rare[0] if rare else legal[rng.randrange(len(legal))])
    return states


def test_sheepshead_ids_round_trip() -> None:
    assert sheep.ACTION_COUNT == 735 == len(sheep.ACTIONS)
    for number in range(sheep.ACTION_COUNT):
        assert sheep.action_id(sheep.action_for_id(number)) == number
    with pytest.raises(ValueError, match="0 to 734"):
        sheep.action_for_id(735)
    with pytest.raises(ValueError, match="not a Sheepshead action"):
        sheep.action_id(spades.action_for_id(spades.BID_START + 4))


def test_sheepshead_mask_is_exactly_the_legal_actions() -> None:
    unknown_calls = 0
    house = set()
    for state in sheepshead_states((*range(12), 22)):  # hand 22 offers the unknown card
        for seat in range(5):
            view = state.view(seat)
            mask = sheep.action_mask(view)
            assert mask.dtype == np.int8 and mask.shape == (735,)
            decoded = {sheep.action_for_id(int(i)) for i in np.flatnonzero(mask)}
            assert decoded == set(view.legal_actions)
            unknown_calls += sum(1 for a in view.legal_actions if len(a.cards) == 2
                                 and a.kind.value == "call")
            house |= {str(a) for a in view.legal_actions
                      if a.kind.value in ("crack", "recrack", "blitz") or str(a) == "call JD"}
    assert unknown_calls > 0, "no hand offered a call with the unknown card"
    assert {"call JD", "crack", "recrack"} <= house and any(a.startswith("blitz") for a in house)


def test_sheepshead_observation_holds_the_view_and_nothing_hidden() -> None:
    layout = sheep.LAYOUT
    for state in sheepshead_states((0, 1, 22, 3)):
        for seat in range(5):
            view = state.view(seat)
            vector = sheep.observation(view)
            assert vector.shape == (sheep.OBSERVATION_SIZE,) and vector.dtype == np.float32
            assert vector.min() >= 0.0 and vector.max() <= 1.0
            hand = layout["hand"]
            assert {DECK[i] for i in np.flatnonzero(vector[hand.start:hand.stop])} == set(
                view.hand)
            shown = set()
            for name in CARD_BLOCKS:
                block = vector[layout[name].start:layout[name].stop]
                shown |= {DECK[i % 32] for i in np.flatnonzero(block)}
            assert not shown & hidden_cards(state, seat)
            flags = layout["flags"].start
            assert vector[flags] == (state.to_move == seat)


def test_sheepshead_observation_is_blind_to_other_hands() -> None:
    # Two deals that differ only in cards seat 0 cannot see look the same to seat 0.
    base = new_sheepshead_hand(dealer=4, seed=11).deal
    hands = [list(h) for h in base.hands]
    hands[1][0], hands[2][0] = hands[2][0], hands[1][0]
    hands[3][1], base_blind = base.blind[0], [hands[3][1], base.blind[1]]
    other = Deal(hands=tuple(tuple(h) for h in hands), blind=tuple(base_blind))
    first = HandState(rules=PRESETS["milwaukee"], dealer=4, deal=base)
    second = HandState(rules=PRESETS["milwaukee"], dealer=4, deal=other)
    for state in (first, second):
        state.apply(state.legal_actions()[1])  # seat 0 passes
        state.apply(state.legal_actions()[1])  # seat 1 passes
    one = sheep.observation(first.view(0))
    two = sheep.observation(second.view(0))
    assert np.array_equal(one, two)
    assert not np.array_equal(sheep.observation(first.view(1)), sheep.observation(second.view(1)))


def spades_states(hands: int) -> list[SpadesHand]:
    """States met in random hands; every other hand someone declares double nil."""
    states = []
    for number in range(hands):
        rng = random.Random(number)
        state = new_spades_hand(first=number % 2, seed=f"enc/{number}", totals=(120, -40),
                                bags=(3, 7))
        states += [met.copy() for met in
                   random_hand_states(state, rng, double_nil=number % 2 == 0)]
    return states


def test_spades_ids_round_trip_and_exchanges_follow_the_options() -> None:
    assert spades.ACTION_COUNT == 447
    for number in (*range(spades.EXCHANGE_START), *range(spades.PLAY_START, 447)):
        assert spades.action_id(spades.action_for_id(number)) == number
    hand = sorted(random.Random(3).sample(CARDS, 13))
    options = ExchangeOptions(sum(1 << c for c in hand))
    assert len(options) == len(spades.EXCHANGE_CHOICES) == 378
    for k, option in enumerate(options):
        number = spades.EXCHANGE_START + k
        assert spades.action_for_id(number, hand) == option
        assert spades.action_id(option, hand) == number
    with pytest.raises(ValueError, match="13-card hand"):
        spades.action_for_id(spades.EXCHANGE_START, hand[:12])


def test_spades_mask_and_observation_follow_the_view() -> None:
    layout = spades.LAYOUT
    exchanges = 0
    for state in spades_states(4):
        for seat in (0, 1):
            view = state.view(seat)
            ids = np.flatnonzero(spades.action_mask(view))
            decoded = [spades.action_for_id(int(i), view.hand) for i in ids]
            assert decoded == list(view.legal_actions)
            exchanges += any(a.kind.value == "exchange" for a in view.legal_actions)
            vector = spades.observation(view)
            assert vector.shape == (spades.OBSERVATION_SIZE,)
            assert vector.min() >= -1.0 and vector.max() <= 1.0
            hand = layout["hand"]
            assert set(np.flatnonzero(vector[hand.start:hand.stop])) == set(view.hand)
            played = layout["played"]
            assert np.count_nonzero(vector[played.start:played.stop]) == 2 * len(view.tricks)
    assert exchanges > 0


def test_spades_observation_is_blind_to_the_unseen_stock() -> None:
    stock = list(new_spades_hand(first=0, seed=5).deal.stock)
    stock[30], stock[45] = stock[45], stock[30]
    first = new_spades_hand(first=0, seed=5)
    second = new_spades_hand(first=0, deal=SpadesDeal(tuple(stock)))
    for state in (first, second):
        for _ in range(6):
            state.apply(KEEP)
    for seat in (0, 1):
        assert np.array_equal(spades.observation(first.view(seat)),
                              spades.observation(second.view(seat)))


def test_spades_exchange_id_outside_the_exchange_is_illegal() -> None:
    from tricktable.rl.games import SpadesGame

    game = SpadesGame()
    state = new_spades_hand(first=0, seed=1)
    with pytest.raises(IllegalAction, match="after the draw"):
        game.action(spades.EXCHANGE_START, lambda: state.view(0))


def test_the_docs_show_the_layouts_as_built() -> None:
    from pathlib import Path

    page = Path(__file__).resolve().parents[2] / "docs" / "developer" / "rl.md"
    text = page.read_text(encoding="utf-8")
    assert sheep.LAYOUT.table() in text
    assert spades.LAYOUT.table() in text
    assert f"## Sheepshead observation\n\n{sheep.OBSERVATION_SIZE} floats." in text
    assert f"## Spades observation\n\n{spades.OBSERVATION_SIZE} floats;" in text
