"""Card play for :class:`~tricktable.spades.bots.BasicPlayer`: a goal per trick, then the card.

Before each card the player decides what it wants from the rest of the hand (:func:`goal`):

* **nil** — it bid nil and has taken nothing: play under the card led, throw the most dangerous
  card when it cannot follow, lead the card the opponent is most likely forced to win;
* **attack** — the opponent bid nil and has taken nothing: lead low cards in suits where he may
  hold only higher ones, play under his leads, never ruff them;
* **take** — it needs tricks for its bid, or can still set the opponent (when its own bid is lost
  every extra trick is free; once made, only if its hand can take enough tricks to set him);
* **duck** — the bid is made and no set is in reach: lose tricks, shedding the highest cards that
  still lose, and give the opponent the bags.

The odds come from :class:`~tricktable.spades.knowledge.Table`: the chance that a lead wins is
the chance the opponent holds no higher card of the suit and, if he may be void in it, no spade
(when he wants tricks), or the chance that he holds the suit but nothing lower (when he is
avoiding them).  Following is certain: with two players the second card decides the trick.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from tricktable.cards import SUIT_MASKS, Card
from tricktable.spades.deck import follower_wins
from tricktable.spades.evaluation import TrickWeights, estimate_tricks, nil_danger
from tricktable.spades.knowledge import SPADES, Table, higher_in_suit, lower_in_suit, read_table
from tricktable.spades.view import SpadesView

__all__ = [
    "Goal",
    "PlaySettings",
    "choose_card",
    "follow_card",
    "forced_chance",
    "goal",
    "lead_card",
    "win_chance",
]


class Goal(Enum):
    NIL = "nil"
    ATTACK = "attack"
    TAKE = "take"
    DUCK = "duck"


@dataclass(frozen=True, slots=True)
class PlaySettings:
    """The knobs of card play, to tune in the arena."""

    cash_threshold: float = 0.6
    """Lead for a trick only with a card at least this likely to win it; else lose cheaply."""
    set_margin: float = 1.0
    """Chase a set once the bid is made when the hand's estimated tricks reach the tricks the
    set needs, less this margin."""
    weights: TrickWeights = field(default_factory=TrickWeights)


def choose_card(view: SpadesView, settings: PlaySettings) -> Card:
    """The card to play now (the view must offer play actions)."""
    legal = [a.card for a in view.legal_actions]
    if len(legal) == 1:
        return legal[0]
    table = read_table(view)
    wanted = goal(table, settings)
    if table.lead is None:
        return lead_card(table, legal, wanted, settings)
    return follow_card(table, legal, wanted)


def goal(table: Table, settings: PlaySettings) -> Goal:
    """What the player wants from the rest of the hand (see the module's notes)."""
    if table.nil_alive:
        return Goal.NIL
    if table.opp_nil_alive:
        return Goal.ATTACK
    need = table.opp_need
    settable = 0 < need <= table.tricks_left
    if table.my_bid_lost:
        if not table.my_nil:
            # Set already: tricks cost nothing, so take them if that can set him; else let
            # him have them as bags.
            return Goal.TAKE if settable else Goal.DUCK
    elif table.my_need > 0:
        return Goal.TAKE
    if settable:
        to_set = table.tricks_left - need + 1
        if hand_tricks(table, settings.weights) >= to_set - settings.set_margin:
            return Goal.TAKE
    return Goal.DUCK


def hand_tricks(table: Table, weights: TrickWeights) -> float:
    """The tricks my remaining cards should take."""
    cards = table.hand.bit_count()
    return estimate_tricks(table.hand, table.possible, table.hold_chance, weights, cards=cards)


def opponent_wants_tricks(table: Table) -> bool:
    """Whether the opponent will take a trick he can: he needs tricks, or can set me."""
    if table.opp_nil_alive:
        return False
    return table.opp_need > 0 or (table.my_need > 0 and not table.my_bid_lost)


# --- Odds of a lead ------------------------------------------------------------------------


def win_chance(table: Table, card: Card, opp_wants: bool) -> float:
    """The chance that leading ``card`` wins the trick.

    An opponent who wants the trick takes it with a higher card of the suit, or with a spade
    when he is out of the suit; one who avoids tricks takes it only when all his cards of the
    suit are higher.
    """
    suit = card // 13
    suit_cards = table.possible & SUIT_MASKS[suit]
    if opp_wants:
        none_higher = table.none_of(higher_in_suit(card))
        if suit == SPADES:
            return none_higher
        spades = table.possible & SUIT_MASKS[SPADES]
        ruffed = table.none_of(suit_cards) - table.none_of(suit_cards | spades)
        return max(0.0, none_higher - ruffed)
    return 1.0 - forced_chance(table, card)


def forced_chance(table: Table, card: Card) -> float:
    """The chance that an opponent avoiding tricks must win ``card`` when it is led: he holds
    the suit but nothing lower."""
    suit_cards = table.possible & SUIT_MASKS[card // 13]
    return max(0.0, table.none_of(lower_in_suit(card)) - table.none_of(suit_cards))


def _danger(table: Table, card: Card) -> float:
    """What ``card`` costs my nil (see :func:`~tricktable.spades.evaluation.nil_danger`)."""
    return nil_danger(card, table.hand, table.possible, table.hold_chance)


def _power(table: Table, card: Card) -> float:
    """How likely ``card`` is to win a trick if led against an opponent who wants it."""
    return win_chance(table, card, True)


# --- Leading -------------------------------------------------------------------------------


def lead_card(table: Table, legal: Sequence[Card], wanted: Goal, settings: PlaySettings) -> Card:
    """The card to lead for the goal."""
    if wanted is Goal.NIL:
        # Lead what he must win: a suit he holds with nothing lower; lowest first.
        return max(legal, key=lambda c: (round(forced_chance(table, c), 3), -(c % 13), -c))
    if wanted is Goal.ATTACK:
        return _attack_lead(table, legal, settings)
    opp_wants = opponent_wants_tricks(table)
    if wanted is Goal.DUCK:
        # The lead least likely to win; among equals shed the strongest card.
        return min(
            legal,
            key=lambda c: (round(win_chance(table, c, opp_wants), 2), -_power(table, c), -c),
        )
    return _take_lead(table, legal, settings, opp_wants)


def _take_lead(
    table: Table, legal: Sequence[Card], settings: PlaySettings, opp_wants: bool
) -> Card:
    chances = {c: win_chance(table, c, opp_wants) for c in legal}
    # Cash the likeliest winner; side suits before spades when equal (before he can ruff).
    best = max(legal, key=lambda c: (round(chances[c], 2), c // 13 != SPADES, -(c % 13), -c))
    if chances[best] >= settings.cash_threshold:
        return best
    return _cheap_loser(table, legal, chances)


def _cheap_loser(table: Table, legal: Sequence[Card], chances: dict[Card, float]) -> Card:
    """No good winner to lead: give up the trick with the least useful card, from a short
    side suit when I hold spades to ruff with later; not a spade if I can help it."""
    side = [c for c in legal if c // 13 != SPADES] or list(legal)
    my_spades = (table.hand & SUIT_MASKS[SPADES]).bit_count()

    def cost(c: Card) -> tuple[float, int, int, int]:
        length = (table.hand & SUIT_MASKS[c // 13]).bit_count()
        shortness = length if my_spades else 0
        return (round(chances[c], 1), shortness, c % 13, c)

    return min(side, key=cost)


def _attack_lead(table: Table, legal: Sequence[Card], settings: PlaySettings) -> Card:
    """Against a nil: the lead he is likeliest forced to win; else strip his low cards by
    leading my lowest, or make my own bid when nothing can force him."""
    forced = {c: forced_chance(table, c) for c in legal}
    best = max(legal, key=lambda c: (round(forced[c], 2), -(c % 13), -c))
    if forced[best] >= 0.05 or table.my_need == 0:
        return best
    return _take_lead(table, legal, settings, opp_wants=False)


# --- Following -----------------------------------------------------------------------------


def follow_card(table: Table, legal: Sequence[Card], wanted: Goal) -> Card:
    """The card to play to the opponent's lead for the goal."""
    lead = table.lead
    assert lead is not None
    winners = [c for c in legal if follower_wins(lead, c)]
    losers = [c for c in legal if not follower_wins(lead, c)]
    if wanted is Goal.TAKE:
        if winners:
            # The cheapest card that wins: in the suit, or the lowest spade.
            return min(winners)
        return _least_useful(table, losers)
    # Nil, attack, duck: lose the trick with the card likeliest to win a trick later (under
    # the card led, the highest; when out of the suit, the most dangerous); when every card
    # wins, shed the strongest.
    pool = losers or winners
    if wanted is Goal.NIL and losers:
        return max(pool, key=lambda c: (round(_danger(table, c), 4), c % 13, c))
    return max(pool, key=lambda c: (round(_power(table, c), 3), c % 13, c))


def _least_useful(table: Table, cards: Sequence[Card]) -> Card:
    """The card to throw when I want tricks and cannot win this one: the lowest of its suit,
    from the shortest side suit if I hold spades (a void to ruff), never a winner I can keep."""
    side = [c for c in cards if c // 13 != SPADES] or list(cards)
    my_spades = (table.hand & SUIT_MASKS[SPADES]).bit_count()

    def cost(c: Card) -> tuple[bool, int, int, int]:
        length = (table.hand & SUIT_MASKS[c // 13]).bit_count()
        return (table.is_master(c), c % 13, length if my_spades else 0, c)

    return min(side, key=cost)
