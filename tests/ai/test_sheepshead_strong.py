"""The strong Sheepshead player: legal, reproducible, and it searches."""

import gc
import random

import pytest

from tricktable.ai.budget import Budget
from tricktable.ai.evidence import Evidence
from tricktable.ai.sheepshead.easy import all_equivalent, one_of_each
from tricktable.ai.sheepshead.inference import pick_probability, sample_weight
from tricktable.ai.sheepshead.sampling import DealSampler, sample_deals
from tricktable.ai.sheepshead.strong import (
    StrongSheepsheadPlayer,
    _card_options,
    rank_buries,
    seat_score,
)
from tricktable.cards import parse_cards
from tricktable.game import Action
from tricktable.sheepshead.bots import BasicPlayer
from tricktable.sheepshead.rules import PRESETS
from tricktable.sheepshead.state import HandState, Phase, new_hand
from tricktable.sheepshead.view import SheepsheadView

FAST = Budget(samples=3, time_ms=None, min_samples=1)


def play_hand(seed: int, players: dict[int, object], rng: random.Random,
              preset: str = "milwaukee") -> list[tuple[int, object, str]]:
    basic = BasicPlayer()
    state = new_hand(rules=PRESETS[preset], dealer=seed % 5, seed=seed)
    decisions = []
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        player = players.get(seat, basic)
        action = player.choose(view, rng)  # type: ignore[attr-defined]
        assert action in view.legal_actions
        decisions.append((seat, action, view.phase.value))
        state.apply(action)
    return decisions


def test_strong_only_returns_legal_actions_in_every_preset() -> None:
    strong = StrongSheepsheadPlayer(FAST)
    for preset in PRESETS:
        for seed in range(4):
            play_hand(seed, {seed % 5: strong, (seed + 2) % 5: strong}, random.Random(seed),
                      preset)


def test_the_same_seed_gives_the_same_choices() -> None:
    first = play_hand(11, {1: StrongSheepsheadPlayer(FAST)}, random.Random(5))
    second = play_hand(11, {1: StrongSheepsheadPlayer(FAST)}, random.Random(5))
    assert first == second


def test_the_time_budget_is_respected_roughly() -> None:
    import time

    strong = StrongSheepsheadPlayer(Budget(samples=1000, time_ms=50.0))
    state: HandState = new_hand(seed=3, dealer=0)
    rng = random.Random(1)
    slowest = 0.0
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        start = time.perf_counter()
        action = strong.choose(state.view(seat), rng)
        slowest = max(slowest, time.perf_counter() - start)
        state.apply(action)
    assert slowest < 2.0  # a loose bound: the budget stops sampling, not a timing test


def test_seat_score_shares_the_stake() -> None:
    rules = PRESETS["milwaukee"]
    assert seat_score(0, 0, 2, 70, rules) == 2 and seat_score(2, 0, 2, 70, rules) == 1
    assert seat_score(1, 0, 2, 70, rules) == -1
    assert seat_score(0, 0, None, 95, rules) == 8
    assert seat_score(3, 0, 2, 40, rules) == 2  # the picker's team loses double on the bump


def test_buries_are_ranked_and_all_listed() -> None:
    state = new_hand(seed=5, dealer=0)
    state.apply(state.legal_actions()[0])  # pick
    ranked = rank_buries(state.view(state.picker or 0).hand, state.rules)
    assert len(ranked) == 28 and set(ranked) == set(state.legal_actions())


def test_passes_make_strong_hands_unlikely() -> None:
    rules = PRESETS["milwaukee"]
    monster = list(parse_cards("QC QS QH QD JC JS"))
    junk = list(parse_cards("7C 8C 7S 8S 7H 8H"))
    assert pick_probability(monster, 0, rules) > 0.95 > 0.05 > pick_probability(junk, 0, rules)
    state = new_hand(seed=8, dealer=0)
    state.apply(state.legal_actions()[1])  # seat 1 passes
    view = state.view(2)
    weights = [sample_weight(view, s) for s in sample_deals(view, random.Random(1), 50)]
    assert all(0.0 < w <= 1.0 for w in weights) and len(set(weights)) > 1


def test_a_strong_hand_that_declines_to_crack_marks_the_jack_holder() -> None:
    from tests.sheepshead.helpers import hand_from
    from tests.sheepshead.test_house import CRACKING, WISCONSIN
    from tricktable.ai.sheepshead.inference import crack_probability

    strong_cards = list(parse_cards("QC QS JC 7C 8C 9S"))
    assert crack_probability(strong_cards, partner=False) > 0.5
    assert crack_probability(strong_cards, partner=True) < 0.05
    assert crack_probability(list(parse_cards("AC 10C KC 9C AS 10S")), partner=False) < 0.1
    # Seat 0 declines with Q♣ Q♠ J♣; seat 4 (no pass, never asked) reads the deals: those in
    # which seat 0 holds the J♦ explain the decline far better.
    state = hand_from(CRACKING, rules=WISCONSIN,
                      actions=["pass", "pass", "pick", "bury KH 9H", "call JD", "pass", "pass"])
    view = state.view(4)
    rng = random.Random(3)
    by_holder: dict[bool, list[float]] = {True: [], False: []}
    for sample in sample_deals(view, rng, 200):
        jack_with_zero = bool(sample.hands[0] >> parse_cards("JD")[0] & 1)
        if any(sample.hands[0] >> q & 1 for q in parse_cards("QC QS")):
            by_holder[jack_with_zero].append(sample_weight(view, sample))
    assert by_holder[True] and by_holder[False]
    mean = {k: sum(v) / len(v) for k, v in by_holder.items()}
    assert mean[True] > mean[False]


def test_a_decision_leaves_the_cyclic_collector_as_it_found_it() -> None:
    strong = StrongSheepsheadPlayer(FAST)
    state = new_hand(rules=PRESETS["milwaukee"], dealer=0, seed=3)
    seat = state.to_move
    assert seat is not None
    rng = random.Random(1)
    assert gc.isenabled()
    strong.choose(state.view(seat), rng)
    assert gc.isenabled()
    with pytest.raises(ValueError):
        strong.choose(state.view((seat + 1) % 5), rng)  # not its turn
    assert gc.isenabled()
    gc.disable()
    try:
        strong.choose(state.view(seat), rng)
        assert not gc.isenabled()
    finally:
        gc.enable()


def _raced_choice(player: StrongSheepsheadPlayer, view: SheepsheadView,
                  rng: random.Random) -> tuple[Action, int]:
    """The racing player's choice, worked out step by step from its parts: every option played
    out on the first 8 deals, then every 4 deals the hopeless ones dropped (the rest still
    played out), until basic's card is left alone; and how many play-outs that took."""
    usual = BasicPlayer().choose(view, rng)
    options = one_of_each(view, _card_options(view, usual), usual)
    default = options.index(usual)
    assert player.race_z is not None
    evidence = Evidence(len(options))
    running = list(range(len(options)))
    sampler = DealSampler(view)
    played = 0
    for done in range(1, player.budget.samples + 1):
        sample = sampler.draw(rng)
        weight, _ = player._weight(view, sample)
        if weight > 0.0:
            values = player._rollouts(view, sample, [options[i] for i in running], None)
            played += len(running)
            every = [values[0]] * len(options)
            for index, option in enumerate(running):
                every[option] = values[index]
            evidence.add(weight, every)
        if done >= 8 and done % 4 == 0 and evidence.effective() >= 6.0:
            running = evidence.drop_hopeless(default, player.race_z, player.margin)
            if len(running) == 1:
                break
    return options[evidence.choose(default, z=player.play_z, margin=player.margin)], played


def test_racing_plays_out_only_the_options_still_in_the_running() -> None:
    racing = StrongSheepsheadPlayer(Budget(samples=32, time_ms=None), settle_every=4,
                                    settle_after=8, race_z=1.0)
    basic = BasicPlayer()
    checked = saved = 0
    for seed in range(40):
        state = new_hand(dealer=seed % 5, seed=f"race/{seed}")
        rng = random.Random(seed)
        while not state.is_over and len(state.tricks) < 2:
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            usual = basic.choose(view, rng)
            if view.phase is Phase.PLAY:
                options = one_of_each(view, _card_options(view, usual), usual)
                if len(options) > 1 and usual in options and not all_equivalent(view, options):
                    expected, played = _raced_choice(racing, view, random.Random(seed))
                    assert racing.choose(view, random.Random(seed)) == expected
                    saved += 32 * len(options) - played
                    checked += 1
            state.apply(usual)
    assert checked >= 40 and saved > 0
