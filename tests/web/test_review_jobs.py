"""The workers' side of reviews and replays: a finished deal face up, numbered like the table's
hands, with each computer action's reason (the very action the player chose)."""

from __future__ import annotations

import random
from dataclasses import replace

from tricktable.sheepshead.bots import BasicPlayer
from tricktable.sheepshead.match import Match
from tricktable.sheepshead.rules import PRESETS
from tricktable.sheepshead.scoring import HandKind
from tricktable.spades.bots import BasicPlayer as SpadesBasicPlayer
from tricktable.spades.match import Match as SpadesMatch
from tricktable.spades.rules import PRESETS as SPADES_PRESETS
from tricktable.web.review.jobs import computer_reasons, deal_replay, hand_number_of


def _game(preset: str, seed: int) -> Match:
    match = Match(rules=replace(PRESETS[preset], hands=5), seed=seed)
    player, rng = BasicPlayer(), random.Random(0)
    while not match.is_over:
        seat = match.to_move
        assert seat is not None
        match.apply(player.choose(match.current.view(seat), rng))
    return match


def test_a_deal_replays_face_up_trick_by_trick_with_reasons() -> None:
    match = _game("milwaukee", 3)
    first = 0
    for k, hand in enumerate(match.deals):
        reasons = computer_reasons(hand, first, str(match.seed), "basic", 0)
        first += len(hand.history)
        data = deal_replay(hand, k, hand_number_of(match, k), reasons)
        assert data["hands"] == [[str(c) for c in h] for h in hand.deal.hands]
        assert [t["winner"] for t in data["tricks"]] == [t.winner for t in hand.tricks]
        for trick, played in zip(data["tricks"], hand.tricks, strict=True):
            assert [p["card"] for p in trick["plays"]] == [str(c) for c in played.cards]
            assert trick["points"] == played.points
        steps = [*data["bidding"], *(p for t in data["tricks"] for p in t["plays"])]
        assert [s["index"] for s in steps] == list(range(len(hand.history)))
        assert all((s["reason"] is None) == (s["seat"] == 0) for s in steps)
        # A finished deal shows the private form (the rule of thumb behind the play).
        assert all(s["reason"] == reasons[s["index"]].private.to_json()
                   for s in steps if s["seat"] != 0)


def test_thrown_in_deals_count_as_the_hand_dealt_again() -> None:
    for seed in range(60):
        match = _game("tavern", seed)
        kinds = [hand.result.kind for hand in match.deals if hand.result is not None]
        if HandKind.PASSED_OUT in kinds:
            break
    else:
        raise AssertionError("no deal was thrown in")
    numbers = [hand_number_of(match, k) for k in range(len(match.deals))]
    assert numbers[0] == 1 and numbers[-1] == 5
    for k, hand in enumerate(match.deals):
        assert hand.result is not None
        if hand.result.kind is HandKind.PASSED_OUT:
            assert numbers[k + 1] == numbers[k]


def test_a_spades_deal_replays_face_up_with_the_hands_as_the_play_began() -> None:
    match = SpadesMatch(seed="replay", rules=SPADES_PRESETS["standard"], first=1)
    player, rng = SpadesBasicPlayer(), random.Random(0)
    while len(match.hands) == 1:
        seat = match.to_move
        assert seat is not None
        match.apply(player.choose(match.view(seat), rng))
    hand = match.hands[0]
    reasons = computer_reasons(hand, 0, "replay", "basic", 0)
    data = deal_replay(hand, 0, hand_number_of(match, 0), reasons)
    held = [set(h) for h in data["hands"]]
    assert all(len(h) == 13 for h in held) and not held[0] & held[1]
    for trick, played in zip(data["tricks"], hand.tricks, strict=True):
        assert [p["card"] for p in trick["plays"]] == [str(c) for c in played.cards]
        assert {p["card"] for p in trick["plays"] if p["seat"] == 0} <= held[0]
    assert [s["phase"] for s in data["bidding"]].count("bid") == 2
    steps = [*data["bidding"], *(p for t in data["tricks"] for p in t["plays"])]
    assert all((s["reason"] is None) == (s["seat"] == 0) for s in steps)
    assert hand.result is not None and data["scores"] == list(hand.result.scores)
