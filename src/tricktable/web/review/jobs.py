"""The work behind hints, reviews and replays, as plain functions of plain data, so that the
computer players' worker processes can run them (see :meth:`ComputerPool.submit`).

Each replays the game from its rules, seed and action log.  A hint sees only the human seat's
view now; a deal's review judges the human's decisions from the human's views at the time and
gives every computer action its reason (worked out by the same player, with the same generator,
that chose it, so the action is the stored one).  The deal's replay shows every card: it is only
ever built for a deal that is over.

Their words (labels, reasons, summaries) are messages as JSON
(:func:`~tricktable.words.words_json`): what is stored stays free of any language, and the
server words it for each request (:func:`~tricktable.words.worded`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktable.ai.players import make_player
from tricktable.ai.teaching.evaluation import EvaluationSettings
from tricktable.ai.teaching.hint import hint
from tricktable.ai.teaching.reasons import explain
from tricktable.ai.teaching.review import ReviewSettings, review_hand
from tricktable.cards import Card, cards_of
from tricktable.game import Seat
from tricktable.i18n import Message
from tricktable.sheepshead.match import Match
from tricktable.sheepshead.state import HandState, Phase
from tricktable.web.games import adapter
from tricktable.web.games.computer import decision_rng
from tricktable.words import action_words, words_json

__all__ = [
    "computer_reasons",
    "deal_replay",
    "hand_number_of",
    "hint_job",
    "review_deal_job",
]


def _match(rules: dict[str, Any], seed: str, actions: Sequence[tuple[Seat, str]]) -> Match:
    match: Match = adapter("sheepshead").replay(rules, seed, actions)
    return match


def hint_job(rules: dict[str, Any], seed: str, actions: Sequence[tuple[Seat, str]],
             seat: Seat, samples: int, search_seed: str) -> dict[str, Any]:
    """The hint for ``seat`` at the end of ``actions`` (its turn), from its view only, searched
    with ``search_seed`` (not the game's seed: nothing of the deal reaches the search)."""
    match = _match(rules, seed, actions)
    view = match.current.view(seat)
    found = hint(view, search_seed, EvaluationSettings(samples=samples))
    return found.to_json(messages=True)


def _text(card: Card | None) -> str | None:
    return None if card is None else str(card)


def deal_replay(hand: HandState, deal: int, hand_number: int,
                reasons: dict[int, Message]) -> dict[str, Any]:
    """A finished deal, every card face up: the deal, each action (with its reason, if any) and
    each trick with its plays."""
    assert hand.is_over and hand.result is not None
    fresh = HandState(rules=hand.rules, dealer=hand.dealer, deal=hand.deal,
                      multiplier=hand.multiplier)
    bidding: list[dict[str, Any]] = []
    tricks: list[dict[str, Any]] = []
    plays: list[dict[str, Any]] = []
    for index, (seat, action) in enumerate(hand.history):
        phase = fresh.phase
        fresh.apply(action)
        reason = reasons.get(index)
        step = {"index": index, "seat": seat, "action": str(action),
                "label": words_json(action_words(action)),
                "reason": None if reason is None else reason.to_json()}
        if phase is not Phase.PLAY:
            bidding.append({**step, "phase": phase.value})
            continue
        plays.append({**step, "card": str(action.cards[0])})
        if len(plays) == 5:
            trick = fresh.tricks[-1]
            tricks.append({"leader": trick.leader, "winner": trick.winner,
                           "points": trick.points, "plays": plays})
            plays = []
    result = hand.result
    return {
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


def computer_reasons(hand: HandState, first_action: int, seed: str, opponent: str,
             human: Seat) -> dict[int, Message]:
    """Each computer action's reason, by its index in the deal's history.  ``first_action``:
    the game-wide number of the deal's first action (the decisions' generators count in it)."""
    fresh = HandState(rules=hand.rules, dealer=hand.dealer, deal=hand.deal,
                      multiplier=hand.multiplier)
    reasons: dict[int, Message] = {}
    for index, (seat, action) in enumerate(hand.history):
        if seat != human:
            player = make_player("sheepshead", opponent, reproducible=True)
            view = fresh.view(seat)
            explained, reason = explain(player, view, decision_rng(seed, first_action + index))
            if explained == action:
                reasons[index] = reason
        fresh.apply(action)
    return reasons


def review_deal_job(rules: dict[str, Any], seed: str, actions: Sequence[tuple[Seat, str]],
                    human: Seat, opponent: str, deal: int, samples: int,
                    cpu_seconds: float, search_seed: str) -> dict[str, Any]:
    """Deal number ``deal`` of the game (which must be over): the human's decisions judged,
    the computers' reasons, and the face-up replay."""
    match = _match(rules, seed, actions)
    hand = match.deals[deal]
    if not hand.is_over:
        raise ValueError(f"Deal {deal} is not over.")
    first_action = sum(len(h.history) for h in match.deals[:deal])
    settings = ReviewSettings(evaluation=EvaluationSettings(samples=samples),
                              cpu_seconds=cpu_seconds)
    decisions = review_hand(hand, human, search_seed, settings, deal=deal)
    reasons = computer_reasons(hand, first_action, seed, opponent, human)
    number = hand_number_of(match, deal)
    return {
        "decisions": [d.to_json(messages=True) for d in decisions],
        "replay": deal_replay(hand, deal, number, reasons),
    }


def hand_number_of(match: Match, deal: int) -> int:
    """The number (from 1) of the hand a deal belongs to: a thrown-in deal's is the hand that is
    dealt again."""
    return 1 + sum(1 for h in match.deals[:deal]
                   if h.result is not None and h.result.kind.value != "passed-out")
