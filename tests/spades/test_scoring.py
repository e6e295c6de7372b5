"""Scoring, row by row from the rules: bids, bags, nil, double nil, sandbagging, the game's end."""

import pytest

from tests.spades.helpers import ALL_SPADES, act, apply_all, hand_after_draw
from tricktable.game import DOUBLE_NIL, KEEP
from tricktable.spades.rules import Rules
from tricktable.spades.scoring import (
    bid_json,
    bid_text,
    contract_score,
    game_winner,
    sandbag,
    score_hand,
    score_seat,
)
from tricktable.spades.state import new_hand

STANDARD = Rules()
NO_NIL_BAGS = Rules(nil_tricks_are_bags=False)


@pytest.mark.parametrize(
    ("bid", "tricks", "double_nil", "nil_bags", "expected"),
    [
        (4, 4, False, True, (40, 0)),      # made exactly: 10 a bid trick
        (4, 6, False, True, (42, 2)),      # two overtricks: 1 each, and two bags
        (1, 13, False, True, (22, 12)),
        (13, 13, False, True, (130, 0)),
        (5, 4, False, True, (-50, 0)),     # set: minus 10 a bid trick
        (13, 0, False, True, (-130, 0)),
        (0, 0, False, True, (100, 0)),     # nil made
        (0, 3, False, True, (-97, 3)),     # nil failed: -100, the tricks are bags
        (0, 3, False, False, (-100, 0)),   # ... unless the option is off
        (0, 0, True, True, (200, 0)),      # double nil made
        (0, 1, True, True, (-199, 1)),     # double nil failed
        (0, 5, True, False, (-200, 0)),
    ],
)
def test_contract_score(bid: int, tricks: int, double_nil: bool, nil_bags: bool,
                        expected: tuple[int, int]) -> None:
    assert contract_score(bid, tricks, double_nil=double_nil,
                          nil_tricks_are_bags=nil_bags) == expected


@pytest.mark.parametrize(("bid", "tricks", "double_nil"), [(14, 0, False), (3, 14, False),
                                                         (-1, 0, False), (2, 0, True)])
def test_contract_score_checks_its_arguments(bid: int, tricks: int, double_nil: bool) -> None:
    with pytest.raises(ValueError):
        contract_score(bid, tricks, double_nil=double_nil)


@pytest.mark.parametrize(
    ("before", "new", "expected"),
    [
        (0, 9, (0, 9)),
        (9, 1, (1, 0)),    # exactly 10: -100 and the count starts again
        (0, 10, (1, 0)),
        (5, 7, (1, 2)),
        (9, 13, (2, 2)),   # past 10 and 20 in one hand
        (8, 12, (2, 0)),   # exactly 20
        (3, 0, (0, 3)),
    ],
)
def test_sandbag(before: int, new: int, expected: tuple[int, int]) -> None:
    assert sandbag(before, new) == expected


def test_sandbag_refuses_negative_bags() -> None:
    with pytest.raises(ValueError):
        sandbag(-1, 2)


def test_bag_penalty_at_exactly_ten() -> None:
    seat = score_seat(bid=3, tricks=4, total=200, bags=9, rules=STANDARD)
    assert (seat.contract, seat.bags, seat.penalties) == (30, 1, 1)
    assert seat.score == 30 + 1 - 100 and seat.total == 131 and seat.bags_total == 0
    assert seat.made


def test_crossing_ten_twice_in_one_hand() -> None:
    seat = score_seat(bid=0, tricks=13, total=0, bags=9, rules=STANDARD)
    assert (seat.contract, seat.bags, seat.penalties, seat.bags_total) == (-100, 13, 2, 2)
    assert seat.score == -100 + 13 - 200 and not seat.made
    over = score_seat(bid=1, tricks=13, bags=9, rules=STANDARD)
    assert (over.score, over.penalties, over.bags_total) == (10 + 12 - 200, 2, 1)


def test_failed_nil_without_bags_adds_none() -> None:
    seat = score_seat(bid=0, tricks=13, bags=9, rules=NO_NIL_BAGS)
    assert (seat.score, seat.bags, seat.bags_total) == (-100, 0, 9)


def test_score_hand_and_its_json() -> None:
    result = score_hand(bids=(4, 0), tricks=(13, 0), double_nil=(False, True), totals=(10, 20),
                        bags=(0, 5), rules=STANDARD, trick_winners=(0,) * 13)
    assert result.scores == (49, 200) and result.totals == (59, 220) and result.bags == (9, 5)
    assert result.tricks == (13, 0)
    data = result.to_json()
    assert data["scores"] == [49, 200] and data["seats"][1]["bid"] == "double-nil"
    assert data["seats"][0]["bid"] == 4 and data["trick_winners"] == [0] * 13
    assert result.seats[0].describe() == "bid 4, took 13 (made): +40, 9 bags (+9) = +49"
    assert result.seats[1].describe() == "bid double nil, took 0 (made): +200 = +200"
    with pytest.raises(ValueError):
        score_hand(bids=(4, 0), tricks=(12, 1), rules=STANDARD, trick_winners=(0,) * 13)


def test_set_and_sandbag_descriptions() -> None:
    assert score_seat(bid=5, tricks=2, rules=STANDARD).describe() == (
        "bid 5, took 2 (set): -50 = -50"
    )
    assert score_seat(bid=0, tricks=2, bags=8, rules=STANDARD).describe() == (
        "bid nil, took 2 (failed): -100, 2 bags (+2), sandbagged ×1 (−100) = -198"
    )


def test_bid_forms() -> None:
    assert [bid_text(4), bid_text(0), bid_text(0, True)] == ["4", "nil", "double nil"]
    assert [bid_json(4), bid_json(0), bid_json(0, True)] == [4, "nil", "double-nil"]


@pytest.mark.parametrize(
    ("totals", "target", "winner"),
    [
        ((499, 0), 500, None),
        ((500, 0), 500, 0),
        ((0, 612), 500, 1),
        ((510, 520), 500, 1),   # both reach it: the higher total wins
        ((520, 510), 500, 0),
        ((520, 520), 500, None),  # a tie at or over the target: another hand
        ((500, 500), 500, None),
        ((-20, -20), 500, None),
        ((250, 100), 250, 0),
    ],
)
def test_game_winner(totals: tuple[int, int], target: int, winner: int | None) -> None:
    assert game_winner(totals, target) == winner


def test_a_played_hand_is_scored_with_its_start_totals_and_bags() -> None:
    hearts, spades = ALL_SPADES
    state = hand_after_draw(hearts, spades, totals=(100, 300), bags=(0, 9))
    apply_all(state, ["bid 10", "bid nil"])  # seat 1 (spades) bids 10, seat 0 nil
    while state.to_move is not None:
        state.apply(state.legal_actions()[0])
    result = state.result
    assert result is not None and result.tricks == (0, 13)
    assert result.scores == (100, 100 + 3 - 100)
    assert result.totals == (200, 303) and result.bags == (0, 2)


def test_a_double_nil_hand_is_scored_200() -> None:
    hearts, spades = ALL_SPADES
    state = new_hand(deal=hand_after_draw(hearts, spades).deal)
    state.apply(DOUBLE_NIL)  # seat 0 (hearts) before his first draw
    while state.stock_left:
        state.apply(KEEP)
    apply_all(state, ["exchange", "bid 13"])
    while state.to_move is not None:
        state.apply(state.legal_actions()[0])
    assert state.result is not None and state.result.scores == (200, 130)
    assert act("bid 13") == state.history[-27][1]
