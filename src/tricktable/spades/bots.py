"""Computer players for Spades.  Each sees only a :class:`~tricktable.spades.view.SpadesView`.

* :class:`~tricktable.game.RandomPlayer` (shared) chooses uniformly among the legal actions.
* :class:`BasicPlayer` plays like a sound club player.  Each decision is a small function with
  named heuristics:

  - **draw, double nil, exchange, bid** in :mod:`tricktable.spades.bidding`: keep the top card
    when it adds more expected tricks than a random unseen card; double nil only as a rare
    gamble far behind; give up the most dangerous cards in the exchange; bid the number of
    tricks with the best expected score, or nil when the hand is safe enough;
  - **card play** in :mod:`tricktable.spades.cardplay`: make the bid, then duck; set the
    opponent when in reach; protect a nil, attack his.

The player is deterministic: it never uses the generator it is given, so the same view always
gives the same action.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from tricktable.game import DOUBLE_NIL, KEEP, REJECT, Action, RandomPlayer, legal_choices
from tricktable.spades.bidding import (
    BidSettings,
    choose_bid,
    choose_exchange,
    keep_top_card,
    should_double_nil,
)
from tricktable.spades.cardplay import PlaySettings, choose_card
from tricktable.spades.exchange import exchange_action
from tricktable.spades.state import Phase
from tricktable.spades.view import SpadesView

__all__ = ["BasicPlayer", "BasicSettings", "RandomPlayer"]


@dataclass(frozen=True, slots=True)
class BasicSettings:
    """The knobs of :class:`BasicPlayer`, to tune in the arena."""

    bidding: BidSettings = field(default_factory=BidSettings)
    play: PlaySettings = field(default_factory=PlaySettings)


class BasicPlayer:
    """A rule-based player: counts tricks to bid, makes its bid, then ducks; nil both ways."""

    name = "basic"

    def __init__(self, settings: BasicSettings | None = None) -> None:
        self.settings = settings if settings is not None else BasicSettings()

    def choose(self, view: SpadesView, rng: random.Random) -> Action:
        """The action for ``view`` (it must be this seat's turn)."""
        legal = legal_choices(view)
        if len(legal) == 1:
            return legal[0]
        settings = self.settings
        phase = view.phase
        if phase is Phase.PLAY:
            return Action.play(choose_card(view, settings.play))
        if phase is Phase.DRAW:
            if DOUBLE_NIL in legal and should_double_nil(view, settings.bidding):
                return DOUBLE_NIL
            return KEEP if keep_top_card(view, settings.bidding) else REJECT
        if phase is Phase.EXCHANGE:
            return exchange_action(choose_exchange(view, settings.bidding))
        if phase is Phase.BID:
            return Action.bid(choose_bid(view, settings.bidding))
        raise ValueError(f"There is nothing to decide in the {phase.value} phase.")
