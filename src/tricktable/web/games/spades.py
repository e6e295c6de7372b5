"""Two-player Spades for the server: the human at seat 0 against one computer player.

The first player of hand 1 is drawn from the game's seed (so a Daily gives everyone the same
roles), and the roles alternate after that (the engine's :class:`~tricktable.spades.Match`).

What leaves here is the human seat's view only.  The draw is where leaks would hide, so:

* the top card of the stock is in the view only while the human is looking at it (its turn);
* a ``Drew`` event names its cards (and whether the card was kept) only for the human's own
  draws: the computer's draws are sent as "took one card, discarded one";
* the computer's double-nil exchange is sent as a number of cards, never which.

The exchange's 378 choices are not listed: its legal actions are sent as ``["exchange"]`` with
``view.exchange = {"up_to": 3}``, and the engine checks the cards the player chose.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar

from tricktable.game import Seat, shuffled
from tricktable.i18n import Message, translate
from tricktable.i18n.errors import WordedError
from tricktable.spades.events import Event, HandScored, event_json, redact
from tricktable.spades.exchange import MAX_EXCHANGE
from tricktable.spades.match import Match
from tricktable.spades.records import game_record
from tricktable.spades.rules import PRESETS, rules_from_json
from tricktable.spades.scoring import HandResult
from tricktable.spades.state import HandState, Phase
from tricktable.web.games.base import GameAdapter, Outcome, TableOptions, memo_history, rate
from tricktable.web.language import answer_language

__all__ = ["MAX_TARGET", "SpadesAdapter", "first_player", "result_json"]

MAX_TARGET = 10_000
"""The highest target a (test-only) custom target may set."""


def first_player(seed: str) -> Seat:
    """The first player of a game's first hand, chosen at random from the game's seed."""
    first: Seat = shuffled((0, 1), seed, purpose="spades-first-player")[0]
    return first


def result_json(result: HandResult) -> dict[str, Any]:
    """A scored hand for the browser: the engine's JSON and each seat's score in words (in the
    answer's language)."""
    language = answer_language()
    return {**result.to_json(),
            "reasons": [translate(language, seat.summary()) for seat in result.seats]}


def _hand_view(hand: HandState, seat: Seat) -> dict[str, Any]:
    """``seat``'s view of a hand as JSON, without its events (they travel in ``events``) and
    without its legal actions (they travel, compactly, in ``legal_actions``)."""
    view = replace(hand.view(seat), events=(), legal_actions=())
    data = view.to_json()
    del data["events"], data["legal_actions"]
    if view.result is not None:
        data["result"] = result_json(view.result)
    return data


class SpadesAdapter(GameAdapter[Match]):
    name = "spades"
    title = "Spades"
    presets = ("standard", "short")
    default_preset = "standard"
    daily_preset = "standard"
    preset_labels: ClassVar[dict[str, Message]] = {
        "standard": Message("server.preset.standard", {"target": PRESETS["standard"].target}),
        "short": Message("server.preset.short", {"target": PRESETS["short"].target}),
    }

    def rules(self, preset: str | None, options: TableOptions) -> dict[str, Any]:
        name = preset or self.default_preset
        if name not in PRESETS:
            raise WordedError(Message("server.preset.unknown_spades", {
                "preset": repr(name), "presets": ", ".join(PRESETS)}))
        if options.hands is not None:
            raise WordedError(Message("server.spades_hands"))
        if options.house:
            raise WordedError(Message("server.spades_house", {"options": ", ".join(options.house)}))
        rules = PRESETS[name]
        target = options.target
        if target is not None:
            if isinstance(target, bool) or not 1 <= target <= MAX_TARGET:
                raise WordedError(Message("server.spades_target", {"most": MAX_TARGET}))
            rules = replace(rules, target=target)
        return rules.to_json()

    def new_match(self, rules: dict[str, Any], seed: str) -> Match:
        return Match(seed=seed, rules=rules_from_json(rules), first=first_player(seed))

    def action_count(self, match: Match) -> int:
        return sum(len(hand.history) for hand in match.hands)

    def history(self, match: Match) -> list[tuple[Seat, str]]:
        return memo_history(match, [hand.history for hand in match.hands])

    def player_view(self, match: Match, seat: Seat) -> Any:
        return match.view(seat)

    def hands(self, match: Match) -> Sequence[HandState]:
        return match.hands

    def event_json(self, hand: HandState, event: Event, seat: Seat) -> dict[str, Any]:
        event = redact(event, viewer=seat)
        data = event_json(event)
        if isinstance(event, HandScored):
            data["result"] = result_json(event.result)
        return data

    def view_json(self, match: Match, seat: Seat) -> tuple[dict[str, Any], list[str]]:
        current = match.hand
        exchanging = match.to_move == seat and current.phase is Phase.EXCHANGE
        if exchanging:
            legal = ["exchange"]  # with up to MAX_EXCHANGE of the player's cards
        elif match.to_move == seat:
            legal = [str(action) for action in current.legal_actions()]
        else:
            legal = []
        view = {
            "hand": _hand_view(current, seat),
            "hand_number": match.hand_number,
            "target": match.rules.target,
            "totals": list(match.totals),
            "bags": list(match.bags),
            "results": [
                {"hand_number": number, "first": hand.first, **result_json(hand.result)}
                for number, hand in enumerate(match.hands, 1) if hand.result is not None
            ],
            "is_over": match.is_over,
            "winner": match.winner,
            "exchange": {"up_to": MAX_EXCHANGE} if exchanging else None,
        }
        return view, legal

    def hand_number(self, match: Match, deal_index: int) -> int:
        return deal_index + 1

    def finished_view_json(self, hand: HandState, seat: Seat) -> dict[str, Any]:
        return _hand_view(hand, seat)

    def outcome(self, match: Match, seat: Seat) -> Outcome:
        other = 1 - seat
        scores = [hand.result.seats[seat] for hand in match.hands if hand.result is not None]
        contracts = [s for s in scores if s.bid > 0]
        nils = [s for s in scores if s.bid == 0 and not s.double_nil]
        double_nils = [s for s in scores if s.double_nil]
        totals = match.totals
        won = match.winner == seat
        return Outcome(
            score=totals[seat] - totals[other],
            stats={
                "hands": len(scores),
                "won": won,
                "place": 1 if won else 2,
                "totals": list(totals),
                "margin": totals[seat] - totals[other],
                "contracts": len(contracts),
                "contracts_made": sum(1 for s in contracts if s.made),
                "nils": len(nils),
                "nils_made": sum(1 for s in nils if s.made),
                "double_nils": len(double_nils),
                "double_nils_made": sum(1 for s in double_nils if s.made),
                "tricks": sum(s.tricks for s in scores),
                "bags": sum(s.bags for s in scores),
                "sandbagged": sum(s.penalties for s in scores),
            },
        )

    def hand_marks(self, match: Match, seat: Seat) -> list[tuple[str, bool]]:
        return [("hand", hand.result.scores[seat] > hand.result.scores[1 - seat])
                for hand in match.hands if hand.result is not None]

    def record(self, match: Match) -> dict[str, Any]:
        return game_record(match)

    def summarize(self, stats: Sequence[dict[str, Any]]) -> dict[str, Any]:
        def total(key: str) -> int:
            return sum(int(s.get(key, 0)) for s in stats)

        contracts, made = total("contracts"), total("contracts_made")
        nils = total("nils") + total("double_nils")
        nils_made = total("nils_made") + total("double_nils_made")
        return {
            "hands": total("hands"),
            "contracts": contracts,
            "contracts_made": made,
            "contract_rate": rate(made, contracts),
            "nils": nils,
            "nils_made": nils_made,
            "nil_rate": rate(nils_made, nils),
            "bags": total("bags"),
            "sandbagged": total("sandbagged"),
        }

