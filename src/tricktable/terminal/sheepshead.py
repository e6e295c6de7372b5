"""Sheepshead in the terminal: you (seat 0) against four computer players, drawn with Rich in
place on a terminal (see ``screen``); each hand ends with who won, the bury and the unknown card."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tricktable.cards import Card, parse_card
from tricktable.game import Action, ActionKind, IllegalAction, Player, Seed, parse_action
from tricktable.sheepshead.events import (
    Buried,
    Called,
    CardPlayed,
    Event,
    HandScored,
    LeasterBegins,
    PartnerRevealed,
    Passed,
    PassedOut,
    Picked,
    TrickWon,
    WentAlone,
)
from tricktable.sheepshead.match import Match, MatchView
from tricktable.sheepshead.rules import Rules
from tricktable.sheepshead.scoring import HandKind
from tricktable.sheepshead.view import SheepsheadView
from tricktable.terminal.drawing import (
    HELP_WORDS,
    QUIT_WORDS,
    asking_back,
    card_text,
    cards_text,
    hand_line,
    trick_table,
)
from tricktable.terminal.drawing import card_at as card_in_hand
from tricktable.terminal.house import (
    automatic_action,
    house_event_text,
    house_prompt,
    house_status_rows,
    interpret_house,
)
from tricktable.terminal.screen import Screen

__all__ = ["describe_event", "hand_summary", "play", "render", "seat_name"]

HUMAN = 0

_NAMES = ("You", "West", "Northwest", "Northeast", "East")


HINT_WORDS = frozenset({"?", "hint"})
"""What asks for a hint (when the game offers hints; else '?' is help)."""


def seat_name(seat: int, viewer: int = HUMAN) -> str:
    """Seats as the human sees them: clockwise from you, West is on your left."""
    if viewer == HUMAN:
        return _NAMES[seat]
    return "You" if seat == viewer else f"Seat {seat}"


def describe_event(event: Event, viewer: int = HUMAN) -> Text:
    """One line for an event, as the viewer saw it."""
    name = seat_name(getattr(event, "seat", viewer), viewer) if hasattr(event, "seat") else ""
    verb_s = "" if name == "You" else "s"
    house = house_event_text(event, name)
    if house is not None:
        return house
    if isinstance(event, Passed):
        return Text(f"{name} pass{'es' if verb_s else ''}.")
    if isinstance(event, Picked):
        return Text(f"{name} pick{verb_s} up the blind.", style="bold")
    if isinstance(event, Buried):
        if event.cards is None:
            return Text(f"{name} bur{'ies' if verb_s else 'y'} two cards.")
        return Text(f"{name} bury ").append_text(cards_text(event.cards)).append(".")
    if isinstance(event, Called):
        line = Text(f"{name} call{verb_s} ").append_text(card_text(event.card))
        if event.unknown:
            line.append(" and set" + verb_s + " a card aside (the unknown card)")
        return line.append(".")
    if isinstance(event, WentAlone):
        return Text(f"{name} go{'es' if verb_s else ''} alone.", style="bold")
    if isinstance(event, LeasterBegins):
        return Text("Everyone passed: a leaster. Fewest points (with a trick) wins.",
                    style="bold yellow")
    if isinstance(event, PassedOut):
        return Text("Everyone passed: the deal is thrown in"
                    + (" and the next hand counts double." if event.doubled else "."),
                    style="bold yellow")
    if isinstance(event, CardPlayed):
        line = Text(f"{name} play{verb_s} ").append_text(card_text(event.card))
        if event.face_down:
            line.append(" (the unknown card)")
        return line
    if isinstance(event, PartnerRevealed):
        who = "You are" if name == "You" else f"{name} is"
        return Text(f"{who} the partner.", style="bold cyan")
    if isinstance(event, TrickWon):
        pts = "?" if event.points is None else str(event.points)
        return Text(f"{name} take{verb_s} trick {event.trick} ({pts} points).", style="green")
    assert isinstance(event, HandScored)
    return Text("The hand is over.", style="bold yellow")


def _partner_card_words(hand: SheepsheadView) -> str:
    """What makes the partner: "the called ace", "the called ten" or "the J♦"."""
    if hand.rules.jack_of_diamonds:
        return "the J♦"
    return "the called ten" if hand.called is not None and hand.called.rank.text == "10" \
        else "the called ace"


def render(view: MatchView) -> RenderableType:
    """The table as the human sees it."""
    hand = view.hand
    status = Table.grid(padding=(0, 2))
    status.add_column(style="dim")
    status.add_column()
    status.add_row("Hand", f"{view.hand_number} of {view.hands_in_game}"
                   + (f"  (×{hand.multiplier})" if hand.multiplier != 1 else ""))
    status.add_row("Dealer", seat_name(hand.dealer))
    if hand.picker is not None:
        status.add_row("Picker", seat_name(hand.picker))
    elif hand.leaster:
        status.add_row("Picker", "none: leaster")
    if hand.alone:
        status.add_row("Called", "picker goes alone")
    elif hand.called is not None:
        called = card_text(hand.called)
        if hand.unknown_set_aside:
            called.append(" (with an unknown card)")
        status.add_row("Called", called)
    if hand.is_partner and hand.called not in hand.played_cards and not hand.is_over:
        status.add_row("Partner", Text(f"you hold {_partner_card_words(hand)} (secret)",
                                       style="bold cyan"))
    elif hand.partner is not None:
        status.add_row("Partner", seat_name(hand.partner))
    house_status_rows(hand, status)
    if hand.to_move is not None:
        status.add_row("Turn", seat_name(hand.to_move))

    scores = Table(show_header=True, header_style="bold", box=None, padding=(0, 1))
    for column in ("Player", "Tricks", "Points", "Score"):
        scores.add_column(column, justify="right" if column != "Player" else "left")
    for seat in range(5):
        scores.add_row(seat_name(seat), str(hand.tricks_by_seat[seat]),
                       str(hand.points_seen[seat]), f"{view.totals[seat]:+d}")

    parts: list[RenderableType] = [status, Text(""), scores, Text("")]
    if hand.tricks:
        parts.append(trick_table(hand.tricks[-1], f"Last trick ({len(hand.tricks)})", seat_name))
    if hand.current_trick.cards:
        parts.append(trick_table(hand.current_trick, "This trick", seat_name))
    mine = hand_line(hand.hand, {a.card for a in hand.legal_actions
                                 if a.kind is ActionKind.PLAY and a.card is not None})
    if hand.unknown_set_aside and hand.unknown_card is not None and not hand.unknown_played:
        mine.append("unknown: ").append_text(card_text(hand.unknown_card))
    parts.append(mine)
    if hand.blind is not None and hand.picker == hand.seat and hand.phase.value == "bury":
        parts.append(Text("The blind was ").append_text(cards_text(hand.blind)))
    return Panel(Group(*parts), title="Sheepshead", border_style="blue")


def _options_text(hand: SheepsheadView) -> str:
    house = house_prompt(hand)
    if house is not None:
        return house
    kinds = {a.kind for a in hand.legal_actions}
    if kinds == {ActionKind.PICK, ActionKind.PASS}:
        return "pick or pass"
    if ActionKind.BURY in kinds:
        return "bury two cards: 'bury 1 4' or 'bury QC 7H'"
    if ActionKind.CALL in kinds or ActionKind.ALONE in kinds:
        calls = sorted({str(a) for a in hand.legal_actions if a.kind is ActionKind.CALL
                        and len(a.cards) == 1})
        options = [*calls, "alone"]
        if any(len(a.cards) == 2 for a in hand.legal_actions):
            options.insert(0, "call <ace> unknown <card>")
        return " / ".join(options)
    return "play a card: its number or its name (QC, 10D, A♥)"


def interpret(text: str, hand: SheepsheadView) -> Action:
    """Turn what the player typed into an action: numbers, card names, or action text."""
    words = text.strip().split()
    if not words:
        raise ValueError("Type an action (or 'help').")
    first = words[0].lower()
    house = interpret_house([w.lower() for w in words], hand)
    if house is not None:
        return house

    def card_at(word: str) -> Card:
        if word.lower() == "unknown" and hand.unknown_card is not None:
            return hand.unknown_card
        return card_in_hand(word, hand.hand)

    if first == "bury" and len(words) == 3:
        return Action.bury(card_at(words[1]), card_at(words[2]))
    if first == "call" and len(words) == 4 and words[2].lower() == "unknown":
        return Action.call(parse_card(words[1]), card_at(words[3]))
    if len(words) == 1 and first not in {k.value for k in ActionKind}:
        return Action.play(card_at(words[0]))
    if first == "play" and len(words) == 2:
        return Action.play(card_at(words[1]))
    return parse_action(text)


def hand_summary(hand: SheepsheadView, number: int, hands_in_game: int) -> Text:
    """A finished hand for the human: who won and why, then the bury and the unknown card."""
    result = hand.result
    assert result is not None
    line = Text(f"Hand {number} of {hands_in_game}: ", style="bold yellow")
    if result.kind is HandKind.PASSED_OUT:
        return line.append(f"{result.reason}.")
    if result.kind is HandKind.LEASTER:
        winner = result.leaster_winner
        who = "nobody wins" if winner is None else (
            "you win" if winner == HUMAN else f"{seat_name(winner)} wins")
        line.append(f"a leaster, {who} ({result.reason}).")
    else:
        assert result.picker is not None
        if result.alone or result.partner is None:
            side = "You alone" if result.picker == HUMAN else f"{seat_name(result.picker)} alone"
        elif HUMAN in (result.picker, result.partner):
            side = "Your team"
        else:
            side = f"{seat_name(result.picker)}'s team"
        verdict = "won" if result.picker_won else "lost"
        line.append(f"{side} {verdict}: {result.reason}.")
        if not result.alone and result.called is not None:
            partner = "nobody" if result.partner is None else seat_name(result.partner).lower()
            line.append(f" Partner: {partner}.")
    if hand.buried:
        line.append("\n  Buried: ", style="").append_text(cards_text(hand.buried))
    if hand.unknown_card is not None:
        line.append("\n  The unknown card: ", style="").append_text(card_text(hand.unknown_card))
    return line


def play(
    *,
    seed: Seed | None = None,
    rules: Rules | None = None,
    opponents: Sequence[Player],
    console: Console | None = None,
    input_fn: Callable[[str], str] = input,
    hint: Callable[[SheepsheadView, str], str] | None = None,
) -> Match:
    """Play a game in the terminal; returns the finished (or abandoned) match.  ``hint``
    (given the human's view and a seed) answers '?'."""
    console = console or Console()
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    match = Match(rules=rules, seed=seed)
    players: dict[int, Player] = dict(zip(range(1, 5), opponents, strict=True))
    rng = random.Random(f"{seed}/bots")
    shown = 0
    shown_deal = 0
    console.print(Text(f"Sheepshead — game seed {seed}. Type 'help' for help.", style="bold"))
    with Screen(console, input_fn) as screen:
        screen.say(Text(f"— Hand 1 of {match.rules.hands} —", style="bold blue"))
        while not match.is_over:
            if len(match.deals) - 1 != shown_deal:
                _end_hand(screen, match, shown_deal, shown)
                shown_deal, shown = len(match.deals) - 1, 0
                screen.say(Text(f"— Hand {match.hand_number} of {match.rules.hands} —",
                                style="bold blue"))
            seat = match.to_move
            assert seat is not None
            if seat != HUMAN:
                bot_view = match.current.view(seat)
                match.apply(players[seat].choose(bot_view, rng), seat=seat)
                continue
            shown = _print_events(screen, match, shown_deal, shown)
            view = match.view(HUMAN)
            automatic = automatic_action(view.hand)
            if automatic is not None:
                match.apply(automatic, seat=HUMAN)
                continue
            table = render(view)
            answer = screen.ask(table, f"Your move ({_options_text(view.hand)}): ")
            if answer.strip().lower() in QUIT_WORDS:
                screen.close()
                console.print("Game abandoned.")
                return match
            if hint is not None and answer.strip().lower() in HINT_WORDS:
                screen.say(Text(hint(view.hand, f"{seed}/hint/{len(match.history)}"),
                                style="bold green"))
                continue
            if answer.strip().lower() in HELP_WORDS:
                screen.say(
                    "Numbers pick cards from your hand; a rank alone (9) is a card when you hold "
                    "one of it. Examples: 'pick', 'pass', 'bury 2 5', 'call AH', 'alone', "
                    "'call AS unknown 7C', '3' or 'QC' to play; at a Wisconsin table 'call JD', "
                    "'crack', 'recrack', 'blitz'. '?' asks for a hint. 'quit' leaves."
                )
                continue
            try:
                action = asking_back(answer, partial(interpret, hand=view.hand),
                                     partial(screen.ask, table))
                match.apply(action, seat=HUMAN)
            except (IllegalAction, ValueError) as error:
                screen.say(Text(f"Not allowed: {error}", style="bold red"))
        _end_hand(screen, match, len(match.deals) - 1, shown, last=True)
    _print_final(console, match)
    return match


def _end_hand(screen: Screen, match: Match, deal: int, shown: int, *, last: bool = False) -> None:
    """The rest of a finished deal's events and its summary; on a terminal, a pause to read it."""
    _print_events(screen, match, deal, shown)
    hand = match.deals[deal].view(HUMAN)
    number = sum(1 for r in match.results[: deal + 1] if r.kind is not HandKind.PASSED_OUT)
    screen.say(hand_summary(hand, max(number, 1), match.rules.hands))
    if screen.in_place:
        then = "the final standings" if last else "the next hand"
        screen.ask(render(replace_hand(match.view(HUMAN), hand)), f"Enter for {then}: ")


def replace_hand(view: MatchView, hand: SheepsheadView) -> MatchView:
    """``view`` showing ``hand`` (a finished one) instead of the current hand."""
    return replace(view, hand=hand)


def _print_events(screen: Screen, match: Match, deal: int, start: int) -> int:
    events = match.deals[deal].view(HUMAN).events
    for event in events[start:]:
        screen.say(describe_event(event))
    return len(events)


def _print_final(console: Console, match: Match) -> None:
    table = Table(title="Final standings", header_style="bold")
    table.add_column("Player")
    table.add_column("Score", justify="right")
    order = sorted(range(5), key=lambda s: -match.totals[s])
    for seat in order:
        mark = " 🏆" if seat in match.winners else ""
        table.add_row(seat_name(seat) + mark, f"{match.totals[seat]:+d}")
    console.print(table)
