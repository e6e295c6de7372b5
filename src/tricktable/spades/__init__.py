"""Two-player Spades: the hand as a state machine, scoring, games of many hands, records.

The rules are ``shared/rules/spades-two-player.md``; :mod:`tricktable.spades.state` says how
this engine reads the points the rules leave open (double nil, the exchange).
"""

from tricktable.spades.bots import RandomPlayer
from tricktable.spades.deal import Deal, deal_from_seed
from tricktable.spades.events import (
    BidMade,
    CardPlayed,
    DoubleNilDeclared,
    Drew,
    Event,
    Exchanged,
    HandScored,
    SpadesBroken,
    TrickWon,
    event_json,
    redact,
)
from tricktable.spades.exchange import ExchangeOptions, exchange_draw
from tricktable.spades.match import Match, hand_seed, play_match
from tricktable.spades.records import describe_hand, hand_record, hand_summary, replay_hand
from tricktable.spades.rules import PRESETS, Rules, rules_from_json
from tricktable.spades.scoring import (
    HandResult,
    SeatScore,
    bid_json,
    bid_text,
    contract_score,
    game_winner,
    sandbag,
    score_hand,
    score_seat,
)
from tricktable.spades.state import (
    HandState,
    Phase,
    Trick,
    default_exchange_seed,
    new_hand,
    random_hand_state,
)
from tricktable.spades.view import SpadesView, TrickView

__all__ = [
    "PRESETS",
    "BidMade",
    "CardPlayed",
    "Deal",
    "DoubleNilDeclared",
    "Drew",
    "Event",
    "ExchangeOptions",
    "Exchanged",
    "HandResult",
    "HandScored",
    "HandState",
    "Match",
    "Phase",
    "RandomPlayer",
    "Rules",
    "SeatScore",
    "SpadesBroken",
    "SpadesView",
    "Trick",
    "TrickView",
    "TrickWon",
    "bid_json",
    "bid_text",
    "contract_score",
    "deal_from_seed",
    "default_exchange_seed",
    "describe_hand",
    "event_json",
    "exchange_draw",
    "game_winner",
    "hand_seed",
    "new_hand",
    "play_match",
    "random_hand_state",
    "hand_record",
    "redact",
    "replay_hand",
    "rules_from_json",
    "sandbag",
    "score_hand",
    "score_seat",
    "hand_summary",
]
