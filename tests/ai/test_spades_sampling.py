"""Sampled Spades deals always fit what the seat has seen: replaying the public history on them
through the checked engine is legal and shows the seat exactly the view it has."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tricktable.ai.spades.sampling import (
    SpadesSample,
    opponent_voids,
    position_for,
    sample_deals,
)
from tricktable.cards import CARDS, Card, cards_of
from tricktable.game import DOUBLE_NIL, KEEP, REJECT, Action, Seed
from tricktable.spades.deal import Deal
from tricktable.spades.events import BidMade, CardPlayed, DoubleNilDeclared, Drew, Exchanged
from tricktable.spades.search import SearchPosition
from tricktable.spades.state import HandState, Phase, new_hand
from tricktable.spades.view import SpadesView


def rebuild(view: SpadesView, sample: SpadesSample, monkeypatch: pytest.MonkeyPatch) -> HandState:
    """The hand in which ``sample`` is the truth and the public history of ``view`` happened.

    The opponent keeps every top card; a double-nil exchange draws the sample's cards (the
    engine's random draw is replaced, after checking the cards were on the pile)."""
    me, opp = view.seat, 1 - view.seat
    played_opp = 0
    for trick in (*view.tricks, view.current_trick):
        for seat, card in trick.plays:
            if seat == opp:
                played_opp |= 1 << card
    if view.phase is Phase.DRAW:
        his_hand = sample.hands[opp]
    else:
        his_hand = (sample.hands[opp] | played_opp) & ~sample.received[opp] | sample.given[opp]
    his_taken = list(cards_of(his_hand))
    his_discards = list(cards_of(sample.discards[opp]))
    assert len(his_taken) == len(his_discards)
    mine = [e for e in view.events if isinstance(e, Drew) and e.seat == me]
    turns = (52 - view.stock_left) // 2
    stock: list[Card] = []
    for turn in range(turns):
        mover = view.first if turn % 2 == 0 else 1 - view.first
        if mover == me:
            event = mine.pop(0)
            assert event.taken is not None and event.discarded is not None
            pair = [event.taken, event.discarded] if event.kept else [event.discarded, event.taken]
        else:
            pair = [his_taken.pop(), his_discards.pop()]
        stock += pair
    assert not mine and not his_taken and not his_discards
    stock += sample.stock
    twin = new_hand(rules=view.rules, first=view.first, deal=Deal(tuple(stock)),
                    totals=view.totals, bags=view.bags, exchange_seed="replay")

    def fake_draw(pile: int, count: int, seed: Seed) -> tuple[Card, ...]:
        seat = int(str(seed)[-1])
        drawn = sample.received[seat]
        assert drawn.bit_count() == count and drawn & pile == drawn, "drawn from the pile"
        return tuple(CARDS[c] for c in cards_of(drawn))

    monkeypatch.setattr("tricktable.spades.state.exchange_draw", fake_draw)
    for event in view.events:
        if isinstance(event, DoubleNilDeclared):
            twin.apply(DOUBLE_NIL)
        elif isinstance(event, Drew):
            twin.apply(KEEP if event.seat != me or event.kept else REJECT)
        elif isinstance(event, Exchanged):
            given = sample.given[event.seat]
            twin.apply(Action.exchange(list(cards_of(given))))
        elif isinstance(event, BidMade):
            twin.apply(Action.bid(event.tricks))
        elif isinstance(event, CardPlayed):
            twin.apply(Action.play(event.card))
    return twin


def random_states(count: int, rng: random.Random) -> Iterator[HandState]:
    """Hands stopped at random points, with double nil and exchanges now and then."""
    for seed in range(count):
        state = new_hand(seed=seed, first=seed % 2, totals=(rng.randrange(-100, 400), 0),
                         bags=(rng.randrange(10), rng.randrange(10)))
        stop = rng.randrange(80)
        for _ in range(stop):
            if state.is_over:
                break
            legal = state.legal_actions()
            if state.phase is Phase.DRAW:
                if DOUBLE_NIL in legal and rng.random() < 0.15:
                    state.apply(DOUBLE_NIL)
                else:
                    state.apply(KEEP if rng.random() < 0.5 else REJECT)
            else:
                state.apply(legal[rng.randrange(len(legal))])
        yield state


TILT = tuple(1.0 + (c % 13) / 3 for c in range(52))  # high cards likelier in his hand


@pytest.mark.parametrize("tilt", [None, TILT])
def test_sampled_deals_fit_the_view(
    monkeypatch: pytest.MonkeyPatch, tilt: tuple[float, ...] | None
) -> None:
    rng = random.Random(11)
    checked = 0
    exchanged = 0
    for state in random_states(250, rng):
        for seat in (0, 1):
            view = state.view(seat)
            for sample in sample_deals(view, rng, 3, tilt):
                with monkeypatch.context() as patch:
                    twin = rebuild(view, sample, patch)
                assert twin.view(seat).to_json() == view.to_json()
                assert twin.hands == list(sample.hands)
                checked += 1
                exchanged += any(view.exchanged) and state.phase is not Phase.DRAW
    assert checked > 1400 and exchanged > 30


def test_voids_are_respected() -> None:
    rng = random.Random(3)
    seen = 0
    for state in random_states(300, rng):
        if state.phase is not Phase.PLAY:
            continue
        for seat in (0, 1):
            view = state.view(seat)
            voids = opponent_voids(view)
            if not voids:
                continue
            seen += 1
            for sample in sample_deals(view, rng, 5, TILT):
                for card in cards_of(sample.hands[1 - seat]):
                    assert not voids >> (card // 13) & 1
    assert seen > 20


def test_the_tilt_shifts_the_opponents_hand() -> None:
    rng = random.Random(5)
    state = next(s for s in random_states(50, rng) if s.phase is Phase.PLAY)
    view = state.view(0)
    plain = sample_deals(view, rng, 300)
    tilted = sample_deals(view, rng, 300, TILT)

    def mean_rank(samples: list[SpadesSample]) -> float:
        ranks = [c % 13 for s in samples for c in cards_of(s.hands[1])]
        return sum(ranks) / len(ranks)

    assert mean_rank(tilted) > mean_rank(plain) + 0.5


def test_positions_from_samples_match_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(4)
    compared = 0
    for state in random_states(300, rng):
        if state.phase is not Phase.PLAY:
            continue
        view = state.view(state.to_move or 0)
        sample = sample_deals(view, rng, 1)[0]
        with monkeypatch.context() as patch:
            twin = rebuild(view, sample, patch)
        expected = SearchPosition.from_state(twin)
        position = position_for(view, sample)
        assert position.hands == expected.hands and position.led == expected.led
        assert position.to_move == expected.to_move and position.tricks == expected.tricks
        assert position.spades_broken == expected.spades_broken
        assert position.legal_mask() == twin.legal_play_mask()
        compared += 1
    assert compared > 50
