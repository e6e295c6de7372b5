"""Hints and reviews: from the seat's view only, reproducible, they find real mistakes, and they
are two voices of one evaluation — the hint's recommendation is in its table and its best or
about equal to it, and the review of the same decision agrees with it or states its margin."""

from __future__ import annotations

import json
import math
import random
from dataclasses import replace

import pytest

from tricktable.ai.sheepshead.easy import all_equivalent, one_of_each
from tricktable.ai.spades.sampling import read_knowledge, sample_one
from tricktable.ai.spades.strong import StrongSpadesPlayer
from tricktable.ai.teaching import spades as spades_teaching
from tricktable.ai.teaching.agreement import GAME_PRESETS, agreement, positions
from tricktable.ai.teaching.evaluation import (
    EvaluationSettings,
    decision_seed,
    evaluate,
    evaluation_rng,
    least_deals,
)
from tricktable.ai.teaching.hint import hint, hint_from
from tricktable.ai.teaching.review import ReviewSettings, judge, review, review_hand
from tricktable.cards import Card
from tricktable.game import Action
from tricktable.sheepshead.bots import BasicPlayer
from tricktable.sheepshead.deal import Deal
from tricktable.sheepshead.deck import POINTS
from tricktable.sheepshead.knowledge import beats, trick_state
from tricktable.sheepshead.match import Match
from tricktable.sheepshead.rules import PRESETS
from tricktable.sheepshead.state import HandState, Phase, new_hand
from tricktable.spades.state import Phase as SpadesPhase

FAST = EvaluationSettings(samples=6)
BASIC = BasicPlayer()


def _play_to(state: HandState, until: int) -> HandState:
    rng = random.Random(0)
    while len(state.history) < until and not state.is_over:
        seat = state.to_move
        assert seat is not None
        state.apply(BASIC.choose(state.view(seat), rng))
    return state


def _finish(state: HandState) -> HandState:
    return _play_to(state, 10_000)


def test_evaluation_scores_every_legal_card_and_is_reproducible() -> None:
    state = _play_to(new_hand(rules=PRESETS["milwaukee"], dealer=4, seed=3), 20)
    seat = state.to_move
    assert seat is not None
    view = state.view(seat)
    first = evaluate(view, 1, FAST)
    again = evaluate(view, 1, FAST)
    assert first == again
    if view.phase is Phase.PLAY:
        assert {o.action for o in first.options} == set(view.legal_actions)
    values = [o.expected for o in first.options]
    assert values == sorted(values, reverse=True)


def _swapped_deal(state: HandState, me: int) -> Deal | None:
    """The same deal with two unplayed cards of two other seats exchanged (same suit and so
    the same legal plays), or None if there are no such cards."""
    hands = [list(h) for h in state.deal.hands]
    played = {c for _, a in state.history for c in a.cards}
    held = [(s, c) for s in range(5) if s != me for c in hands[s] if c not in played]
    for s1, c1 in held:
        for s2, c2 in held:
            if s1 < s2 and c1 != c2 and (POINTS[c1], _suit(c1)) == (POINTS[c2], _suit(c2)):
                hands[s1][hands[s1].index(c1)] = c2
                hands[s2][hands[s2].index(c2)] = c1
                return Deal(hands=tuple(tuple(h) for h in hands), blind=state.deal.blind)
    return None


def _suit(c: Card) -> int:
    from tricktable.sheepshead.deck import PLAY_SUIT

    return PLAY_SUIT[c]


@pytest.mark.parametrize("seed", [1, 2, 5, 9])
def test_a_hint_never_depends_on_cards_the_seat_cannot_see(seed: int) -> None:
    rules = PRESETS["milwaukee"]
    state = _play_to(new_hand(rules=rules, dealer=4, seed=seed), 12)
    me = state.to_move
    assert me is not None
    other_deal = _swapped_deal(state, me)
    assert other_deal is not None and other_deal != state.deal
    twin = HandState(rules=rules, dealer=4, deal=other_deal)
    for _, action in state.history:
        twin.apply(action)
    assert twin.view(me) == state.view(me)  # the seat cannot tell the two deals apart
    assert twin.hands != state.hands
    first = hint(state.view(me), "hint-seed", FAST)
    second = hint(twin.view(me), "hint-seed", FAST)
    assert first == second
    assert first.action in state.view(me).legal_actions
    assert first.reason


def test_a_hint_before_the_pick_ignores_the_blind() -> None:
    rules = PRESETS["milwaukee"]
    state = new_hand(rules=rules, dealer=4, seed=4)
    hands = [list(h) for h in state.deal.hands]
    blind = list(state.deal.blind)
    hands[3][0], blind[0] = blind[0], hands[3][0]
    twin = HandState(rules=rules, dealer=4,
                     deal=Deal(hands=tuple(tuple(h) for h in hands), blind=tuple(blind)))
    assert twin.view(0) == state.view(0)
    assert hint(state.view(0), 8, FAST) == hint(twin.view(0), 8, FAST)


def test_throwing_away_a_sure_trick_is_marked_with_the_winning_card() -> None:
    """Seed 320: the human, a defender last to play to the fourth trick, which the picker is
    winning, throws a card that loses it instead of taking it."""
    state = new_hand(rules=PRESETS["milwaukee"], dealer=0, seed=320)
    rng = random.Random(0)
    threw: tuple[int, list[Card], Card] | None = None
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        action = BASIC.choose(view, rng)
        if (threw is None and seat == 0 and view.phase is Phase.PLAY
                and len(view.current_trick.cards) == 4 and view.picker not in (None, 0)
                and not view.is_partner):
            trick = trick_state(view.current_trick, 0, view.called)
            legal = [a.card for a in view.legal_actions]
            winners = [c for c in legal if beats(c, trick.best, trick.led)]
            losers = [c for c in legal if c not in winners]
            if trick.best_seat == view.picker and trick.points >= 11 and winners and losers:
                # Last to play: a winning card takes the trick for sure.
                thrown = min(losers, key=lambda c: POINTS[c])
                action = Action.play(thrown)
                threw = (len(state.history), winners, thrown)
        state.apply(action)
    assert threw is not None, "the scenario did not come up"
    index, winners, thrown = threw
    decisions = review_hand(state, 0, "review-seed", ReviewSettings(
        evaluation=EvaluationSettings(samples=24), hint_samples=12))
    [decision] = [d for d in decisions if d.index == index]
    assert decision.chosen == Action.play(thrown)
    assert decision.mark in ("mistake", "blunder")
    assert decision.best is not None and decision.best.card in winners
    assert decision.loss >= ReviewSettings().mistake


def test_a_game_review_judges_every_real_decision_of_the_seat() -> None:
    match = Match(rules=PRESETS["milwaukee"], seed=7)
    rng = random.Random(1)
    while not match.is_over:
        seat = match.to_move
        assert seat is not None
        match.apply(BASIC.choose(match.current.view(seat), rng))
    seen: list[tuple[int, int]] = []
    settings = ReviewSettings(evaluation=FAST, hint_samples=3)
    result = review(match, 2, seed=1, settings=settings,
                    progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (len(match.deals), len(match.deals))
    assert result.complete
    expected = sum(
        1 for hand in match.deals for k, (seat, _) in enumerate(hand.history)
        if seat == 2 and len(_play_prefix(hand, k).legal_actions()) > 1)
    assert len(result.decisions) == expected
    for decision in result.decisions:
        if decision.mark is not None:
            assert decision.loss >= settings.inaccuracy
            assert decision.best != decision.chosen
    assert review(match, 2, seed=1, settings=settings) == result


def _play_prefix(hand: HandState, count: int) -> HandState:
    fresh = HandState(rules=hand.rules, dealer=hand.dealer, deal=hand.deal,
                      multiplier=hand.multiplier)
    for _, action in hand.history[:count]:
        fresh.apply(action)
    return fresh


def test_a_review_stops_at_its_cpu_budget() -> None:
    state = _finish(new_hand(rules=PRESETS["milwaukee"], dealer=1, seed=2))
    result = review(state, 0, seed=1,
                    settings=ReviewSettings(evaluation=FAST, hint_samples=3,
                                            cpu_seconds=1e-9))
    assert result.decisions and not result.complete
    assert all(not d.judged and d.mark is None for d in result.decisions)


def test_thresholds_must_be_ordered() -> None:
    with pytest.raises(ValueError, match="thresholds"):
        ReviewSettings(inaccuracy=1.0, mistake=0.5)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_can_be_reviewed(preset: str) -> None:
    rules = PRESETS[preset]
    settings = ReviewSettings(evaluation=EvaluationSettings(samples=3), hint_samples=2)
    for seed in range(2):
        state = _finish(new_hand(rules=rules, dealer=seed, seed=seed))
        for seat in range(5):
            result = review(state, seat, seed=seed, settings=settings)
            assert result.complete
            for decision in result.decisions:
                assert decision.best is not None and decision.chosen_value is not None
                assert decision.loss >= 0.0 or decision.mark is None
                assert (decision.mark is None) or decision.loss >= settings.inaccuracy


def test_the_review_of_a_decision_contains_its_hint() -> None:
    """Same seed, same words: the hint of a decision is exactly what the review of that
    decision says a hint saw, on the first of its deals."""
    settings = ReviewSettings(evaluation=EvaluationSettings(samples=8), hint_samples=4)
    seen = 0
    for seed in range(4):
        state = new_hand(rules=PRESETS["milwaukee"], dealer=seed, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            action = BASIC.choose(view, rng)
            if len(view.legal_actions) > 1 and len(state.history) % 3 == 0:
                key = decision_seed("game", 0, len(state.history))
                given = hint(view, key, settings.hint_evaluation)
                found = evaluate(view, key, settings.evaluation, include=(action,))
                assert hint_from(view, found.restricted(4)) == given
                assert judge(view, action, key, settings).hint == given.action
                seen += 1
            state.apply(action)
    assert seen > 10


CHEAP = ReviewSettings(evaluation=EvaluationSettings(samples=4, bury_candidates=2),
                       hint_samples=2)
"""A cheap budget: the properties hold at any budget, and the suite stays fast."""


@pytest.mark.parametrize(("game", "preset"), [
    (game, preset) for game, presets in GAME_PRESETS.items() for preset in presets])
def test_every_hint_recommends_its_table_s_best_and_the_review_agrees_or_says_by_how_much(
        game: str, preset: str) -> None:
    """100 positions of random New games per preset (bench/teaching_agreement.py runs 1,000)."""
    count = 100
    results = [agreement(view, key, CHEAP)
               for view, _, key in positions(game, preset, count, seed=1)]
    assert len(results) == count
    assert all(r.honest for r in results)
    assert all(r.agrees for r in results)
    assert sum(r.same for r in results) > count // 2


def test_equivalent_cards_are_scored_once_and_valued_alike() -> None:
    """Cards that lead to the same result whatever the hidden cards share one score, and the
    hint keeps table practice's among them."""
    seen = 0
    for view, _, key in positions("sheepshead", "milwaukee", 200, seed=3, wander=0.0):
        if view.phase is not Phase.PLAY:
            continue
        legal = list(view.legal_actions)
        usual = BASIC.choose(view, random.Random(0))
        kept = one_of_each(view, legal, usual)
        if len(kept) == len(legal):
            continue
        found = evaluate(view, key, FAST)
        for option in legal:
            if option not in kept:
                twin = next(k for k in kept if all_equivalent(view, [option, k]))
                assert found.value(option) == found.value(twin)
        seen += 1
    assert seen >= 5


def test_spades_thresholds_are_ten_times_sheepshead_s() -> None:
    """A Spades decision earns a mark only for a loss ten times a Sheepshead one's: the same
    judged loss that is a Sheepshead blunder is a Spades inaccuracy at most."""
    settings = ReviewSettings(evaluation=EvaluationSettings(samples=4), hint_samples=2)
    marks = []
    for view, action, key in positions("spades", "standard", 40, seed=2, wander=0.5):
        decision = judge(view, action, key, settings)
        if decision.mark is not None:
            marks.append(decision)
            assert decision.loss >= settings.spades_scale * settings.inaccuracy
    assert marks


def _spades_hard_positions(count: int) -> list[tuple[object, str]]:
    """Spades bids and first-trick cards of random New games: each deal a long solve."""
    found = []
    for view, _, key in positions("spades", "standard", 60, seed=3):
        if view.phase is SpadesPhase.BID or len(view.tricks) < 2:
            found.append((view, key))
        if len(found) >= count:
            break
    return found


def test_a_spades_solver_shared_by_the_deals_gives_fresh_solvers_values() -> None:
    """One solver serves every deal of a decision: its values are exactly those of a fresh
    solver per deal, as ``strong`` solves them."""
    checked = 0
    for view, key in _spades_hard_positions(6):
        if view.phase is not SpadesPhase.PLAY:
            continue
        scorer = spades_teaching._CardScorer(view)
        knowledge = read_knowledge(view)
        rng = evaluation_rng(key)
        options = list(view.legal_actions)
        for _ in range(4):
            sample = sample_one(knowledge, rng)
            fresh = StrongSpadesPlayer._card_values(view, sample, scorer.table)
            sign = 1.0 if view.seat == 0 else -1.0
            assert scorer(sample, options) == [sign * fresh[a.card] for a in options]
            checked += 1
    assert checked >= 8


def test_a_spades_node_budget_cuts_the_deals_and_the_review_still_contains_the_hint() -> None:
    """Past its node budget an evaluation draws no more deals (keeping a third of them); a
    review, with twice the budget, draws the hint's deals first and gives the hint back word
    for word (same seed, same words)."""
    settings = ReviewSettings(evaluation=EvaluationSettings(samples=12, spades_nodes=300),
                              hint_samples=6)
    cut = 0
    for view, key in _spades_hard_positions(6):
        given = hint(view, key, settings.hint_evaluation)
        found = evaluate(view, key, settings.evaluation)
        assert least_deals(6) <= given.samples <= 6
        assert least_deals(12) <= found.samples <= 12
        assert hint_from(view, found.restricted(6)) == given
        cut += given.samples < 6
        unbounded = evaluate(view, key, replace(settings.hint_evaluation, spades_nodes=0))
        assert unbounded.samples == 6
        assert unbounded.evidence.values[:given.samples] == found.evidence.values[
            :given.samples]
    assert cut >= 3


def test_a_node_budget_cannot_be_negative() -> None:
    with pytest.raises(ValueError, match="node budget"):
        EvaluationSettings(spades_nodes=-1)


def test_a_review_of_too_few_deals_says_its_error_is_unknown_never_infinity() -> None:
    """On one deal a gain has no standard error (infinite): the JSON says null, as JSON and
    PostgreSQL's json type have no Infinity (a Spades review failed to be stored for it)."""
    state = new_hand(rules=PRESETS["milwaukee"], dealer=1, seed=11)
    rng = random.Random(4)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        action = rng.choice(view.legal_actions) if seat == 0 else BASIC.choose(view, rng)
        state.apply(action)
    decisions = review_hand(state, 0, "one-deal", ReviewSettings(
        evaluation=EvaluationSettings(samples=1), hint_samples=1))
    unknown = [d for d in decisions if math.isinf(d.error)]
    assert unknown, "no decision came out with an unknown error"
    for decision in decisions:
        text = json.dumps(decision.to_json(), allow_nan=False)
        assert "Infinity" not in text
    assert all(d.to_json()["error"] is None for d in unknown)
