"""A hint for a Sheepshead seat: ``strong``'s recommendation from the seat's view only, the
expected points of the top options, and a one-line reason."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tricktable.ai.teaching.evaluation import (
    Evaluation,
    EvaluationSettings,
    OptionValue,
    action_text,
    evaluate,
)
from tricktable.ai.teaching.reasons import ONLY_LEGAL, basic_reason, gain_points
from tricktable.game import Action, Seed, derive_seed
from tricktable.i18n import Message
from tricktable.sheepshead.bots import BasicPlayer, BasicSettings
from tricktable.sheepshead.state import Phase
from tricktable.sheepshead.view import SheepsheadView
from tricktable.words import action_words, words_json

__all__ = ["Hint", "hint", "recommend"]

PLAY_Z = 0.5
BIDDING_Z = 2.0
MARGIN = 0.05
"""As ``strong``: leave ``basic``'s choice only for a gain clear by this many standard errors
(played-out bidding is noisier) and by this many points."""
TOP = 3


@dataclass(frozen=True, slots=True)
class Hint:
    """What to do, why, and what the best few options are worth."""

    action: Action
    reason: Message
    options: tuple[OptionValue, ...]
    samples: int

    def to_json(self, *, messages: bool = False) -> dict[str, Any]:
        """The hint as JSON, its words in English; ``messages``: the labels and the reason as
        messages (:func:`~tricktable.words.words_json`) for the server to word."""
        def words(action: Action) -> Any:
            return words_json(action_words(action)) if messages else action_text(action)

        return {
            "action": str(self.action),
            "label": words(self.action),
            "reason": self.reason.to_json() if messages else str(self.reason),
            "options": [{"action": str(o.action), "label": words(o.action),
                         "expected": round(o.expected, 2)} for o in self.options],
            "samples": self.samples,
        }


def recommend(view: SheepsheadView, found: Evaluation) -> tuple[Action, Message]:
    """``strong``'s rule on an evaluation: ``basic``'s choice unless another option clearly
    beats it; and the reason."""
    usual = BasicPlayer().choose(view, random.Random(0))
    order = found.order
    default = order.index(usual) if usual in order else None
    z = PLAY_Z if view.phase is Phase.PLAY else BIDDING_Z
    chosen = order[found.evidence.choose(default, z=z, margin=MARGIN)]
    if chosen == usual:
        return chosen, basic_reason(view, chosen, BasicSettings())
    gain = found.value(chosen) - found.value(usual)
    return chosen, Message("reason.hint_gain", {"gain": gain_points(gain),
                                                 "action": action_words(usual)})


def hint(view: SheepsheadView, seed: Seed,
         settings: EvaluationSettings | None = None) -> Hint:
    """The hint for the seat whose view this is (it must be its turn).  Depends only on the
    view and ``seed``."""
    if not view.legal_actions:
        raise ValueError("There is nothing to hint: it is not this seat's turn.")
    if len(view.legal_actions) == 1:
        only = view.legal_actions[0]
        return Hint(only, ONLY_LEGAL, (), 0)
    found = evaluate(view, random.Random(derive_seed(seed, "hint")), settings)
    action, reason = recommend(view, found)
    return Hint(action, reason, found.options[:TOP], found.evidence.samples)
