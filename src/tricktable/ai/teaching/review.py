"""A review of a Sheepshead seat's decisions: each pick or pass, bury, call and card judged from
the seat's view at that moment — the expected points of the chosen option against the best —
and marked when it cost more than a threshold (inaccuracy, mistake, blunder)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from tricktable.ai.teaching.evaluation import EvaluationSettings, OptionValue, action_text, evaluate
from tricktable.game import Action, Seat, Seed, derive_seed
from tricktable.i18n import Message
from tricktable.sheepshead.match import Match
from tricktable.sheepshead.records import replay
from tricktable.sheepshead.state import HandState, Phase
from tricktable.sheepshead.view import SheepsheadView
from tricktable.words import action_words, words_json

__all__ = [
    "MARK_WORDS",
    "PHASE_WORDS",
    "Decision",
    "Review",
    "ReviewSettings",
    "decisions_of",
    "review",
    "review_hand",
]

MARKS = ("blunder", "mistake", "inaccuracy")
MARK_WORDS = {"blunder": Message("review.blunder"), "mistake": Message("review.mistake"),
              "inaccuracy": Message("review.inaccuracy")}
"""Each mark in words."""
PHASE_WORDS = {
    Phase.PICK: Message("review.phase.pick"),
    Phase.BURY: Message("review.phase.bury"),
    Phase.CALL: Message("review.phase.call"),
    Phase.CRACK: Message("review.phase.crack"),
    Phase.RECRACK: Message("review.phase.recrack"),
    Phase.BLITZ: Message("review.phase.blitz"),
    Phase.PLAY: Message("review.phase.play"),
    Phase.OVER: Message("review.phase.over"),
}
"""Each decision's phase in words (a card played is named by its trick instead)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ReviewSettings:
    """How a review judges and how much it may spend."""

    evaluation: EvaluationSettings = field(default_factory=EvaluationSettings)
    inaccuracy: float = 0.3
    mistake: float = 0.75
    blunder: float = 1.5
    """Expected points per hand a choice must lose to the best to earn each mark."""
    z: float = 1.0
    """The loss must also be this many standard errors clear of zero (paired over the deals)."""
    cpu_seconds: float = 25.0
    """CPU a whole review may take; decisions past it are left unjudged."""

    def __post_init__(self) -> None:
        if not 0 < self.inaccuracy <= self.mistake <= self.blunder:
            raise ValueError("The thresholds must satisfy 0 < inaccuracy <= mistake <= blunder.")
        if self.cpu_seconds <= 0:
            raise ValueError("A review needs a positive CPU budget.")

    def mark(self, loss: float) -> str | None:
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.mistake:
            return "mistake"
        if loss >= self.inaccuracy:
            return "inaccuracy"
        return None


@dataclass(frozen=True, slots=True)
class Decision:
    """One judged decision of the seat."""

    deal: int
    """The deal (0-based, passed-out deals included) it was made in."""
    index: int
    """Its action's index in the deal's history."""
    phase: Phase
    trick: int | None
    chosen: Action
    best: Action | None
    chosen_value: float | None
    best_value: float | None
    mark: str | None
    options: tuple[OptionValue, ...]
    judged: bool = True

    @property
    def loss(self) -> float:
        if self.best_value is None or self.chosen_value is None:
            return 0.0
        return self.best_value - self.chosen_value

    def to_json(self, *, messages: bool = False) -> dict[str, Any]:
        """The decision as JSON, its labels in English; ``messages``: the labels as messages
        (:func:`~tricktable.words.words_json`) for the server to word in any language."""
        def words(action: Action) -> Any:
            return words_json(action_words(action)) if messages else action_text(action)

        return {
            "deal": self.deal,
            "index": self.index,
            "phase": self.phase.value,
            "trick": self.trick,
            "chosen": str(self.chosen),
            "chosen_label": words(self.chosen),
            "best": None if self.best is None else str(self.best),
            "best_label": None if self.best is None else words(self.best),
            "chosen_value": _round(self.chosen_value),
            "best_value": _round(self.best_value),
            "loss": round(self.loss, 2),
            "mark": self.mark,
            "judged": self.judged,
            "options": [{"action": str(o.action), "label": words(o.action),
                         "expected": round(o.expected, 2)} for o in self.options],
        }

    def describe(self) -> str:
        """One line in English: what was played, what it cost, what was better."""
        return str(self.summary())

    def summary(self) -> Message:
        """:meth:`describe` as a message, for any language."""
        where: Message = (PHASE_WORDS[self.phase] if self.trick is None
                          else Message("review.trick", {"trick": self.trick + 1}))
        head = Message("review.head", {"deal": self.deal + 1, "where": where,
                                       "action": action_words(self.chosen)})
        if not self.judged:
            return Message("review.not_judged", {"head": head})
        if self.mark is None or self.best is None:
            return Message("review.good", {"head": head, "value": _round(self.chosen_value)})
        return Message("review.marked", {
            "head": head, "mark": MARK_WORDS[self.mark], "loss": round(self.loss, 2),
            "best": action_words(self.best), "chosen_value": _round(self.chosen_value),
            "best_value": _round(self.best_value)})


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


@dataclass(frozen=True, slots=True)
class Review:
    """Every judged decision of ``seat`` in a hand or a game."""

    seat: Seat
    decisions: tuple[Decision, ...]
    complete: bool
    """False when the CPU budget ran out before every decision was judged."""

    def counts(self) -> dict[str, int]:
        return {mark: sum(1 for d in self.decisions if d.mark == mark) for mark in MARKS}

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "complete": self.complete, "counts": self.counts(),
                "decisions": [d.to_json() for d in self.decisions]}


def decisions_of(hand: HandState, seat: Seat) -> Iterator[tuple[int, SheepsheadView, Action]]:
    """Each real decision of ``seat`` in ``hand`` (more than one legal option): its index in
    the hand's history, the seat's view just before it, and the action taken."""
    fresh = HandState(rules=hand.rules, dealer=hand.dealer, deal=hand.deal,
                      multiplier=hand.multiplier)
    for index, (mover, action) in enumerate(hand.history):
        if mover == seat and len(fresh.legal_actions()) > 1:
            yield index, fresh.view(seat), action
        fresh.apply(action)


def judge(view: SheepsheadView, chosen: Action, rng: random.Random,
          settings: ReviewSettings, *, deal: int = 0, index: int = 0) -> Decision:
    """One decision judged from ``view`` (the seat's view before it chose ``chosen``)."""
    found = evaluate(view, rng, settings.evaluation, include=(chosen,))
    best = found.best
    chosen_value = found.value(chosen)
    mark = None
    if best.action != chosen:
        mean, error = found.gain(best.action, chosen)
        if mean - settings.z * error > 0:
            mark = settings.mark(mean)
    trick = len(view.tricks) if view.phase is Phase.PLAY else None
    return Decision(deal=deal, index=index, phase=view.phase, trick=trick, chosen=chosen,
                    best=best.action, chosen_value=chosen_value, best_value=best.expected,
                    mark=mark, options=found.options[:3])


class _Spend:
    """CPU spent so far against the review's budget."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.start = time.process_time()

    def left(self) -> bool:
        return time.process_time() - self.start < self.seconds


def review_hand(hand: HandState, seat: Seat, seed: Seed, settings: ReviewSettings | None = None,
                *, deal: int = 0, spend: _Spend | None = None) -> list[Decision]:
    """``seat``'s decisions in one hand, judged (those past the budget left unjudged)."""
    settings = settings or ReviewSettings()
    spend = spend or _Spend(settings.cpu_seconds)
    judged = []
    for index, view, action in decisions_of(hand, seat):
        if not spend.left():
            judged.append(Decision(deal=deal, index=index, phase=view.phase,
                                   trick=len(view.tricks) if view.phase is Phase.PLAY else None,
                                   chosen=action, best=None, chosen_value=None, best_value=None,
                                   mark=None, options=(), judged=False))
            continue
        rng = random.Random(derive_seed(seed, "review", deal, index))
        judged.append(judge(view, action, rng, settings, deal=deal, index=index))
    return judged


def review(game: Match | HandState | dict[str, Any], seat: Seat = 0, *, seed: Seed = 0,
           settings: ReviewSettings | None = None,
           progress: Callable[[int, int], None] | None = None) -> Review:
    """Review ``seat``'s decisions in a game or hand (or its record).  ``progress(done, total)``
    is called after each deal.  Deterministic under ``seed`` while within the CPU budget."""
    settings = settings or ReviewSettings()
    played = replay(game) if isinstance(game, dict) else game
    hands = played.deals if isinstance(played, Match) else [played]
    spend = _Spend(settings.cpu_seconds)
    decisions: list[Decision] = []
    for number, hand in enumerate(hands):
        decisions.extend(review_hand(hand, seat, seed, settings, deal=number, spend=spend))
        if progress is not None:
            progress(number + 1, len(hands))
    return Review(seat=seat, decisions=tuple(decisions),
                  complete=all(d.judged for d in decisions))
