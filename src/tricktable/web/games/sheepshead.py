"""Sheepshead for the server: five seats, the human at seat 0, four computer players."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar

from tricktable.game import Seat
from tricktable.i18n import Message, translate
from tricktable.i18n.errors import WordedError
from tricktable.sheepshead.events import Event, HandScored, event_json, redact
from tricktable.sheepshead.match import Match
from tricktable.sheepshead.records import game_record
from tricktable.sheepshead.rules import PRESETS, rules_from_json
from tricktable.sheepshead.scoring import HandKind, HandResult
from tricktable.sheepshead.state import HandState
from tricktable.web.games.base import GameAdapter, Outcome, TableOptions, memo_history, rate
from tricktable.web.language import answer_language
from tricktable.web.schemas import HOUSE_OPTIONS

__all__ = ["SheepsheadAdapter", "result_json"]


def result_json(result: HandResult) -> dict[str, Any]:
    """A scored hand for the browser: the engine's JSON, its reason in the answer's language."""
    return {**result.to_json(), "reason": translate(answer_language(), result.reason)}


class SheepsheadAdapter(GameAdapter[Match]):
    name = "sheepshead"
    title = "Sheepshead"
    presets = ("milwaukee", "pagat", "tavern", "wisconsin-jd")
    default_preset = "milwaukee"
    daily_preset = "milwaukee"
    hand_counts = (5, 10, 15, 20)
    preset_labels: ClassVar[dict[str, Message]] = {
        "milwaukee": Message("server.preset.milwaukee"),
        "pagat": Message("server.preset.pagat"),
        "tavern": Message("server.preset.tavern"),
        "wisconsin-jd": Message("server.preset.wisconsin-jd"),
    }

    def rules(self, preset: str | None, options: TableOptions) -> dict[str, Any]:
        name = preset or self.default_preset
        if name not in PRESETS:
            raise WordedError(Message("server.preset.unknown", {
                "preset": repr(name), "presets": ", ".join(PRESETS)}))
        if options.target is not None:
            raise WordedError(Message("server.sheepshead_target"))
        rules = PRESETS[name]
        if options.hands is not None:
            rules = replace(rules, hands=options.hands)
        if options.house:
            rules = rules_from_json({**rules.to_json(), **options.house})
        return rules.to_json()

    def house_options(self) -> dict[str, dict[str, Any]]:
        return {name: {option: PRESETS[name].to_json()[option] for option in HOUSE_OPTIONS}
                for name in self.presets}

    def new_match(self, rules: dict[str, Any], seed: str) -> Match:
        return Match(rules=rules_from_json(rules), seed=seed)

    def action_count(self, match: Match) -> int:
        return len(match.history)

    def history(self, match: Match) -> list[tuple[Seat, str]]:
        return memo_history(match, (match.history,))

    def player_view(self, match: Match, seat: Seat) -> Any:
        return match.current.view(seat)

    def hands(self, match: Match) -> Sequence[HandState]:
        return match.deals

    def event_json(self, hand: HandState, event: Event, seat: Seat) -> dict[str, Any]:
        data = event_json(redact(event, viewer=seat, picker=hand.picker, over=hand.is_over))
        if isinstance(event, HandScored):
            data["result"] = result_json(event.result)
        return data

    def view_json(self, match: Match, seat: Seat) -> tuple[dict[str, Any], list[str]]:
        view = match.view(seat)
        view_json = replace(view, hand=replace(view.hand, events=())).to_json()
        del view_json["hand"]["events"]
        if view.hand.result is not None:
            view_json["hand"]["result"] = result_json(view.hand.result)
        view_json["results"] = [result_json(result) for result in view.results]
        return view_json, [str(a) for a in view.legal_actions]

    def hand_number(self, match: Match, deal_index: int) -> int:
        return 1 + sum(
            1 for result in match.results[:deal_index] if result.kind is not HandKind.PASSED_OUT
        )

    def finished_view_json(self, hand: HandState, seat: Seat) -> dict[str, Any]:
        shown = replace(hand.view(seat), events=())
        view = shown.to_json()
        del view["events"]
        if shown.result is not None:
            view["result"] = result_json(shown.result)
        return view

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

    def hand_marks(self, match: Match, seat: Seat) -> list[tuple[str, bool]]:
        marks = []
        for result in match.results:
            if result.kind is HandKind.PASSED_OUT:
                continue
            if result.picker is None:
                role = "leaster"
            elif result.picker == seat:
                role = "picker"
            elif result.partner == seat:
                role = "partner"
            else:
                role = "defender"
            marks.append((role, result.scores[seat] > 0))
        return marks

    def record(self, match: Match) -> dict[str, Any]:
        return game_record(match)

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

