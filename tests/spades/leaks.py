"""What a seat may know, worked out independently of the engine, and a scanner for views."""

from __future__ import annotations

import json
import re
from typing import Any

from tricktable.cards import CARDS, Card, cards_of
from tricktable.game import ActionKind
from tricktable.spades.state import HandState, Phase


def seen_by(state: HandState, seat: int) -> set[Card]:
    """Cards ``seat`` has legitimately seen: the two stock cards of each of its draws, the top
    card it is looking at, the cards it drew in its exchange, and every card played."""
    stock = state.deal.stock
    seen: set[Card] = set()
    position = 0
    for mover, action in state.history:
        if action.kind in (ActionKind.KEEP, ActionKind.REJECT):
            if mover == seat:
                seen.update(stock[position:position + 2])
            position += 2
        elif action.kind is ActionKind.PLAY:
            seen.add(action.card)
    if state.phase is Phase.DRAW and state.to_move == seat:
        seen.add(stock[position])
    seen.update(cards_of(state.received[seat]))
    return seen


_NAMES: dict[str, Card] = {name: c for c in CARDS for name in (str(c), c.symbol)}
_CARD_WORD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[CSHD♣♠♥♦](?![0-9A-Za-z])")


def card_strings(data: Any) -> set[Card]:
    """Every card named anywhere in a JSON value, alone or inside a text like "play AS"."""
    text = json.dumps(data, ensure_ascii=False)
    return {_NAMES[word] for word in _CARD_WORD.findall(text)}


def assert_view_does_not_leak(state: HandState, seat: int) -> None:
    view = state.view(seat)
    data = view.to_json()
    hidden = set(CARDS) - seen_by(state, seat)
    leaked = card_strings(data) & hidden
    assert not leaked, f"seat {seat} sees {sorted(map(str, leaked))} in {data}"
    other = 1 - seat
    for event in data["events"]:
        if event.get("seat") == other and event["type"] == "Drew":
            assert event["kept"] is None, "the other player's keep/reject choice leaked"
        if event.get("seat") == other and event["type"] == "Exchanged":
            assert event["given"] is None and event["received"] is None
    assert data["exchange_given"] is None or state.double_nil[seat]
    assert "stock" not in data and "exchange_seed" not in str(data)
