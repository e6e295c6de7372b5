"""What each bid or card is worth to a Spades seat, from its view only.

:func:`evaluate` draws deals that fit the view one after another (tilted by the opponent's draw
and weighted by how well they explain his bid, as ``strong`` weighs them) and scores every
option on each, as ``strong`` does:

- a card: every legal card solved double dummy on the deal;
- a bid: the tricks this seat takes on the deal when both sides play for tricks (and whether
  nil would hold), each bid's score spread around that count.

One solver per decision serves all its deals (its transposition table is exact whatever deal
reached a position), and the deals stop at the settings' node budget once a third of them are
in (:attr:`~tricktable.ai.teaching.options.EvaluationSettings.spades_nodes`): a bid or a
first trick, each deal a long solve, is judged on fewer deals, so a hint answers in time; a
review of the same decision has twice the budget and draws the same deals first.

A value is this seat's expected score margin for the hand: its score minus the opponent's, each
new bag charged its long-run cost while the game is far from over, and winning the game worth
250 in the hand that ends it (:func:`~tricktable.ai.spades.strong.utility_table`).  The default
is ``basic``'s choice, left only for a gain clear by half a standard error and 0.5 points.
The draw and a double nil's exchange are not searched: their evaluation is ``basic``'s rule
alone, with no deals.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tricktable.ai.evidence import Evidence
from tricktable.ai.spades.inference import DEFAULT_MODEL, read_evidence, sample_weight
from tricktable.ai.spades.sampling import SpadesSample, position_for, read_knowledge, sample_one
from tricktable.ai.spades.solver import SpadesSolver, trick_payoff
from tricktable.ai.spades.strong import StrongSettings, _kernel, utility_table
from tricktable.ai.teaching.options import (
    Evaluation,
    EvaluationSettings,
    over_budget,
    ranked,
)
from tricktable.cards import FULL_DECK, mask_of
from tricktable.game import Action, ActionKind
from tricktable.spades.bots import BasicPlayer
from tricktable.spades.evaluation import estimate_tricks
from tricktable.spades.search import SearchPosition
from tricktable.spades.state import Phase
from tricktable.spades.view import SpadesView

__all__ = ["MARGIN", "Z", "evaluate", "searched", "usual_choice"]

Z = 0.5
MARGIN = 0.5
"""How clearly the best must beat ``basic``'s choice: standard errors, and points (Spades
points come in tens: ten times Sheepshead's margin)."""
LIMIT = 4
"""Deals drawn at most per deal wanted."""
_SETTINGS = StrongSettings()
_NIL_TRICKS = 3
"""Nil is solved for only on deals where this seat, playing for tricks, takes at most this."""


def usual_choice(view: SpadesView) -> Action:
    """``basic``'s choice: the table practice a hint keeps unless the search clearly beats it."""
    return BasicPlayer().choose(view, random.Random(0))


def searched(view: SpadesView) -> bool:
    """Whether this decision is searched (a bid or a card) or left to ``basic``'s rule."""
    return view.phase in (Phase.BID, Phase.PLAY)


def evaluate(view: SpadesView, rng: random.Random, settings: EvaluationSettings,
             include: Sequence[Action] = ()) -> Evaluation:
    """Score this seat's bids or cards from its view (see the module)."""
    usual = usual_choice(view)
    legal = list(view.legal_actions)
    if not searched(view):
        extra = [a for a in dict.fromkeys(include) if a != usual and a in legal]
        return ranked([usual, *extra], Evidence(1 + len(extra)), method="rule", default=usual,
                      z=Z, margin=MARGIN, extra=extra, limit=LIMIT)
    options = legal
    knowledge = read_knowledge(view)
    evidence_of_him = read_evidence(view, knowledge, DEFAULT_MODEL)
    scorer: _CardScorer | _BidScorer = (
        _CardScorer(view) if view.phase is Phase.PLAY else _BidScorer(view))
    evidence = Evidence(len(options))
    tries: list[int] = []
    costs: list[int] = []
    tried = 0
    budget = settings.spades_nodes
    while evidence.samples < settings.samples and tried < LIMIT * settings.samples:
        if over_budget(evidence.samples, scorer.nodes, budget, settings.samples):
            break
        tried += 1
        sample = sample_one(knowledge, rng, evidence_of_him.tilt)
        weight = sample_weight(evidence_of_him, sample, DEFAULT_MODEL)
        if weight <= 0.0:
            continue
        evidence.add(weight, scorer(sample, options))
        tries.append(tried)
        costs.append(scorer.nodes)
    return ranked(options, evidence, method="solved", default=usual, z=Z, margin=MARGIN,
                  tries=tries, limit=LIMIT, costs=costs, budget=budget)


def _table(view: SpadesView, bids: Sequence[int]) -> tuple[float, ...]:
    return utility_table(bids=bids, double_nil=view.double_nil, totals=view.totals,
                         bags=view.bags, rules=view.rules, settings=_SETTINGS)


class _CardScorer:
    """Each legal card's value on a deal, solved double dummy.  One solver serves every deal
    of the decision: its transposition table holds exact bounds of positions (both hands,
    tricks, leader) under the one payoff table, true whatever deal reached them, so later
    deals reuse what earlier ones found (the values are the same as fresh solvers')."""

    def __init__(self, view: SpadesView) -> None:
        self.view = view
        self.table = _table(view, [b or 0 for b in view.bids])
        self.sign = 1.0 if view.seat == 0 else -1.0
        self.solver = SpadesSolver(self.table)

    @property
    def nodes(self) -> int:
        """Solver nodes searched so far, over every deal."""
        return self.solver.nodes

    def __call__(self, sample: SpadesSample, options: Sequence[Action]) -> list[float]:
        position = position_for(self.view, sample)
        values = self.solver.move_values(position)
        classes = position.move_classes()
        return [self.sign * values[classes[a.card]] for a in options]


class _BidScorer:
    """Each bid's value on a deal: the tricks this seat takes playing for tricks, spread as
    ``strong`` spreads them, and nil's outcome solved where it may hold."""

    def __init__(self, view: SpadesView) -> None:
        self.view = view
        me, opp = view.seat, 1 - view.seat
        self.me, self.opp = me, opp
        self.leader = 1 - view.first
        self.unseen_by_him = mask_of(view.taken) | mask_of(view.discarded)
        hand = mask_of(view.hand)
        self.guess: int | None = round(estimate_tricks(
            hand, FULL_DECK & ~hand & ~self.unseen_by_him, 0.5, DEFAULT_MODEL.weights))
        self.kernel = _kernel(_SETTINGS.trick_shift, _SETTINGS.trick_spread)
        self.tables: dict[tuple[int, int], tuple[float, ...]] = {}
        # One solver for the tricks and one for nil, shared by the deals (see _CardScorer).
        self.tricks = SpadesSolver(trick_payoff())
        nil = [0] * 14
        nil[0 if me == 0 else 13] = 1
        self.nil = SpadesSolver(nil)

    @property
    def nodes(self) -> int:
        """Solver nodes searched so far, over every deal."""
        return self.tricks.nodes + self.nil.nodes

    def _dd_tricks(self, hands: list[int]) -> int:
        """The tricks this seat takes when both sides play for tricks, double dummy (the last
        deal's count, a likely answer, tried first), as ``strong`` counts them."""
        position = SearchPosition(hands=hands, leader=self.leader)
        guess = self.guess
        if guess is not None and self.me == 1:
            guess = 13 - guess
        value = int(self.tricks.value(position, guess))
        return value if self.me == 0 else 13 - value

    def _dd_nil(self, hands: list[int]) -> bool:
        """Whether this seat can take no trick against an opponent set on giving it one."""
        position = SearchPosition(hands=hands, leader=self.leader)
        return self.nil.solve(position, 0, 1) >= 1

    def _mine(self, bid: int, his_bid: int) -> tuple[float, ...]:
        """The utility table from this seat's side for these bids."""
        found = self.tables.get((bid, his_bid))
        if found is None:
            bids = [0, 0]
            bids[self.me], bids[self.opp] = bid, his_bid
            table = _table(self.view, bids)
            found = table if self.me == 0 else tuple(-v for v in reversed(table))
            self.tables[bid, his_bid] = found
        return found

    def __call__(self, sample: SpadesSample, options: Sequence[Action]) -> list[float]:
        hands = list(sample.hands)
        his_bid = self.view.bids[self.opp]
        if his_bid is None:
            tau = estimate_tricks(hands[self.opp], self.unseen_by_him, 0.5,
                                  DEFAULT_MODEL.weights)
            his_bid = max(1, min(13, round(tau + DEFAULT_MODEL.bid_offset)))
        tricks = self.guess = self._dd_tricks(hands)
        nil = tricks <= _NIL_TRICKS and self._dd_nil(hands)
        values = []
        for action in options:
            assert action.kind is ActionKind.BID
            bid = action.number
            assert bid is not None
            mine = self._mine(bid, his_bid)
            if bid == 0:
                values.append(mine[0] if nil else mine[max(1, tricks)])
                continue
            values.append(sum(chance * mine[max(0, min(13, tricks + offset))]
                              for offset, chance in self.kernel))
        return values
