"""The draw, double nil, the double-nil exchange and the bid of
:class:`~tricktable.spades.bots.BasicPlayer`.

* **Draw** (:func:`keep_top_card`).  Keeping the top card gets that card; rejecting it gets the
  next one, which nobody has seen: from this seat's view, a random card among those it has not
  seen.  So keep the card when it adds at least as many expected tricks to the hand as a random
  unseen card would (:func:`card_worth`, from the trick estimate of
  :mod:`tricktable.spades.evaluation`).  A double-nil bidder compares the hand's nil odds
  instead.
* **Double nil** (:func:`should_double_nil`): only far behind an opponent nearing the target
  (but not so near that the tricks it gives up win him the game), with a low side card on
  top — a rare gamble: in self-play a double nil succeeds about one time in five.
* **Exchange** (:func:`choose_exchange`): give up the (at most three) cards whose swap for
  random cards of the discard pile most raises the chance of the double nil.
* **Bid** (:func:`plan_bid`): the tricks expected from the hand, adjusted for the opponent's
  bid (:func:`expected_tricks`), spread into a distribution; the bid with the best expected
  score — bags at their long-run cost of 10 each, or near the target the exact score plus a
  bonus for winning the game — against nil's expected score from the hand's chance of taking
  nothing (:func:`~tricktable.spades.evaluation.nil_success`, calibrated on self-play).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from math import exp
from typing import NamedTuple

from tricktable.cards import FULL_DECK, SUIT_MASKS, Card, cards_of, mask_of
from tricktable.spades.evaluation import (
    TrickWeights,
    estimate_tricks,
    nil_score,
    nil_success,
    suit_nil_score,
    suit_tricks,
)
from tricktable.spades.exchange import MAX_EXCHANGE
from tricktable.spades.knowledge import SPADES
from tricktable.spades.scoring import score_seat
from tricktable.spades.view import SpadesView

__all__ = [
    "BidPlan",
    "BidSettings",
    "card_worth",
    "choose_bid",
    "choose_exchange",
    "expected_tricks",
    "keep_top_card",
    "plan_bid",
    "should_double_nil",
]


@dataclass(frozen=True, slots=True)
class BidSettings:
    """The knobs of the draw and the bid, to tune in the arena."""

    weights: TrickWeights = field(default_factory=TrickWeights)
    spread: float = 1.45
    """The standard deviation of the tricks taken around the estimate, bidding first."""
    spread_after_bid: float = 1.2
    """The same, bidding after the opponent (his bid tells much about his hand)."""
    bag_cost: float = 10.0
    """What a bag costs in the long run (it scores 1, and every tenth costs 100)."""
    win_bonus: float = 150.0
    """Points a hand's outcome is worth beyond its score when it wins (or loses) the game."""
    endgame: int = 150
    """Within this many points of the target, score bags exactly (the game may end first)."""
    opponent_share: float = 0.6
    """How the difference between my estimate and the opponent's splits the 13 tricks."""
    opponent_margin: float = 1.0
    """How far the opponent's estimate of his hand is taken to exceed his bid."""
    opponent_cap: float = 1.5
    """The most the opponent's bid moves the estimate, either way."""
    first_player_edge: float = 0.11
    """Tricks the first player (who bids last and is led to first) takes beyond his estimate."""
    nil_share: float = 0.3
    """The share of the tricks my estimate leaves him that a nil bidder gives me instead."""
    nil_margin: float = 0.0
    """Points a nil must promise beyond the best bid."""
    nil_min_chance: float = 0.2
    """Never a nil less likely than this to succeed (late in a lost game every bid looks as
    bad as a hopeless nil; the numeric bid keeps the real chances the model leaves out)."""
    nil_calibration: float = 0.5
    """The nil model assumes an opponent who sees my cards; the real chance is about the
    model's to this power (self-play: 0.45; a little safer here)."""
    nil_lead_factor: float = 0.85
    """The chance kept when the nil bidder must lead the first trick (the second player)."""
    exchange_gain: float = 0.05
    """The least gain in the double nil's log-odds for which a card is exchanged."""
    double_nil_behind: int = 250
    """Double nil only when this far behind ..."""
    double_nil_window: tuple[int, int] = (100, 250)
    """... an opponent this close to the target (nearer, he wins this hand anyway: he takes
    every trick a double nil gives up) ..."""
    double_nil_top_rank: int = 2
    """... and the top card is a side card no higher than this rank index (2 is the four)."""


# --- The draw ------------------------------------------------------------------------------


def _unseen(view: SpadesView) -> int:
    """Cards this seat has not seen (another hand, his discards, the stock)."""
    seen = mask_of(view.hand) | mask_of(view.discarded)
    if view.top_card is not None:
        seen |= 1 << view.top_card
    return FULL_DECK & ~seen


def card_worth(
    card: Card, hand: int, unseen: int, p: float, no_spade: float, weights: TrickWeights
) -> float:
    """The tricks ``card`` adds to ``hand`` (only its own suit changes)."""
    mask = SUIT_MASKS[card // 13]
    mine, possible = hand & mask, unseen & mask & ~(1 << card)
    spade = card // 13 == SPADES
    ruff_safe = 1.0 if spade else no_spade
    gain = suit_tricks(mine | 1 << card, possible, p, ruff_safe) - suit_tricks(
        mine, possible, p, ruff_safe
    )
    return gain * (weights.spades if spade else weights.side)


def keep_top_card(view: SpadesView, settings: BidSettings) -> bool:
    """Keep the top card when it is worth at least an average unseen card (see the notes)."""
    top = view.top_card
    assert top is not None
    hand = mask_of(view.hand)
    unseen = _unseen(view)
    p = 13 / max(13, unseen.bit_count())
    if view.double_nil[view.seat]:
        return _nil_gain(top, hand, unseen, p) >= sum(
            _nil_gain(c, hand, unseen & ~(1 << c), p) for c in cards_of(unseen)
        ) / max(1, unseen.bit_count())
    no_spade = (1.0 - p) ** (unseen & SUIT_MASKS[SPADES]).bit_count()
    weights = settings.weights
    mine = card_worth(top, hand, unseen, p, no_spade, weights)
    average = sum(
        card_worth(c, hand, unseen, p, no_spade, weights) for c in cards_of(unseen)
    ) / max(1, unseen.bit_count())
    return mine >= average


def _nil_gain(card: Card, hand: int, possible: int, p: float) -> float:
    """How ``card`` changes the hand's :func:`~tricktable.spades.evaluation.nil_score`."""
    suit = card // 13
    return suit_nil_score(suit, hand | 1 << card, possible, p) - suit_nil_score(
        suit, hand, possible, p
    )


def should_double_nil(view: SpadesView, settings: BidSettings) -> bool:
    """A rare gamble: far behind an opponent near the target, with a low side card on top."""
    top = view.top_card
    if top is None:
        return False
    target = view.rules.target
    mine, theirs = view.totals[view.seat], view.totals[1 - view.seat]
    near, far = settings.double_nil_window
    return (
        target - far <= theirs <= target - near
        and theirs - mine >= settings.double_nil_behind
        and top // 13 != SPADES
        and top % 13 <= settings.double_nil_top_rank
    )


# --- The exchange --------------------------------------------------------------------------


def choose_exchange(view: SpadesView, settings: BidSettings) -> tuple[Card, ...]:
    """The cards to give up (at most three): the set whose swap for random cards of the pile
    (half my known discards, half cards I have not seen) gives the best expected
    :func:`~tricktable.spades.evaluation.nil_score`; each card given must gain
    ``exchange_gain``."""
    hand = mask_of(view.hand)
    discards = mask_of(view.discarded)
    unseen = FULL_DECK & ~(hand | discards)
    p = 13 / max(13, unseen.bit_count())
    pile = [(c, 0.5 / max(1, discards.bit_count())) for c in cards_of(discards)]
    pile += [(c, 0.5 / max(1, unseen.bit_count())) for c in cards_of(unseen)]

    gains: dict[tuple[int, int], float] = {}

    def swap_gain(rest: int) -> float:
        """The expected change of the score when a random pile card joins ``rest``."""
        total = 0.0
        for suit in range(4):
            key = (suit, rest & SUIT_MASKS[suit])
            gain = gains.get(key)
            if gain is None:
                gain = gains[key] = sum(
                    w * _nil_gain(c, rest, unseen & ~(1 << c), p)
                    for c, w in pile
                    if c // 13 == suit
                )
            total += gain
        return total

    def expected(given: tuple[Card, ...]) -> float:
        rest = hand & ~mask_of(given)
        score = nil_score(rest, unseen, p)
        return score + len(given) * swap_gain(rest) if given else score

    cards = sorted(cards_of(hand))
    options = [g for k in range(MAX_EXCHANGE + 1) for g in combinations(cards, k)]
    return max(options, key=lambda g: expected(g) - settings.exchange_gain * len(g))


# --- The bid -------------------------------------------------------------------------------


class BidPlan(NamedTuple):
    """What the bidder worked out: the expected tricks, the best bid and the nil odds."""

    tricks: float
    bid: int
    """The bid to make (0 for nil)."""
    value: float
    """The expected value of the best numeric bid."""
    nil_chance: float
    nil_value: float


def plan_bid(view: SpadesView, settings: BidSettings) -> BidPlan:
    """Weigh every bid and nil for the hand in ``view`` (the bidding phase)."""
    opp = 1 - view.seat
    hand = mask_of(view.hand)
    unseen = FULL_DECK & ~(hand | mask_of(view.discarded))
    if view.exchange_given is not None:
        unseen &= ~mask_of(view.exchange_given)
    p = 13 / max(13, unseen.bit_count())
    tricks = expected_tricks(view, estimate_tricks(hand, unseen, p, settings.weights), settings)
    opp_bid = view.bids[opp]
    spread = settings.spread if opp_bid is None else settings.spread_after_bid
    guess = opp_bid if opp_bid is not None else max(1, min(13, round(12 - tricks)))
    odds = _trick_odds(tricks, spread)
    values = {
        bid: sum(q * _utility(view, bid, t, guess, settings) for t, q in enumerate(odds))
        for bid in range(1, 14)
    }
    best = max(values, key=lambda b: (values[b], -b))
    chance = nil_success(hand, unseen, p) ** settings.nil_calibration
    if view.seat != view.first:
        chance *= settings.nil_lead_factor
    nil_value = chance * _utility(view, 0, 0, guess, settings) + (1 - chance) * _utility(
        view, 0, 1, guess, settings
    )
    nil = chance >= settings.nil_min_chance and nil_value > values[best] + settings.nil_margin
    bid = 0 if nil else best
    return BidPlan(tricks, bid, values[best], chance, nil_value)


def expected_tricks(view: SpadesView, estimate: float, settings: BidSettings) -> float:
    """The tricks to expect from a hand estimated at ``estimate``, given the opponent's bid.

    Two players share 13 tricks, so a known bid says much: with the opponent's hand estimated
    at his bid plus ``opponent_margin``, expect ``6.5 + share × (mine − his)`` (a fit over
    self-play).  Against a nil he avoids tricks, leaving more to me.  Either way the bid moves
    the estimate by at most ``opponent_cap``: in self-play it moves it less than that 96% of
    the time, and a bid that says more is more likely wild than true.
    """
    opp_bid = view.bids[1 - view.seat]
    position = settings.first_player_edge if view.seat == view.first else (
        -settings.first_player_edge
    )
    if opp_bid is None:
        shift = 0.0
    elif opp_bid == 0:
        shift = settings.nil_share * (13 - estimate)
    else:
        theirs = opp_bid + settings.opponent_margin
        shift = 6.5 + settings.opponent_share * (estimate - theirs) - estimate
    cap = settings.opponent_cap
    return min(13.0, max(0.0, estimate + position + min(cap, max(-cap, shift))))


def choose_bid(view: SpadesView, settings: BidSettings) -> int:
    """The bid to make: 0 (nil) to 13."""
    return plan_bid(view, settings).bid


def _trick_odds(mean: float, spread: float) -> list[float]:
    weights = [exp(-((t - mean) ** 2) / (2 * spread * spread)) for t in range(14)]
    total = sum(weights)
    return [w / total for w in weights]


def _utility(
    view: SpadesView, bid: int, tricks: int, opp_bid: int, settings: BidSettings
) -> float:
    """What bidding ``bid`` and taking ``tricks`` is worth, the opponent taking the rest."""
    me, opp = view.seat, 1 - view.seat
    rules = view.rules
    mine = score_seat(bid=bid, tricks=tricks, total=view.totals[me], bags=view.bags[me],
                      rules=rules)
    target = rules.target
    if max(view.totals) + settings.endgame < target:
        return mine.contract + mine.bags * (1.0 - settings.bag_cost)
    theirs = score_seat(
        bid=opp_bid, tricks=13 - tricks, double_nil=view.double_nil[opp] and opp_bid == 0,
        total=view.totals[opp], bags=view.bags[opp], rules=rules,
    )
    value = float(mine.score)
    if mine.total >= target or theirs.total >= target:
        if mine.total > theirs.total:
            value += settings.win_bonus
        elif theirs.total > mine.total:
            value -= settings.win_bonus
    return value

