"""Scoring a finished Sheepshead hand: pure functions of what happened, tested row by row."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from tricktable.cards import Card
from tricktable.game import Seat
from tricktable.i18n import Message
from tricktable.sheepshead.rules import Rules

__all__ = [
    "SEATS",
    "HandKind",
    "HandResult",
    "doubling_label",
    "leaster_winner",
    "score_leaster",
    "score_picked_hand",
    "stake",
]

SEATS = 5


class HandKind(Enum):
    """How a hand was played."""

    PICKED = "picked"
    LEASTER = "leaster"
    PASSED_OUT = "passed-out"
    """All passed under the doubler or redeal options: the deal is thrown in."""


@dataclass(frozen=True, slots=True, kw_only=True)
class HandResult:
    """Everything public about a finished hand."""

    kind: HandKind
    scores: tuple[int, ...]
    multiplier: int
    reason: Message
    """Why the scores are what they are ("won with 66, double on the bump"); ``str()`` of it
    is the English that records and summaries keep."""
    picker: Seat | None = None
    partner: Seat | None = None
    alone: bool = False
    called: Card | None = None
    picker_team_points: int | None = None
    picker_team_tricks: int | None = None
    points_by_seat: tuple[int, ...] = (0,) * SEATS
    tricks_by_seat: tuple[int, ...] = (0,) * SEATS
    trick_winners: tuple[Seat, ...] = ()
    leaster_winner: Seat | None = None
    cracked_by: Seat | None = None
    """The defender who cracked (doubled), if one did."""
    recracked: bool = False
    blitzed_by: tuple[Seat, ...] = ()
    """The seats that blitzed, once per pair shown, in order."""

    @property
    def picker_won(self) -> bool | None:
        if self.picker_team_points is None:
            return None
        return self.picker_team_points >= 61

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "scores": list(self.scores),
            "multiplier": self.multiplier,
            "reason": str(self.reason),
            "picker": self.picker,
            "partner": self.partner,
            "alone": self.alone,
            "called": None if self.called is None else str(self.called),
            "picker_team_points": self.picker_team_points,
            "picker_team_tricks": self.picker_team_tricks,
            "points_by_seat": list(self.points_by_seat),
            "tricks_by_seat": list(self.tricks_by_seat),
            "trick_winners": list(self.trick_winners),
            "leaster_winner": self.leaster_winner,
            "cracked_by": self.cracked_by,
            "recracked": self.recracked,
            "blitzed_by": list(self.blitzed_by),
        }


def stake(team_points: int, team_tricks: int, rules: Rules) -> tuple[int, Message]:
    """What each defender pays the picker's team (negative: receives), and why.

    Schwarz is counted by tricks, schneider by points; losses double on the bump if the rules
    say so.
    """
    if team_tricks == 6:
        return 3, Message("result.won_schwarz")
    if team_points >= 91:
        return 2, Message("result.won_schneider", {"points": team_points})
    if team_points >= 61:
        return 1, Message("result.won", {"points": team_points})
    if team_tricks == 0:
        s, why = -3, Message("result.lost_schwarz")
    elif team_points <= 30:
        s, why = -2, Message("result.lost_schneider", {"points": team_points})
    else:
        s, why = -1, Message("result.lost", {"points": team_points})
    if rules.double_on_the_bump:
        return 2 * s, Message("result.bump", {"reason": why})
    return s, why


def score_picked_hand(
    *,
    picker: Seat,
    partner: Seat | None,
    team_points: int,
    team_tricks: int,
    rules: Rules,
    multiplier: int = 1,
    doubled_by: tuple[str, ...] = ("doubler",),
) -> tuple[tuple[int, ...], Message]:
    """Each seat's score for a hand with a picker (``partner`` None: the picker went alone).

    ``multiplier`` multiplies every score; ``doubled_by`` names what doubled the hand
    ("doubler", "cracked", "recracked", "blitzed") for the reason.
    """
    s, reason = stake(team_points, team_tricks, rules)
    scores = [0] * SEATS
    if team_tricks == 0 and rules.schwarz_paid_by_picker and partner is not None:
        paid = 3 * (2 if rules.double_on_the_bump else 1)
        for seat in range(SEATS):
            if seat not in (picker, partner):
                scores[seat] = paid
        scores[picker] = -3 * paid
        reason = Message("result.paid_by_picker", {"reason": reason})
    else:
        for seat in range(SEATS):
            scores[seat] = -s
        if partner is None:
            scores[picker] = 4 * s
            reason = Message("result.alone", {"reason": reason})
        else:
            scores[picker] = 2 * s
            scores[partner] = s
    if multiplier != 1:
        scores = [score * multiplier for score in scores]
        reason = Message("result.doubled", {"reason": reason,
                                            "doublings": doubling_label(doubled_by),
                                            "multiplier": multiplier})
    return tuple(scores), reason


_DOUBLINGS = {
    "doubler": Message("doubling.doubler"),
    "cracked": Message("doubling.cracked"),
    "recracked": Message("doubling.recracked"),
    "blitzed": Message("doubling.blitzed"),
}
_TIMES = {2: "doubling.twice", 3: "doubling.three_times", 4: "doubling.four_times"}


def doubling_label(doubled_by: tuple[str, ...]) -> Message | str:
    """``("cracked", "blitzed", "blitzed")`` → "cracked, blitzed twice" (as a message)."""
    counts: dict[str, int] = {}
    for name in doubled_by:
        counts[name] = counts.get(name, 0) + 1
    label: Message | str = ""
    for name, n in counts.items():
        word: Message = _DOUBLINGS[name]
        if n > 1:
            word = Message(_TIMES.get(n, "doubling.times"), {"name": word, "count": n})
        label = word if label == "" else Message("list.comma", {"first": label, "second": word})
    return label


def leaster_winner(points_by_seat: Sequence[int], tricks_by_seat: Sequence[int]) -> Seat | None:
    """The seat with the fewest points among those who took a trick; None on a tie."""
    qualified = [seat for seat in range(SEATS) if tricks_by_seat[seat] > 0]
    fewest = min(points_by_seat[seat] for seat in qualified)
    winners = [seat for seat in qualified if points_by_seat[seat] == fewest]
    return winners[0] if len(winners) == 1 else None


def score_leaster(
    points_by_seat: Sequence[int], tricks_by_seat: Sequence[int], multiplier: int = 1
) -> tuple[tuple[int, ...], Seat | None, Message]:
    """Each seat's score for a leaster, the winner (None on a tie) and why."""
    winner = leaster_winner(points_by_seat, tricks_by_seat)
    if winner is None:
        return (0,) * SEATS, None, Message("result.leaster_tied")
    scores = tuple(4 * multiplier if seat == winner else -multiplier for seat in range(SEATS))
    reason = Message("result.leaster_won", {"count": points_by_seat[winner]})
    if multiplier != 1:
        reason = Message("result.doubled", {"reason": reason, "doublings": _DOUBLINGS["doubler"],
                                            "multiplier": multiplier})
    return scores, winner, reason
