from dataclasses import replace

import pytest

from tricktable.sheepshead.rules import PRESETS
from tricktable.sheepshead.scoring import (
    leaster_winner,
    score_leaster,
    score_picked_hand,
    stake,
)

MILWAUKEE = PRESETS["milwaukee"]  # double on the bump
NO_BUMP = replace(MILWAUKEE, double_on_the_bump=False)

# (team points, team tricks, stake without bump, stake with bump): every row of the table.
ROWS = [
    (120, 6, 3, 3),   # all six tricks
    (93, 6, 3, 3),    # schwarz counts tricks, not points (bury points make 93 + 27 = 120)
    (120, 5, 2, 2),   # 120 points without every trick is schneider, not schwarz
    (91, 4, 2, 2),
    (90, 4, 1, 1),
    (61, 3, 1, 1),
    (60, 3, -1, -2),  # 60-60: the defenders win
    (31, 2, -1, -2),
    (30, 2, -2, -4),  # 30 or less: schneidered
    (4, 1, -2, -4),
    (11, 0, -3, -6),  # no trick (the bury may still hold points)
    (0, 0, -3, -6),
]


@pytest.mark.parametrize(("points", "tricks", "plain", "bumped"), ROWS)
def test_stake_for_every_row(points: int, tricks: int, plain: int, bumped: int) -> None:
    assert stake(points, tricks, NO_BUMP)[0] == plain
    assert stake(points, tricks, MILWAUKEE)[0] == bumped


@pytest.mark.parametrize(("points", "tricks", "plain", "bumped"), ROWS)
@pytest.mark.parametrize("bump", [False, True])
def test_partner_and_alone_scores_for_every_row(
    points: int, tricks: int, plain: int, bumped: int, bump: bool
) -> None:
    rules = MILWAUKEE if bump else NO_BUMP
    s = bumped if bump else plain
    with_partner, _ = score_picked_hand(
        picker=1, partner=3, team_points=points, team_tricks=tricks, rules=rules
    )
    assert with_partner == (-s, 2 * s, -s, s, -s)
    alone, reason = score_picked_hand(
        picker=1, partner=None, team_points=points, team_tricks=tricks, rules=rules
    )
    assert alone == (-s, 4 * s, -s, -s, -s)
    assert "alone" in str(reason)
    assert sum(with_partner) == 0 and sum(alone) == 0


def test_reasons_name_schneider_schwarz_and_the_bump() -> None:
    assert str(stake(95, 5, MILWAUKEE)[1]) == "won with 95 (schneider)"
    assert str(stake(20, 1, MILWAUKEE)[1]) == "lost with 20 (schneidered), double on the bump"
    assert str(stake(0, 0, NO_BUMP)[1]) == "took no trick (schwarz)"
    assert str(stake(120, 6, MILWAUKEE)[1]) == "won every trick (schwarz)"


@pytest.mark.parametrize("bump", [False, True])
def test_schwarz_loss_paid_by_the_picker(bump: bool) -> None:
    rules = replace(PRESETS["tavern"], double_on_the_bump=bump)
    paid = 6 if bump else 3
    scores, reason = score_picked_hand(
        picker=0, partner=2, team_points=0, team_tricks=0, rules=rules
    )
    assert scores == (-3 * paid, paid, 0, paid, paid)
    assert "paid by the picker" in str(reason)
    # Only a schwarz loss is paid by the picker; a schneider loss is shared as usual.
    scores, _ = score_picked_hand(picker=0, partner=2, team_points=20, team_tricks=1, rules=rules)
    s = -4 if bump else -2
    assert scores == (2 * s, -s, s, -s, -s)
    # Alone, the picker pays everything anyway.
    alone, _ = score_picked_hand(picker=0, partner=None, team_points=0, team_tricks=0, rules=rules)
    assert alone == (-4 * paid, paid, paid, paid, paid)


def test_a_doubler_multiplier_multiplies_every_number() -> None:
    scores, reason = score_picked_hand(
        picker=4, partner=0, team_points=70, team_tricks=3, rules=MILWAUKEE, multiplier=4
    )
    assert scores == (4, -4, -4, -4, 8)
    assert str(reason).endswith("doubler ×4")


def test_leaster_fewest_points_with_a_trick_wins() -> None:
    points = (0, 25, 40, 30, 25)
    tricks = (0, 1, 2, 2, 1)
    # Seat 0 took no trick, so cannot win; seats 1 and 4 tie on 25: nobody scores.
    assert leaster_winner(points, tricks) is None
    assert score_leaster(points, tricks)[0] == (0, 0, 0, 0, 0)
    points = (0, 20, 45, 30, 25)
    scores, winner, reason = score_leaster(points, tricks)
    assert winner == 1 and scores == (-1, 4, -1, -1, -1)
    assert "20" in str(reason)
    # A seat with no points but a trick does win.
    assert leaster_winner((0, 40, 40, 20, 20), (1, 2, 1, 1, 1)) == 0
