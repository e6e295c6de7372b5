"""``strong`` for Sheepshead: Monte Carlo over the deals that fit the view.

Every decision samples deals consistent with everything the seat knows
(:mod:`tricktable.ai.sheepshead.sampling`) and weights them by how well they explain the other
players' picks and passes (:mod:`tricktable.ai.sheepshead.inference`) and, given a
:class:`~tricktable.ai.sheepshead.play_inference.PlayModel`, the cards they chose to play.

- A card to play from the third trick on: on each deal every legal card is solved with the
  double-dummy solver; a card's value is this seat's score for the hand that best play from
  there gives.  The solver answers the question the score asks — which scoring band (31, 61,
  91 points) the picker's team reaches — with zero-window searches, far faster than exact points.
- Pick or pass, the bury, the call, and cards in the first two tricks (where open-card solving
  judges a hand with so much hidden too optimistically, and is slow): each option is played out
  to the end of the hand on every deal, everybody (this seat included) playing as ``basic``
  from there, and scored.

The player starts from ``basic``'s choice and leaves it only for an option whose paired gain
over it on the same deals is clear (:class:`~tricktable.ai.evidence.Evidence`): half a standard
error for cards, two for picks, buries and calls, whose played-out values are noisier.  The
conventions hold as for ``basic``: a defender holding fail does not lead trump without
``basic``'s reason, and a schmear ``basic`` makes is made (the search picks the card).  Of
cards that are equivalent (:mod:`~tricktable.ai.sheepshead.easy`) only one is searched.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Final

from tricktable.ai.budget import Budget, Clock
from tricktable.ai.evidence import Evidence
from tricktable.ai.sampling import NoConsistentDeal
from tricktable.ai.sheepshead.easy import all_equivalent, one_of_each
from tricktable.ai.sheepshead.inference import sample_weight
from tricktable.ai.sheepshead.outcomes import played_out, seat_score, solved_values
from tricktable.ai.sheepshead.play_inference import PlayModel
from tricktable.ai.sheepshead.sampling import (
    DealSampler,
    SheepsheadSample,
    rebuild_state,
)
from tricktable.ai.sheepshead.solver import SearchAborted
from tricktable.cards import Card
from tricktable.game import Action, legal_choices
from tricktable.sheepshead.bots import BasicPlayer, score_bury_and_call
from tricktable.sheepshead.deck import POINTS, card_mask, is_trump
from tricktable.sheepshead.knowledge import Side, known_sides, trick_state
from tricktable.sheepshead.rules import Rules
from tricktable.sheepshead.state import HandState, Phase, call_options
from tricktable.sheepshead.view import SheepsheadView

__all__ = ["Leaf", "StrongSheepsheadPlayer", "seat_score", "rank_buries"]

Leaf = Callable[[SheepsheadView, HandState, Sequence[Action]], list[float]]
"""A judgement of played-out cards on one sampled deal: this seat's value after each option
from the deal's state (see :mod:`tricktable.ai.sheepshead.learned`)."""

_BURY_CANDIDATES: Final = 4
_MARGIN: Final = 0.05
"""``margin``'s default."""
_SETTLE_EFFECTIVE: Final = 6.0
"""Deals a choice must effectively rest on (weighted, see :meth:`Evidence.effective`) before it
may count as settled."""
_PLAYOUT_RNG: Final = random.Random(0)
"""The generator ``basic`` is handed in play-outs: it never draws from it (it is deterministic),
so one is shared instead of seeding a new one per option."""
_NODE_LIMIT: Final = 40_000
"""Solver nodes one deal may take in the first trick (about 40 ms compiled) before the player
gives up solving for this decision and plays the hands out instead."""


def _teammate_winning(view: SheepsheadView) -> bool:
    """Whether the trick in progress is being won by a player this seat knows is its teammate."""
    trick = trick_state(view.current_trick, view.seat, view.called)
    winner = trick.best_seat
    return winner is not None and winner != view.seat and known_sides(view)[winner] is Side.MINE


def _card_options(view: SheepsheadView, usual: Action) -> list[Action]:
    """The cards worth searching: all legal ones, but the conventions hold — a defender holding
    fail does not lead trump unless ``basic`` (whose exceptions have reasons) would, and where
    ``basic`` schmears an ace or ten onto a teammate's trick, so does this player (the search
    only picks which one)."""
    legal = list(view.legal_actions)
    if POINTS[usual.card] >= 10 and _teammate_winning(view):
        return [a for a in legal if POINTS[a.card] >= 10]
    defending = view.picker is not None and view.picker != view.seat and not view.is_partner
    if not defending or view.current_trick.cards:
        return legal
    fail = [a for a in legal if not is_trump(a.card)]
    if not fail or len(fail) == len(legal):
        return legal
    return fail if not is_trump(usual.card) else [*fail, usual]


def rank_buries(hand: Sequence[Card], rules: Rules) -> list[Action]:
    """Every bury, best first by ``basic``'s bury-and-call heuristics."""
    full = card_mask(hand)
    scored = []
    for first, second in combinations(sorted(hand), 2):
        pair = (1 << first) | (1 << second)
        kept = full & ~pair
        candidates, callable_ = call_options(kept, pair, rules)
        calls: list[Card | None] = list(callable_ or candidates) or [None]
        score = max(score_bury_and_call(kept, pair, call, None) for call in calls)
        scored.append((-score, first, second))
    scored.sort()
    return [Action.bury(first, second) for _, first, second in scored]


def _every_option(values: list[float], running: list[int], options: int) -> list[float]:
    """A deal's values for all ``options`` from those of the options still ``running`` (the
    first is the default): an option out of the race counts as the default."""
    every = [values[0]] * options
    for index, option in enumerate(running):
        every[option] = values[index]
    return every


class StrongSheepsheadPlayer:
    """Decides by sampling deals and solving or playing them out (see the module)."""

    name = "strong"

    def __init__(self, budget: Budget | None = None, *, search_bidding: bool = True,
                 search_played: bool = True, search_solved: bool = True,
                 solve_from_trick: int = 2, play_z: float = 0.5, bidding_z: float = 2.0,
                 play_model: PlayModel | None = None, settle_every: int = 0,
                 settle_after: int = 16, settle_k: float = 2.0,
                 margin: float = _MARGIN, conventions: bool = True,
                 race_z: float | None = None, leaf: Leaf | None = None) -> None:
        self.leaf = leaf
        """Judges the cards played out (before ``solve_from_trick``) instead of playing each
        option to the end of the hand with ``basic`` (None: play them out)."""
        self.budget = budget or Budget()
        self.conventions = conventions
        """Keep the conventions (see the module); off, every legal card is searched."""
        self.margin = margin
        """Expected points per hand a choice must gain over ``basic``'s before it is taken."""
        self.settle_every = settle_every
        self.settle_after = settle_after
        self.settle_k = settle_k
        """Stop sampling once the choice is settled (see :meth:`_settled`); 0: never."""
        self.race_z = race_z
        """For cards played out (before ``solve_from_trick``), race the options instead of
        settling: at each settling check drop those that could not beat ``basic``'s card even
        ``race_z`` standard errors above their mean gain, play out only the rest, and stop once
        ``basic``'s card is left alone (None: settle as for the rest)."""
        self.play_model = play_model
        """Weighs each sampled deal also by the cards the others played (None: by the picks
        and passes only, as ``pimc`` does)."""
        self.play_z = play_z
        self.bidding_z = bidding_z
        """How many standard errors a gain over ``basic``'s choice must clear, for a card and
        for a pick, bury or call (played-out hands are noisier than solved ones)."""
        self.solve_from_trick = solve_from_trick
        """The first trick (0-5) whose cards are chosen by solving sampled deals."""
        self.search_bidding = search_bidding
        """Also decide pick/pass, the bury, the call (and cracks and blitzes) by playing them
        out (else as basic)."""
        self.search_played = search_played
        """Search the cards played out (before ``solve_from_trick``; else play as basic)."""
        self.search_solved = search_solved
        """Search the cards solved (from ``solve_from_trick`` on; else play as basic)."""
        self.fallback = BasicPlayer()

    def choose(self, view: SheepsheadView, rng: random.Random) -> Action:
        # A decision allocates millions of short-lived objects and no cycles worth collecting:
        # the cyclic collector's passes were 5% of its CPU.
        enabled = gc.isenabled()
        gc.disable()
        try:
            return self._choose(view, rng)
        finally:
            if enabled:
                gc.enable()

    def _choose(self, view: SheepsheadView, rng: random.Random) -> Action:
        legal = legal_choices(view)
        if len(legal) == 1:
            return legal[0]
        usual = self.fallback.choose(view, rng)
        if view.phase is Phase.PLAY:
            # Early on too much is hidden for open-card solving to judge well (and it is slow):
            # play the hands out instead.
            solve = len(view.tricks) >= self.solve_from_trick
            if not (self.search_solved if solve else self.search_played):
                return usual
            options = _card_options(view, usual) if self.conventions else list(legal)
            evaluate = self._values if solve else self._rollouts
        elif not self.search_bidding:
            return usual
        else:
            options = self._bidding_options(view, usual)
            evaluate = self._rollouts
        if len(options) == 1:
            return options[0]
        if view.phase is Phase.PLAY:
            if all_equivalent(view, options):
                # Every deal would score every option alike: the search would keep its default.
                return usual if usual in options else options[0]
            options = one_of_each(view, options, usual)
        default = options.index(usual) if usual in options else None
        z = self.play_z if view.phase is Phase.PLAY else self.bidding_z
        race = (self.race_z is not None and self.settle_every > 0 and default is not None
                and view.phase is Phase.PLAY and len(view.tricks) < self.solve_from_trick)
        running = list(range(len(options)))
        evidence = Evidence(len(options))
        clock = Clock(self.budget)
        sampler = DealSampler(view)
        while clock.more():
            try:
                sample = sampler.draw(rng)
            except NoConsistentDeal:
                break  # deals this constrained are too rare to draw: decide on those drawn
            weight, replayed = self._weight(view, sample)
            if weight > 0.0:
                try:
                    if len(running) == len(options):
                        evidence.add(weight, evaluate(view, sample, options, replayed))
                    else:
                        values = evaluate(view, sample, [options[i] for i in running], replayed)
                        evidence.add(weight, _every_option(values, running, len(options)))
                except SearchAborted:
                    # Too deep to solve within the budget: play the hand out instead.
                    evidence = Evidence(len(options))
                    evaluate = self._rollouts
                    running = list(range(len(options)))
            clock.tick()
            if race:
                assert default is not None and self.race_z is not None
                if self._checking(evidence, clock.done):
                    running = evidence.drop_hopeless(default, self.race_z, self.margin)
                    if len(running) == 1:
                        break
            elif self._settled(evidence, clock.done, default, z):
                break
        if not evidence.samples:
            return usual
        # Leave sound table practice only where the deals show a clear gain.
        return options[evidence.choose(default, z=z, margin=self.margin)]

    def _checking(self, evidence: Evidence, done: int) -> bool:
        """Whether to check, after ``done`` deals, if the search may stop: every
        ``settle_every`` deals from ``settle_after`` on, once the deals effectively weigh
        enough."""
        every = self.settle_every
        if not every or done < self.settle_after or (done - self.settle_after) % every:
            return False
        return evidence.effective() >= _SETTLE_EFFECTIVE

    def _settled(self, evidence: Evidence, done: int, default: int | None, z: float) -> bool:
        """Whether more deals would hardly change the choice: checked as :meth:`_checking`
        says, the choice is settled when it stays the same with the bar for leaving the default
        lowered and raised by ``settle_k`` standard errors."""
        if default is None or not self._checking(evidence, done):
            return False
        k = self.settle_k
        low, high = evidence.choices(default, (z - k, z + k), margin=self.margin)
        return low == high

    def _weight(self, view: SheepsheadView,
                sample: SheepsheadSample) -> tuple[float, HandState | None]:
        """How well ``sample`` explains what the others did (not normalised), and the hand
        state the play model replayed to judge it (None if it did not)."""
        weight = sample_weight(view, sample)
        if weight > 0.0 and self.play_model is not None:
            likelihood, replayed = self.play_model.weigh(view, sample)
            return weight * likelihood, replayed
        return weight, None

    # --- Picking, burying, calling --------------------------------------------------------------

    def _bidding_options(self, view: SheepsheadView, usual: Action) -> list[Action]:
        """The options worth playing out: all of them, but only a few promising buries and
        one unknown card per call (the one ``basic`` would set aside)."""
        legal = list(view.legal_actions)
        if view.phase is Phase.BURY:
            ranked = rank_buries(view.hand, view.rules)
            options = [a for a in ranked[:_BURY_CANDIDATES]]
            if usual not in options:
                options.append(usual)
            return options
        if view.phase is Phase.CALL and any(len(a.cards) == 2 for a in legal):
            aside = usual.cards[1] if len(usual.cards) == 2 else None
            keep = [a for a in legal if len(a.cards) < 2 or a.cards[1] == aside]
            if len(keep) > 1:
                return keep
        return legal

    def _rollouts(self, view: SheepsheadView, sample: SheepsheadSample,
                  options: Sequence[Action], replayed: HandState | None) -> list[float]:
        """This seat's score after each option, the rest of the hand played by ``basic``
        from ``replayed`` (the state ``sample`` and the public history make, if already
        built)."""
        start = replayed if replayed is not None else rebuild_state(view, sample)
        if self.leaf is not None and view.phase is Phase.PLAY:
            return self.leaf(view, start, options)
        return played_out(view, start, options, self.fallback, _PLAYOUT_RNG)

    # --- Play ---------------------------------------------------------------------------------

    def _values(self, view: SheepsheadView, sample: SheepsheadSample,
                options: Sequence[Action], replayed: HandState | None) -> list[float]:
        return solved_values(view, sample, options, _NODE_LIMIT if not view.tricks else 0)
