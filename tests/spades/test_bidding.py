"""Bidding: the second player first, one round, 0 (nil) to 13."""

import pytest

from tests.spades.helpers import MIXED, act, hand_after_draw
from tricktable.game import Action, IllegalAction
from tricktable.spades.events import BidMade
from tricktable.spades.state import Phase


@pytest.mark.parametrize("first", [0, 1])
def test_the_second_player_bids_first_then_the_first(first: int) -> None:
    state = hand_after_draw(*MIXED, first=first)
    assert state.phase is Phase.BID and state.to_move == 1 - first
    assert state.legal_actions() == tuple(Action.bid(n) for n in range(14))
    state.apply(act("bid nil"))
    assert state.to_move == first
    state.apply(act("bid 13"))
    assert state.bids[1 - first] == 0 and state.bids[first] == 13
    assert [e for e in state.events if isinstance(e, BidMade)] == [
        BidMade(1 - first, 0), BidMade(first, 13)
    ]
    assert state.phase is Phase.PLAY and state.to_move == 1 - first


@pytest.mark.parametrize("bid", [Action.bid(14), Action.bid(-1), Action(act("bid 1").kind)])
def test_bids_out_of_range_are_refused(bid: Action) -> None:
    state = hand_after_draw(*MIXED)
    with pytest.raises(IllegalAction, match="0 \\(nil\\) to 13"):
        state.apply(bid)
    assert state.bids == [None, None] and state.history[-1][1] == act("keep")


def test_no_double_nil_after_the_draw_and_no_passing() -> None:
    state = hand_after_draw(*MIXED)
    with pytest.raises(IllegalAction, match="before your first draw"):
        state.apply(act("double-nil"))
    with pytest.raises(IllegalAction, match="bid"):
        state.apply(act("pass"))
    with pytest.raises(IllegalAction, match="not your turn"):
        state.apply(act("bid 3"), seat=0)
