"""Sheepshead for the server: five seats, the human at seat 0, four computer players."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from tricktable.game import Action, Seat
from tricktable.sheepshead.events import event_json, redact
from tricktable.sheepshead.match import Match
from tricktable.sheepshead.rules import PRESETS, rules_from_json
from tricktable.sheepshead.scoring import HandKind
from tricktable.web.games.base import GameAdapter, Outcome, TableOptions, memo_history, rate

__all__ = ["SheepsheadAdapter"]


class SheepsheadAdapter(GameAdapter[Match]):
    name = "sheepshead"
    title = "Sheepshead"
    presets = ("milwaukee", "pagat", "tavern")
    default_preset = "milwaukee"
    daily_preset = "milwaukee"
    hand_counts = (5, 10, 15, 20)

    def rules(self, preset: str | None, options: TableOptions) -> dict[str, Any]:
        name = preset or self.default_preset
        if name not in PRESETS:
            raise ValueError(f"{name!r} is not a table; choose from {', '.join(PRESETS)}.")
        if options.target is not None:
            raise ValueError("Sheepshead is played for a number of hands: choose hands, "
                             "not a target.")
        rules = PRESETS[name]
        if options.hands is not None:
            rules = replace(rules, hands=options.hands)
        return rules.to_json()

    def new_match(self, rules: dict[str, Any], seed: str) -> Match:
        return Match(rules=rules_from_json(rules), seed=seed)

    def apply(self, match: Match, seat: Seat, action: Action) -> None:
        match.apply(action, seat=seat)

    def to_move(self, match: Match) -> Seat | None:
        return match.to_move

    def is_over(self, match: Match) -> bool:
        return match.is_over

    def action_count(self, match: Match) -> int:
        return len(match.history)

    def history(self, match: Match) -> list[tuple[Seat, str]]:
        return memo_history(match, (match.history,))

    def player_view(self, match: Match, seat: Seat) -> Any:
        return match.current.view(seat)

    def event_count(self, match: Match) -> int:
        return sum(len(deal.events) for deal in match.deals)

    def state_json(self, match: Match, seat: Seat, since: int, *, full: bool) -> dict[str, Any]:
        events: list[dict[str, Any]] = []
        offset = 0
        for number, deal in enumerate(match.deals):
            count = len(deal.events)
            if offset + count > since:
                over = deal.is_over
                for index in range(max(0, since - offset), count):
                    event = redact(deal.events[index], viewer=seat, picker=deal.picker, over=over)
                    events.append({"index": offset + index, "deal": number, **event_json(event)})
            offset += count
        # The events travel once, in "events": the views are sent without their copies.
        view = match.view(seat)
        view_json = replace(view, hand=replace(view.hand, events=())).to_json()
        del view_json["hand"]["events"]
        finished = match.deals if match.is_over else match.deals[:-1]
        previous = None
        ended = any(event["type"] == "HandScored" for event in events)
        if finished and (full or ended):
            deal_index = len(finished) - 1
            previous_view = replace(finished[-1].view(seat), events=()).to_json()
            del previous_view["events"]
            previous = {
                "deal": deal_index,
                "hand_number": _hand_number(match, deal_index),
                "view": previous_view,
            }
        return {
            "view": view_json,
            "legal_actions": [str(a) for a in view.legal_actions],
            "deal": len(match.deals) - 1,
            "events": events,
            "event_count": offset,
            "previous_hand": previous,
        }

    def outcome(self, match: Match, seat: Seat) -> Outcome:
        played = [d for d in match.deals if d.result and d.result.kind is not HandKind.PASSED_OUT]
        picks = [d for d in played if d.picker == seat]
        wins = [d for d in picks if d.result is not None and d.result.picker_won]
        totals = match.totals
        place = 1 + sum(1 for total in totals if total > totals[seat])
        return Outcome(
            score=totals[seat],
            stats={
                "hands": len(played),
                "picks": len(picks),
                "picker_wins": len(wins),
                "partner": sum(1 for d in played if d.partner == seat),
                "leasters": sum(1 for d in played if d.picker is None),
                "place": place,
                "won": seat in match.winners,
                "totals": list(totals),
            },
        )

    def summarize(self, stats: Sequence[dict[str, Any]]) -> dict[str, Any]:
        hands = sum(int(s.get("hands", 0)) for s in stats)
        picks = sum(int(s.get("picks", 0)) for s in stats)
        wins = sum(int(s.get("picker_wins", 0)) for s in stats)
        return {
            "hands": hands,
            "picks": picks,
            "pick_rate": rate(picks, hands),
            "picker_wins": wins,
            "picker_win_rate": rate(wins, picks),
        }


def _hand_number(match: Match, deal_index: int) -> int:
    return 1 + sum(
        1 for result in match.results[:deal_index] if result.kind is not HandKind.PASSED_OUT
    )
