"""One evaluation of a decision, behind the hint, the review and the computers' reasons: what
it is, and what the games' evaluators share (:func:`tricktable.ai.teaching.evaluation.evaluate`
runs one).

An :class:`Evaluation` is what each option of one seat's decision is worth from that seat's
view: every option scored on the same sampled deals (so their differences are paired), the
deals drawn one after another from one generator seeded by the decision
(:func:`decision_seed`).  A larger evaluation of the same decision draws the same deals first
and then more, so the review of a decision (many deals) contains the hint's (fewer) exactly:
:meth:`Evaluation.restricted` gives the hint back from the review.

From the evaluation one rule makes the recommendation (:attr:`Evaluation.recommended`): the
table practice's choice (``basic``'s, :attr:`Evaluation.default`) unless the best option beats
it by more than ``z`` standard errors of their paired difference and ``margin`` points; and every
option carries that standard error and whether the best clearly beats it (``about_equal`` when
it does not).  So the recommended option is always either the best or about equal to it, on the
same deals the table shows.

The games' evaluators are :mod:`tricktable.ai.teaching.sheepshead` and
:mod:`tricktable.ai.teaching.spades`; they build on this module and nothing here imports them, so
the imports run one way (:mod:`tricktable.ai.teaching.evaluation` picks an evaluator by the view).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tricktable.ai.evidence import Evidence
from tricktable.game import Action, Seed, derive_seed
from tricktable.words import action_words

__all__ = [
    "Evaluation",
    "EvaluationSettings",
    "OptionValue",
    "action_text",
    "decision_seed",
    "error_json",
    "evaluation_rng",
    "least_deals",
    "over_budget",
    "ranked",
    "within_budget",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class EvaluationSettings:
    """How hard :func:`evaluate` looks."""

    samples: int = 24
    """Deals sampled per decision."""
    bury_candidates: int = 4
    """Sheepshead buries scored: the best few by ``basic``'s heuristics (and the one asked
    about)."""
    solve_from_trick: int = 2
    """The first Sheepshead trick (0-5) whose cards are judged by solving instead of playing
    out."""
    node_limit: int = 40_000
    """Solver nodes a Sheepshead deal may take in the first trick before the evaluation plays
    out."""
    spades_nodes: int = 2_500
    """Solver nodes a Spades evaluation may spend per deal wanted: once it has
    :func:`least_deals` of its ``samples`` deals and has spent ``samples`` times this, it draws
    no more (the bids and first tricks of hard hands, whose every deal is a long solve, are
    judged on fewer deals, so a hint answers in time).  0: no bound.  Nodes, not seconds: the
    same seed gives the same deals on any machine."""

    def __post_init__(self) -> None:
        if self.samples < 1:
            raise ValueError("An evaluation needs at least one sample.")
        if self.spades_nodes < 0:
            raise ValueError("A node budget cannot be negative.")
        if self.bury_candidates < 1:
            raise ValueError("An evaluation scores at least one bury.")


@dataclass(frozen=True, slots=True)
class OptionValue:
    """One option: this seat's expected score for the hand after it, and how it stands against
    the best option on the same deals."""

    action: Action
    expected: float
    error: float = 0.0
    """The standard error of the best option's paired gain over this one (0 for the best)."""
    about_equal: bool = True
    """Whether the best option does not clearly beat this one (see the module)."""

    def to_json(self, words: Any) -> dict[str, Any]:
        """As JSON, with ``words`` the action's label."""
        return {"action": str(self.action), "label": words,
                "expected": round(self.expected, 2), "error": error_json(self.error),
                "about_equal": self.about_equal}


def error_json(error: float) -> float | None:
    """A standard error for JSON: rounded, or None where it is unknown (infinite: too few
    deals).  JSON has no Infinity, and PostgreSQL refuses a document that says it."""
    return None if math.isinf(error) or math.isnan(error) else round(error, 2)


@dataclass(frozen=True, slots=True)
class Evaluation:
    """Every option scored on the same deals, best first, with the recommendation's rule."""

    options: tuple[OptionValue, ...]
    evidence: Evidence = field(compare=False)
    """The per-deal values, in the order of :attr:`order` (for paired comparisons)."""
    order: tuple[Action, ...] = ()
    method: str = "played out"
    """``"solved"`` or ``"played out"``."""
    default: Action | None = None
    """The table practice's choice (``basic``'s), kept unless the best clearly beats it."""
    z: float = 0.5
    margin: float = 0.05
    """How clearly the best must beat the default: standard errors, and points."""
    extra: tuple[Action, ...] = ()
    """Options scored only because they were asked about (at the end of :attr:`order`)."""
    tries: tuple[int, ...] = field(default=(), compare=False)
    """For each deal kept, how many deals had been drawn by then (see :meth:`restricted`)."""
    limit: int = 4
    """Deals drawn at most per deal wanted (constrained views reject many)."""
    restarted: bool = False
    """Whether solving gave up part-way and the deals were played out afresh instead."""
    costs: tuple[int, ...] = field(default=(), compare=False)
    """For each deal kept, the solver nodes spent by then (with a node budget)."""
    budget: int = 0
    """The node budget per deal wanted (``EvaluationSettings.spades_nodes``; 0: none)."""

    @property
    def best(self) -> OptionValue:
        return self.options[0]

    @property
    def samples(self) -> int:
        return self.evidence.samples

    def option(self, action: Action) -> OptionValue:
        for option in self.options:
            if option.action == action:
                return option
        raise KeyError(f"{action} was not evaluated.")

    def value(self, action: Action) -> float:
        """The expected score after ``action`` (which must be one of the options)."""
        return self.option(action).expected

    def gain(self, better: Action, worse: Action) -> tuple[float, float]:
        """The paired gain of ``better`` over ``worse`` on the same deals: mean, standard error."""
        return self.evidence.gain(self.order.index(better), self.order.index(worse))

    def clearly_better(self, better: Action, worse: Action) -> bool:
        """Whether ``better`` beats ``worse`` by more than the rule's noise (see the module)."""
        mean, error = self.gain(better, worse)
        return mean - self.z * error > self.margin

    @property
    def recommended(self) -> Action:
        """The default unless the best clearly beats it; else the best."""
        default = self.default
        if default is not None and default in self.order and self.option(default).about_equal:
            return default
        return self.best.action

    @property
    def close(self) -> bool:
        """Whether another option than the recommended one is about equal to the best."""
        recommended = self.recommended
        return any(o.about_equal for o in self.options if o.action != recommended)

    def table(self, top: int) -> tuple[OptionValue, ...]:
        """The ``top`` best options, and the recommended and the default if not among them,
        best first."""
        wanted = {self.recommended, *([self.default] if self.default in self.order else [])}
        return tuple(o for k, o in enumerate(self.options) if k < top or o.action in wanted)

    def restricted(self, samples: int) -> Evaluation:
        """This evaluation as a smaller one of the same decision would have found it: the
        deals an evaluation of ``samples`` deals keeps (the first ones, as drawn), without the
        options asked about.  Not for an evaluation that restarted (None of its deals are the
        smaller one's)."""
        if self.restarted:
            raise ValueError("A restarted evaluation does not contain the smaller one.")
        kept = [k for k, tried in enumerate(self.tries) if tried <= self.limit * samples]
        kept = kept[:samples]
        if self.budget:
            kept = kept[:within_budget(self.costs, self.budget, samples)]
        base = len(self.order) - len(self.extra)
        evidence = Evidence(base)
        for k in kept:
            evidence.add(self.evidence.weights[k], list(self.evidence.values[k][:base]))
        return ranked(self.order[:base], evidence, method=self.method, default=self.default,
                      z=self.z, margin=self.margin, tries=tuple(self.tries[k] for k in kept),
                      limit=self.limit,
                      costs=tuple(self.costs[k] for k in kept) if self.costs else (),
                      budget=self.budget)


def least_deals(samples: int) -> int:
    """The deals an evaluation of ``samples`` keeps whatever its node budget: a third."""
    return max(1, samples // 3)


def over_budget(kept: int, spent: int, budget: int, samples: int) -> bool:
    """Whether an evaluation of ``samples`` deals with ``budget`` nodes per deal wanted stops
    before drawing another, having kept ``kept`` deals for ``spent`` nodes."""
    return bool(budget) and kept >= least_deals(samples) and spent > budget * samples


def within_budget(costs: Sequence[int], budget: int, samples: int) -> int:
    """How many of the deals whose running node costs are ``costs`` an evaluation of
    ``samples`` deals keeps under ``budget`` (the same stop as :func:`over_budget`'s)."""
    for kept in range(1, len(costs)):
        if over_budget(kept, costs[kept - 1], budget, samples):
            return kept
    return len(costs)


def ranked(order: Sequence[Action], evidence: Evidence, *, method: str = "played out",
           default: Action | None = None, z: float = 0.5, margin: float = 0.05,
           extra: Sequence[Action] = (), tries: Sequence[int] = (), limit: int = 4,
           restarted: bool = False, costs: Sequence[int] = (), budget: int = 0) -> Evaluation:
    """The evaluation of options ``order`` on ``evidence``: ranked by mean (ties in order),
    each with its paired standard error against the best and whether it is about equal."""
    means = evidence.means()
    indices = sorted(range(len(order)), key=lambda k: (-means[k], k))
    top = indices[0]
    options = []
    for k in indices:
        if k == top:
            options.append(OptionValue(order[k], means[k]))
            continue
        mean, error = evidence.gain(top, k)
        options.append(OptionValue(order[k], means[k], error,
                                   not mean - z * error > margin))
    return Evaluation(options=tuple(options), evidence=evidence, order=tuple(order),
                      method=method, default=default, z=z, margin=margin, extra=tuple(extra),
                      tries=tuple(tries), limit=limit, restarted=restarted,
                      costs=tuple(costs), budget=budget)


def action_text(action: Action) -> str:
    """An action as players read it, in English: ``10♠``, ``pick``, ``bury Q♣ 7♥``, ``call A♥``
    (:func:`~tricktable.words.action_words` gives it in any language)."""
    return str(action_words(action))


def decision_seed(seed: Seed, deal: int, index: int) -> str:
    """The seed of one decision of a game: its deal (from 0) and its action's index in the
    deal's history.  The hint and the review of that decision both evaluate from it."""
    return derive_seed(seed, "decision", deal, index)


def evaluation_rng(seed: Seed) -> random.Random:
    """The generator an evaluation seeded ``seed`` draws its deals from."""
    return random.Random(derive_seed(seed, "evaluation"))
