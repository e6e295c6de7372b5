"""Evaluate a decision: :func:`evaluate` picks the game's evaluator by the view
(:mod:`tricktable.ai.teaching.sheepshead` or :mod:`tricktable.ai.teaching.spades`).

What an evaluation is, and what the evaluators share, lives in
:mod:`tricktable.ai.teaching.options` (so the evaluators need not import this module, which
imports them); every name of it can be imported from here too, as it always could.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktable.ai.teaching import sheepshead, spades
from tricktable.ai.teaching.options import (
    Evaluation,
    EvaluationSettings,
    OptionValue,
    action_text,
    decision_seed,
    error_json,
    evaluation_rng,
    least_deals,
    over_budget,
    ranked,
    within_budget,
)
from tricktable.game import Action, Seed
from tricktable.spades.view import SpadesView

__all__ = [
    "Evaluation",
    "EvaluationSettings",
    "OptionValue",
    "action_text",
    "decision_seed",
    "error_json",
    "evaluate",
    "evaluation_rng",
    "least_deals",
    "over_budget",
    "ranked",
    "within_budget",
]


def evaluate(view: Any, seed: Seed, settings: EvaluationSettings | None = None,
             include: Sequence[Action] = ()) -> Evaluation:
    """Score the options of the seat whose view this is, from that view only (a Sheepshead or
    a Spades view); ``include`` adds options the default selection would leave out (the bury a
    player chose).  Depends only on the view, ``seed`` and the settings' other knobs than
    ``samples`` beyond the deals a smaller evaluation keeps (see :meth:`Evaluation.restricted`).
    """
    settings = settings or EvaluationSettings()
    if not view.legal_actions:
        raise ValueError("There is nothing to evaluate: it is not this seat's turn.")
    rng = evaluation_rng(seed)
    if isinstance(view, SpadesView):
        return spades.evaluate(view, rng, settings, include)
    return sheepshead.evaluate(view, rng, settings, include)
