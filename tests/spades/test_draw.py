"""Forming the hands: keep or reject the top card, alternately, until the stock is gone."""

import pytest

from tests.spades.helpers import act, stock_for
from tricktable.cards import cards_of, parse_cards
from tricktable.game import DOUBLE_NIL, KEEP, REJECT, IllegalAction
from tricktable.spades.deal import deal_from_seed
from tricktable.spades.events import Drew
from tricktable.spades.state import Phase, new_hand


def test_keep_takes_the_top_card_and_discards_the_next() -> None:
    state = new_hand(seed=1, first=0)
    top, second = state.deal.stock[:2]
    assert state.phase is Phase.DRAW and state.to_move == 0
    assert state.top_card == top
    state.apply(KEEP)
    assert state.hand(0) == (top,)
    assert list(cards_of(state.discards[0])) == [second]
    assert state.events[-1] == Drew(0, True, top, second)
    assert state.to_move == 1 and state.top_card == state.deal.stock[2]


def test_reject_discards_the_top_card_and_takes_the_next() -> None:
    state = new_hand(seed=1, first=1)
    top, second = state.deal.stock[:2]
    assert state.to_move == 1
    state.apply(REJECT)
    assert state.hand(1) == (second,)
    assert list(cards_of(state.discards[1])) == [top]
    assert state.events[-1] == Drew(1, False, second, top)
    assert state.to_move == 0


@pytest.mark.parametrize("first", [0, 1])
def test_turns_alternate_until_each_holds_13_and_26_are_discarded(first: int) -> None:
    state = new_hand(seed=5, first=first)
    movers = []
    for k in range(26):
        movers.append(state.to_move)
        state.apply(KEEP if k % 3 else REJECT)
    assert movers == [first, 1 - first] * 13
    assert [state.hands[s].bit_count() for s in (0, 1)] == [13, 13]
    assert state.pile.bit_count() == 26
    assert state.pile == state.discards[0] | state.discards[1]
    assert state.hands[0] | state.hands[1] | state.pile == (1 << 52) - 1
    assert state.phase is Phase.BID and state.stock_left == 0


def test_the_first_draw_offers_double_nil_and_later_draws_do_not() -> None:
    state = new_hand(seed=2, first=0)
    assert state.legal_actions() == (KEEP, REJECT, DOUBLE_NIL)
    state.apply(KEEP)
    assert state.legal_actions() == (KEEP, REJECT, DOUBLE_NIL)  # the second player's first turn
    state.apply(REJECT)
    assert state.legal_actions() == (KEEP, REJECT)
    with pytest.raises(IllegalAction, match="before your first draw"):
        state.apply(DOUBLE_NIL)


def test_double_nil_is_declared_then_the_same_player_draws() -> None:
    state = new_hand(seed=2, first=0)
    state.apply(DOUBLE_NIL)
    assert state.double_nil == [True, False] and state.bids == [0, None]
    assert state.to_move == 0 and state.stock_left == 52
    assert state.legal_actions() == (KEEP, REJECT)
    with pytest.raises(IllegalAction, match="already"):
        state.apply(DOUBLE_NIL)


def test_actions_of_another_phase_are_refused_during_the_draw() -> None:
    state = new_hand(seed=2)
    for text in ("bid 3", "play AS", "exchange"):
        with pytest.raises(IllegalAction, match="keep or reject"):
            state.apply(act(text))
    assert state.history == [] and state.events == []


def test_the_helper_stock_gives_the_hands_asked_for() -> None:
    deal = stock_for("AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
                     "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H")
    state = new_hand(deal=deal)
    for _ in range(26):
        state.apply(KEEP)
    assert sorted(state.hand(0)) == sorted(parse_cards("AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"))
    assert state.hand(1)[0] == parse_cards("2H")[0]


def test_the_stock_order_is_the_seeded_one() -> None:
    state = new_hand(seed=9)
    assert state.deal == deal_from_seed(9)
