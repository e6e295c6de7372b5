"""Cheap answers: cards the seat's view calls equivalent score alike on every deal, exactly."""

import random

from tricktable.ai.budget import Budget
from tricktable.ai.evidence import Evidence
from tricktable.ai.sheepshead.easy import all_equivalent, one_of_each
from tricktable.ai.sheepshead.sampling import DealSampler, position_for, sample_deals
from tricktable.ai.sheepshead.solver import SheepsheadSolver
from tricktable.ai.sheepshead.strong import StrongSheepsheadPlayer
from tricktable.cards import parse_card
from tricktable.game import Action
from tricktable.sheepshead.bots import BasicPlayer
from tricktable.sheepshead.rules import PRESETS
from tricktable.sheepshead.search import INDEX_OF
from tricktable.sheepshead.state import Phase, new_hand
from tricktable.sheepshead.view import SheepsheadView


def play_views(seeds: range, preset: str = "milwaukee") -> list[SheepsheadView]:
    """Every card-play view with a choice in hands played by ``basic`` and a random player."""
    basic = BasicPlayer()
    views = []
    for seed in seeds:
        rng = random.Random(seed)
        state = new_hand(rules=PRESETS[preset], dealer=seed % 5, seed=seed)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            if view.phase is Phase.PLAY and len(view.legal_actions) > 1:
                views.append(view)
            # Some random play, so positions are not only basic's.
            if rng.random() < 0.3:
                action = rng.choice(view.legal_actions)
            else:
                action = basic.choose(view, rng)
            state.apply(action)
    return views


def card_values(view: SheepsheadView, cards: list[Action], deals: int,
                rng: random.Random) -> list[list[int]]:
    """Per sampled deal, the exact solved result of playing each card: the picker's team's
    total points, or this seat's paranoid leaster score."""
    out = []
    for sample in sample_deals(view, rng, deals):
        position = position_for(view, sample)
        solver = SheepsheadSolver()
        values = []
        for action in cards:
            position.make(INDEX_OF[action.card])
            if position.leaster:
                values.append(solver.solve_leaster(position, view.seat))
            else:
                values.append(position.team_points + solver.solve(position))
            position.unmake()
        out.append(values)
    return out


def test_cards_called_equivalent_solve_alike_on_every_sampled_deal() -> None:
    rng = random.Random(1)
    checked = 0
    for preset in ("milwaukee", "pagat"):  # pagat: leasters too
        for view in play_views(range(160), preset):
            if len(view.tricks) < 2 or not all_equivalent(view, view.legal_actions):
                continue
            for values in card_values(view, list(view.legal_actions), 3, rng):
                assert len(set(values)) == 1, (view.hand, view.legal_actions, values)
            checked += 1
    assert checked >= 150


def test_early_equivalent_cards_solve_alike_too() -> None:
    rng = random.Random(2)
    checked = 0
    for view in play_views(range(40)):
        if len(view.tricks) >= 2 or not all_equivalent(view, view.legal_actions):
            continue
        for values in card_values(view, list(view.legal_actions), 1, rng):
            assert len(set(values)) == 1
        checked += 1
    assert checked >= 10


def test_a_live_card_between_or_different_points_keeps_cards_apart() -> None:
    views = play_views(range(60))
    apart = [v for v in views if not all_equivalent(v, v.legal_actions)]
    together = [v for v in views if all_equivalent(v, v.legal_actions)]
    assert apart and together
    view = together[0]
    cards = [a.card for a in view.legal_actions]
    assert len({c for c in cards}) >= 2
    # Options of different kinds are never equivalent.
    assert not all_equivalent(view, [*view.legal_actions, Action.bury(cards[0], cards[1])])
    # A queen and a jack of trump are worth different points.
    hand_view = next(v for v in views
                     if {parse_card("QC"), parse_card("JD")} <= set(v.hand)
                     and {Action.play(parse_card("QC")), Action.play(parse_card("JD"))}
                     <= set(v.legal_actions))
    assert not all_equivalent(hand_view, [Action.play(parse_card("QC")),
                                          Action.play(parse_card("JD"))])


def test_the_deal_sampler_draws_what_sample_deals_draws() -> None:
    for view in play_views(range(6))[::7]:
        sampler = DealSampler(view)
        first, second = random.Random(5), random.Random(5)
        assert [sampler.draw(first) for _ in range(4)] == sample_deals(view, second, 4)


def test_settling_stops_when_no_deal_can_move_the_choice() -> None:
    player = StrongSheepsheadPlayer(Budget(samples=96, time_ms=None), settle_every=4,
                                    settle_after=8, settle_k=1.0)
    same = Evidence(3)
    for _ in range(8):
        same.add(1.0, [1.0, 1.0, 1.0])
    assert player._settled(same, 8, 0, 0.5)
    assert not player._settled(same, 7, 0, 0.5)  # not before the 8th deal
    assert not player._settled(same, 10, 0, 0.5)  # only every 4th from there
    close = Evidence(2)
    noisy = random.Random(3)
    for _ in range(8):
        close.add(1.0, [0.0, noisy.choice([-2.0, 2.0])])
    assert not player._settled(close, 8, 0, 0.5)
    clear = Evidence(2)
    for _ in range(8):
        clear.add(1.0, [0.0, 2.0 + noisy.random() / 10])
    assert player._settled(clear, 8, 0, 0.5)
    # One deal carrying all the weight settles nothing.
    heavy = Evidence(2)
    heavy.add(1.0, [0.0, 0.0])
    for _ in range(7):
        heavy.add(1e-9, [0.0, 0.0])
    assert not player._settled(heavy, 8, 0, 0.5)
    never = StrongSheepsheadPlayer(Budget(samples=96, time_ms=None))
    assert not never._settled(same, 8, 0, 0.5)


def test_strong_answers_equivalent_cards_with_its_default_at_once() -> None:
    view = next(v for v in play_views(range(30))
                if all_equivalent(v, v.legal_actions) and len(v.tricks) >= 2)

    class Counting(random.Random):
        draws = 0

        def random(self) -> float:
            Counting.draws += 1
            return super().random()

    player = StrongSheepsheadPlayer(Budget(samples=8, time_ms=None))
    action = player.choose(view, Counting(1))
    assert action == BasicPlayer().choose(view, random.Random(0))
    assert Counting.draws == 0  # no deal was sampled


def test_one_of_each_keeps_one_card_of_every_equivalent_set() -> None:
    basic = BasicPlayer()
    merged = 0
    for view in play_views(range(200)):
        legal = list(view.legal_actions)
        usual = basic.choose(view, random.Random(0))
        kept = one_of_each(view, legal, usual)
        assert usual in kept
        assert kept == [a for a in legal if a in kept]  # in the order given
        for i, first in enumerate(kept):
            for second in kept[i + 1:]:
                assert not all_equivalent(view, [first, second])
        for action in legal:
            if action not in kept:
                assert any(all_equivalent(view, [action, k]) for k in kept)
        merged += len(legal) - len(kept)
    assert merged >= 100


def test_one_of_each_keeps_the_first_where_the_default_is_not_in_the_set() -> None:
    for view in play_views(range(100)):
        legal = list(view.legal_actions)
        kept = one_of_each(view, legal, legal[-1])
        for action in legal:
            equivalent = [a for a in legal if a == action or all_equivalent(view, [action, a])]
            if legal[-1] not in equivalent:
                assert [a for a in equivalent if a in kept] == [equivalent[0]]
