import random
from dataclasses import replace

import pytest

from tricktable.game import IllegalAction, parse_action
from tricktable.sheepshead.match import Match, deal_seed, first_dealer
from tricktable.sheepshead.rules import PRESETS
from tricktable.sheepshead.scoring import HandKind


def finish_hand(match: Match, rng: random.Random, *, all_pass: bool = False) -> None:
    deals = len(match.deals)
    while len(match.deals) == deals and not match.is_over:
        legal = match.legal_actions()
        if all_pass and parse_action("pass") in legal:
            match.apply(parse_action("pass"))
        else:
            match.apply(legal[rng.randrange(len(legal))])


def test_the_dealer_rotates_and_scores_run_until_the_last_hand() -> None:
    rng = random.Random(1)
    match = Match(rules=PRESETS["milwaukee"], seed=11)
    assert match.dealer == first_dealer(11) and match.hand_number == 1
    dealers, totals = [], [0] * 5
    while not match.is_over:
        dealers.append(match.current.dealer)
        finish_hand(match, rng)
        result = match.results[-1]
        totals = [t + s for t, s in zip(totals, result.scores, strict=True)]
        assert match.totals == totals
    assert len(match.results) == 10 and match.hands_played == 10
    assert dealers == [(first_dealer(11) + k) % 5 for k in range(10)]
    assert sum(match.totals) == 0
    best = max(match.totals)
    assert match.winners == tuple(s for s in range(5) if match.totals[s] == best)
    assert match.legal_actions() == ()
    with pytest.raises(IllegalAction, match="The game is over"):
        match.apply(parse_action("pass"))


def test_the_doubler_carries_to_the_next_completed_hand_and_does_not_count() -> None:
    rng = random.Random(2)
    match = Match(rules=PRESETS["tavern"], seed=5)
    dealer = match.current.dealer
    finish_hand(match, rng, all_pass=True)
    finish_hand(match, rng, all_pass=True)
    assert [r.kind for r in match.results] == [HandKind.PASSED_OUT] * 2
    assert match.hands_played == 0 and match.hand_number == 1
    assert match.current.dealer == dealer  # the same dealer deals again
    assert match.current.multiplier == 4
    assert match.view(0).next_multiplier == 4
    finish_hand(match, rng)
    result = match.results[-1]
    assert result.multiplier == 4 and match.hands_played == 1
    assert all(score % 4 == 0 for score in result.scores)
    assert match.current.multiplier == 1 and match.current.dealer == (dealer + 1) % 5


def test_redeal_deals_again_without_a_multiplier() -> None:
    rng = random.Random(3)
    match = Match(rules=PRESETS["pagat"], seed=6)
    finish_hand(match, rng, all_pass=True)
    assert match.hands_played == 0 and match.current.multiplier == 1
    assert match.current.deal != match.deals[0].deal


def test_a_leaster_counts_as_a_hand() -> None:
    rng = random.Random(4)
    match = Match(rules=PRESETS["milwaukee"], seed=7)
    finish_hand(match, rng, all_pass=True)
    assert match.results[-1].kind is HandKind.LEASTER and match.hands_played == 1


@pytest.mark.parametrize("hands", [5, 15])
def test_game_length_is_an_option(hands: int) -> None:
    rng = random.Random(hands)
    match = Match(rules=replace(PRESETS["milwaukee"], hands=hands), seed=1)
    while not match.is_over:
        finish_hand(match, rng)
    assert match.hands_played == hands and match.view(2).hands_in_game == hands


def test_every_game_with_the_same_seed_gets_the_same_deals() -> None:
    a, b = Match(seed="daily-2026-11-30"), Match(seed="daily-2026-11-30")
    assert a.current.deal == b.current.deal and a.dealer == b.dealer
    assert a.current.seed == deal_seed("daily-2026-11-30", 0)
    assert Match(seed="other").current.deal != a.current.deal


def test_match_view_holds_the_hand_view_and_the_game() -> None:
    match = Match(seed=9)
    seat = match.to_move
    assert seat is not None
    view = match.view(seat)
    assert view.seat == seat and view.legal_actions == match.legal_actions()
    data = view.to_json()
    assert data["hand_number"] == 1 and data["hands_in_game"] == 10 and data["totals"] == [0] * 5
    assert match.view((seat + 1) % 5).legal_actions == ()
