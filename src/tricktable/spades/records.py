"""Hand records: a Spades hand as JSON (rules, stock or seed, actions), replay and summaries.

A record::

    {
      "game": "spades",
      "rules": {"target": 500, "nil_tricks_are_bags": true},   # or a preset name; optional
      "first": 0,                                               # the first player's seat
      "seed": 42,                     # the stock shuffled from a seed (int or string), OR
      "deal": {"stock": ["AS", "7H", ...]},                     # 52 cards, top first
      "exchange_seed": "...",         # optional: the double-nil exchange's random draw
      "totals": [120, 95],            # optional: the running totals before the hand
      "bags": [3, 7],                 # optional: the accumulated bags before the hand
      "actions": [[0, "keep"], [1, "double-nil"], [1, "reject"], ...]
    }

A **game record** has ``"type": "game"``, ``rules``, ``seed``, ``first`` (the first player of
hand 1), optional starting ``totals``/``bags``, and the ``actions`` of the whole game; every
hand's stock comes from the game seed.

A record with a ``deal`` may also hold a ``seed``: then it seeds only the double-nil
exchange's draw from the discard pile (as it would in a seeded hand), and ``exchange_seed`` may
not be given too.  Without either, the exchange uses
:func:`~tricktable.spades.state.default_exchange_seed`.  In summaries a bid is a number of
tricks (1-13), ``"nil"`` or ``"double-nil"``, or null while not yet made.

Every record is checked at its root before it is replayed (:mod:`tricktable.record_checks`): it
has ``actions`` and no other fields than these, and its ``totals`` are ones a game plays a hand
from — nobody past the target, unless the totals are tied.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktable.game import Action, IllegalAction, RecordError, parse_action, seed_text
from tricktable.i18n import Message
from tricktable.i18n.errors import reason_of
from tricktable.record_checks import check_fields, check_root, record_type, shown
from tricktable.spades.deal import Deal
from tricktable.spades.match import Match
from tricktable.spades.rules import Rules, rules_from_json
from tricktable.spades.scoring import bid_json, bid_text, game_winner
from tricktable.spades.state import HandState, default_exchange_seed, new_hand

__all__ = [
    "describe_hand",
    "describe_game",
    "game_record",
    "game_summary",
    "hand_record",
    "replay_hand",
    "replay",
    "replay_game",
    "hand_summary",
]

_KEYS = {"game", "type", "rules", "first", "seed", "deal", "exchange_seed", "totals", "bags",
         "actions"}


def hand_record(state: HandState) -> dict[str, Any]:
    """The record of a hand so far; :func:`replay_hand` gives back an equal state."""
    record: dict[str, Any] = {"game": "spades"}
    if state.rules != Rules():
        record["rules"] = state.rules.to_json()
    record["first"] = state.first
    if state.seed is not None:
        record["seed"] = state.seed
    else:
        record["deal"] = state.deal.to_json()
    if state.exchange_seed != default_exchange_seed(seed=state.seed, deal=state.deal):
        record["exchange_seed"] = state.exchange_seed
    return _with_actions(record, state.start_totals, state.start_bags, state.history)


def replay_hand(record: object) -> HandState:
    """The hand a record describes, every action applied.

    Raises :class:`~tricktable.game.RecordError` saying what is wrong, with the index of the
    failing action (None for a problem outside the actions).
    """
    data = _checked(record, "hand", _KEYS)
    actions = _pairs(data["actions"])
    state = _start(data)
    _apply_all(state, actions)
    return state


def _checked(record: object, kind: str, fields: set[str]) -> dict[str, Any]:
    """The record checked at its root as a ``kind`` ("hand" or "game") record."""
    data = check_root(record)
    if data.get("game") != "spades":
        raise RecordError(Message("record.not_spades_game", {"game": shown(data.get("game"))}))
    if data.get("type", "hand") != kind:
        raise RecordError(Message("record.type_hand" if kind == "hand" else "record.type_game"))
    check_fields(data, fields, ("actions",))
    first = data.get("first", 0)
    if type(first) is not int or first not in (0, 1):
        raise RecordError(Message("record.first", {"first": shown(first)}))
    return data


def _start(record: dict[str, Any]) -> HandState:
    if "seed" not in record and "deal" not in record:
        raise RecordError(Message("record.spades_seed_or_deal"))
    if "deal" in record and "seed" in record and "exchange_seed" in record:
        raise RecordError(Message("record.exchange_seed"))
    try:
        rules = rules_from_json(record.get("rules", "standard"))
        seed = record.get("seed")
        if "seed" in record:
            seed_text(seed)
        exchange_seed = record.get("exchange_seed")
        if "exchange_seed" in record:
            seed_text(exchange_seed)
        deal = Deal.from_json(record["deal"]) if "deal" in record else None
        if deal is not None and seed is not None:
            exchange_seed, seed = default_exchange_seed(seed=seed, deal=deal), None
        totals = _totals(record, rules)
        return new_hand(
            rules=rules,
            first=record.get("first", 0),
            seed=seed,
            deal=deal,
            exchange_seed=exchange_seed,
            totals=totals,
            bags=_pair(record.get("bags", [0, 0]), "bags"),
        )
    except (ValueError, TypeError) as error:
        if isinstance(error, RecordError):
            raise
        raise RecordError(reason_of(error)) from None


def _pair(value: object, name: str) -> tuple[int, int]:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise ValueError(f"{name} must be a list of two whole numbers.")
    return value[0], value[1]


def _totals(record: dict[str, Any], rules: Rules) -> tuple[int, int]:
    """The running totals a hand starts from: a game plays no hand once it is won."""
    totals = _pair(record.get("totals", [0, 0]), "totals")
    if not all(type(total) is int for total in totals):
        raise ValueError("totals are two whole numbers.")
    if game_winner(totals, rules.target) is not None:
        raise RecordError(Message("record.totals_won", {
            "totals": shown(list(totals)), "target": rules.target}))
    return totals


def hand_summary(state: HandState) -> dict[str, Any]:
    """The hand's outcome as JSON.

    ``scores`` (this hand's points, null until the hand is over), ``totals`` and ``bags`` (after
    the hand, or before it while it is in progress), ``tricks``, ``bids`` (4, "nil",
    "double-nil", or null), ``first``, ``over`` and ``trick_winners``.
    """
    result = state.result
    bids = [
        None if bid is None else bid_json(bid, state.double_nil[seat])
        for seat, bid in enumerate(state.bids)
    ]
    return {
        "game": "spades",
        "over": result is not None,
        "first": state.first,
        "bids": bids,
        "tricks": list(state.tricks_won),
        "scores": None if result is None else list(result.scores),
        "totals": list(state.start_totals if result is None else result.totals),
        "bags": list(state.start_bags if result is None else result.bags),
        "trick_winners": [t.winner for t in state.tricks],
    }


def describe_hand(state: HandState) -> str:
    """The hand in a few lines of text, for people and for test failure messages."""
    rules = state.rules
    name = rules.preset_name or repr(rules)
    lines = [f"Two-player Spades ({name} rules): seat {state.first} first."]
    for seat in (0, 1):
        bid = state.bids[seat]
        said = "no bid yet" if bid is None else f"bid {bid_text(bid, state.double_nil[seat])}"
        lines.append(f"Seat {seat}: {said}, {state.tricks_won[seat]} tricks.")
    if state.tricks:
        lines.append(
            "Tricks: "
            + ", ".join(
                f"{t.cards[0]} {t.cards[1]}→{t.winner}" for t in state.tricks
            )
        )
    result = state.result
    if result is None:
        where = {
            "draw": f"drawing, {state.stock_left} cards in the stock",
            "exchange": "double-nil exchange",
            "bid": "bidding",
            "play": f"playing trick {len(state.tricks) + 1}",
        }[state.phase.value]
        lines.append(f"In progress: {where}; seat {state.to_move} to move.")
        return "\n".join(lines)
    for seat, score in enumerate(result.seats):
        lines.append(
            f"Seat {seat}: {score.describe()}; total {score.total}, bags {score.bags_total}."
        )
    return "\n".join(lines)


_GAME_KEYS = {"game", "type", "rules", "seed", "first", "totals", "bags", "actions"}


def game_record(match: Match) -> dict[str, Any]:
    """The record of a whole game so far; :func:`replay_game` gives back an equal game."""
    record: dict[str, Any] = {"game": "spades", "type": "game"}
    if match.rules != Rules():
        record["rules"] = match.rules.to_json()
    record["seed"] = match.seed
    record["first"] = match.first
    return _with_actions(record, match.start_totals, match.start_bags, match.history)


def _with_actions(record: dict[str, Any], totals: tuple[int, int], bags: tuple[int, int],
                  history: Sequence[tuple[int, Action]]) -> dict[str, Any]:
    """``record`` finished alike for a hand and a game: the totals and bags it started from
    (when not zero), then the actions."""
    if totals != (0, 0):
        record["totals"] = list(totals)
    if bags != (0, 0):
        record["bags"] = list(bags)
    record["actions"] = [[seat, str(action)] for seat, action in history]
    return record


def replay_game(record: object) -> Match:
    """The game a game record describes; raises :class:`RecordError` like :func:`replay_hand`."""
    data = _checked(record, "game", _GAME_KEYS)
    actions = _pairs(data["actions"])
    if "seed" not in data:
        raise RecordError(Message("record.game_seed"))
    try:
        rules = rules_from_json(data.get("rules", "standard"))
        match = Match(
            seed=data["seed"],
            rules=rules,
            first=data.get("first", 0),
            totals=_totals(data, rules),
            bags=_pair(data.get("bags", [0, 0]), "bags"),
        )
    except (ValueError, TypeError) as error:
        if isinstance(error, RecordError):
            raise
        raise RecordError(reason_of(error)) from None
    _apply_all(match, actions)
    return match


def _apply_all(target: HandState | Match, actions: list[tuple[int, str]]) -> None:
    """Apply a record's actions to a hand or a game; the first one that is unreadable or
    illegal raises :class:`RecordError` naming its index."""
    for index, (seat, text) in enumerate(actions):
        try:
            target.apply(parse_action(text), seat=seat)
        except IllegalAction as error:
            raise RecordError(Message("record.spades_action_illegal",
                                      {"index": str(index), "action": repr(text), "seat": seat,
                                       "reason": error.reason}), index) from None
        except ValueError as error:
            raise RecordError(Message("record.spades_action_unreadable",
                                      {"index": str(index), "action": repr(text),
                                       "reason": reason_of(error)}), index) from None


def _pairs(actions: object) -> list[tuple[int, str]]:
    if not isinstance(actions, list):
        raise RecordError(Message("record.spades_actions"))
    pairs = []
    for index, item in enumerate(actions):
        if (
            not isinstance(item, list | tuple)
            or len(item) != 2
            or type(item[0]) is not int
            or not isinstance(item[1], str)
        ):
            raise RecordError(Message("record.spades_action_pair",
                                      {"index": str(index), "item": shown(item)}), index)
        pairs.append((item[0], item[1]))
    return pairs


def replay(record: object) -> HandState | Match:
    """Replay a hand record or a game record."""
    return replay_game(record) if record_type(record) == "game" else replay_hand(record)


def game_summary(match: Match) -> dict[str, Any]:
    """The outcome of a game as JSON: totals, bags, the winner and each hand's summary."""
    return {
        "game": "spades",
        "type": "game",
        "over": match.is_over,
        "winner": match.winner,
        "scores": list(match.totals),
        "totals": list(match.totals),
        "bags": list(match.bags),
        "hands": [hand_summary(hand) for hand in match.hands],
    }


def describe_game(match: Match) -> str:
    """A game in text: each hand, then the totals and the winner."""
    parts = [f"— Hand {number} —\n{describe_hand(hand)}" for number, hand in
             enumerate(match.hands, 1)]
    parts.append(f"Totals: {match.totals[0]} – {match.totals[1]}, bags {match.bags[0]} – "
                 f"{match.bags[1]}")
    if match.winner is not None:
        parts.append(f"Winner: seat {match.winner}")
    return "\n\n".join(parts)
