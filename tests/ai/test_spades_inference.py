"""The opponent model: the bid's likelihood and the draw's tilt."""

from __future__ import annotations

import random
from dataclasses import replace

from tricktable.ai.spades.inference import OpponentModel, read_evidence, sample_weight
from tricktable.ai.spades.sampling import SpadesSample, read_knowledge, sample_deals
from tricktable.cards import mask_of, parse_cards
from tricktable.game import KEEP, Action
from tricktable.spades.evaluation import TrickWeights, estimate_tricks
from tricktable.spades.state import Phase, new_hand


def test_a_bid_favours_hands_that_would_bid_it() -> None:
    state = new_hand(seed=5)
    while state.phase is Phase.DRAW:
        state.apply(KEEP)
    state.apply(Action.bid(4))  # seat 1 (the second player) bids first
    view = state.view(0)
    knowledge = read_knowledge(view)
    evidence = read_evidence(view, knowledge)
    assert evidence.bid == 4 and evidence.after_draw
    rng = random.Random(1)
    samples = sample_deals(view, rng, 200, evidence.tilt)
    unseen_by_him = knowledge.taken | knowledge.discarded

    def tricks(sample: SpadesSample) -> float:
        return estimate_tricks(sample.hands[1], unseen_by_him, 0.5, TrickWeights())

    def weighted_tricks(bid: int) -> float:
        told = replace(evidence, bid=bid)
        weights = [sample_weight(told, s) for s in samples]
        return sum(w * tricks(s) for w, s in zip(weights, samples, strict=True)) / sum(weights)

    means = [weighted_tricks(bid) for bid in (2, 4, 6)]
    assert means[0] < means[1] < means[2]  # a higher bid speaks for a stronger hand


def test_the_draw_tilt_prefers_the_cards_players_keep() -> None:
    state = new_hand(seed=3)
    while state.phase is Phase.DRAW:
        state.apply(KEEP)
    view = state.view(0)
    evidence = read_evidence(view, read_knowledge(view))
    ace, two = parse_cards("AS 2C")
    assert evidence.tilt[ace] > 3 * evidence.tilt[two]
    flat = read_evidence(view, read_knowledge(view), OpponentModel(draw_tilt=0.0))
    assert set(flat.tilt) == {1.0}
    # Before the opponent bids, nothing but the draw is evidence.
    assert sample_weight(evidence, sample_deals(view, random.Random(2), 1)[0]) == 1.0
    assert mask_of(view.hand)
