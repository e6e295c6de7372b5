"""What a seat may not know, and a scanner that finds it in anything sent to that seat."""

from __future__ import annotations

import contextlib
import functools
from typing import Any

from tricktable.cards import Card, cards_of, parse_card
from tricktable.sheepshead.scoring import HandKind
from tricktable.sheepshead.state import HandState


def hidden_cards(state: HandState, seat: int) -> set[Card]:
    """Cards whose whereabouts ``seat`` may not know now."""
    hidden: set[Card] = set()
    for other in range(5):
        if other != seat:
            hidden.update(cards_of(state.hands[other]))
    picker = state.picker
    over = state.is_over
    if seat != picker:
        if not over:
            hidden.update(cards_of(state.buried))
            if state.unknown is not None:
                hidden.add(state.unknown)
        if picker is None or (state.result and state.result.kind is HandKind.PASSED_OUT):
            hidden.update(state.deal.blind)
    if state.result is not None and state.result.kind is HandKind.PASSED_OUT:
        for other in range(5):
            if other != seat:
                hidden.update(state.deal.hands[other])
    for _, pair in state.blitzes:
        hidden.difference_update(pair)  # a blitz shows its pair to everyone
    return hidden


def card_strings(data: Any, *, skip_keys: frozenset[str] = frozenset()) -> set[Card]:
    """Every card named anywhere in a JSON value (in strings that are cards or action texts),
    the values under ``skip_keys`` left out at any depth."""
    # One set filled in place, and each text's cards remembered: the property tests scan every
    # seat's view at every step of thousands of hands, and a set per node merged on the way up
    # (with every word parsed again) was half of their time.
    found: set[Card] = set()
    _scan(data, found, skip_keys)
    return found


def _scan(data: Any, found: set[Card], skip_keys: frozenset[str]) -> None:
    if isinstance(data, str):
        found.update(_cards_in(data))
    elif isinstance(data, dict):
        for key, value in data.items():
            if key not in skip_keys and type(value) not in _PLAIN:
                _scan(value, found, skip_keys)
    elif isinstance(data, list):
        for value in data:
            if type(value) not in _PLAIN:
                _scan(value, found, skip_keys)


_PLAIN = frozenset({int, float, bool, type(None)})
"""JSON's numbers, booleans and null: they name no card (not even looked at)."""


@functools.lru_cache(maxsize=1 << 16)
def _cards_in(text: str) -> tuple[Card, ...]:
    """The cards named by the words of ``text`` (a card, or an action text such as "play QC")."""
    found = []
    for word in text.split():
        if 2 <= len(word) <= 3:
            with contextlib.suppress(ValueError):
                found.append(parse_card(word))
    return tuple(found)


def partner_known(state: HandState, seat: int) -> bool:
    """Whether ``seat`` may know who the partner is."""
    return state.is_over or state.partner_revealed or state.partner == seat


def assert_view_does_not_leak(state: HandState, seat: int) -> None:
    view = state.view(seat)
    data = view.to_json()
    # Call options name candidate cards, not where they are.
    named = card_strings(data, skip_keys=frozenset({"legal_actions"}))
    # The called card's name is public; where it lies is not (checked through the partner).
    leaked = named & hidden_cards(state, seat) - {state.called}
    assert not leaked, f"seat {seat} sees {sorted(map(str, leaked))} in {data}"
    if not partner_known(state, seat):
        assert data["partner"] is None and not data["is_partner"]
        assert all(e["type"] != "PartnerRevealed" for e in data["events"])
        if state.partner is not None:
            assert str(state.partner) not in {str(data["partner"])}
    if seat != state.picker and not state.is_over:
        assert data["buried"] is None and data["unknown_card"] is None and data["blind"] is None
