"""What each option is worth to a Sheepshead seat, from its view only.

:func:`evaluate` samples deals that fit the view (weighted by the other players' picks and
passes, as ``strong`` does) and scores every option on each: a card from the third trick on by
double-dummy solving (the scoring band the picker's team reaches under best play), a pick or
pass, a bury, a call or an early card by playing the hand out with ``basic`` everywhere.  A
value is this seat's expected score for the hand ("points", as on the scoreboard).  The default
is ``basic``'s choice, left (as ``strong`` leaves it) only for a gain clear by half a standard
error for cards and two for the rest, whose played-out values are noisier, and by 0.05 points.
Of equivalent cards (the same result whatever the hidden cards) one is scored for all.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from tricktable.ai.evidence import Evidence
from tricktable.ai.sampling import NoConsistentDeal
from tricktable.ai.sheepshead.easy import all_equivalent, one_of_each
from tricktable.ai.sheepshead.inference import sample_weight
from tricktable.ai.sheepshead.outcomes import played_out, solved_values
from tricktable.ai.sheepshead.sampling import (
    DealSampler,
    SheepsheadSample,
    rebuild_state,
)
from tricktable.ai.sheepshead.solver import SearchAborted
from tricktable.ai.sheepshead.strong import rank_buries
from tricktable.ai.teaching.options import Evaluation, EvaluationSettings, ranked
from tricktable.game import Action
from tricktable.sheepshead.bots import BasicPlayer
from tricktable.sheepshead.state import Phase
from tricktable.sheepshead.view import SheepsheadView

__all__ = ["BIDDING_Z", "MARGIN", "PLAY_Z", "evaluate", "options_for", "usual_choice"]

PLAY_Z = 0.5
BIDDING_Z = 2.0
MARGIN = 0.05
"""As ``strong``: leave ``basic``'s choice only for a gain clear by this many standard errors
(played-out bidding is noisier) and by this many points."""
LIMIT = 4
"""Deals drawn at most per deal wanted."""

_ROLLOUT = BasicPlayer()
_ROLLOUT_RNG = random.Random(0)
"""``basic`` never draws from its generator: one is shared."""


def usual_choice(view: SheepsheadView) -> Action:
    """``basic``'s choice: the table practice a hint keeps unless the search clearly beats it."""
    return BasicPlayer().choose(view, random.Random(0))


def options_for(view: SheepsheadView, settings: EvaluationSettings,
                usual: Action) -> list[Action]:
    """The options worth scoring: every legal one, but only the most promising buries and, for
    a call with an unknown card, one card set aside (``basic``'s); ``usual`` always among
    them."""
    legal = list(view.legal_actions)
    if view.phase is Phase.BURY:
        options = rank_buries(view.hand, view.rules)[:settings.bury_candidates]
    elif view.phase is Phase.CALL and any(len(a.cards) == 2 for a in legal):
        aside = usual.cards[1] if len(usual.cards) == 2 else None
        options = [a for a in legal if len(a.cards) < 2 or a.cards[1] == aside]
    else:
        options = legal
    if usual not in options:
        options.append(usual)
    return options


def evaluate(view: SheepsheadView, rng: random.Random, settings: EvaluationSettings,
             include: Sequence[Action] = ()) -> Evaluation:
    """Score this seat's options from its view (see the module); ``include`` adds options the
    default selection would leave out (the bury a player chose)."""
    usual = usual_choice(view)
    options = options_for(view, settings, usual)
    extra = [a for a in dict.fromkeys(include) if a not in options and a in view.legal_actions]
    options += extra
    solve = view.phase is Phase.PLAY and len(view.tricks) >= settings.solve_from_trick
    scored, spread = _representatives(view, options, usual)
    evidence = Evidence(len(options))
    method = "solved" if solve else "played out"
    sampler = DealSampler(view)
    tries: list[int] = []
    tried = 0
    restarted = False
    while evidence.samples < settings.samples and tried < LIMIT * settings.samples:
        tried += 1
        try:
            sample = sampler.draw(rng)
        except NoConsistentDeal:
            if evidence.samples:
                break  # deals this constrained are too rare to draw: judge on those drawn
            raise
        weight = sample_weight(view, sample)
        if weight <= 0.0:
            continue
        if solve:
            try:
                evidence.add(weight, spread(_solved(view, sample, scored, settings)))
                tries.append(tried)
                continue
            except SearchAborted:
                evidence, tries = Evidence(len(options)), []
                solve, method, restarted = False, "played out", True
        evidence.add(weight, spread(_played_out(view, sample, scored)))
        tries.append(tried)
    z = PLAY_Z if view.phase is Phase.PLAY else BIDDING_Z
    return ranked(options, evidence, method=method, default=usual, z=z, margin=MARGIN,
                  extra=extra, tries=tries, limit=LIMIT, restarted=restarted)


def _representatives(view: SheepsheadView, options: list[Action], usual: Action,
                     ) -> tuple[list[Action], Callable[[list[float]], list[float]]]:
    """The options to score — one card of each set of equivalent ones (whatever the hidden
    cards, they lead to the same result: :mod:`~tricktable.ai.sheepshead.easy`) — and how to
    spread their values over every option (an equivalent card gets its representative's)."""
    if view.phase is not Phase.PLAY:
        return options, _same
    scored = one_of_each(view, options, usual)
    if len(scored) == len(options):
        return options, _same
    where = []
    for option in options:
        if option in scored:
            where.append(scored.index(option))
        else:
            where.append(next(k for k, kept in enumerate(scored)
                              if all_equivalent(view, [option, kept])))
    return scored, lambda values: [values[k] for k in where]


def _same(values: list[float]) -> list[float]:
    return values


def _played_out(view: SheepsheadView, sample: SheepsheadSample,
                options: Sequence[Action]) -> list[float]:
    """This seat's score after each option, the rest of the hand played by ``basic``."""
    return played_out(view, rebuild_state(view, sample), options, _ROLLOUT, _ROLLOUT_RNG)


def _solved(view: SheepsheadView, sample: SheepsheadSample, options: Sequence[Action],
            settings: EvaluationSettings) -> list[float]:
    """This seat's score after each card under best play by everybody on this deal."""
    node_limit = settings.node_limit if not view.tricks else 0
    return solved_values(view, sample, options, node_limit, view.stake_multiplier)
