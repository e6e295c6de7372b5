"""A finished deal face up, as the replay page shows it: every hand, each action with the
reason its computer player gave (the private form: the deal is over), each trick.

Both games give the same shape (``bidding`` steps, ``tricks`` of ``plays``, ``scores``,
``summary``) plus their own facts: Sheepshead's blind, picker, partner and bury; Spades' bids and
the hands as they stood when the play began (the draw shows which card each player kept).
"""

from __future__ import annotations

from typing import Any

from tricktable.ai.teaching.hands import fresh_hand
from tricktable.ai.teaching.reasons import Reasons
from tricktable.cards import Card, cards_of
from tricktable.game import Action, Seat
from tricktable.sheepshead.state import HandState, Phase
from tricktable.spades.state import HandState as SpadesHand
from tricktable.spades.state import Phase as SpadesPhase
from tricktable.words import action_words, words_json

__all__ = ["deal_replay"]


def _text(card: Card | None) -> str | None:
    return None if card is None else str(card)


def _step(index: int, seat: Seat, action: Action, reasons: dict[int, Reasons]) -> dict[str, Any]:
    reason = reasons.get(index)
    return {"index": index, "seat": seat, "action": str(action),
            "label": words_json(action_words(action)),
            "reason": None if reason is None else reason.private.to_json()}


def _trick(trick: Any, plays: list[dict[str, Any]], points: int | None) -> dict[str, Any]:
    """A finished trick: who led and won it, its card points (None in Spades), its plays."""
    return {"leader": trick.leader, "winner": trick.winner, "points": points, "plays": plays}


def deal_replay(hand: HandState | SpadesHand, deal: int, hand_number: int,
                reasons: dict[int, Reasons]) -> dict[str, Any]:
    """A finished deal, every card face up: the deal, each action (with its reason, if any) and
    each trick with its plays."""
    if isinstance(hand, SpadesHand):
        return _spades_replay(hand, deal, hand_number, reasons)
    return _sheepshead_replay(hand, deal, hand_number, reasons)


def _sheepshead_replay(hand: HandState, deal: int, hand_number: int,
                       reasons: dict[int, Reasons]) -> dict[str, Any]:
    assert hand.is_over and hand.result is not None
    fresh = fresh_hand(hand)
    bidding: list[dict[str, Any]] = []
    tricks: list[dict[str, Any]] = []
    plays: list[dict[str, Any]] = []
    for index, (seat, action) in enumerate(hand.history):
        phase = fresh.phase
        fresh.apply(action)
        step = _step(index, seat, action, reasons)
        if phase is not Phase.PLAY:
            bidding.append({**step, "phase": phase.value})
            continue
        plays.append({**step, "card": str(action.cards[0])})
        if len(plays) == 5:
            assert isinstance(fresh, HandState)
            tricks.append(_trick(fresh.tricks[-1], plays, fresh.tricks[-1].points))
            plays = []
    result = hand.result
    return {
        "game": "sheepshead",
        "deal": deal,
        "hand_number": hand_number,
        "dealer": hand.dealer,
        "hands": [[str(c) for c in cards] for cards in hand.deal.hands],
        "blind": [str(c) for c in hand.deal.blind],
        "picker": result.picker,
        "partner": result.partner,
        "alone": result.alone,
        "called": _text(result.called),
        "buried": [str(c) for c in cards_of(hand.buried)],
        "unknown": _text(hand.unknown),
        "bidding": bidding,
        "tricks": tricks,
        "scores": list(result.scores),
        "kind": result.kind.value,
        "summary": result.reason.to_json(),
    }


def _spades_replay(hand: SpadesHand, deal: int, hand_number: int,
                   reasons: dict[int, Reasons]) -> dict[str, Any]:
    assert hand.is_over and hand.result is not None
    fresh = fresh_hand(hand)
    assert isinstance(fresh, SpadesHand)
    bidding: list[dict[str, Any]] = []
    tricks: list[dict[str, Any]] = []
    plays: list[dict[str, Any]] = []
    held: list[list[str]] = [[], []]
    for index, (seat, action) in enumerate(hand.history):
        phase = fresh.phase
        if phase is SpadesPhase.PLAY and not plays and not tricks:
            held = [[str(c) for c in fresh.hand(s)] for s in (0, 1)]
        top = fresh.top_card
        fresh.apply(action)
        step = _step(index, seat, action, reasons)
        if phase is not SpadesPhase.PLAY:
            bidding.append({**step, "phase": phase.value, "card": _text(top)})
            continue
        plays.append({**step, "card": str(action.cards[0])})
        if len(plays) == 2:
            tricks.append(_trick(fresh.tricks[-1], plays, None))
            plays = []
    result = hand.result
    return {
        "game": "spades",
        "deal": deal,
        "hand_number": hand_number,
        "first": hand.first,
        "hands": held,
        "bids": list(hand.bids),
        "double_nil": list(hand.double_nil),
        "bidding": bidding,
        "tricks": tricks,
        "scores": list(result.scores),
        "summary": [seat.summary().to_json() for seat in result.seats],
    }
