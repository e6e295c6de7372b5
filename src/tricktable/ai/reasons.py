"""Why a computer player did what it did: ``explain(view, rng) -> (action, reason)``.

The action is always the one the player's own ``choose`` returns for the same view and generator
(the reason is worked out afterwards, never instead).  ``basic``'s reason names the rule of
thumb that fired ("defenders lead the called suit"); ``strong``'s is ``basic``'s when it agreed
with it, else the gain its search found ("+0.4 points over 10♠").
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tricktable.ai.evaluation import EvaluationSettings, action_text, evaluate
from tricktable.ai.sheepshead_strong import StrongSheepsheadPlayer
from tricktable.cards import Card
from tricktable.game import Action, ActionKind, Player
from tricktable.sheepshead.bots import (
    BasicPlayer,
    BasicSettings,
    pick_strength,
    pick_threshold,
    plan_bury,
    position,
    should_blitz,
    should_crack,
    strong_enough_alone,
)
from tricktable.sheepshead.cardplay import (
    PlaySettings,
    _sure_for_us,
    defender_trump_lead_exception,
    is_trump,
)
from tricktable.sheepshead.deck import PLAY_SUIT, POINTS
from tricktable.sheepshead.knowledge import Table, beats, read_table
from tricktable.sheepshead.state import Phase
from tricktable.sheepshead.view import SheepsheadView

__all__ = ["basic_reason", "explain"]

_REASON_SETTINGS = EvaluationSettings(samples=8)
"""The look a ``strong`` reason takes at a choice that left ``basic``'s (small: a reason)."""


def explain(player: Player, view: SheepsheadView, rng: random.Random) -> tuple[Action, str]:
    """``player``'s action for ``view`` (exactly what ``player.choose(view, rng)`` returns) and
    a short reason for it."""
    action = player.choose(view, rng)
    if len(view.legal_actions) == 1:
        return action, "the only legal play"
    if isinstance(player, BasicPlayer):
        return action, basic_reason(view, action, player.settings)
    if isinstance(player, StrongSheepsheadPlayer):
        # Its own generator: drawing from ``rng`` would change the player's later choices.
        return action, strong_reason(view, action, seed=f"reason/{view.seat}/{len(view.events)}")
    return action, f"{getattr(player, 'name', 'the player')}'s choice"


def strong_reason(view: SheepsheadView, action: Action, *, seed: int | str) -> str:
    """``strong``'s reason: ``basic``'s when they agree, else the gain its search sees."""
    usual = BasicPlayer().choose(view, random.Random(0))
    if action == usual:
        return basic_reason(view, action, BasicSettings())
    found = evaluate(view, random.Random(seed), _REASON_SETTINGS, include=(action, usual))
    gain = found.value(action) - found.value(usual)
    if gain > 0.0:
        return f"+{gain:.1f} points over {action_text(usual)} (search)"
    return f"search prefers it to {action_text(usual)} on sampled deals"


def basic_reason(view: SheepsheadView, action: Action, settings: BasicSettings) -> str:
    """The rule of thumb behind ``basic``'s ``action`` (a short phrase)."""
    phase = view.phase
    if phase is Phase.PICK:
        strength = pick_strength(view.hand)
        threshold = pick_threshold(position(view), view.hand, view.rules, settings)
        verb = "picks" if action.kind is ActionKind.PICK else "passes"
        relation = "reaches" if strength >= threshold else "is below"
        return f"{verb}: hand strength {strength:.1f} {relation} {threshold:.1f} for this seat"
    if phase is Phase.BURY:
        plan = plan_bury(view.hand, view.rules, settings)
        points = sum(POINTS[c] for c in plan.bury)
        return f"buries {points} points, keeping trump and making voids for the call"
    if phase is Phase.CALL:
        if action.kind is ActionKind.ALONE:
            hand = sum(1 << c for c in view.hand)
            return ("goes alone: enough high trump and no losers"
                    if strong_enough_alone(hand, settings) else "nothing can be called")
        if view.rules.jack_of_diamonds:
            return "the J♦'s holder is the partner"
        if len(action.cards) == 2:
            return f"calls {action_text(Action.play(action.cards[0]))}, with an unknown card"
        return f"calls {action_text(Action.play(action.cards[0]))}: a short suit with a hold card"
    if phase is Phase.CRACK:
        return ("cracks: holds the trump the picker lacks" if should_crack(view, settings)
                else "no crack: the picker's side looks stronger")
    if phase is Phase.RECRACK:
        return ("recracks: strong enough to go alone with" if action.kind is ActionKind.RECRACK
                else "no recrack")
    if phase is Phase.BLITZ:
        return ("shows the queens: this side is the likelier winner"
                if action.kind is ActionKind.BLITZ and should_blitz(view, settings)
                else "no blitz")
    if phase is Phase.PLAY and action.kind is ActionKind.PLAY:
        return _card_reason(view, action.card, settings.play)
    return "table practice"


def _card_reason(view: SheepsheadView, card: Card, settings: PlaySettings) -> str:
    """Which of ``choose_card``'s rules picked ``card``."""
    table = read_table(view)
    if view.leaster:
        return _leaster_reason(table, card)
    if table.trick.leading:
        return _lead_reason(table, card)
    return _follow_reason(table, card, [a.card for a in view.legal_actions])


def _lead_reason(table: Table, card: Card) -> str:
    view = table.view
    if table.on_picker_team:
        if is_trump(card):
            if table.is_master(card):
                return "the picker's side leads its master trump"
            return "the picker's side leads low trump to draw the defenders' trump"
        if table.is_master(card):
            return "cashes a master: the other side has no trump left"
        if view.called_suit >= 0 and PLAY_SUIT[card] == view.called_suit:
            return "opens the called suit: the partner's ace must come out"
        return "leads the cheapest fail card"
    playable = [a.card for a in view.legal_actions]
    if is_trump(card):
        exception = defender_trump_lead_exception(table, playable)
        return f"a defender leads trump: {exception or 'no fail left'}"
    if view.called_suit >= 0 and PLAY_SUIT[card] == view.called_suit:
        return "defenders lead the called suit"
    if table.is_master(card):
        return "a defender cashes a master"
    return "a defender leads fail, low into the picker's weak suit"


def _follow_reason(table: Table, card: Card, legal: Sequence[Card]) -> str:
    trick = table.trick
    led = trick.led
    winner = trick.best_seat
    teammate = table.is_mine(winner) or table.is_probably_mine(winner)
    if teammate and _sure_for_us(table, trick.best, led):
        return ("schmears: the trick is sure for my side" if POINTS[card] else
                "the trick is sure for my side; nothing to schmear")
    takes = beats(card, trick.best, led)
    if takes and _sure_for_us(table, card, led):
        return f"takes the trick for sure ({trick.points} points in it)"
    if takes and trick.points >= PlaySettings().rich_trick:
        return f"goes for a rich trick ({trick.points} points in it)"
    if takes:
        return "plays over: the card it can spare best"
    follows = [c for c in legal if PLAY_SUIT[c] == led]
    if follows and len(follows) == len(legal):
        return "follows suit with the least useful card"
    return "throws off the least useful card"


def _leaster_reason(table: Table, card: Card) -> str:
    trick = table.trick
    if trick.leading:
        return "leaster: leads a card others must go over"
    if beats(card, trick.best, trick.led):
        return "leaster: takes a cheap trick to qualify" if not trick.to_play or POINTS[card] \
            <= 4 else "leaster: forced to go over"
    return "leaster: sheds points onto another player's trick"
