"""A review of a seat's decisions (Sheepshead or Spades): each judged from the seat's view at
that moment — the expected points of the chosen option against the recommended one — and marked
when it cost more than a threshold (inaccuracy, mistake, blunder).

A decision's review is the second voice of the evaluation its hint gives
(:mod:`tricktable.ai.teaching.evaluation`): seeded by the same decision, it draws the hint's
deals first and then more (``evaluation.samples`` in all, ``hint_samples`` of them the hint's),
and judges by the same rule.  So the review never calls what the hint recommended a mistake
unless its larger sample shows the loss clear of the noise — and it then says what the hint saw
and by how much, with the standard error, the larger sample differs (:attr:`Decision.note`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from tricktable.ai.teaching.evaluation import (
    Evaluation,
    EvaluationSettings,
    OptionValue,
    action_text,
    decision_seed,
    error_json,
    evaluate,
)
from tricktable.ai.teaching.hands import AnyHand, decisions_of
from tricktable.game import Action, Seat, Seed
from tricktable.i18n import Message
from tricktable.sheepshead.match import Match
from tricktable.sheepshead.records import replay
from tricktable.sheepshead.state import Phase
from tricktable.spades.match import Match as SpadesMatch
from tricktable.spades.records import replay as replay_spades
from tricktable.spades.state import Phase as SpadesPhase
from tricktable.spades.view import SpadesView
from tricktable.words import action_words, words_json

__all__ = [
    "MARK_WORDS",
    "PHASE_WORDS",
    "Decision",
    "Review",
    "ReviewSettings",
    "decisions_of",
    "judge",
    "review",
    "review_hand",
]

MARKS = ("blunder", "mistake", "inaccuracy")
MARK_WORDS = {"blunder": Message("review.blunder"), "mistake": Message("review.mistake"),
              "inaccuracy": Message("review.inaccuracy")}
"""Each mark in words."""
PHASE_WORDS: dict[Any, Message] = {
    Phase.PICK: Message("review.phase.pick"),
    Phase.BURY: Message("review.phase.bury"),
    Phase.CALL: Message("review.phase.call"),
    Phase.CRACK: Message("review.phase.crack"),
    Phase.RECRACK: Message("review.phase.recrack"),
    Phase.BLITZ: Message("review.phase.blitz"),
    Phase.PLAY: Message("review.phase.play"),
    Phase.OVER: Message("review.phase.over"),
    SpadesPhase.BID: Message("review.phase.bid"),
}
"""Each decision's phase in words (a card played is named by its trick instead)."""

TABLE = 3
"""Options a decision's table shows at least."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ReviewSettings:
    """How a review judges and how much it may spend."""

    evaluation: EvaluationSettings = field(
        default_factory=lambda: EvaluationSettings(samples=2 * EvaluationSettings().samples))
    """The review's own evaluation: its ``samples`` are the larger sample."""
    hint_samples: int = EvaluationSettings().samples
    """The deals a hint of the same decision evaluates (the first of the review's)."""
    inaccuracy: float = 0.3
    mistake: float = 0.75
    blunder: float = 1.5
    """Expected points per hand a choice must lose to the best to earn each mark."""
    spades_scale: float = 10.0
    """What the thresholds are multiplied by for a Spades decision: its points come in tens (a
    trick of a contract is worth 10, a bag costs about 9 in the long run)."""
    z: float = 1.0
    """The loss must also be this many standard errors clear of zero (paired over the deals)."""
    cpu_seconds: float = 25.0
    """CPU a whole review may take; decisions past it are left unjudged."""

    def __post_init__(self) -> None:
        if not 0 < self.inaccuracy <= self.mistake <= self.blunder:
            raise ValueError("The thresholds must satisfy 0 < inaccuracy <= mistake <= blunder.")
        if self.cpu_seconds <= 0:
            raise ValueError("A review needs a positive CPU budget.")
        if self.hint_samples < 1:
            raise ValueError("A hint evaluates at least one deal.")
        if self.spades_scale <= 0:
            raise ValueError("The Spades scale of the thresholds must be positive.")

    @property
    def hint_evaluation(self) -> EvaluationSettings:
        """The evaluation a hint of the same decision makes."""
        return replace(self.evaluation, samples=self.hint_samples)

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
    phase: Any
    """The game's phase of the decision."""
    trick: int | None
    chosen: Action
    best: Action | None
    """The recommended option on the review's deals (the one a hint with them would give)."""
    chosen_value: float | None
    best_value: float | None
    mark: str | None
    options: tuple[OptionValue, ...]
    judged: bool = True
    error: float = 0.0
    """The standard error of the loss (paired over the deals)."""
    hint: Action | None = None
    """What a hint of this decision recommended (on the first of these deals)."""
    hint_samples: int = 0
    samples: int = 0

    @property
    def loss(self) -> float:
        if self.best_value is None or self.chosen_value is None:
            return 0.0
        return self.best_value - self.chosen_value

    @property
    def note(self) -> Message | None:
        """Why the review marks what the hint recommended: what each sample showed."""
        if self.mark is None or self.hint != self.chosen or self.best is None:
            return None
        return Message("review.hint_differed", {
            "hint_samples": self.hint_samples, "samples": self.samples,
            "best": action_words(self.best), "loss": round(self.loss, 2),
            "error": round(self.error, 2)})

    def to_json(self, *, messages: bool = False) -> dict[str, Any]:
        """The decision as JSON, its labels in English; ``messages``: the labels as messages
        (:func:`~tricktable.words.words_json`) for the server to word in any language."""
        def words(action: Action) -> Any:
            return words_json(action_words(action)) if messages else action_text(action)

        note = self.note
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
            "error": error_json(self.error),
            "mark": self.mark,
            "judged": self.judged,
            "hint": None if self.hint is None else str(self.hint),
            "hint_label": None if self.hint is None else words(self.hint),
            "hint_samples": self.hint_samples,
            "samples": self.samples,
            "note": None if note is None else (note.to_json() if messages else str(note)),
            "options": [o.to_json(words(o.action)) for o in self.options],
        }

    def describe(self) -> str:
        """One line in English: what was played, what it cost, what was better."""
        return str(self.summary())

    def summary(self) -> Message:
        """:meth:`describe` as a message, for any language."""
        where: Message = (PHASE_WORDS.get(self.phase, Message("review.phase.play"))
                          if self.trick is None
                          else Message("review.trick", {"trick": self.trick + 1}))
        head = Message("review.head", {"deal": self.deal + 1, "where": where,
                                       "action": action_words(self.chosen)})
        if not self.judged:
            return Message("review.not_judged", {"head": head})
        if self.mark is None or self.best is None:
            return Message("review.good", {"head": head, "value": _round(self.chosen_value)})
        marked = Message("review.marked", {
            "head": head, "mark": MARK_WORDS[self.mark], "loss": round(self.loss, 2),
            "best": action_words(self.best), "chosen_value": _round(self.chosen_value),
            "best_value": _round(self.best_value)})
        note = self.note
        return marked if note is None else Message("review.with_note",
                                                   {"line": marked, "note": note})


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


def _spades(view: Any) -> bool:
    return isinstance(view, SpadesView)


def _trick(view: Any) -> int | None:
    return len(view.tricks) if view.phase.value == "play" else None


def hint_evaluation(view: Any, found: Evaluation, seed: Seed,
                    settings: ReviewSettings) -> Evaluation:
    """The evaluation a hint of the decision made: the first of the review's deals."""
    if found.restarted or settings.hint_samples > settings.evaluation.samples:
        return evaluate(view, seed, settings.hint_evaluation)
    return found.restricted(settings.hint_samples)


def judge(view: Any, chosen: Action, seed: Seed, settings: ReviewSettings, *,
          deal: int = 0, index: int = 0, found: Evaluation | None = None) -> Decision:
    """One decision judged from ``view`` (the seat's view before it chose ``chosen``), on the
    deals of the decision's ``seed`` (``found``: their evaluation, if already made and holding
    ``chosen``)."""
    if found is None or chosen not in found.order:
        found = evaluate(view, seed, settings.evaluation, include=(chosen,))
    hinted = hint_evaluation(view, found, seed, settings)
    best = found.recommended
    loss, error = found.gain(best, chosen) if best != chosen else (0.0, 0.0)
    mark = None
    if best != chosen and found.clearly_better(best, chosen) and loss - settings.z * error > 0:
        mark = settings.mark(loss / (settings.spades_scale if _spades(view) else 1.0))
    table = found.table(TABLE)
    if all(o.action != chosen for o in table):
        table = (*table, found.option(chosen))
    return Decision(deal=deal, index=index, phase=view.phase, trick=_trick(view),
                    chosen=chosen, best=best, chosen_value=found.value(chosen),
                    best_value=found.value(best), mark=mark, options=table, error=error,
                    hint=hinted.recommended, hint_samples=hinted.samples,
                    samples=found.samples)


class _Spend:
    """CPU spent so far against the review's budget."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.start = time.process_time()

    def left(self) -> bool:
        return time.process_time() - self.start < self.seconds


def review_hand(hand: AnyHand, seat: Seat, seed: Seed, settings: ReviewSettings | None = None,
                *, deal: int = 0, spend: _Spend | None = None) -> list[Decision]:
    """``seat``'s decisions in one hand (deal number ``deal`` of its game), judged on the deals
    of each decision's seed (:func:`decision_seed` of ``seed``); those past the budget are left
    unjudged."""
    settings = settings or ReviewSettings()
    spend = spend or _Spend(settings.cpu_seconds)
    judged = []
    for index, view, action in decisions_of(hand, seat):
        if not spend.left():
            judged.append(Decision(deal=deal, index=index, phase=view.phase,
                                   trick=_trick(view), chosen=action, best=None,
                                   chosen_value=None, best_value=None, mark=None, options=(),
                                   judged=False))
            continue
        judged.append(judge(view, action, decision_seed(seed, deal, index), settings,
                            deal=deal, index=index))
    return judged


def _hands(game: Any) -> list[AnyHand]:
    if isinstance(game, dict):
        game = replay_spades(game) if game.get("game") == "spades" else replay(game)
    if isinstance(game, Match):
        return list(game.deals)
    if isinstance(game, SpadesMatch):
        return list(game.hands)
    assert isinstance(game, AnyHand)
    return [game]


def review(game: Match | SpadesMatch | AnyHand | dict[str, Any], seat: Seat = 0, *,
           seed: Seed = 0, settings: ReviewSettings | None = None,
           progress: Callable[[int, int], None] | None = None) -> Review:
    """Review ``seat``'s decisions in a game or hand (or its record).  ``progress(done, total)``
    is called after each deal.  Deterministic under ``seed`` while within the CPU budget."""
    settings = settings or ReviewSettings()
    hands = _hands(game)
    spend = _Spend(settings.cpu_seconds)
    decisions: list[Decision] = []
    for number, hand in enumerate(hands):
        decisions.extend(review_hand(hand, seat, seed, settings, deal=number, spend=spend))
        if progress is not None:
            progress(number + 1, len(hands))
    return Review(seat=seat, decisions=tuple(decisions),
                  complete=all(d.judged for d in decisions))
