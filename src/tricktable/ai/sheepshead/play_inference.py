"""How well a sampled Sheepshead deal explains the cards the other players chose to play.

The predictor is a softened ``basic`` player.  Replaying the public history on the sampled deal,
every card another seat played where it had a choice is compared with what ``basic`` would have
played from that seat's view (its own hand in the sample, the public history, what it was told):
the observed card has probability ``1 - softness`` plus ``softness`` spread evenly over the legal
cards.  A deal in which a defender holding an ace threw a low card onto a trick his teammate was
sure to win, or in which the picker's side did not lead trump while holding plenty, explains the
play poorly; one in which he held nothing worth schmearing explains it well.  The call (or going
alone) is read the same way, from the picker's hand after the bury in the sample.

The likelihood is the product of those probabilities.  It is always positive (``softness > 0``):
other players are not ``basic``, and no sampled deal is ruled out by it — only weighed.  The
samples themselves already obey every hard constraint (voids, the called ace, the hold card, the
J♦'s secrecy), so this reads only what those constraints cannot.

Only the view and the sampled deal go in: the seat's own unseen cards are never consulted
except through the sample, so two deals that look the same to the seat weigh the same.
"""

from __future__ import annotations

import random

from tricktable.ai.sheepshead.sampling import (
    SheepsheadSample,
    event_action,
    initial_state,
    original_hands,
)
from tricktable.game import Action, ActionKind
from tricktable.sheepshead.bots import BasicPlayer
from tricktable.sheepshead.events import Called, CardPlayed, WentAlone
from tricktable.sheepshead.state import HandState
from tricktable.sheepshead.view import SheepsheadView

__all__ = ["PlayModel"]

_SOFTNESS = 0.6
"""The share of another player's choices this model does not predict: spread evenly over his
legal cards.  Chosen by how well the weighted samples place the unseen cards (mean log chance of
each card's true holder, 96 samples, against ``basic`` playing a random card 15% of the time):
0.6 best, 0.5 and 0.7 close, 0.4 and below worse as a few deals take all the weight."""
_MEMO_LIMIT = 200_000
"""Predictions remembered at most (a hand needs some thousands; past this they are forgotten)."""


class PlayModel:
    """The likelihood of the other seats' card plays (and call) under a softened ``basic``."""

    def __init__(self, *, softness: float = _SOFTNESS, calls: bool = True) -> None:
        if not 0.0 < softness <= 1.0:
            raise ValueError(f"The softness is a share in (0, 1], not {softness}.")
        self.softness = softness
        self.calls = calls
        self.predictor = BasicPlayer()
        self._rng = random.Random(0)  # basic never draws from it; it is there for the interface
        self._memo: dict[tuple[object, ...], tuple[Action, int]] = {}
        self._context: tuple[object, ...] = ()
        self._events: tuple[object, ...] = ()

    def likelihood(self, view: SheepsheadView, sample: SheepsheadSample) -> float:
        """The chance of every card another seat played (and of the picker's call), in order,
        if ``sample`` is the truth; 1.0 when nobody else has chosen anything yet."""
        return self.weigh(view, sample)[0]

    def weigh(self, view: SheepsheadView,
              sample: SheepsheadSample) -> tuple[float, HandState | None]:
        """:meth:`likelihood`, and the hand state it replayed to judge it — the state
        :func:`~tricktable.ai.sheepshead.sampling.rebuild_state` gives — or None where it
        needed none."""
        me = view.seat
        events = view.events
        if not any(isinstance(e, CardPlayed | Called | WentAlone) and e.seat != me
                   for e in events):
            return 1.0, None
        memo = self._memo_for(view)
        hands = original_hands(view, sample)
        picker = view.picker
        state = initial_state(view, sample)
        weight = 1.0
        soft = self.softness
        for index, event in enumerate(events):
            action = event_action(event, sample)
            if action is None:
                continue
            seat = getattr(event, "seat", me)
            read = seat != me and (
                action.kind is ActionKind.PLAY
                or (self.calls and isinstance(event, Called | WentAlone))
            )
            if read:
                # What the seat would do depends only on the public history so far and its own
                # cards (the picker's bury and unknown card included): remember it by those.
                private = (sample.buried, sample.unknown) if seat == picker else None
                key = (index, hands[seat], private)
                known = memo.get(key)
                if known is None:
                    count = state.legal_action_count()
                    predicted = (self.predictor.choose(state.view(seat), self._rng)
                                 if count > 1 else state.legal_actions()[0])
                    known = (predicted, count)
                    memo[key] = known
                predicted, choices = known
                if choices > 1:
                    chance = soft / choices
                    if predicted == action:
                        chance += 1.0 - soft
                    weight *= chance
            state.apply(action)
        return weight, state

    def _memo_for(self, view: SheepsheadView) -> dict[tuple[object, ...], tuple[Action, int]]:
        """The remembered predictions, kept while the views continue one public history."""
        context = (view.rules, view.dealer, view.multiplier, view.seat)
        events = view.events
        seen = self._events
        if (context != self._context or events[: len(seen)] != seen
                or len(self._memo) > _MEMO_LIMIT):
            self._memo.clear()
            self._context = context
        self._events = events
        return self._memo
