"""A hint for a seat whose turn it is (Sheepshead or Spades), from its view only: the
evaluation's recommendation, its table, and a one-line reason.

The hint is one voice of one evaluation (:mod:`tricktable.ai.teaching.evaluation`): what it
recommends is always in its table, and is either the table's best or marked there as about equal
to it, with the standard errors of the same deals.  Evaluated from :func:`decision_seed`'s seed,
the review of the same decision draws these deals first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tricktable.ai.teaching.evaluation import (
    Evaluation,
    EvaluationSettings,
    OptionValue,
    action_text,
    evaluate,
)
from tricktable.ai.teaching.reasons import ONLY_LEGAL, gain_points, usual_reason
from tricktable.game import Action, Seed
from tricktable.i18n import Message
from tricktable.words import action_words, words_json

__all__ = ["TOP", "Hint", "hint", "hint_from"]

TOP = 3
"""Options a hint's table shows at least (the best ones; the recommended and the usual one are
added when they are not among them)."""


@dataclass(frozen=True, slots=True)
class Hint:
    """What to do, why, and what the best few options are worth."""

    action: Action
    reason: Message
    options: tuple[OptionValue, ...]
    """The table, best first: the recommended option is in it."""
    samples: int
    close: bool = False
    """Whether another option is about equal to the recommended one on these deals."""

    def to_json(self, *, messages: bool = False) -> dict[str, Any]:
        """The hint as JSON, its words in English; ``messages``: the labels and the reason as
        messages (:func:`~tricktable.words.words_json`) for the server to word."""
        def words(action: Action) -> Any:
            return words_json(action_words(action)) if messages else action_text(action)

        return {
            "action": str(self.action),
            "label": words(self.action),
            "reason": self.reason.to_json() if messages else str(self.reason),
            "options": [o.to_json(words(o.action)) for o in self.options],
            "samples": self.samples,
            "close": self.close,
        }


def hint_from(view: Any, found: Evaluation) -> Hint:
    """The hint an evaluation of ``view``'s decision gives."""
    action = found.recommended
    default = found.default
    if not found.samples:
        return Hint(action, usual_reason(view, action), (), 0)
    if default is None or action == default:
        reason = usual_reason(view, action)
    else:
        gain = found.value(action) - found.value(default)
        reason = Message("reason.hint_gain", {"gain": gain_points(gain),
                                              "action": action_words(default)})
    return Hint(action, reason, found.table(TOP), found.samples, found.close)


def hint(view: Any, seed: Seed, settings: EvaluationSettings | None = None) -> Hint:
    """The hint for the seat whose view this is (it must be its turn).  Depends only on the
    view and ``seed`` (a decision's: :func:`~tricktable.ai.teaching.evaluation.decision_seed`).
    """
    if not view.legal_actions:
        raise ValueError("There is nothing to hint: it is not this seat's turn.")
    if len(view.legal_actions) == 1:
        return Hint(view.legal_actions[0], ONLY_LEGAL, (), 0)
    return hint_from(view, evaluate(view, seed, settings))
