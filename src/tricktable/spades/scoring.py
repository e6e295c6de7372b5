"""Scoring a finished Spades hand, and the end of a game: pure functions, tested row by row.

A bag is a trick taken beyond a bid (or, with ``nil_tricks_are_bags``, a trick taken by a failed
nil or double-nil bidder).  Each bag scores 1 point and adds to the player's running bag count;
every time that count reaches 10 the player loses 100 and 10 bags come off the count.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from tricktable.game import Seat
from tricktable.i18n import Message
from tricktable.spades.rules import Rules
from tricktable.words import comma_list

__all__ = [
    "BAG_LIMIT",
    "BAG_PENALTY",
    "BidJson",
    "HandResult",
    "SeatScore",
    "bid_json",
    "bid_text",
    "bid_words",
    "contract_score",
    "game_winner",
    "sandbag",
    "score_hand",
    "score_seat",
]

BAG_LIMIT = 10
BAG_PENALTY = 100

BidJson = int | str
"""A bid in JSON: a number of tricks 1–13, ``"nil"`` or ``"double-nil"``."""


def bid_text(bid: int, double_nil: bool = False) -> str:
    """A bid for people: ``"4"``, ``"nil"``, ``"double nil"``."""
    if double_nil:
        return "double nil"
    return "nil" if bid == 0 else str(bid)


def bid_words(bid: int, double_nil: bool = False) -> Message | int:
    """A bid for people, as a message: 4, "nil", "double nil"."""
    if double_nil:
        return Message("spades.double_nil")
    return Message("spades.nil") if bid == 0 else bid


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


_OUTCOMES = {"made": Message("spades.made"), "failed": Message("spades.failed"),
             "set": Message("spades.set")}


def bid_json(bid: int, double_nil: bool = False) -> BidJson:
    """A bid for JSON: ``4``, ``"nil"``, ``"double-nil"``."""
    if double_nil:
        return "double-nil"
    return "nil" if bid == 0 else bid


def contract_score(
    bid: int, tricks: int, *, double_nil: bool = False, nil_tricks_are_bags: bool = True
) -> tuple[int, int]:
    """Points for a bid and the tricks taken, before any sandbag penalty, and the new bags.

    The points include 1 per bag.  A double nil is a bid of 0 with double stakes.
    """
    if not 0 <= bid <= 13 or not 0 <= tricks <= 13:
        raise ValueError("Bids and tricks are whole numbers from 0 to 13.")
    if double_nil and bid != 0:
        raise ValueError("A double nil is a bid of 0 tricks.")
    if bid == 0:
        stake = 200 if double_nil else 100
        if tricks == 0:
            return stake, 0
        bags = tricks if nil_tricks_are_bags else 0
        return -stake + bags, bags
    if tricks < bid:
        return -10 * bid, 0
    bags = tricks - bid
    return 10 * bid + bags, bags


def sandbag(bags_before: int, new_bags: int) -> tuple[int, int]:
    """How many 100-point penalties the new bags bring, and the bag count after them.

    ``sandbag(9, 13) == (2, 2)``: the count passes 10 and 20 in one hand.
    """
    if bags_before < 0 or new_bags < 0:
        raise ValueError("Bags are never negative.")
    count = bags_before + new_bags
    penalties = count // BAG_LIMIT
    return penalties, count - BAG_LIMIT * penalties


class SeatScore(NamedTuple):
    """One player's part of a scored hand (a named tuple: scoring runs once per hand, often)."""

    bid: int
    double_nil: bool
    tricks: int
    contract: int
    """Points for the bid: +10 a bid trick, −10 a bid trick when set, ±100 nil, ±200 double nil."""
    bags: int
    """New bags this hand, each worth 1 point."""
    penalties: int
    """How many times the bag count reached 10 this hand (−100 each)."""
    score: int
    """This hand's points: contract + bags − 100 × penalties."""
    total: int
    """The running total after this hand."""
    bags_total: int
    """The accumulated bags after this hand (always below 10)."""

    @property
    def made(self) -> bool:
        """Whether the bid was made (a nil makes with no trick)."""
        return self.tricks == 0 if self.bid == 0 else self.tricks >= self.bid

    def describe(self) -> str:
        """``"bid 4, took 5 (made): +40, 1 bag (+1) = +41"``: :meth:`summary` in English."""
        return str(self.summary())

    def summary(self) -> Message:
        """This seat's score in words, as a message (its English is :meth:`describe`)."""
        parts: list[object] = [_signed(self.contract)]
        if self.bags:
            parts.append(Message("spades.bags", {"count": self.bags}))
        if self.penalties:
            parts.append(Message("spades.sandbagged", {"times": self.penalties,
                                                       "penalty": BAG_PENALTY * self.penalties}))
        outcome = _OUTCOMES["made" if self.made else ("failed" if self.bid == 0 else "set")]
        return Message("spades.score", {
            "bid": bid_words(self.bid, self.double_nil), "tricks": self.tricks,
            "outcome": outcome, "parts": comma_list(parts), "score": _signed(self.score)})

    def to_json(self) -> dict[str, Any]:
        return {
            "bid": bid_json(self.bid, self.double_nil),
            "tricks": self.tricks,
            "made": self.made,
            "contract": self.contract,
            "bags": self.bags,
            "penalties": self.penalties,
            "score": self.score,
            "total": self.total,
            "bags_total": self.bags_total,
        }


def score_seat(
    *,
    bid: int,
    tricks: int,
    double_nil: bool = False,
    total: int = 0,
    bags: int = 0,
    rules: Rules,
) -> SeatScore:
    """Score one player's hand given his running ``total`` and ``bags`` before it."""
    contract_and_bags, new_bags = contract_score(
        bid, tricks, double_nil=double_nil, nil_tricks_are_bags=rules.nil_tricks_are_bags
    )
    penalties, bags_after = sandbag(bags, new_bags)
    score = contract_and_bags - BAG_PENALTY * penalties
    return SeatScore(
        bid=bid,
        double_nil=double_nil,
        tricks=tricks,
        contract=contract_and_bags - new_bags,
        bags=new_bags,
        penalties=penalties,
        score=score,
        total=total + score,
        bags_total=bags_after,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class HandResult:
    """Everything public about a scored hand: both players' scores and the trick winners."""

    seats: tuple[SeatScore, SeatScore]
    trick_winners: tuple[Seat, ...] = ()

    @property
    def scores(self) -> tuple[int, int]:
        """Each seat's points for this hand."""
        return self.seats[0].score, self.seats[1].score

    @property
    def totals(self) -> tuple[int, int]:
        """The running totals after this hand."""
        return self.seats[0].total, self.seats[1].total

    @property
    def bags(self) -> tuple[int, int]:
        """The accumulated bags after this hand."""
        return self.seats[0].bags_total, self.seats[1].bags_total

    @property
    def tricks(self) -> tuple[int, int]:
        return self.seats[0].tricks, self.seats[1].tricks

    def to_json(self) -> dict[str, Any]:
        return {
            "seats": [s.to_json() for s in self.seats],
            "scores": list(self.scores),
            "totals": list(self.totals),
            "bags": list(self.bags),
            "trick_winners": list(self.trick_winners),
        }


def score_hand(
    *,
    bids: Sequence[int],
    tricks: Sequence[int],
    double_nil: Sequence[bool] = (False, False),
    totals: Sequence[int] = (0, 0),
    bags: Sequence[int] = (0, 0),
    rules: Rules,
    trick_winners: Sequence[Seat] = (),
) -> HandResult:
    """Score a hand for seats 0 and 1 from their bids, tricks and running totals and bags.

    ``trick_winners``, if given, must agree with ``tricks``.
    """
    if trick_winners and (
        len(trick_winners) != 13
        or list(trick_winners).count(1) != tricks[1]
        or tricks[0] + tricks[1] != 13
    ):
        raise ValueError("The trick winners do not match the tricks taken.")
    first = score_seat(
        bid=bids[0], tricks=tricks[0], double_nil=double_nil[0], total=totals[0], bags=bags[0],
        rules=rules,
    )
    second = score_seat(
        bid=bids[1], tricks=tricks[1], double_nil=double_nil[1], total=totals[1], bags=bags[1],
        rules=rules,
    )
    return HandResult(seats=(first, second), trick_winners=tuple(trick_winners))


def game_winner(totals: Sequence[int], target: int) -> Seat | None:
    """The winner once a total reaches ``target``: the higher total if both do.

    None while nobody has reached it, and on a tie at or above it (another hand is played).
    """
    a, b = totals
    if max(a, b) < target or a == b:
        return None
    return 0 if a > b else 1
