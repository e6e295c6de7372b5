"""``strong`` for two-player Spades: Monte Carlo over the deals that fit the view, solved double
dummy.

**Deals.**  For each decision the player draws deals consistent with its view
(:mod:`tricktable.ai.spades.sampling`), weighs them by how well they explain the opponent's draw
and bid (:mod:`tricktable.ai.spades.inference`) and resamples them in proportion to those
weights, so the solver's time goes to the plausible deals.

**What a hand is worth.**  The solver plays to a utility over the tricks seat 0 finishes with
(:func:`utility_table`): the hand's score difference, with each new bag charged its long-run cost
(every tenth bag costs 100) while the game is far from over, and a bonus for winning the game
when the hand ends it.

**Decisions.**

- *Play*: on each deal, every legal card is solved exactly (equivalent cards share one search);
  the card with the best mean wins, ties going to ``basic``'s choice.
- *Bid*: on each deal the solver finds the tricks this seat takes when both sides play for
  tricks, and whether it could make nil; each bid is worth its mean utility over the deals
  (the opponent's bid, if not yet made, predicted from the hand the deal gives him).
- *Draw*: rollouts of this seat's own remaining draw (its later cards do not depend on the
  opponent's choices), both ways, valued by the final hand's best expected score.
- *Double nil, exchange*: ``basic``'s rules (rare decisions).

Budgets: :class:`~tricktable.ai.budget.Budget` caps the deals per decision and the solver nodes
they may cost (:data:`DEFAULT_BUDGET`: 48 deals, 125,000 nodes), and each solve gives up where
the decision's nodes would run out (one and a half budgets for the first ``min_samples`` deals),
so one huge solve cannot run away.  Nodes, not seconds: a decision depends only on the view and
the generator, on a busy machine as on an idle one.  The draw's rollouts solve nothing: four per
deal of the budget (192, about 10 ms), bounded by their count.  A time budget (``time_ms``) is
still taken where one is given, on top of the nodes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from math import exp

from tricktable.ai.budget import Budget, Clock
from tricktable.ai.spades.inference import (
    DEFAULT_MODEL,
    OpponentModel,
    read_evidence,
    sample_weight,
)
from tricktable.ai.spades.sampling import (
    SpadesSample,
    position_for,
    read_knowledge,
    sample_one,
)
from tricktable.ai.spades.solver import SearchAborted, SpadesSolver, trick_payoff
from tricktable.cards import FULL_DECK, cards_of, mask_of
from tricktable.game import DOUBLE_NIL, KEEP, REJECT, Action, legal_choices
from tricktable.spades.bots import BasicPlayer
from tricktable.spades.evaluation import TrickWeights, estimate_tricks, nil_success
from tricktable.spades.rules import Rules
from tricktable.spades.scoring import game_winner, score_seat
from tricktable.spades.search import SearchPosition, merged_moves
from tricktable.spades.state import Phase
from tricktable.spades.view import SpadesView

__all__ = ["DEFAULT_BUDGET", "StrongSettings", "StrongSpadesPlayer", "utility_table"]

DEFAULT_BUDGET = Budget(samples=48, time_ms=None, nodes=125_000)
"""``strong``'s own budget: up to 48 deals a decision and 125,000 solver nodes, no clock (see the
module).  The nodes keep a decision's CPU about where the 200 ms time budget kept it (p95 about
200 ms of CPU; the research notes' "Computer players", 2026-12-07)."""

_GRACE = 1.5
"""A solve the budget insists on (``min_samples``) may run until the decision has spent this many
budgets (nodes, or time where there is a time budget)."""

_NIL_TRICKS = 3
"""Nil is solved for only on deals where this seat, playing for tricks, takes at most this."""


@dataclass(frozen=True, slots=True, kw_only=True)
class StrongSettings:
    """The knobs of :class:`StrongSpadesPlayer`."""

    bag_cost: float = 8.0
    """What a bag costs in the long run beyond its point (every tenth bag costs 100)."""
    endgame: int = 150
    """Within this many points of the target, bags cost only their actual penalties."""
    win_bonus: float = 250.0
    """Utility of winning the game (and minus that of losing it) in the hand that ends it."""
    trick_shift: float = -0.4
    """Tricks added to the double-dummy count when bidding: open cards flatter the hand
    (against ``basic``, this seat took 0.4 tricks fewer than the true deal's double-dummy
    count, with a spread of 1.4 tricks)."""
    draw_rollouts: bool = True
    """Draw by rollouts (else by ``basic``'s rule): see :meth:`StrongSpadesPlayer._draw`."""
    draw_spread: float = 1.4
    """The spread of the tricks a drawn hand takes around its estimate, to value it."""
    trick_spread: float = 1.0
    """The spread of the tricks taken around the shifted double-dummy count of a deal (the
    deals themselves spread the count further)."""


def utility_table(
    *,
    bids: Sequence[int],
    double_nil: Sequence[bool],
    totals: Sequence[int],
    bags: Sequence[int],
    rules: Rules,
    settings: StrongSettings,
) -> tuple[float, ...]:
    """``table[t]``: seat 0's utility minus seat 1's when seat 0 takes ``t`` of 13 tricks."""
    near_end = max(totals) + settings.endgame >= rules.target
    cost = 0.0 if near_end else settings.bag_cost
    table = []
    for t in range(14):
        first = score_seat(bid=bids[0], tricks=t, double_nil=double_nil[0], total=totals[0],
                           bags=bags[0], rules=rules)
        second = score_seat(bid=bids[1], tricks=13 - t, double_nil=double_nil[1],
                            total=totals[1], bags=bags[1], rules=rules)
        value = float(first.score - second.score)
        value -= cost * ((first.bags_total - bags[0]) - (second.bags_total - bags[1]))
        winner = game_winner((first.total, second.total), rules.target)
        if winner is not None:
            value += settings.win_bonus if winner == 0 else -settings.win_bonus
        table.append(value)
    return tuple(table)


class StrongSpadesPlayer:
    """Plays the cards and bids by sampling deals and solving them double dummy."""

    name = "strong"

    def __init__(
        self,
        budget: Budget | None = None,
        *,
        model: OpponentModel | None = None,
        settings: StrongSettings | None = None,
    ) -> None:
        self.budget = budget if budget is not None else DEFAULT_BUDGET
        self.model = model if model is not None else DEFAULT_MODEL
        self.settings = settings if settings is not None else StrongSettings()
        self.fallback = BasicPlayer()
        self.nodes = 0
        """Solver nodes searched so far, over every decision (aborted searches too)."""

    def choose(self, view: SpadesView, rng: random.Random) -> Action:
        legal = legal_choices(view)
        if len(legal) == 1:
            return legal[0]
        if view.phase is Phase.PLAY:
            return self._play(view, legal, rng)
        if view.phase is Phase.BID:
            return self._bid(view, rng)
        choice = self.fallback.choose(view, rng)
        if (
            view.phase is Phase.DRAW
            and choice is not DOUBLE_NIL
            and self.settings.draw_rollouts
            and not view.double_nil[view.seat]
        ):
            return self._draw(view, choice, rng)
        return choice

    # --- Deals --------------------------------------------------------------------------------

    def _deals(self, view: SpadesView, rng: random.Random) -> list[SpadesSample]:
        """``budget.samples`` deals drawn in proportion to their weights (the same deal may
        come more than once), in random order."""
        count = self.budget.samples
        knowledge = read_knowledge(view)
        evidence = read_evidence(view, knowledge, self.model)
        pool = [sample_one(knowledge, rng, evidence.tilt) for _ in range(count)]
        weights = [sample_weight(evidence, s, self.model) for s in pool]
        total = sum(weights)
        if total <= 0:
            return pool
        step = total / count
        point = rng.random() * step
        picks: list[SpadesSample] = []
        cumulative = 0.0
        for sample, weight in zip(pool, weights, strict=True):
            cumulative += weight
            while point < cumulative and len(picks) < count:
                picks.append(sample)
                point += step
        while len(picks) < count:  # rounding at the very end
            picks.append(pool[-1])
        rng.shuffle(picks)
        return picks

    def _table(self, view: SpadesView, bids: Sequence[int]) -> tuple[float, ...]:
        return utility_table(bids=bids, double_nil=view.double_nil, totals=view.totals,
                             bags=view.bags, rules=view.rules, settings=self.settings)

    # --- Play ---------------------------------------------------------------------------------

    def _play(self, view: SpadesView, legal: Sequence[Action], rng: random.Random) -> Action:
        cards = [a.card for a in legal]
        if self._all_equivalent(view, cards):
            return self.fallback.choose(view, rng)
        me = view.seat
        sign = 1.0 if me == 0 else -1.0
        bids = [b or 0 for b in view.bids]
        table = self._table(view, bids)
        totals = dict.fromkeys(cards, 0.0)
        solved: dict[int, dict[int, float]] = {}
        clock = Clock(self.budget)
        for sample in self._deals(view, rng):
            if not clock.more():
                break
            values = solved.get(id(sample))
            cost = 0
            if values is None:
                solver = self._solver(table, clock)
                try:
                    values = self._card_values(view, sample, table, solver)
                except SearchAborted:
                    self.nodes += solver.nodes
                    break
                solved[id(sample)] = values
                cost = solver.nodes
                self.nodes += cost
            for card in cards:
                totals[card] += sign * values[card]
            clock.tick(cost)
        choice = self.fallback.choose(view, rng)
        if not clock.done:
            return choice  # not even one deal solved in time
        best = max(totals.values())
        if totals.get(choice.card, -float("inf")) >= best - 1e-6 * max(1.0, abs(best)):
            return choice
        return Action.play(max(cards, key=lambda c: (totals[c], -c)))

    def _solver(self, payoff: Sequence[float], clock: Clock, spent: int = 0) -> SpadesSolver:
        """A solver for the next deal that gives up (:class:`SearchAborted`) where the decision's
        budget would run out, ``spent`` nodes already taken on this deal by another solver: at
        the node budget, or at one and a half for the deals the budget insists on
        (``min_samples``); likewise at the time budget's end, where there is one."""
        budget = self.budget
        grace = _GRACE if clock.done < budget.min_samples else 1.0
        limit = clock.node_limit(grace)
        if limit:
            limit = max(1, limit - spent)
        ms = budget.time_ms
        deadline = None if ms is None else clock.start + grace * ms / 1000
        return SpadesSolver(payoff, node_limit=limit, deadline=deadline, clock=clock.now)

    @staticmethod
    def _card_values(
        view: SpadesView, sample: SpadesSample, table: tuple[float, ...],
        solver: SpadesSolver | None = None,
    ) -> dict[int, float]:
        """Every legal card's value on ``sample`` (by ``solver``, a fresh one by default)."""
        position = position_for(view, sample)
        if solver is None:
            solver = SpadesSolver(table)
        values = solver.move_values(position)
        classes = position.move_classes()
        return {card: values[classes[card]] for card in classes}

    @staticmethod
    def _all_equivalent(view: SpadesView, cards: Sequence[int]) -> bool:
        """Whether every legal card is equivalent whatever the opponent holds."""
        others = FULL_DECK & ~mask_of(view.hand)
        for trick in view.tricks:
            others &= ~mask_of(trick.cards)
        return len(merged_moves(mask_of(cards), others)) == 1

    # --- Draw ---------------------------------------------------------------------------------

    def _draw(self, view: SpadesView, choice: Action, rng: random.Random) -> Action:
        """Keep or reject by rollouts: my own later draws depend only on the stock cards at my
        turns, which are a random order of the cards I have not seen.  Each rollout deals
        those, finishes my draw both ways (keeping or rejecting now) with a quick policy (keep
        what ``basic`` keeps at least half the time), and values the two final hands by the
        best bid's expected score (or nil's); both ways share the cards (common random
        numbers), and the better mean wins, ties going to ``basic``."""
        top = view.top_card
        assert top is not None
        hand = mask_of(view.hand)
        discards = mask_of(view.discarded)
        unseen = list(cards_of(FULL_DECK & ~hand & ~discards & ~(1 << top)))
        turn = (52 - view.stock_left) // 2
        later = len(range(turn + 2, 26, 2))
        value = _HandValue(view, self.settings, self.model.weights)
        # A rollout costs a few hundredths of a solve and no solver nodes: allow four per sample
        # of the budget (the count alone bounds them unless there is a time budget).
        clock = Clock(replace(self.budget, samples=4 * self.budget.samples))
        keep = reject = 0.0
        while clock.more():
            rng.shuffle(unseen)
            other = unseen[0]
            stock = unseen[1 : 1 + 2 * later]
            keep += value(*_finish_draw(hand | 1 << top, discards | 1 << other, stock))
            reject += value(*_finish_draw(hand | 1 << other, discards | 1 << top, stock))
            clock.tick()
        if abs(keep - reject) <= 1e-9 * max(1.0, abs(keep)):
            return choice
        return KEEP if keep > reject else REJECT

    # --- Bid ----------------------------------------------------------------------------------

    def _bid(self, view: SpadesView, rng: random.Random) -> Action:
        me, opp = view.seat, 1 - view.seat
        leader = 1 - view.first
        unseen_by_him = mask_of(view.taken) | mask_of(view.discarded)
        clock = Clock(self.budget)
        outcomes: list[tuple[int, int, bool]] = []
        known: dict[int, tuple[int, int, bool]] = {}
        hand = mask_of(view.hand)
        guess: int | None = round(estimate_tricks(
            hand, FULL_DECK & ~hand & ~unseen_by_him, 0.5, self.model.weights))
        for sample in self._deals(view, rng):
            if not clock.more():
                break
            outcome = known.get(id(sample))
            cost = 0
            if outcome is None:
                hands = list(sample.hands)
                his_bid = view.bids[opp]
                if his_bid is None:
                    tau = estimate_tricks(hands[opp], unseen_by_him, 0.5, self.model.weights)
                    his_bid = max(1, min(13, round(tau + self.model.bid_offset)))
                solvers = [self._solver(trick_payoff(), clock)]
                try:
                    tricks = guess = self._dd_tricks(solvers[0], hands, leader, me, guess)
                    nil = False
                    if tricks <= _NIL_TRICKS:
                        solvers.append(self._solver(_nil_payoff(me), clock,
                                                    spent=solvers[0].nodes))
                        nil = self._dd_nil(solvers[1], hands, leader)
                except SearchAborted:
                    self.nodes += sum(s.nodes for s in solvers)
                    break
                cost = sum(s.nodes for s in solvers)
                self.nodes += cost
                outcome = known[id(sample)] = (tricks, his_bid, nil)
            outcomes.append(outcome)
            clock.tick(cost)
        if not outcomes:
            return self.fallback.choose(view, rng)  # not even one deal solved in time
        kernel = _kernel(self.settings.trick_shift, self.settings.trick_spread)
        values: dict[int, float] = {}
        for bid in range(14):
            total = 0.0
            for tricks, his_bid, nil in outcomes:
                bids = [0, 0]
                bids[me], bids[opp] = bid, his_bid
                table = self._table(view, bids)
                mine = table if me == 0 else tuple(-v for v in reversed(table))
                if bid == 0:
                    total += mine[0] if nil else mine[max(1, tricks)]
                    continue
                for offset, chance in kernel:
                    total += chance * mine[max(0, min(13, tricks + offset))]
            values[bid] = total / max(1, len(outcomes))
        best = max(values, key=lambda b: (values[b], -b))
        return Action.bid(best)

    @staticmethod
    def _dd_tricks(solver: SpadesSolver, hands: list[int], leader: int, me: int,
                   guess: int | None) -> int:
        """The tricks ``me`` takes when both sides play for tricks, double dummy, by ``solver``
        (of :func:`trick_payoff`); ``guess``, a likely answer such as another deal's, speeds the
        search up."""
        position = SearchPosition(hands=hands, leader=leader)
        if guess is not None and me == 1:
            guess = 13 - guess
        value = int(solver.value(position, guess))
        return value if me == 0 else 13 - value

    @staticmethod
    def _dd_nil(solver: SpadesSolver, hands: list[int], leader: int) -> bool:
        """Whether the seat of ``solver``'s table (:func:`_nil_payoff`) can take no trick at all
        against an opponent set on giving him one."""
        position = SearchPosition(hands=hands, leader=leader)
        return solver.solve(position, 0, 1) >= 1


# --- Helpers ----------------------------------------------------------------------------------


def _nil_payoff(me: int) -> list[int]:
    """The payoff table of ``me``'s nil: 1 when it takes no trick, else 0."""
    payoff = [0] * 14
    payoff[0 if me == 0 else 13] = 1
    return payoff


def _finish_draw(hand: int, discards: int, stock: Sequence[int]) -> tuple[int, int]:
    """My hand and discards after my later draws from ``stock`` (pairs, top card first), each
    keeping the top card when ``basic`` keeps such a card at least half the time."""
    for k in range(0, len(stock), 2):
        top, second = stock[k], stock[k + 1]
        if _KEEPS[top]:
            hand |= 1 << top
            discards |= 1 << second
        else:
            hand |= 1 << second
            discards |= 1 << top
    return hand, discards


_KEEPS: tuple[bool, ...] = tuple(
    (c % 13 >= 4) if c // 13 == 1 else (c % 13 >= 10) for c in range(52)
)
"""Cards ``basic`` keeps at least half the time it sees them on top: spades from the six,
side queens, kings and aces."""


class _HandValue:
    """What a 13-card hand is worth when the draw ends: the expected score of its best bid
    (tricks spread around the hand's estimate) or of nil, whichever is more."""

    def __init__(self, view: SpadesView, settings: StrongSettings, weights: TrickWeights) -> None:
        me = view.seat
        rules = view.rules
        near_end = max(view.totals) + settings.endgame >= rules.target
        cost = 0.0 if near_end else settings.bag_cost
        self.weights = weights

        def utility(bid: int, tricks: int) -> float:
            score = score_seat(bid=bid, tricks=tricks, total=view.totals[me], bags=view.bags[me],
                               rules=rules)
            return score.score - cost * (score.bags_total - view.bags[me])

        self.table = [[utility(b, t) for t in range(14)] for b in range(14)]
        self.spread = settings.draw_spread
        self.cache: dict[int, float] = {}

    def bid_value(self, tricks: float) -> float:
        """The best numeric bid's expected utility for a hand expected to take ``tricks``."""
        slot = round(tricks * 20)
        found = self.cache.get(slot)
        if found is None:
            odds = [exp(-0.5 * ((t - slot / 20) / self.spread) ** 2) for t in range(14)]
            total = sum(odds)
            found = max(
                sum(o * u for o, u in zip(odds, self.table[b], strict=True)) / total
                for b in range(1, 14)
            )
            self.cache[slot] = found
        return found

    def __call__(self, hand: int, discards: int) -> float:
        possible = FULL_DECK & ~hand & ~discards
        tricks = estimate_tricks(hand, possible, 0.5, self.weights)
        value = self.bid_value(tricks)
        if tricks < _NIL_ESTIMATE:
            chance = nil_success(hand, possible, 0.5)
            value = max(value, chance * self.table[0][0] + (1 - chance) * self.table[0][1])
        return value


_NIL_ESTIMATE = 3.0
"""Nil is valued only for hands expected to take fewer tricks than this."""


def _kernel(shift: float, spread: float) -> list[tuple[int, float]]:
    """A discrete normal law of trick offsets around ``shift``."""
    if spread <= 0:
        return [(round(shift), 1.0)]
    weights = [(k, exp(-0.5 * ((k - shift) / spread) ** 2)) for k in range(-4, 5)]
    total = sum(w for _, w in weights)
    return [(k, w / total) for k, w in weights if w / total > 1e-3]
