"""The view builder scans only the draw's events and shares finished-trick views; here it is
proven equal to the plain reading of the rules of the view."""

from __future__ import annotations

import random

from tests.spades.helpers import random_hand_states
from tricktable.cards import Card, cards_of
from tricktable.spades.deck import sort_hand
from tricktable.spades.events import Drew, Exchanged, redact
from tricktable.spades.state import HandState, new_hand
from tricktable.spades.view import SpadesView, TrickView, make_view


def reference_view(state: HandState, seat: int) -> SpadesView:
    """Every field computed the plain way, straight from its definition."""
    taken: list[Card] = []
    discarded: list[Card] = []
    exchanged: list[int | None] = [None, None]
    given: tuple[Card, ...] | None = None
    received: tuple[Card, ...] | None = None
    for event in state.events:
        if isinstance(event, Drew) and event.seat == seat:
            assert event.taken is not None and event.discarded is not None
            taken.append(event.taken)
            discarded.append(event.discarded)
        elif isinstance(event, Exchanged):
            exchanged[event.seat] = event.swapped
            if event.seat == seat:
                given, received = event.given, event.received
    mine = state.to_move == seat
    return SpadesView(
        seat=seat, rules=state.rules, first=state.first, phase=state.phase,
        to_move=state.to_move, hand=tuple(sort_hand(cards_of(state.hands[seat]))),
        legal_actions=tuple(state.legal_actions()) if mine else (),
        top_card=state.top_card if mine else None, stock_left=state.stock_left,
        taken=tuple(taken), discarded=tuple(discarded),
        exchange_given=given, exchange_received=received,
        exchanged=(exchanged[0], exchanged[1]),
        double_nil=(state.double_nil[0], state.double_nil[1]),
        bids=(state.bids[0], state.bids[1]),
        card_counts=(state.hands[0].bit_count(), state.hands[1].bit_count()),
        tricks=tuple(TrickView(t.leader, t.cards, t.winner) for t in state.tricks),
        current_trick=TrickView(state.leader, state.current_trick, None),
        tricks_won=(state.tricks_won[0], state.tricks_won[1]),
        spades_broken=state.spades_broken, totals=state.start_totals, bags=state.start_bags,
        events=tuple(redact(e, viewer=seat) for e in state.events),
        result=state.result,
    )


def test_views_equal_the_reference_in_every_state_and_seat() -> None:
    exchanges = 0
    for number in range(16):
        rng = random.Random(number)
        state = new_hand(first=number % 2, seed=f"view-reference/{number}", totals=(60, 10))
        for met in random_hand_states(state, rng, double_nil=number % 2 == 0):
            for seat in (0, 1):
                assert make_view(met, seat) == reference_view(met, seat)
        exchanges += any(isinstance(e, Exchanged) for e in state.events)
    assert exchanges >= 2
