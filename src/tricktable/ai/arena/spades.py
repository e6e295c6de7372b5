"""Two-player Spades in the arena: a *deal* is a whole game to the target score.

Deal ``d`` is the game :class:`~tricktable.spades.match.Match` with seed ``deal_seed(seed, d)``
(each hand's stock comes from it); seat 0 is the first player of hand 1.  The two rotations
play the same game seed with the players' seats swapped.  A game that has not ended after
:data:`MAX_HANDS` hands is stopped there (counted in ``unfinished``, won by nobody).

Figures per player: mean points per hand (the score), ``game_win_rate`` (games won / games),
``bid_made_rate`` (non-nil bids with at least the bid taken), ``bid_exact_rate`` (non-nil bids
taken exactly), ``nil_success_rate`` (nil and double-nil bids with no trick taken),
``bags_per_hand`` (new bags per hand).
"""

from __future__ import annotations

from collections.abc import Mapping

from tricktable.ai.arena.adapter import Column, Counters, DealPlay, Seating
from tricktable.ai.arena.stats import rate
from tricktable.spades import Match, rules_from_json

__all__ = ["MAX_HANDS", "SpadesAdapter"]

MAX_HANDS = 60


def _count(counters: Counters, key: str, amount: float = 1) -> None:
    counters[key] = counters.get(key, 0) + amount


class SpadesAdapter:
    """Two seats, two rotations; scores are points per hand over a game to the target."""

    game = "spades"
    seats = 2
    score_label = "points/hand"
    columns: tuple[Column, ...] = (
        Column("game_win_rate", "games won"),
        Column("bid_made_rate", "bids made"),
        Column("bid_exact_rate", "bids exact"),
        Column("nil_success_rate", "nil made"),
        Column("bags_per_hand", "bags/hand", "{:.2f}"),
    )

    def play_deal(self, seating: Seating) -> DealPlay:
        players, rngs = seating.players, seating.rngs
        match = Match(seed=seating.seed, rules=rules_from_json(seating.preset or "standard"),
                      first=0)
        while match.to_move is not None and match.hand_number <= MAX_HANDS:
            seat = match.to_move
            match.apply(players[seat].choose(match.view(seat), rngs[seat]), seat=seat)
        counters: list[Counters] = [{}, {}]
        scores = [0.0, 0.0]
        hands = 0
        for hand in match.hands:
            result = hand.result
            if result is None:
                continue
            hands += 1
            for seat, part in enumerate(result.seats):
                mine = counters[seat]
                scores[seat] += part.score
                _count(mine, "hands")
                _count(mine, "bags", part.bags)
                if part.bid == 0:
                    _count(mine, "nils")
                    if part.tricks == 0:
                        _count(mine, "nils_made")
                else:
                    _count(mine, "bids")
                    if part.tricks >= part.bid:
                        _count(mine, "bids_made")
                    if part.tricks == part.bid:
                        _count(mine, "bids_exact")
        for seat in range(2):
            _count(counters[seat], "games")
            if match.winner is None:
                _count(counters[seat], "unfinished")
            elif match.winner == seat:
                _count(counters[seat], "game_wins")
        return DealPlay(scores=(scores[0], scores[1]), hands=max(1, hands),
                        counters=(counters[0], counters[1]))

    def figures(self, counters: Mapping[str, float]) -> dict[str, float | None]:
        c = counters.get
        return {
            "game_win_rate": rate(c("game_wins", 0), c("games", 0)),
            "bid_made_rate": rate(c("bids_made", 0), c("bids", 0)),
            "bid_exact_rate": rate(c("bids_exact", 0), c("bids", 0)),
            "nil_success_rate": rate(c("nils_made", 0), c("nils", 0)),
            "bags_per_hand": rate(c("bags", 0), c("hands", 0)),
            "games": c("games", 0),
            "unfinished_games": c("unfinished", 0),
        }
