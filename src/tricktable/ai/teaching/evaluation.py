"""What each option is worth to a Sheepshead seat, from its view only: the search behind hints
and reviews.

:func:`evaluate` samples deals that fit the view (weighted by the other players' picks and
passes, as ``strong`` does) and scores every option on each: a card from the third trick on by
double-dummy solving (the scoring band the picker's team reaches under best play), a pick or
pass, a bury, a call or an early card by playing the hand out with ``basic`` everywhere.  A
value is this seat's expected score for the hand ("points", as on the scoreboard), and every
option is scored on the same deals, so their differences are paired.

Everything depends only on the view and the generator: the same seed gives the same numbers.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from tricktable.ai.evidence import Evidence
from tricktable.ai.sampling import NoConsistentDeal
from tricktable.ai.sheepshead.inference import sample_weight
from tricktable.ai.sheepshead.sampling import (
    SheepsheadSample,
    position_for,
    rebuild_state,
    sample_deals,
)
from tricktable.ai.sheepshead.solver import SearchAborted, SheepsheadSolver
from tricktable.ai.sheepshead.strong import rank_buries, seat_score
from tricktable.game import Action
from tricktable.sheepshead.bots import BasicPlayer
from tricktable.sheepshead.deck import mask_points
from tricktable.sheepshead.search import INDEX_OF, UNKNOWN_MOVE, SearchPosition
from tricktable.sheepshead.state import Phase
from tricktable.sheepshead.view import SheepsheadView
from tricktable.words import action_words

__all__ = [
    "Evaluation",
    "EvaluationSettings",
    "OptionValue",
    "action_text",
    "evaluate",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class EvaluationSettings:
    """How hard :func:`evaluate` looks."""

    samples: int = 24
    """Deals sampled per decision."""
    bury_candidates: int = 4
    """Buries scored: the best few by ``basic``'s heuristics (and the one asked about)."""
    solve_from_trick: int = 2
    """The first trick (0-5) whose cards are judged by solving instead of playing out."""
    node_limit: int = 40_000
    """Solver nodes a deal may take in the first trick before the evaluation plays out."""

    def __post_init__(self) -> None:
        if self.samples < 1:
            raise ValueError("An evaluation needs at least one sample.")
        if self.bury_candidates < 1:
            raise ValueError("An evaluation scores at least one bury.")


@dataclass(frozen=True, slots=True)
class OptionValue:
    """One option and this seat's expected score for the hand after it."""

    action: Action
    expected: float


@dataclass(frozen=True, slots=True)
class Evaluation:
    """Every option scored on the same deals, best first."""

    options: tuple[OptionValue, ...]
    evidence: Evidence = field(compare=False)
    """The per-deal values, in the order of :attr:`order` (for paired comparisons)."""
    order: tuple[Action, ...] = ()
    method: str = "played out"
    """``"solved"`` or ``"played out"``."""

    @property
    def best(self) -> OptionValue:
        return self.options[0]

    def value(self, action: Action) -> float:
        """The expected score after ``action`` (which must be one of the options)."""
        for option in self.options:
            if option.action == action:
                return option.expected
        raise KeyError(f"{action} was not evaluated.")

    def gain(self, better: Action, worse: Action) -> tuple[float, float]:
        """The paired gain of ``better`` over ``worse`` on the same deals: mean, standard error."""
        return self.evidence.gain(self.order.index(better), self.order.index(worse))


def action_text(action: Action) -> str:
    """An action as players read it, in English: ``10♠``, ``pick``, ``bury Q♣ 7♥``, ``call A♥``
    (:func:`~tricktable.words.action_words` gives it in any language)."""
    return str(action_words(action))


def options_for(view: SheepsheadView, settings: EvaluationSettings,
                include: Sequence[Action] = ()) -> list[Action]:
    """The options worth scoring: every legal one, but only the most promising buries and, for
    a call with an unknown card, one card set aside (``basic``'s) — plus any in ``include``."""
    legal = list(view.legal_actions)
    if view.phase is Phase.BURY:
        ranked = rank_buries(view.hand, view.rules)
        options = ranked[:settings.bury_candidates]
        usual = BasicPlayer().choose(view, random.Random(0))
        extra = [usual, *include]
    elif view.phase is Phase.CALL and any(len(a.cards) == 2 for a in legal):
        usual = BasicPlayer().choose(view, random.Random(0))
        aside = usual.cards[1] if len(usual.cards) == 2 else None
        options = [a for a in legal if len(a.cards) < 2 or a.cards[1] == aside]
        extra = list(include)
    else:
        options, extra = legal, []
    for action in extra:
        if action not in options and action in legal:
            options.append(action)
    return options


def evaluate(view: SheepsheadView, rng: random.Random,
             settings: EvaluationSettings | None = None,
             include: Sequence[Action] = ()) -> Evaluation:
    """Score this seat's options from its view (see the module); ``include`` adds options the
    default selection would leave out (the bury a player chose)."""
    settings = settings or EvaluationSettings()
    if not view.legal_actions:
        raise ValueError("There is nothing to evaluate: it is not this seat's turn.")
    options = options_for(view, settings, include)
    solve = view.phase is Phase.PLAY and len(view.tricks) >= settings.solve_from_trick
    evidence = Evidence(len(options))
    method = "solved" if solve else "played out"
    tries = 0
    while evidence.samples < settings.samples and tries < 4 * settings.samples:
        tries += 1
        try:
            sample = sample_deals(view, rng, 1)[0]
        except NoConsistentDeal:
            if evidence.samples:
                break  # deals this constrained are too rare to draw: judge on those drawn
            raise
        weight = sample_weight(view, sample)
        if weight <= 0.0:
            continue
        if solve:
            try:
                evidence.add(weight, _solved(view, sample, options, settings))
                continue
            except SearchAborted:
                evidence = Evidence(len(options))
                solve, method = False, "played out"
        evidence.add(weight, _played_out(view, sample, options))
    means = evidence.means()
    ranked = sorted(range(len(options)), key=lambda k: (-means[k], k))
    return Evaluation(
        options=tuple(OptionValue(options[k], means[k]) for k in ranked),
        evidence=evidence, order=tuple(options), method=method,
    )


_ROLLOUT = BasicPlayer()


def _played_out(view: SheepsheadView, sample: SheepsheadSample,
                options: Sequence[Action]) -> list[float]:
    """This seat's score after each option, the rest of the hand played by ``basic``."""
    start = rebuild_state(view, sample)
    values = []
    rng = random.Random(0)  # basic never draws from it
    for option in options:
        state = start.copy()
        state.apply(option)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            state.apply(_ROLLOUT.choose(state.view(seat), rng))
        assert state.result is not None
        values.append(float(state.result.scores[view.seat]))
    return values


def _solved(view: SheepsheadView, sample: SheepsheadSample, options: Sequence[Action],
            settings: EvaluationSettings) -> list[float]:
    """This seat's score after each card under best play by everybody on this deal."""
    position = position_for(view, sample)
    solver = SheepsheadSolver(node_limit=settings.node_limit if not view.tricks else 0)
    moves = [_move(view, action) for action in options]
    me = view.seat
    values = []
    if position.leaster:
        for move in moves:
            position.make(move)
            values.append(float(solver.solve_leaster(position, me)))
            position.unmake()
        return values
    picker = view.picker
    assert picker is not None
    partner = None if view.alone else sample.partner
    team = position.team
    so_far = sum(position.points[s] for s in range(5) if team >> s & 1)
    so_far += mask_points(sample.buried)
    for move in moves:
        base = position.team_points
        position.make(move)
        band = _band(solver, position, so_far + position.team_points - base)
        position.unmake()
        values.append(seat_score(me, picker, partner, band, view.rules)
                      * view.stake_multiplier)
    return values


def _move(view: SheepsheadView, action: Action) -> int:
    if view.unknown_card is not None and action.card == view.unknown_card:
        return UNKNOWN_MOVE
    return INDEX_OF[action.card]


def _band(solver: SheepsheadSolver, position: SearchPosition, gained: int) -> int:
    """The scoring band the picker's team reaches under best play, as a representative total."""
    def reaches(total: int) -> bool:
        need = total - gained
        if need <= 0:
            return True
        return solver.solve(position, need - 1, need) >= need

    if reaches(61):
        return 91 if reaches(91) else 61
    return 31 if reaches(31) else 30
