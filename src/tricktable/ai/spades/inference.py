"""How likely a sampled deal is, given what the opponent chose with those cards.

The sampler (:mod:`tricktable.ai.spades.sampling`) deals the unseen cards close to uniformly
among the deals that fit the view.  But the opponent's hand is not a random half of the cards
he saw: he chose it card by card in the draw, and then bid on it.  A sample's weight is the
likelihood of those choices given the hand it deals him, under a simple model of a sound player:

- **The draw.**  Keeping the better card of each pair makes his hand stronger than a random
  13 of the 26 cards he saw (which are exactly the 26 this seat never saw).  His hand is
  sampled in proportion to the product over its cards of their odds of being kept — measured on
  the ``basic`` player: an ace of spades ends in the drawer's hand 86% of the time, a side two
  30% — raised to the power ``draw_tilt`` (:attr:`Evidence.tilt`, applied by the sampler, as
  importance weights this strong would leave few useful samples).  A double-nil bidder keeps
  low cards, so for him the tilt turns over.
- **The bid.**  His hand's trick estimate ``τ`` (from his side of the table,
  :func:`~tricktable.spades.evaluation.estimate_tricks` against the cards he never saw) makes
  a numeric bid ``b`` about ``τ + bid_offset`` (a sound player shades his bid
  to stay clear of a set; ``basic`` bids 1.3 under its estimate): the likelihood is a normal
  curve of width ``bid_spread`` around it, plus a small floor for bids no model explains.  A
  nil's likelihood is the hand's chance of taking no trick
  (:func:`~tricktable.spades.evaluation.nil_success`).

The model is deliberately looser than ``basic`` itself (which bids within half a trick of its
own estimate) so that another kind of opponent does not make the true deal vanish.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import exp

from tricktable.ai.spades.sampling import Knowledge, SpadesSample
from tricktable.spades.evaluation import TrickWeights, estimate_tricks, nil_success
from tricktable.spades.state import Phase
from tricktable.spades.view import SpadesView

__all__ = ["DEFAULT_MODEL", "Evidence", "OpponentModel", "read_evidence", "sample_weight"]


@dataclass(frozen=True, slots=True)
class OpponentModel:
    """The parameters of the likelihood model (see the module's notes)."""

    draw_tilt: float = 1.0
    """How strongly the draw tilts his hand toward the cards a sound player keeps (0: none)."""
    bid_offset: float = -1.3
    bid_spread: float = 0.8
    floor: float = 0.02
    """The least likelihood of any bid, relative to the most likely one."""
    weights: TrickWeights = field(default_factory=TrickWeights)


DEFAULT_MODEL = OpponentModel()


@dataclass(frozen=True, slots=True)
class Evidence:
    """What the opponent has done that his cards explain, read once per decision."""

    opponent: int
    bid: int | None
    """His bid (0 for nil), None until made."""
    double_nil: bool
    played: int
    """The cards he has played this hand."""
    unseen_by_him: int
    """The cards he never saw in the draw: those this seat took and discarded."""
    after_draw: bool
    tilt: tuple[float, ...]
    """The sampling weight of each card in his hand, from his draw (see the notes)."""


def read_evidence(
    view: SpadesView, knowledge: Knowledge, model: OpponentModel = DEFAULT_MODEL
) -> Evidence:
    """The opponent's decisions so far, and the draw tilt to sample his hand with."""
    opp = 1 - view.seat
    power = -model.draw_tilt if view.double_nil[opp] else model.draw_tilt
    return Evidence(
        opponent=opp,
        bid=None if view.double_nil[opp] else view.bids[opp],
        double_nil=view.double_nil[opp],
        played=knowledge.played[opp],
        unseen_by_him=knowledge.taken | knowledge.discarded,
        after_draw=knowledge.phase is not Phase.DRAW,
        tilt=tuple(odds**power for odds in _KEEP_ODDS),
    )


def sample_weight(
    evidence: Evidence, sample: SpadesSample, model: OpponentModel = DEFAULT_MODEL
) -> float:
    """The likelihood of the opponent's bid if ``sample`` is the truth (relative: only ratios
    between samples of one decision mean anything).  His draw is not in it: the samples are
    drawn tilted by ``evidence.tilt`` already."""
    bid = evidence.bid
    if not evidence.after_draw or bid is None:
        return 1.0
    hand = sample.hands[evidence.opponent] | evidence.played
    if bid == 0:
        return max(model.floor, nil_success(hand, evidence.unseen_by_him, 0.5))
    tricks = estimate_tricks(hand, evidence.unseen_by_him, 0.5, model.weights)
    miss = (bid - tricks - model.bid_offset) / model.bid_spread
    return model.floor + exp(-0.5 * miss * miss)


# The chance that a card the opponent saw in the draw ended in his hand, for the ``basic``
# player over 600 drawn hands (spades, then side suits; two to ace), as odds.
_SPADE_KEPT = (0.43, 0.49, 0.53, 0.53, 0.61, 0.62, 0.64, 0.67, 0.77, 0.81, 0.81, 0.85, 0.86)
_SIDE_KEPT = (0.30, 0.30, 0.32, 0.31, 0.33, 0.36, 0.36, 0.40, 0.44, 0.56, 0.63, 0.70, 0.79)
_KEEP_ODDS: tuple[float, ...] = tuple(
    (p / (1 - p))
    for p in (
        (_SPADE_KEPT if suit == 1 else _SIDE_KEPT)[rank] for suit in range(4) for rank in range(13)
    )
)
