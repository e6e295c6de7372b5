"""A game: hands until someone reaches the target, roles alternating, totals and bags carried."""

import json
import random

import pytest

from tests.spades.helpers import play_randomly
from tricktable.game import Action, ActionKind, IllegalAction
from tricktable.spades.deal import deal_from_seed
from tricktable.spades.match import Match, hand_seed, play_match
from tricktable.spades.records import game_record, replay_game
from tricktable.spades.rules import Rules
from tricktable.spades.view import SpadesView


class SteadyPlayer:
    """Never bids double nil, always bids 4, plays at random: it gains points slowly."""

    name = "steady"

    def choose(self, view: SpadesView, rng: random.Random) -> Action:
        legal = [a for a in view.legal_actions if a.kind is not ActionKind.DOUBLE_NIL]
        if view.legal_actions[0].kind is ActionKind.BID:
            return Action.bid(4)
        return legal[rng.randrange(len(legal))]


def test_roles_alternate_and_totals_carry_over() -> None:
    match = play_match([SteadyPlayer(), SteadyPlayer()], seed=3, rules=Rules(target=150),
                       first=1)
    assert match.is_over and match.to_move is None and len(match.hands) >= 3
    for number, hand in enumerate(match.hands, 1):
        assert hand.first == (1 + number - 1) % 2
        assert hand.seed == hand_seed(3, number)
        assert hand.deal == deal_from_seed(hand_seed(3, number))
        assert hand.is_over
    for before, after in zip(match.hands, match.hands[1:], strict=False):
        assert before.result is not None
        assert after.start_totals == before.result.totals
        assert after.start_bags == before.result.bags
    last = match.hands[-1].result
    assert last is not None and match.totals == last.totals and match.bags == last.bags
    winner = match.winner
    assert winner is not None
    assert match.totals[winner] >= 150 and match.totals[winner] > match.totals[1 - winner]
    for hand in match.hands[:-1]:
        assert hand.result is not None and max(hand.result.totals) < 150
    with pytest.raises(IllegalAction, match="over"):
        match.apply(Action.bid(3))
    assert match.legal_actions() == ()


def test_a_tie_at_the_target_plays_another_hand() -> None:
    # Find a hand's scores with random play, then start the game so both end on the target.
    probe = Match(seed=11)
    play_randomly(probe.hand, random.Random(2))
    assert probe.hand.result is not None
    scores = probe.hand.result.scores
    target = 500
    match = Match(seed=11, rules=Rules(target=target),
                  totals=(target - scores[0], target - scores[1]))
    for seat, action in probe.hand.history:
        match.apply(action, seat=seat)
    assert match.totals == (target, target)
    assert match.winner is None and not match.is_over and len(match.hands) == 2
    assert match.hand.start_totals == (target, target) and match.hand.first == 1
    assert match.to_move == 1


def test_the_higher_total_wins_when_both_pass_the_target() -> None:
    probe = Match(seed=12)
    play_randomly(probe.hand, random.Random(3))
    assert probe.hand.result is not None
    scores = probe.hand.result.scores
    match = Match(seed=12, rules=Rules(target=100), totals=(100 - scores[0] + 5, 100 - scores[1]))
    for seat, action in probe.hand.history:
        match.apply(action, seat=seat)
    assert match.totals == (105, 100) and match.winner == 0 and len(match.hands) == 1


def test_game_records_replay() -> None:
    match = play_match([SteadyPlayer(), SteadyPlayer()], seed="r", rules=Rules(target=100))
    again = replay_game(json.loads(json.dumps(game_record(match))))
    assert again.totals == match.totals and again.winner == match.winner
    assert [h.events for h in again.hands] == [h.events for h in match.hands]


def test_matches_check_their_arguments() -> None:
    with pytest.raises(ValueError):
        Match(seed=1, first=2)
    with pytest.raises(ValueError):
        Match(seed=1.5)  # type: ignore[arg-type]


def test_a_game_that_never_ends_is_stopped() -> None:
    with pytest.raises(RuntimeError, match="did not end"):
        play_match([SteadyPlayer(), SteadyPlayer()], seed=1, rules=Rules(target=10**6),
                   max_hands=3)
