"""The work behind hints, reviews, reasons and replays, as plain functions of plain data, so
that the computer players' worker processes can run them (see :meth:`ComputerPool.submit`).

Each replays the game (Sheepshead or Spades) from its rules, seed and action log.  A hint sees
only the human seat's view now; a deal's review judges the human's decisions from the human's
views at the time and gives every computer action its reason (worked out by the same player,
with the same generator, that chose it, so the action is the stored one).  The deal's replay
shows every card: it is only ever built for a deal that is over.  The live reasons of the deal
in progress are the public forms only (:func:`live_reasons`).

The hint and the review of one decision evaluate from the same seed
(:func:`~tricktable.ai.teaching.evaluation.decision_seed` of the game's search seed, the deal
and the action's index in it), so the review's deals begin with the hint's.

Their words (labels, reasons, summaries) are messages as JSON
(:func:`~tricktable.words.words_json`): what is stored stays free of any language, and the
server words it for each request (:func:`~tricktable.words.worded`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktable.ai.players import make_player
from tricktable.ai.teaching.evaluation import EvaluationSettings, decision_seed
from tricktable.ai.teaching.hands import AnyHand, fresh_hand
from tricktable.ai.teaching.hint import hint
from tricktable.ai.teaching.reasons import Reasons, explain_reasons, public_reason_of
from tricktable.ai.teaching.review import ReviewSettings, review_hand
from tricktable.game import Seat
from tricktable.i18n import Message
from tricktable.web.games import adapter
from tricktable.web.games.computer import decision_rng
from tricktable.web.review.replays import deal_replay
from tricktable.words import action_words, words_json

__all__ = [
    "computer_reasons",
    "deal_replay",
    "deals_of",
    "hand_number_of",
    "hint_job",
    "live_reasons",
    "review_deal_job",
]


def _match(game: str, rules: dict[str, Any], seed: str,
           actions: Sequence[tuple[Seat, str]]) -> Any:
    return adapter(game).replay(rules, seed, actions)


def deals_of(match: Any) -> list[AnyHand]:
    """A game's deals so far, in order (the last may be in progress)."""
    deals: list[AnyHand] = match.deals if hasattr(match, "deals") else match.hands
    return deals


def hint_job(game: str, rules: dict[str, Any], seed: str, actions: Sequence[tuple[Seat, str]],
             seat: Seat, samples: int, search_seed: str) -> dict[str, Any]:
    """The hint for ``seat`` at the end of ``actions`` (its turn), from its view only, evaluated
    from the decision's seed under ``search_seed`` (not the game's seed: nothing of the deal
    reaches the search)."""
    match = _match(game, rules, seed, actions)
    deals = deals_of(match)
    hand = deals[-1]
    view = hand.view(seat)
    found = hint(view, decision_seed(search_seed, len(deals) - 1, len(hand.history)),
                 EvaluationSettings(samples=samples))
    return found.to_json(messages=True)


def computer_reasons(hand: AnyHand, first_action: int, seed: str, opponent: str,
                     human: Seat, computers: Sequence[Seat] | None = None) -> dict[int, Reasons]:
    """Each computer action's reason, by its index in the deal's history.  ``first_action``:
    the game-wide number of the deal's first action (the decisions' generators count in it).
    The computers are every seat but ``human``'s, or (at a friends' table, where several
    people play) the seats ``computers``."""
    game = "spades" if hasattr(hand, "first") else "sheepshead"
    fresh = fresh_hand(hand)
    reasons: dict[int, Reasons] = {}
    for index, (seat, action) in enumerate(hand.history):
        if seat != human if computers is None else seat in computers:
            player = make_player(game, opponent, reproducible=True)
            view = fresh.view(seat)
            explained, reason = explain_reasons(player, view,
                                                decision_rng(seed, first_action + index))
            if explained == action:
                reasons[index] = reason
        fresh.apply(action)
    return reasons


def live_reasons(hand: AnyHand, human: Seat) -> list[dict[str, Any]]:
    """The public form of the reason of each computer action so far in ``hand`` (in progress or
    not): from what every seat knows, so it may be shown while the hand is played."""
    fresh = fresh_hand(hand)
    lines = []
    for index, (seat, action) in enumerate(hand.history):
        if seat != human:
            if _face_down(fresh, action):
                # The unknown card is played face down: its face and what it does (trump,
                # points) are the picker's secret until the hand is over.
                reason, visible = Message("reason.public.unknown_card"), False
            else:
                reason = public_reason_of(fresh.view(seat), action)
                visible = _visible(fresh, seat, action)
            lines.append({"index": index, "seat": seat,
                          "action": str(action) if visible else None,
                          "label": words_json(action_words(action)) if visible else None,
                          "reason": reason.to_json()})
        fresh.apply(action)
    return lines


def _face_down(fresh: AnyHand, action: Any) -> bool:
    """Whether ``action`` plays a Sheepshead picker's unknown card (always face down)."""
    unknown = getattr(fresh, "unknown", None)
    return unknown is not None and action.kind.value == "play" and action.card == unknown


def _visible(fresh: AnyHand, seat: Seat, action: Any) -> bool:
    """Whether everybody saw ``action`` itself (a bury, a Spades draw or exchange they did
    not: only that it happened)."""
    kind = action.kind.value
    return kind not in ("bury", "keep", "reject", "exchange") and not (
        kind == "call" and len(action.cards) == 2)


def review_deal_job(game: str, rules: dict[str, Any], seed: str,
                    actions: Sequence[tuple[Seat, str]], human: Seat, opponent: str, deal: int,
                    samples: int, hint_samples: int, cpu_seconds: float,
                    search_seed: str, computers: Sequence[Seat] | None = None) -> dict[str, Any]:
    """Deal number ``deal`` of the game (which must be over): the human's decisions judged
    (on the deals of each decision's seed under ``search_seed``, the hint's first), the
    computers' reasons (of ``computers``' actions, when given: a friends' table), and the
    face-up replay."""
    match = _match(game, rules, seed, actions)
    deals = deals_of(match)
    hand = deals[deal]
    if not hand.is_over:
        raise ValueError(f"Deal {deal} is not over.")
    first_action = sum(len(h.history) for h in deals[:deal])
    settings = ReviewSettings(evaluation=EvaluationSettings(samples=samples),
                              hint_samples=hint_samples, cpu_seconds=cpu_seconds)
    decisions = review_hand(hand, human, search_seed, settings, deal=deal)
    reasons = computer_reasons(hand, first_action, seed, opponent, human, computers)
    number = hand_number_of(match, deal)
    return {
        "decisions": [d.to_json(messages=True) for d in decisions],
        "replay": deal_replay(hand, deal, number, reasons),
    }


def hand_number_of(match: Any, deal: int) -> int:
    """The number (from 1) of the hand a deal belongs to: a thrown-in Sheepshead deal's is the
    hand that is dealt again."""
    return 1 + sum(1 for h in deals_of(match)[:deal] if _dealt_again(h) is False)


def _dealt_again(hand: AnyHand) -> bool | None:
    """Whether a finished deal was thrown in (None while it is being played)."""
    if hand.result is None:
        return None
    kind = getattr(hand.result, "kind", None)
    return kind is not None and kind.value == "passed-out"
