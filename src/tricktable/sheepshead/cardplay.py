"""Card play for :class:`~tricktable.sheepshead.bots.BasicPlayer`: leads, follows, the leaster.

One function per decision, each built from named heuristics over a
:class:`~tricktable.sheepshead.knowledge.Table` (what the seat knows), so the rules of thumb read
as in the strategy notes:

* the picker's side leads trump (:func:`team_lead`); defenders lead fail, the called suit first
  (:func:`defender_lead`), and never trump while holding fail unless
  :func:`defender_trump_lead_exception` names a reason;
* schmear aces and tens onto a trick a teammate is sure to win (:func:`schmear`); otherwise
  weigh each card (:func:`follow_value`): take a trick cheaply when it is worth what the
  winning card costs, else throw off the least useful card;
* in a leaster shed aces and tens onto other players' tricks and take one cheap trick to
  qualify (:func:`leaster_card`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from tricktable.cards import Card
from tricktable.sheepshead.deck import (
    PLAY_SUIT,
    POINTS,
    STRENGTH,
    SUIT_MASK,
    TRUMP_MASK,
    TRUMP_ORDER,
    card_count,
)
from tricktable.sheepshead.knowledge import Side, Table, beats, read_table
from tricktable.sheepshead.view import SheepsheadView

__all__ = [
    "PlaySettings",
    "choose_card",
    "defender_lead",
    "defender_trump_lead_exception",
    "follow_value",
    "leaster_card",
    "schmear",
    "team_lead",
    "trump_cost",
]

_TRUMP: Final = 3
_TRUMP_POWER: Final = STRENGTH[_TRUMP]
_TRUMP_RANK: Final[tuple[int, ...]] = tuple(
    13 - TRUMP_ORDER.index(c) if c in TRUMP_ORDER else -1 for c in range(52))
"""By card: 0 for the 7♦ … 13 for the Q♣ (-1 for a fail card)."""


@dataclass(frozen=True, slots=True)
class PlaySettings:
    """The knobs of card play, to tune in the arena."""

    trump_cost_per_rank: float = 2.0
    """Points a trick must be worth per trump rank above the 10♦ to spend that trump on it."""
    expected_points_per_seat: float = 1.5
    """Points each seat still to play is expected to add to a trick."""
    schmear_inferred: bool = True
    """Schmear onto a seat that public play marks as a teammate, not only a known one."""
    leaster_cheap_trick: int = 6
    """In a leaster, the most points a trick may hold for a player without a trick to take it."""
    cash_master_trump: bool = True
    """The picker's side leads its master trump when it has one (else its lowest trump)."""
    master_cost: float = 1.5
    """What spending a master trump costs, as a share of its rank cost.  It wins a trick
    whenever it is played, but it is also what keeps control of the hand: the arena found it
    worth more than its rank (0.5, 0.75 and 1.0 all lost to 1.5)."""
    rich_trick: int = 10
    """Points at which a trick is worth trying for without a sure winner."""


def choose_card(view: SheepsheadView, settings: PlaySettings) -> Card:
    """The card to play now (the view must offer play actions)."""
    legal = [a.card for a in view.legal_actions]
    if len(legal) == 1:
        return legal[0]
    table = read_table(view)
    if view.leaster:
        return leaster_card(table, legal, settings)
    if table.trick.leading:
        return lead_card(table, legal, settings)
    return follow_card(table, legal, settings)


# --- Small helpers ---------------------------------------------------------------------------


def is_trump(c: int) -> bool:
    return bool((1 << c) & TRUMP_MASK)


def _power(c: int, led: int) -> int:
    return STRENGTH[led][c]


# The choices below are loops where min() and max() with a key would do: the same card (the
# first of the best), without a closure and a key tuple per card, which compiled code builds
# as Python objects — a large share of a play-out's step.


def _lowest_trump(cards: list[Card]) -> Card:
    """The weakest trump (the fewest points among equals): min by (power, points)."""
    best = cards[0]
    for k in range(1, len(cards)):
        c = cards[k]
        if _TRUMP_POWER[c] < _TRUMP_POWER[best] or (
                _TRUMP_POWER[c] == _TRUMP_POWER[best] and POINTS[c] < POINTS[best]):
            best = c
    return best


def _highest_trump(cards: list[Card]) -> Card:
    """The strongest trump: max by power."""
    best = cards[0]
    for k in range(1, len(cards)):
        c = cards[k]
        if _TRUMP_POWER[c] > _TRUMP_POWER[best]:
            best = c
    return best


def _suit_length(table: Table, c: int) -> int:
    return card_count(table.hand & SUIT_MASK[PLAY_SUIT[c]])


def _without_unknown(table: Table, cards: Sequence[Card]) -> list[Card]:
    """The cards other than the face-down unknown card (which can never win)."""
    return [c for c in cards if not (1 << c) & table.unknown]


def trump_cost(c: int) -> float:
    """How much of the hand's strength a card spends when it wins a trick: nothing for a
    fail card, a trump's rank above the 10♦ for a trump (the low diamonds are cheap)."""
    if not is_trump(c):
        return 0.0
    return float(max(0, _TRUMP_RANK[c] - 4))


# --- Leading ---------------------------------------------------------------------------------


def lead_card(table: Table, legal: Sequence[Card], settings: PlaySettings) -> Card:
    """The picker's side leads trump; defenders lead fail."""
    playable = _without_unknown(table, legal) or list(legal)
    if table.on_picker_team:
        return team_lead(table, playable, settings)
    return defender_lead(table, playable)


def _opponent_trump(table: Table) -> int:
    """Trump the other side may still hold (as far as this seat can tell)."""
    if any(table.side(s) is Side.UNKNOWN for s in range(5)):
        return table.trump_out
    mask = 0
    for seat in range(5):
        if table.side(seat) is Side.OTHER:
            mask |= table.may_hold(seat) & TRUMP_MASK
    return mask


def team_lead(table: Table, playable: Sequence[Card], settings: PlaySettings) -> Card:
    """The picker's side leads trump while the other side may hold some: the master if it
    has it, else its lowest (a high trump that is not the master only feeds a higher one —
    measured in the arena, leading low wins clearly more); then it cashes master fail cards
    and leads low fail."""
    trumps = [c for c in playable if is_trump(c)]
    fails = [c for c in playable if not is_trump(c)]
    if trumps and (_opponent_trump(table) or not fails):
        top = _highest_trump(trumps)
        if settings.cash_master_trump and table.is_master(top):
            return top
        return _lowest_trump(trumps)
    return _team_fail_lead(table, fails or list(playable))


def _team_fail_lead(table: Table, fails: list[Card]) -> Card:
    """Out of trump worth leading: cash master fail cards when the other side cannot trump,
    else open the called suit (the partner's ace wins), else lead the cheapest card."""
    view = table.view
    opponents_trump = _opponent_trump(table)
    if not opponents_trump:
        masters = [c for c in fails if table.is_master(c)]
        if masters:
            richest = masters[0]
            for c in masters:
                if POINTS[c] > POINTS[richest]:
                    richest = c
            return richest
    if view.seat == view.picker and view.called_suit >= 0 and not table.called_led:
        # Open the called suit with a pointless hold card: the partner's ace must come out.
        called_suit = view.called_suit
        holds = [c for c in fails if PLAY_SUIT[c] == called_suit and not POINTS[c]]
        if holds:
            return holds[0]
    # min by (points, suit length, power)
    cheapest = fails[0]
    cheapest_key = (POINTS[cheapest], _suit_length(table, cheapest),
                    _power(cheapest, PLAY_SUIT[cheapest]))
    for k in range(1, len(fails)):
        c = fails[k]
        key = (POINTS[c], _suit_length(table, c), _power(c, PLAY_SUIT[c]))
        if key < cheapest_key:
            cheapest, cheapest_key = c, key
    return cheapest


def defender_trump_lead_exception(table: Table, playable: Sequence[Card]) -> str | None:
    """A reason for a defender to lead trump while holding fail, or None.

    ``"sure winner drawing points"``: no trump is out anywhere, so my trump wins the trick and
    every other player must throw a fail card (often points) onto it.
    """
    trumps = [c for c in playable if is_trump(c)]
    if trumps and not table.trump_out:
        return "sure winner drawing points"
    return None


def defender_lead(table: Table, playable: Sequence[Card]) -> Card:
    """Defenders lead fail: the called suit first (the ace must come out and the picker cannot
    trump it); otherwise cash a master ace the picker may follow, or lead low into a suit the
    picker is out of, making him spend trump.  Trump only without fail, or by exception."""
    fails = [c for c in playable if not is_trump(c)]
    trumps = [c for c in playable if is_trump(c)]
    if not fails or defender_trump_lead_exception(table, playable) is not None:
        top = _highest_trump(trumps)
        return top if table.is_master(top) else _lowest_trump(trumps)
    view = table.view
    if view.called_suit >= 0 and not table.called_led:
        called_suit = view.called_suit
        in_called = [c for c in fails if PLAY_SUIT[c] == called_suit]
        if in_called:
            lowest = in_called[0]
            for c in in_called:
                if _power(c, called_suit) < _power(lowest, called_suit) or (
                        _power(c, called_suit) == _power(lowest, called_suit)
                        and POINTS[c] < POINTS[lowest]):
                    lowest = c
            return lowest
    # max by (value, -card): the best value, the lowest card on a tie
    best = fails[0]
    best_value = _defender_fail_lead_value(table, best)
    for k in range(1, len(fails)):
        c = fails[k]
        value = _defender_fail_lead_value(table, c)
        if value > best_value or (value == best_value and c < best):
            best, best_value = c, value
    return best


def _defender_fail_lead_value(table: Table, c: int) -> float:
    """Score a fail lead for a defender.

    * ``cash a master``: the highest card left of its suit, when the picker is not known to
      be out of the suit, +3 plus its points / 10;
    * ``pull the picker's trump``: a pointless card in a suit the picker is out of, +1.5;
    * ``do not lead points into a capture``: a non-master card's points / 5 against it;
    * ``short suits``: +0.5 for a singleton (it makes a void to trump or schmear later).
    """
    view = table.view
    suit = PLAY_SUIT[c]
    picker = view.picker
    picker_void = picker is not None and table.is_void(picker, suit)
    value = 0.0
    if table.is_master(c) and not picker_void:
        value += 3 + POINTS[c] / 10
    elif not table.is_master(c):
        value -= POINTS[c] / 5
    if picker_void and POINTS[c] == 0:
        value += 1.5
    if _suit_length(table, c) == 1:
        value += 0.5
    return value


# --- Following -------------------------------------------------------------------------------


def follow_card(table: Table, legal: Sequence[Card], settings: PlaySettings) -> Card:
    """Schmear a trick my side is sure to win; otherwise weigh every card I may play by what it
    gains or gives away (:func:`follow_value`): take a trick cheaply when it is worth it, throw
    off the least useful card when it is not."""
    trick = table.trick
    winner = trick.best_seat
    teammate_winning = table.is_mine(winner) or (
        settings.schmear_inferred and table.is_probably_mine(winner)
    )
    if teammate_winning and _sure_for_us(table, trick.best, trick.led):
        return schmear(table, legal)
    playable = _without_unknown(table, legal)
    if not playable:
        return legal[0]
    # The highest (value, -power, -card), the first on a tie, as max() with that key.
    best = playable[0]
    best_value = follow_value(table, best, teammate_winning, settings)
    best_power = _power(best, PLAY_SUIT[best])
    for c in playable[1:]:
        value = follow_value(table, c, teammate_winning, settings)
        power = _power(c, PLAY_SUIT[c])
        if value > best_value or (value == best_value and (
                power < best_power or (power == best_power and c < best))):
            best, best_value, best_power = c, value, power
    return best


def follow_value(
    table: Table, c: int, teammate_winning: bool, settings: PlaySettings
) -> float:
    """What playing ``c`` to the trick is worth, in card points, when the trick is not yet
    sure for my side.

    * a card that wins the trick for sure gains the trick's expected value (half of it over a
      teammate, who might have won anyway) and keeps its own points;
    * a card that takes the lead but may be beaten is a gamble, worth half the trick, and only
      on a rich trick (``rich_trick``);
    * a card that does not take the lead loses its points to the winner (half of them when a
      teammate is winning, who may still lose the trick);
    * every trump played costs :func:`trump_cost` × ``trump_cost_per_rank`` (half for the
      master, which would win a trick later anyway), and a fail card from a long suit a
      little, to keep making voids.
    """
    trick = table.trick
    led = trick.led
    value = trick.points + settings.expected_points_per_seat * len(trick.to_play)
    if trick.hidden:
        value += 4
    cost = 0.0
    if is_trump(c):
        cost = trump_cost(c) * settings.trump_cost_per_rank
        if table.is_master(c):
            cost *= settings.master_cost
    takes = beats(c, trick.best, led)
    if takes and _sure_for_us(table, c, led):
        # Over a teammate, making the trick sure gains only the chance it would be lost.
        return (value / 2 if teammate_winning else value) + POINTS[c] - cost
    if takes and not teammate_winning and trick.points >= settings.rich_trick:
        return value / 2 - cost
    loss = POINTS[c] / 2 if teammate_winning else POINTS[c]
    if takes:
        loss += POINTS[c] / 2  # it may well be beaten, carrying its points away
    return -loss - cost - (0 if is_trump(c) else 0.1 * _suit_length(table, c))


def _sure_for_us(table: Table, best: int | None, led: int) -> bool:
    """No seat still to play can take the trick from ``best`` — or those that can are mine."""
    for s in table.trick.to_play:
        if not table.is_mine(s) and table.could_beat(s, best, led):
            return False
    return True


def schmear(table: Table, legal: Sequence[Card]) -> Card:
    """Give a trick my side is sure to win the most points I can spare: fail aces and tens
    first; a pointed trump (A♦, 10♦) counts a little less, since it could win a trick itself."""

    best = legal[0]
    best_value = _schmear_value(best)
    for c in legal:
        value = _schmear_value(c)
        if value > best_value:
            best, best_value = c, value
    return best


def _schmear_value(c: int) -> tuple[int, int]:
    """How good a card is to schmear: its points (less for a trump), then the lower trump."""
    points = POINTS[c] - (4 if is_trump(c) and POINTS[c] else 0)
    if is_trump(c) and _TRUMP_RANK[c] >= 6:
        points -= 10  # a queen or jack: keep it for taking tricks
    return points, -_TRUMP_POWER[c]


# --- The leaster -----------------------------------------------------------------------------


def leaster_card(table: Table, legal: Sequence[Card], settings: PlaySettings) -> Card:
    """Fewest points wins, with at least one trick: take one cheap trick, then lose every
    other trick, shedding aces and tens onto other players' tricks."""
    trick = table.trick
    view = table.view
    need_trick = view.tricks_by_seat[view.seat] == 0
    if trick.leading:
        return _leaster_lead(table, legal, need_trick)
    led = trick.led
    winners = [c for c in legal if beats(c, trick.best, led)]
    losers = [c for c in legal if c not in winners]
    if need_trick and winners and trick.points <= settings.leaster_cheap_trick:
        sure = [c for c in winners if not table.beatable_after_me(c, led)]
        if sure:
            return min(sure, key=lambda c: (POINTS[c], _power(c, led)))
    if losers:
        # Shed: the most points, then the highest card, onto someone else's trick.
        return max(losers, key=lambda c: (POINTS[c], _power(c, PLAY_SUIT[c]), is_trump(c)))
    if trick.to_play:
        # Forced to go over: go as low as possible so a later player may take it.
        return min(winners, key=lambda c: (POINTS[c], _power(c, led)))
    # Last to play and winning anyway: give myself few points, get rid of a high card.
    return min(winners, key=lambda c: (POINTS[c], -_power(c, led)))


def _leaster_lead(table: Table, legal: Sequence[Card], need_trick: bool) -> Card:
    """Lead a card others are sure to beat: the lowest in a suit with many higher cards out.
    A player still without a trick late in the hand leads a cheap master to qualify."""
    view = table.view
    if need_trick and len(view.tricks) >= 3:
        masters = [c for c in legal if table.is_master(c) and POINTS[c] <= 4]
        if masters:
            return min(masters, key=lambda c: POINTS[c])

    def risk(c: Card) -> tuple[int, int]:
        suit = PLAY_SUIT[c]
        higher = card_count(table.unseen_above(c))
        return (-higher if higher < 3 else -3) + POINTS[c] // 4, _power(c, suit)

    fails = [c for c in legal if not is_trump(c)]
    pool = fails if any(risk(c)[0] <= -3 for c in fails) else list(legal)
    return min(pool, key=risk)

