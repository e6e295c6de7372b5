"""Properties of thousands of random legal hands, checked against the rules independently."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.spades.helpers import play_randomly
from tricktable.cards import CARDS, Card, Suit, cards_of
from tricktable.game import DOUBLE_NIL, KEEP, REJECT, Action, ActionKind, IllegalAction
from tricktable.spades.events import SpadesBroken
from tricktable.spades.records import hand_record, hand_summary, replay_hand
from tricktable.spades.rules import Rules
from tricktable.spades.state import HandState, Phase, new_hand

SPADES = Suit.SPADES


def beats(led: Card, follow: Card) -> bool:
    """The rules' trick winner, written plainly."""
    if follow.suit == led.suit:
        return follow.rank > led.rank
    return follow.suit == SPADES


def check_finished_hand(state: HandState) -> None:
    result = state.result
    assert result is not None and state.phase is Phase.OVER and state.to_move is None
    tricks = state.tricks
    assert len(tricks) == 13 and sum(state.tricks_won) == 13 and not state.hands[0] | state.hands[1]
    played = [c for t in tricks for c in t.cards]
    assert len(set(played)) == 26
    # Cards each seat played, trick by trick: its hand at any trick is what it plays from then on.
    by_seat: dict[int, list[Card]] = {0: [], 1: []}
    for t in tricks:
        by_seat[t.leader].append(t.cards[0])
        by_seat[1 - t.leader].append(t.cards[1])
    assert all(len(cards) == 13 for cards in by_seat.values())
    assert set(played) | set(cards_of(state.pile)) == set(CARDS)
    broken = False
    leader = 1 - state.first
    for k, t in enumerate(tricks):
        assert t.leader == leader, "the second player leads first, then the winner of a trick"
        lead, follow = t.cards
        leader_left = by_seat[t.leader][k:]
        follower_left = by_seat[1 - t.leader][k:]
        if lead.suit == SPADES and not broken:
            assert all(c.suit == SPADES for c in leader_left), "spade led before broken"
        if any(c.suit == lead.suit for c in follower_left):
            assert follow.suit == lead.suit, "did not follow suit"
        broken = broken or lead.suit == SPADES or follow.suit == SPADES
        winner = 1 - t.leader if beats(lead, follow) else t.leader
        assert t.winner == winner
        leader = winner
    assert state.spades_broken == broken
    assert sum(isinstance(e, SpadesBroken) for e in state.events) == int(broken)
    assert list(result.trick_winners) == [t.winner for t in tricks]
    for seat in (0, 1):
        score = result.seats[seat]
        bid, took = state.bids[seat], state.tricks_won[seat]
        assert bid is not None and score.tricks == took
        stake = 200 if state.double_nil[seat] else 100
        if bid == 0:
            bags = took if state.rules.nil_tricks_are_bags else 0
            base = stake if took == 0 else -stake + bags
        else:
            base = 10 * bid + (took - bid) if took >= bid else -10 * bid
            bags = max(0, took - bid)
        count = state.start_bags[seat] + bags
        assert score.score == base - 100 * (count // 10)
        assert score.bags_total == count % 10
        assert score.total == state.start_totals[seat] + score.score


def snapshot(state: HandState) -> tuple[object, ...]:
    return (
        state.phase, state.to_move, list(state.history), list(state.events), list(state.hands),
        list(state.discards), state.pile, list(state.double_nil), list(state.bids),
        list(state.given), list(state.received), list(state.tricks_won), state.spades_broken,
        state.stock_left, state.current_trick, state.leader, state.tricks, state.result,
        state.legal_play_mask(),
    )


def candidate_actions(state: HandState, rng: random.Random) -> list[Action]:
    """Every kind of action, legal or not, for trying against the state."""
    some = rng.sample(CARDS, 4)
    own = list(cards_of(state.hands[state.to_move or 0]))
    return [
        KEEP, REJECT, DOUBLE_NIL, Action.bid(rng.randrange(-1, 15)),
        Action.exchange(some[:rng.randrange(5)]),
        Action.exchange(own[:rng.randrange(5)]),
        *(Action.play(c) for c in own + some),
        Action(ActionKind.PLAY), Action(ActionKind.PASS),
    ]


def test_thousands_of_random_hands() -> None:
    rng = random.Random(2024)
    for seed in range(2000):
        state = new_hand(seed=seed, first=seed % 2, totals=(seed, -seed), bags=(seed % 10, 3))
        while state.phase is not Phase.PLAY and state.to_move is not None:
            if state.phase is Phase.BID and not any(state.bids):
                # Every hand is formed before any bid: 13 cards each, 26 discards.
                assert [h.bit_count() for h in state.hands] == [13, 13]
                assert state.pile.bit_count() == 26
                assert [d.bit_count() for d in state.discards] == [13, 13]
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        assert [h.bit_count() for h in state.hands] == [13, 13] and state.pile.bit_count() == 26
        check_finished_hand(play_randomly(state, rng))


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**40), choices=st.randoms(use_true_random=False),
       rules=st.sampled_from([Rules(), Rules(nil_tricks_are_bags=False)]))
def test_illegal_actions_raise_and_change_nothing(
    seed: int, choices: random.Random, rules: Rules
) -> None:
    state = new_hand(seed=seed, rules=rules, first=seed % 2)
    while state.to_move is not None:
        legal = state.legal_actions()
        if choices.random() < 0.3:
            for action in candidate_actions(state, choices):
                if action in legal:
                    continue
                before = snapshot(state)
                try:
                    state.apply(action)
                except IllegalAction as error:
                    assert str(error)
                else:
                    raise AssertionError(f"{action} was applied but is not legal")
                assert snapshot(state) == before
            wrong_seat = 1 - state.to_move
            try:
                state.apply(legal[0], seat=wrong_seat)
            except IllegalAction:
                pass
            else:
                raise AssertionError("the wrong seat moved")
            trial = state.copy()
            trial.apply(legal[-1])
        state.apply(legal[choices.randrange(len(legal))])
    check_finished_hand(state)


@settings(max_examples=150, deadline=None)
@given(seed=st.one_of(st.integers(), st.text(max_size=8)),
       choices=st.randoms(use_true_random=False), stop=st.integers(0, 60),
       use_deal=st.booleans())
def test_records_replay_exactly(seed: int | str, choices: random.Random, stop: int,
                                use_deal: bool) -> None:
    if use_deal:
        state = new_hand(deal=new_hand(seed=seed).deal, first=1, exchange_seed=seed)
    else:
        state = new_hand(seed=seed, totals=(5, 7), bags=(9, 0))
    for _ in range(stop):
        if state.to_move is None:
            break
        legal = state.legal_actions()
        state.apply(legal[choices.randrange(len(legal))])
    record = hand_record(state)
    again = replay_hand(record)
    assert again.events == state.events and again.history == state.history
    assert hand_summary(again) == hand_summary(state) and hand_record(again) == record
    assert again.hands == state.hands and again.phase is state.phase
    assert again.legal_actions() == state.legal_actions()
    play_randomly(state, random.Random(1))
    play_randomly(again, random.Random(1))
    assert again.events == state.events and hand_summary(again) == hand_summary(state)


def test_copies_are_independent() -> None:
    state = new_hand(seed=3)
    rng = random.Random(3)
    for _ in range(40):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    copy = state.copy()
    before = snapshot(state)
    play_randomly(copy, rng)
    assert snapshot(state) == before and copy.is_over


def test_the_benchmark_hook_plays_whole_hands_through_the_public_api() -> None:
    from tricktable.spades import random_hand_state

    draw = random.Random(9).random
    for seed in range(200):
        state = random_hand_state(seed)
        assert state.deal == new_hand(seed=seed).deal and state.first == 0
        actions = 0
        while state.to_move is not None:
            acts = state.legal_actions()
            state.apply(acts[int(draw() * len(acts))])
            actions += 1
        assert 26 + 26 <= actions <= 26 + 26 + 2 + 2 + 2
        assert len(state.tricks) == 13
