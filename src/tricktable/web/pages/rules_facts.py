"""The facts the rules pages state, computed from the engine: every language shows these values.

A fact is a number, a text that reads the same in every language (card symbols), a
:class:`~tricktable.i18n.Message` (a word of the ``rules`` catalogue) or a :class:`Listing` of
those.  The tables a page computes are rows of such cells.  Nothing here is typed in by hand that
the engine can answer: the trump order, card points, the thresholds and stakes of
:func:`~tricktable.sheepshead.scoring.stake`, which presets play which option, the Spades
scores from :func:`~tricktable.spades.scoring.contract_score` and the draw as the engine plays it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Literal

from tricktable.cards import Rank, Suit, parse_cards
from tricktable.game import KEEP, ActionKind
from tricktable.i18n import Message
from tricktable.sheepshead import deck as sheepshead_deck
from tricktable.sheepshead import rules as sheepshead_rules
from tricktable.sheepshead import scoring as sheepshead_scoring
from tricktable.sheepshead.deal import deal_from_seed
from tricktable.spades import rules as spades_rules
from tricktable.spades import scoring as spades_scoring
from tricktable.spades.exchange import MAX_EXCHANGE
from tricktable.spades.state import Phase, new_hand
from tricktable.web.games import ADAPTERS

__all__ = ["FACTS", "TABLES", "Cell", "Fact", "Facts", "Listing", "Row", "preset_name"]


@dataclass(frozen=True, slots=True)
class Listing:
    """Several values read as one, in the language's way: "5, 15 or 20", "A and B"."""

    items: tuple[int | str | Message, ...]
    conjunction: Literal["and", "or"] = "and"


Fact = int | str | Message | Listing
Facts = Mapping[str, Fact]
Cell = int | str | Message
"""A table cell: a number, a text the same in every language, or a catalogue message."""
Row = tuple[Cell, ...]

NOT_APPLICABLE = "—"
"""A table cell for an option that does not apply to that table."""


# --- Sheepshead --------------------------------------------------------------------------------

SHEEPSHEAD_PRESET_NAMES = {
    "milwaukee": "rules.sheepshead.preset.milwaukee",
    "pagat": "rules.sheepshead.preset.pagat",
    "tavern": "rules.sheepshead.preset.tavern",
    "wisconsin-jd": "rules.sheepshead.preset.wisconsin-jd",
}
NO_PICKER = {
    sheepshead_rules.NoPicker.LEASTER: "rules.sheepshead.tables.leaster",
    sheepshead_rules.NoPicker.DOUBLER: "rules.sheepshead.tables.doubler",
    sheepshead_rules.NoPicker.REDEAL: "rules.sheepshead.tables.redeal",
}
SPADES_PRESET_NAMES = {"short": "rules.spades.preset.short"}
YES_NO = {True: "rules.yes", False: "rules.no"}

_PLAIN = sheepshead_rules.Rules(double_on_the_bump=False)
"""A table without double on the bump: the stakes as the scoring table shows them."""


def preset_name(game: str, preset: str) -> Message:
    """A table's (preset's) name in the rules catalogue."""
    names = SHEEPSHEAD_PRESET_NAMES if game == "sheepshead" else SPADES_PRESET_NAMES
    if preset not in names:
        raise KeyError(f"the rules page has no name for the {game} table {preset!r}")
    return Message(names[preset])


def _tables(option: Callable[[sheepshead_rules.Rules], bool]) -> Listing:
    """The names of the presets that play an option (one at least: the page says who does)."""
    names = tuple(preset_name("sheepshead", name)
                  for name, rules in sheepshead_rules.PRESETS.items() if option(rules))
    if not names:
        raise ValueError("no Sheepshead table plays an option the rules page describes")
    return Listing(names, "and")


@cache
def sheepshead_facts() -> dict[str, Fact]:
    deck, scoring = sheepshead_deck, sheepshead_scoring
    clubs = [c for c in deck.DECK if c.suit is Suit.CLUBS]
    fail = sorted((c for c in clubs if not deck.is_trump(c)), key=deck.power, reverse=True)
    by_rank = {c.rank: deck.points(c) for c in clubs}
    if not by_rank[Rank.NINE] == by_rank[Rank.EIGHT] == by_rank[Rank.SEVEN]:
        raise ValueError("the rules page gives nine, eight and seven one value")
    deal = deal_from_seed("rules page", 0)
    hand_size, blind_size = len(deal.hands[0]), len(deal.blind)
    deck_points = deck.mask_points(deck.DECK_MASK)

    def stake(points: int, tricks: int = 1) -> int:
        return scoring.stake(points, tricks, _PLAIN)[0]

    win = min(p for p in range(deck_points + 1) if stake(p) > 0)
    example = parse_cards("AH 10H KH 7D KC")
    led = deck.play_suit(example[0])
    ruff = max(example, key=lambda c: deck.STRENGTH[led][c])
    worth = [deck.points(c) for c in example if deck.points(c)]
    house = next(name for name, rules in sheepshead_rules.PRESETS.items()
                 if rules.jack_of_diamonds and rules.crack and rules.blitz)
    house_rules = sheepshead_rules.PRESETS[house]
    if house_rules.max_doubles is None:
        raise ValueError("the rules page says the house table caps the doublings")
    daily = ADAPTERS["sheepshead"].daily_preset
    default = sheepshead_rules.PRESETS[sheepshead_rules.DEFAULT_PRESET]
    leaster = scoring.score_leaster((0, 10, 20, 30, 60), (1, 1, 1, 1, 2))[0]
    return {
        "deck_size": len(deck.DECK),
        "ranks": " ".join(c.rank.text for c in clubs),
        "trump_count": len(deck.TRUMP_ORDER),
        "trump_order": " ".join(c.symbol for c in deck.TRUMP_ORDER),
        "fail_count": len(deck.DECK) - len(deck.TRUMP_ORDER),
        "fail_order": " ".join(c.rank.text for c in fail),
        "ace": by_rank[Rank.ACE],
        "ten": by_rank[Rank.TEN],
        "king": by_rank[Rank.KING],
        "queen": by_rank[Rank.QUEEN],
        "jack": by_rank[Rank.JACK],
        "nothing": by_rank[Rank.SEVEN],
        "deck_points": deck_points,
        "hand_size": hand_size,
        "blind_size": blind_size,
        "picker_cards": hand_size + blind_size,
        "fail_aces": Listing(tuple(c.symbol for c in deck.FAIL_ACES), "or"),
        "unknown_card_tables": _tables(lambda r: r.unknown_card),
        "led": example[0].symbol,
        "second": example[1].symbol,
        "third": example[2].symbol,
        "ruff": ruff.symbol,
        "thrown": example[4].symbol,
        "sum": " + ".join(str(p) for p in worth),
        "worth": sum(worth),
        "win": win,
        "half": deck_points // 2,
        "schneider_win": min(p for p in range(deck_points + 1) if stake(p) >= 2),
        "schneider_loss": max(p for p in range(deck_points + 1) if stake(p) <= -2),
        "tricks": hand_size,
        "bump_tables": _tables(lambda r: r.double_on_the_bump),
        "schwarz_picker_tables": _tables(lambda r: r.schwarz_paid_by_picker),
        "leaster_tables": _tables(lambda r: r.no_picker is sheepshead_rules.NoPicker.LEASTER),
        "doubler_tables": _tables(lambda r: r.no_picker is sheepshead_rules.NoPicker.DOUBLER),
        "redeal_tables": _tables(lambda r: r.no_picker is sheepshead_rules.NoPicker.REDEAL),
        "leaster_stake": -min(leaster),
        "hands": default.hands,
        "other_hands": Listing(tuple(n for n in sheepshead_rules.HAND_COUNTS
                                     if n != default.hands), "or"),
        "house_table": preset_name("sheepshead", house),
        "max_doubles": house_rules.max_doubles,
        "max_factor": 2 ** house_rules.max_doubles,
        "daily_hands": sheepshead_rules.PRESETS[daily].hands,
        "daily_table": preset_name("sheepshead", daily),
    }


def stake_rows() -> tuple[Row, ...]:
    """The scoring table: what the picker's team took and the stake, best first.

    The rows are read off :func:`~tricktable.sheepshead.scoring.stake` (without double on the
    bump): all the tricks, then each run of points with one stake, then no trick.
    """
    deck_points = sheepshead_deck.mask_points(sheepshead_deck.DECK_MASK)
    tricks = len(deal_from_seed("rules page", 0).hands[0])
    runs: list[tuple[int, int, int]] = []  # (low, high, stake)
    for points in range(deck_points + 1):
        value = sheepshead_scoring.stake(points, 1, _PLAIN)[0]
        if runs and runs[-1][2] == value:
            runs[-1] = (runs[-1][0], points, value)
        else:
            runs.append((points, points, value))
    rows: list[Row] = [(Message("rules.sheepshead.scoring.all-tricks", {"tricks": tricks}),
                        sheepshead_scoring.stake(deck_points, tricks, _PLAIN)[0])]
    for low, high, value in reversed(runs):
        key = ("rules.sheepshead.scoring.points-with-trick" if low == 0
               else "rules.sheepshead.scoring.points")
        rows.append((Message(key, {"low": low, "high": high}), value))
    rows.append((Message("rules.sheepshead.scoring.no-trick"),
                 sheepshead_scoring.stake(0, 0, _PLAIN)[0]))
    return tuple(rows)


def preset_rows() -> tuple[Row, ...]:
    """The tables (presets) and the options each plays, the default first."""
    rows: list[Row] = []
    for name, rules in sheepshead_rules.PRESETS.items():
        title = preset_name("sheepshead", name)
        if name == sheepshead_rules.DEFAULT_PRESET:
            title = Message("rules.sheepshead.tables.default", {"table": title})
        called = not rules.jack_of_diamonds
        rows.append((
            title,
            Message(NO_PICKER[rules.no_picker]),
            Message(YES_NO[rules.double_on_the_bump]),
            Message(YES_NO[rules.call_ten]) if called else NOT_APPLICABLE,
            Message(YES_NO[rules.unknown_card]) if called else NOT_APPLICABLE,
            Message(YES_NO[rules.schwarz_paid_by_picker]),
        ))
    return tuple(rows)


# --- Spades ------------------------------------------------------------------------------------


@cache
def spades_facts() -> dict[str, Fact]:
    state = new_hand(seed="rules page")
    turns = 0
    while state.phase is Phase.DRAW:
        state.apply(KEEP)
        turns += 1
    hand_size = state.hands[0].bit_count()
    discards = sum(d.bit_count() for d in state.discards)
    bids = [a.number for a in state.legal_actions()
            if a.kind is ActionKind.BID and a.number is not None]
    contract = spades_scoring.contract_score
    trick_value = contract(1, 1)[0]
    standard = spades_rules.PRESETS[spades_rules.DEFAULT_PRESET]
    bag_limit = min(n for n in range(1, 100) if spades_scoring.sandbag(0, n)[0])

    def score(bags: int) -> int:
        return spades_scoring.score_seat(bid=1, tricks=2, bags=bags, rules=standard).score

    return {
        "deck_size": len(state.deal.stock),
        "tricks": hand_size,
        "target": standard.target,
        "turns": turns,
        "hand_size": hand_size,
        "discards": discards,
        "max_exchange": MAX_EXCHANGE,
        "min_bid": min(b for b in bids if b),
        "max_bid": max(bids),
        "trick_value": trick_value,
        "bag_value": contract(1, 2)[0] - trick_value,
        "set_value": -contract(1, 0)[0],
        "nil_bonus": contract(0, 0)[0],
        "nil_penalty": -contract(0, 1, nil_tricks_are_bags=False)[0],
        "double_nil_bonus": contract(0, 0, double_nil=True)[0],
        "double_nil_penalty": -contract(0, 1, double_nil=True, nil_tricks_are_bags=False)[0],
        "bag_limit": bag_limit,
        "bag_penalty": score(0) - score(bag_limit - 1),
        "short_table": preset_name("spades", "short"),
        "short_target": spades_rules.PRESETS["short"].target,
    }


FACTS: dict[str, Callable[[], Facts]] = {"sheepshead": sheepshead_facts, "spades": spades_facts}
"""Each game's facts, by the game's name."""

TABLES: dict[str, Callable[[], tuple[Row, ...]]] = {"stakes": stake_rows, "presets": preset_rows}
"""The computed tables a structure file may name (``computed = "stakes"``)."""
