"""Hand and game records: JSON that replays exactly.

A **hand record**::

    {"game": "sheepshead", "rules": "milwaukee" | {options}, "dealer": 0,
     "seed": 42  |  "deal": {"hands": [[6 cards] x 5], "blind": [2 cards]},
     "multiplier": 1,                       # optional: a doubler multiplier carried in
     "actions": [[1, "pass"], [2, "pick"], [2, "bury QC 7H"], [2, "call AH"], [3, "play 10D"]]}

A **game record** has ``"type": "game"``, ``rules``, ``seed`` and the ``actions`` of the whole game
(the first dealer and every deal come from the seed).

Every record is checked at its root before it is replayed (:mod:`tricktable.record_checks`): it
has ``actions`` and no other fields than these, and a ``multiplier`` is one a game at its rules
can carry — a power of two, the doubler's (1 at a table without it), within ``max_doubles``.

Action texts are those of :func:`tricktable.game.parse_action`.  A call with the unknown card is
one action, ``call AH unknown 8C``: call A♥ and set 8C aside.  The picker later plays it with
``play 8C``; everyone else sees a face-down card.  Under the Wisconsin house options the picker
calls ``call JD``; ``crack``, ``recrack`` and ``blitz QC QS`` double the stakes, and ``pass``
declines each offer.
"""

from __future__ import annotations

from typing import Any

from tricktable.cards import Card, cards_of, format_cards
from tricktable.game import Action, IllegalAction, RecordError, Seat, parse_action
from tricktable.i18n import Message
from tricktable.i18n.errors import reason_of
from tricktable.record_checks import check_fields, check_root, record_type, shown
from tricktable.sheepshead.deal import Deal
from tricktable.sheepshead.deck import sort_hand
from tricktable.sheepshead.events import Passed
from tricktable.sheepshead.match import Match
from tricktable.sheepshead.rules import NoPicker, Rules, rules_from_json
from tricktable.sheepshead.state import HandState, new_hand

__all__ = [
    "describe_game",
    "describe_hand",
    "game_record",
    "game_summary",
    "hand_record",
    "hand_summary",
    "replay",
    "replay_game",
    "replay_hand",
]


# The house options at their defaults are left out of a record's rules, so that a record of a
# table without them reads as it did before they existed.
_HOUSE_DEFAULTS = {"partner": "called-ace", "crack": False, "blitz": False, "max_doubles": None}


def _rules_json(rules: Rules) -> str | dict[str, Any]:
    if rules.preset_name:
        return rules.preset_name
    return {name: value for name, value in rules.to_json().items()
            if name not in _HOUSE_DEFAULTS or _HOUSE_DEFAULTS[name] != value}


def _actions_json(history: list[tuple[Seat, Any]]) -> list[list[Any]]:
    return [[seat, str(action)] for seat, action in history]


def hand_record(state: HandState) -> dict[str, Any]:
    """The record of a hand (as far as it has been played)."""
    record: dict[str, Any] = {
        "game": "sheepshead",
        "rules": _rules_json(state.rules),
        "dealer": state.dealer,
    }
    if state.seed is not None:
        record["seed"] = state.seed
    else:
        record["deal"] = state.deal.to_json()
    if state.multiplier != 1:
        record["multiplier"] = state.multiplier
    record["actions"] = _actions_json(state.history)
    return record


def game_record(match: Match) -> dict[str, Any]:
    """The record of a game (as far as it has been played)."""
    return {
        "game": "sheepshead",
        "type": "game",
        "rules": _rules_json(match.rules),
        "seed": match.seed,
        "actions": _actions_json(match.history),
    }


_HAND_FIELDS = ("game", "type", "rules", "dealer", "seed", "deal", "multiplier", "actions")
_GAME_FIELDS = ("game", "type", "rules", "seed", "actions")


def _parse_actions(record: dict[str, Any]) -> list[tuple[Seat, Any]]:
    actions = record["actions"]
    if not isinstance(actions, list):
        raise RecordError(Message("record.actions"))
    parsed = []
    for index, item in enumerate(actions):
        if (
            not isinstance(item, list)
            or len(item) != 2
            or isinstance(item[0], bool)
            or not isinstance(item[0], int)
            or not isinstance(item[1], str)
        ):
            raise RecordError(Message("record.action_pair", {"index": str(index)}), index)
        if not 0 <= item[0] < 5:
            raise RecordError(Message("record.action_seat",
                                      {"index": str(index), "seat": item[0]}), index)
        try:
            parsed.append((item[0], parse_action(item[1])))
        except ValueError as error:
            raise RecordError(Message("record.action_unreadable",
                                      {"index": str(index), "reason": reason_of(error)}),
                              index) from None
    return parsed


def _common(record: object, kind: str) -> tuple[dict[str, Any], Rules]:
    """The record checked at its root as a ``kind`` ("hand" or "game") record, and its rules."""
    data = check_root(record)
    if data.get("game") != "sheepshead":
        raise RecordError(Message("record.not_sheepshead", {"game": shown(data.get("game"))}))
    if data.get("type", "hand") != kind:
        raise RecordError(Message("record.type_hand" if kind == "hand" else "record.type_game"))
    check_fields(data, _HAND_FIELDS if kind == "hand" else _GAME_FIELDS, ("actions",))
    try:
        rules = rules_from_json(data.get("rules", "milwaukee"))
    except (TypeError, ValueError) as error:
        raise RecordError(Message("record.bad_rules", {"reason": reason_of(error)})) from None
    return data, rules


def _multiplier(data: dict[str, Any], rules: Rules) -> int:
    """The doubler's multiplier a hand carries in: 2 to the number of deals passed out before
    it, so 1 unless the table plays the doubler, and at most ``2 ** max_doubles``."""
    multiplier = data.get("multiplier", 1)
    if isinstance(multiplier, bool) or not isinstance(multiplier, int) or multiplier < 1:
        raise RecordError(Message("record.multiplier"))
    if multiplier & (multiplier - 1):
        raise RecordError(Message("record.multiplier_power", {"multiplier": shown(multiplier)}))
    doublings = multiplier.bit_length() - 1
    if doublings and rules.no_picker is not NoPicker.DOUBLER:
        raise RecordError(Message("record.multiplier_doubler", {"multiplier": shown(multiplier)}))
    cap = rules.max_doubles
    if cap is not None and doublings > cap:
        raise RecordError(Message("record.multiplier_cap", {
            "cap": cap, "most": 2 ** cap, "multiplier": shown(multiplier)}))
    return multiplier


def _seed(record: dict[str, Any]) -> Any:
    seed = record.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise RecordError(Message("record.seed"))
    return seed


def replay_hand(record: object) -> HandState:
    """Rebuild a hand from its record; raises :class:`RecordError` saying what is wrong, with the
    index of the failing action (None for a problem outside the actions)."""
    data, rules = _common(record, "hand")
    dealer = data.get("dealer", 0)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < 5:
        raise RecordError(Message("record.dealer"))
    multiplier = _multiplier(data, rules)
    if ("seed" in data) == ("deal" in data):
        raise RecordError(Message("record.seed_or_deal"))
    try:
        if "deal" in data:
            state = new_hand(rules=rules, dealer=dealer, deal=Deal.from_json(data["deal"]),
                             multiplier=multiplier)
        else:
            state = new_hand(rules=rules, dealer=dealer, seed=_seed(data), multiplier=multiplier)
    except ValueError as error:
        if isinstance(error, RecordError):
            raise
        raise RecordError(Message("record.bad_deal", {"reason": reason_of(error)})) from None
    for index, (seat, action) in enumerate(_parse_actions(data)):
        if state.is_over:
            raise RecordError(Message("record.after_over", {"index": str(index)}), index)
        try:
            state.apply(action, seat=seat)
        except IllegalAction as error:
            raise _refused(index, seat, action, error) from None
    return state


def replay_game(record: object) -> Match:
    """Rebuild a game from its record; raises :class:`RecordError` like :func:`replay_hand`."""
    data, rules = _common(record, "game")
    match = Match(rules=rules, seed=_seed(data))
    for index, (seat, action) in enumerate(_parse_actions(data)):
        try:
            match.apply(action, seat=seat)
        except IllegalAction as error:
            raise _refused(index, seat, action, error) from None
    return match


def _refused(index: int, seat: Seat, action: Action, error: IllegalAction) -> RecordError:
    return RecordError(Message("record.action_illegal",
                               {"index": str(index), "seat": seat, "action": str(action),
                                "reason": error.reason}), index)


def replay(record: object) -> HandState | Match:
    """Replay a hand record or a game record."""
    return replay_game(record) if record_type(record) == "game" else replay_hand(record)


def hand_summary(state: HandState) -> dict[str, Any]:
    """The outcome of a hand as JSON (complete: false while it is unfinished)."""
    result = state.result
    summary: dict[str, Any] = {
        "game": "sheepshead",
        "complete": result is not None,
        "kind": None if result is None else result.kind.value,
        "scores": list(result.scores) if result else [0] * 5,
        "reason": None if result is None else str(result.reason),
        "multiplier": state.stake_multiplier,
        "doubler_multiplier": state.multiplier,
        "cracked_by": state.cracked_by,
        "recracked": state.recracked,
        "blitzes": [{"seat": seat, "cards": [str(c) for c in pair]}
                    for seat, pair in state.blitzes],
        "dealer": state.dealer,
        "picker": state.picker,
        "partner": state.partner,
        "called": None if state.called is None else str(state.called),
        "alone": state.alone,
        "unknown_card": None if state.unknown is None else str(state.unknown),
        "buried": [str(c) for c in _cards(state.buried)],
        "picker_team_points": None if result is None else result.picker_team_points,
        "points_by_seat": list(state.points_by_seat),
        "tricks_by_seat": list(state.tricks_by_seat),
        "trick_winners": [t.winner for t in state.tricks],
        "tricks": [
            {"leader": t.leader, "cards": [str(c) for c in t.cards], "winner": t.winner,
             "points": t.points}
            for t in state.tricks
        ],
        "leaster_winner": None if result is None else result.leaster_winner,
        "to_move": state.to_move,
    }
    return summary


def game_summary(match: Match) -> dict[str, Any]:
    """The outcome of a game as JSON."""
    return {
        "game": "sheepshead",
        "type": "game",
        "complete": match.is_over,
        "totals": list(match.totals),
        "scores": list(match.totals),
        "winners": list(match.winners),
        "hands_played": match.hands_played,
        "hands": [hand_summary(state) for state in match.deals],
    }


def _cards(mask: int) -> list[Card]:
    return list(cards_of(mask))


def describe_hand(state: HandState) -> str:
    """The hand as readable text: the deal, the bidding, every trick and the score."""
    lines = [f"Dealer: seat {state.dealer}" + (f"  (×{state.multiplier})"
                                                if state.multiplier != 1 else "")]
    for seat, hand in enumerate(state.deal.hands):
        lines.append(f"  seat {seat}: {format_cards(sort_hand(hand), symbols=True)}")
    lines.append(f"  blind:  {format_cards(state.deal.blind, symbols=True)}")
    passes = [e.seat for e in state.events if isinstance(e, Passed)]
    if passes:
        lines.append("Passed: " + ", ".join(f"seat {s}" for s in passes))
    if state.picker is not None:
        lines.append(f"Picker: seat {state.picker}")
        lines.append(f"Buried: {format_cards(_cards(state.buried), symbols=True)}")
        if state.alone:
            lines.append("The picker goes alone.")
        elif state.called is not None:
            extra = ""
            if state.unknown is not None:
                extra = f", unknown card {state.unknown.symbol}"
            lines.append(f"Called: {state.called.symbol}{extra}; partner: seat {state.partner}")
    elif state.tricks or state.is_over:
        lines.append("Everyone passed.")
    if state.cracked_by is not None:
        lines.append(f"Cracked by seat {state.cracked_by}"
                     + (", recracked by the picker" if state.recracked else ""))
    for seat, pair in state.blitzes:
        lines.append(f"Blitz: seat {seat} shows {format_cards(pair, symbols=True)}")
    if state.doublings:
        lines.append(f"Stakes ×{state.stake_multiplier}")
    for number, trick in enumerate(state.tricks, 1):
        plays = "  ".join(
            f"{seat}:{'?' if k == trick.unknown_at else ''}{card.symbol}"
            for k, (seat, card) in enumerate(zip(trick.seats, trick.cards, strict=True))
        )
        lines.append(f"Trick {number}: {plays}  → seat {trick.winner} ({trick.points})")
    if state.result is not None:
        r = state.result
        lines.append(f"Result: {r.reason}")
        if r.picker_team_points is not None:
            lines.append(f"Picker's team: {r.picker_team_points} points")
        lines.append("Points taken: " + "  ".join(
            f"{seat}:{p}" for seat, p in enumerate(r.points_by_seat)))
        lines.append("Scores: " + "  ".join(f"{seat}:{s:+d}" for seat, s in enumerate(r.scores)))
    else:
        lines.append(f"Unfinished: seat {state.to_move} is to {state.phase.value}.")
    return "\n".join(lines)


def describe_game(match: Match) -> str:
    """A game as readable text: each hand, then the totals."""
    parts = []
    for number, state in enumerate(match.deals, 1):
        parts.append(f"— Deal {number} —\n{describe_hand(state)}")
    parts.append("Totals: " + "  ".join(f"{s}:{t:+d}" for s, t in enumerate(match.totals)))
    if match.is_over:
        parts.append("Winner(s): " + ", ".join(f"seat {s}" for s in match.winners))
    return "\n\n".join(parts)
