"""The coach of a coached game: after one of the player's decisions, one line saying whether the
coach would have done otherwise, and why.

The coach is the hint's evaluation of the same decision (:mod:`tricktable.ai.teaching.hint`):
the view the player decided from, evaluated from the decision's seed with the hint's settings,
so the coach recommends exactly what a hint asked at that moment would have recommended.  When
the player's choice is not among the options the hint scores (a bury or an unknown card's set
aside card outside the best few), the same deals are scored again with it included, to put a
value on it; the recommendation stays the hint's.

The line's reason is the recommended option's in words from the player's own view: the public
form (:func:`~tricktable.ai.teaching.reasons.public_reason_of`) for Sheepshead, the draw named
for Spades (the player's own secret).  Nothing of another seat's hand is in it: its values are
expectations over deals that fit the player's view, and the only cards it names are the
player's own options.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tricktable.ai.teaching import spades_reasons
from tricktable.ai.teaching.evaluation import Evaluation, EvaluationSettings, evaluate
from tricktable.ai.teaching.hint import Hint, hint_from
from tricktable.ai.teaching.reasons import ONLY_LEGAL, public_reason_of
from tricktable.game import Action, ActionKind, Seed
from tricktable.i18n import Message
from tricktable.spades.view import SpadesView
from tricktable.words import action_words, words_json

__all__ = ["VERDICTS", "Coaching", "coach"]

VERDICTS = ("only", "same", "equal", "other")
"""What the coach says of a choice: the only legal one; the coach's own; about equal to the
coach's on these deals; another than the coach's, clearly worse."""


@dataclass(frozen=True, slots=True)
class Coaching:
    """The coach's word on one decision."""

    chosen: Action
    recommended: Action
    """What the hint of the decision recommends."""
    verdict: str
    """One of :data:`VERDICTS`."""
    chosen_value: float | None
    recommended_value: float | None
    reason: Message
    """Why the coach's option, from the player's own view."""
    samples: int

    @property
    def line(self) -> Message:
        """The one line the table shows."""
        if self.verdict == "only":
            return Message("coach.only", {"action": action_words(self.chosen)})
        if self.verdict == "same":
            return Message("coach.same", {"action": _doing(self.recommended),
                                          "reason": self.reason})
        if self.recommended_value is None or self.chosen_value is None:
            return Message("coach.other_plain", {"action": _done(self.recommended),
                                                 "reason": self.reason})
        values = Message("coach.values", {"best": _signed(self.recommended_value),
                                          "chosen": _signed(self.chosen_value)})
        key = "coach.equal" if self.verdict == "equal" else "coach.other"
        return Message(key, {"action": _done(self.recommended), "values": values,
                             "reason": self.reason})

    def to_json(self) -> dict[str, Any]:
        """As JSON, its words as messages (:func:`~tricktable.words.words_json`)."""
        return {
            "chosen": str(self.chosen),
            "recommended": str(self.recommended),
            "verdict": self.verdict,
            "chosen_value": _round(self.chosen_value),
            "recommended_value": _round(self.recommended_value),
            "samples": self.samples,
            "line": self.line.to_json(),
            "label": words_json(action_words(self.recommended)),
        }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def _signed(value: float) -> Message | float:
    """A value as the line shows it: two decimals, a plus sign when above zero, a true minus
    sign (U+2212, as the page writes negative numbers) when below."""
    shown = round(value, 2)
    if shown < 0:
        return Message("coach.minus", {"value": -shown})
    return Message("coach.plus", {"value": shown}) if shown > 0 else shown


def _doing(action: Action) -> Message:
    """The coach would also … (play K♠ / choose “pick”)."""
    if action.kind is ActionKind.PLAY:
        return Message("coach.play", {"card": action_words(action)})
    return Message("coach.choose", {"action": action_words(action)})


def _done(action: Action) -> Message:
    """The coach would have … (played K♠ / chosen “pick”)."""
    if action.kind is ActionKind.PLAY:
        return Message("coach.played", {"card": action_words(action)})
    return Message("coach.chosen", {"action": action_words(action)})


def coach_reason(view: Any, action: Action) -> Message:
    """Why ``action``, in words from the player's own view (see the module)."""
    if isinstance(view, SpadesView):
        return spades_reasons.usual_reason(view, action)
    return public_reason_of(view, action)


def coach(view: Any, chosen: Action, seed: Seed, settings: EvaluationSettings) -> Coaching:
    """The coach's word on ``chosen``, taken from ``view`` (the player's view just before it),
    evaluated as the hint of the decision is (``seed``: the decision's, ``settings``: the
    hint's)."""
    if chosen not in view.legal_actions:
        raise ValueError(f"{chosen} was not a legal choice here.")
    if len(view.legal_actions) == 1:
        return Coaching(chosen, chosen, "only", None, None, ONLY_LEGAL, 0)
    found = evaluate(view, seed, settings)
    hinted: Hint = hint_from(view, found)
    best = hinted.action
    reason = coach_reason(view, best)
    if not found.samples:  # decided by table practice's rule alone (the Spades draw)
        verdict = "same" if chosen == best else "other"
        return Coaching(chosen, best, verdict, None, None, reason, 0)
    if chosen == best:
        value = found.value(best)
        return Coaching(chosen, best, "same", value, value, reason, found.samples)
    scored = found if chosen in found.order else _with(view, chosen, seed, settings)
    chosen_value = scored.value(chosen)
    best_value = found.value(best)
    equal = _about_equal(scored, best, chosen)
    return Coaching(chosen, best, "equal" if equal else "other", chosen_value, best_value,
                    reason, found.samples)


def _with(view: Any, chosen: Action, seed: Seed, settings: EvaluationSettings) -> Evaluation:
    """The same deals scored with ``chosen`` among the options."""
    return evaluate(view, seed, settings, include=(chosen,))


def _about_equal(found: Evaluation, best: Action, chosen: Action) -> bool:
    """Whether the coach's option does not clearly beat ``chosen`` on these deals (by the
    evaluation's own rule)."""
    if best not in found.order:
        return False
    return not found.clearly_better(best, chosen)
