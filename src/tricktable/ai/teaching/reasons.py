"""Why a computer player did what it did: ``explain(player, view, rng) -> (action, reason)``.

The action is always the one the player's own ``choose`` returns for the same view and generator
(the reason is worked out afterwards, never instead).  Every reason has two forms
(:class:`Reasons`):

- the **private** one, for finished hands: ``basic``'s names the rule of thumb that fired
  ("defenders lead the called suit", "picks: hand strength 7.5 reaches 6"); ``strong``'s is
  ``basic``'s when it agreed with it, else the gain the evaluation of the decision found ("+0.4
  points over 10♠").  It may rest on the player's cards, so it is never shown mid-hand;
- the **public** one (:mod:`tricktable.ai.teaching.public`, :mod:`...spades_reasons`), from
  what every seat knows, which may be shown live ("leads the called suit to find the partner").

A reason is a :class:`~tricktable.i18n.Message` (its words are in the ``reasons`` catalogue;
``str()`` is the English), so the server and the terminal say it in the player's language.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tricktable.ai.sheepshead.strong import StrongSheepsheadPlayer
from tricktable.ai.spades.strong import StrongSpadesPlayer
from tricktable.ai.teaching import sheepshead, spades, spades_reasons
from tricktable.ai.teaching.evaluation import EvaluationSettings, evaluate
from tricktable.ai.teaching.public import public_facts, public_reason
from tricktable.ai.teaching.said import shared_message
from tricktable.cards import Card
from tricktable.game import Action, ActionKind, Player, Seed, derive_seed
from tricktable.i18n import Message
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
from tricktable.spades.bots import BasicPlayer as SpadesBasicPlayer
from tricktable.spades.view import SpadesView
from tricktable.words import action_words

__all__ = [
    "ONLY_LEGAL",
    "Reasons",
    "basic_reason",
    "explain",
    "explain_reasons",
    "gain_points",
    "public_reason_of",
    "usual_reason",
]

_REASON_SETTINGS = EvaluationSettings(samples=8)
"""The look a ``strong`` reason takes at a choice that left ``basic``'s (small: a reason)."""


ONLY_LEGAL = Message("reason.only_legal")


@dataclass(frozen=True, slots=True)
class Reasons:
    """A reason in its two forms (see the module)."""

    public: Message
    """From what every seat knows: may be shown while the hand is played."""
    private: Message
    """From the player's own view too: shown once the hand is over."""

    def to_json(self) -> dict[str, Any]:
        return {"public": self.public.to_json(), "private": self.private.to_json()}


def gain_points(gain: float) -> float:
    """A gain in points as a reason shows it: one decimal."""
    return round(gain, 1)


def explain(player: Player, view: Any, rng: random.Random) -> tuple[Action, Message]:
    """``player``'s action for ``view`` (exactly what ``player.choose(view, rng)`` returns) and
    the private form of its reason."""
    action, reasons = explain_reasons(player, view, rng)
    return action, reasons.private


def explain_reasons(player: Player, view: Any, rng: random.Random) -> tuple[Action, Reasons]:
    """``player``'s action for ``view`` (exactly what ``player.choose(view, rng)`` returns) and
    its reason in both forms."""
    action = player.choose(view, rng)
    public = public_reason_of(view, action)
    if len(view.legal_actions) == 1:
        return action, Reasons(public, ONLY_LEGAL)
    if isinstance(player, BasicPlayer | SpadesBasicPlayer):
        return action, Reasons(public, usual_reason(view, action))
    if isinstance(player, StrongSheepsheadPlayer | StrongSpadesPlayer):
        # Its own seed: drawing from ``rng`` would change the player's later choices.
        seed = derive_seed("reason", view.seat, len(view.events))
        return action, Reasons(public, strong_reason(view, action, seed=seed))
    name = getattr(player, "name", None)
    if not isinstance(name, str):
        return action, Reasons(public, Message("reason.choice"))
    return action, Reasons(public, Message("reason.player_choice", {"player": name}))


def public_reason_of(view: Any, action: Action) -> Message:
    """The public form of the reason for the action of the seat whose view this is."""
    if isinstance(view, SpadesView):
        return spades_reasons.public_reason(view, action)
    return public_reason(public_facts(view), view.seat, action)


def usual_reason(view: Any, action: Action) -> Message:
    """Why table practice (``basic``) takes ``action`` here, from the seat's own view."""
    if isinstance(view, SpadesView):
        return spades_reasons.public_reason(view, action)
    return basic_reason(view, action, BasicSettings())


def strong_reason(view: Any, action: Action, *, seed: Seed) -> Message:
    """``strong``'s reason: ``basic``'s when they agree, else the gain the evaluation of the
    decision sees over ``basic``'s choice."""
    usual = (spades.usual_choice(view) if isinstance(view, SpadesView)
             else sheepshead.usual_choice(view))
    if action == usual:
        return usual_reason(view, action)
    found = evaluate(view, seed, _REASON_SETTINGS, include=(action,))
    if not found.samples or usual not in found.order:
        return usual_reason(view, action)
    gain = found.value(action) - found.value(usual)
    if gain > 0.0:
        return Message("reason.search_gain", {"gain": gain_points(gain),
                                              "action": action_words(usual)})
    return Message("reason.search_prefers", {"action": action_words(usual)})


def basic_reason(view: SheepsheadView, action: Action, settings: BasicSettings) -> Message:
    """The rule of thumb behind ``basic``'s ``action`` (a short phrase)."""
    phase = view.phase
    if phase is Phase.PICK:
        strength = pick_strength(view.hand)
        threshold = pick_threshold(position(view), view.hand, view.rules, settings)
        picks = action.kind is ActionKind.PICK
        reaches = strength >= threshold
        key = _PICK_KEYS[picks, reaches]
        return Message(key, {"strength": round(strength, 1), "threshold": round(threshold, 1)})
    if phase is Phase.BURY:
        plan = plan_bury(view.hand, view.rules, settings)
        points = sum(POINTS[c] for c in plan.bury)
        return Message("reason.bury", {"count": points})
    if phase is Phase.CALL:
        if action.kind is ActionKind.ALONE:
            hand = sum(1 << c for c in view.hand)
            return shared_message("reason.alone_strong" if strong_enough_alone(hand, settings)
                         else "reason.alone_forced")
        if view.rules.jack_of_diamonds:
            return shared_message("reason.jack_partner")
        called = action.cards[0].symbol
        if len(action.cards) == 2:
            return Message("reason.call_unknown", {"card": called})
        return Message("reason.call_short", {"card": called})
    if phase is Phase.CRACK:
        return shared_message("reason.crack" if should_crack(view, settings) else "reason.no_crack")
    if phase is Phase.RECRACK:
        return shared_message("reason.recrack" if action.kind is ActionKind.RECRACK
                     else "reason.no_recrack")
    if phase is Phase.BLITZ:
        return shared_message("reason.blitz" if action.kind is ActionKind.BLITZ
                     and should_blitz(view, settings) else "reason.no_blitz")
    if phase is Phase.PLAY and action.kind is ActionKind.PLAY:
        return _card_reason(view, action.card, settings.play)
    return shared_message("reason.practice")


_PICK_KEYS = {(True, True): "reason.pick_reaches", (True, False): "reason.pick_below",
              (False, True): "reason.pass_reaches", (False, False): "reason.pass_below"}
def _card_reason(view: SheepsheadView, card: Card, settings: PlaySettings) -> Message:
    """Which of ``choose_card``'s rules picked ``card``."""
    table = read_table(view)
    if view.leaster:
        return _leaster_reason(table, card)
    if table.trick.leading:
        return _lead_reason(table, card)
    return _follow_reason(table, card, [a.card for a in view.legal_actions])


def _lead_reason(table: Table, card: Card) -> Message:
    view = table.view
    if table.on_picker_team:
        if is_trump(card):
            if table.is_master(card):
                return shared_message("reason.lead_master_trump")
            return shared_message("reason.lead_low_trump")
        if table.is_master(card):
            return shared_message("reason.cash_master")
        if view.called_suit >= 0 and PLAY_SUIT[card] == view.called_suit:
            return shared_message("reason.open_called")
        return shared_message("reason.lead_cheap_fail")
    playable = [a.card for a in view.legal_actions]
    if is_trump(card):
        exception = defender_trump_lead_exception(table, playable)
        return shared_message("reason.defender_trump_sure" if exception
                     else "reason.defender_trump_no_fail")
    if view.called_suit >= 0 and PLAY_SUIT[card] == view.called_suit:
        return shared_message("reason.defender_called")
    if table.is_master(card):
        return shared_message("reason.defender_master")
    return shared_message("reason.defender_fail")


def _follow_reason(table: Table, card: Card, legal: Sequence[Card]) -> Message:
    trick = table.trick
    led = trick.led
    winner = trick.best_seat
    teammate = table.is_mine(winner) or table.is_probably_mine(winner)
    if teammate and _sure_for_us(table, trick.best, led):
        return shared_message("reason.schmear" if POINTS[card] else "reason.sure_nothing")
    takes = beats(card, trick.best, led)
    if takes and _sure_for_us(table, card, led):
        return Message("reason.take_sure", {"count": trick.points})
    if takes and trick.points >= PlaySettings().rich_trick:
        return Message("reason.rich_trick", {"count": trick.points})
    if takes:
        return shared_message("reason.over")
    follows = [c for c in legal if PLAY_SUIT[c] == led]
    if follows and len(follows) == len(legal):
        return shared_message("reason.follow_least")
    return shared_message("reason.throw_off")


def _leaster_reason(table: Table, card: Card) -> Message:
    trick = table.trick
    if trick.leading:
        return shared_message("reason.leaster_lead")
    if beats(card, trick.best, trick.led):
        return shared_message("reason.leaster_take" if not trick.to_play or POINTS[card] <= 4
                     else "reason.leaster_forced")
    return shared_message("reason.leaster_shed")
