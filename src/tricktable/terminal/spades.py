"""Two-player Spades in the terminal: you (seat 0) against a computer player, drawn with Rich in
place on a terminal (see ``screen``)."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tricktable.game import (
    DOUBLE_NIL,
    KEEP,
    REJECT,
    Action,
    ActionKind,
    IllegalAction,
    Player,
    Seed,
    derive_seed,
    parse_action,
)
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
)
from tricktable.spades.match import Match
from tricktable.spades.rules import Rules
from tricktable.spades.scoring import bid_text
from tricktable.spades.state import Phase
from tricktable.spades.view import SpadesView
from tricktable.terminal.drawing import (
    HELP_WORDS,
    QUIT_WORDS,
    asking_back,
    card_at,
    card_text,
    cards_text,
    hand_line,
    trick_table,
)
from tricktable.terminal.screen import Screen

__all__ = ["card_text", "describe_event", "interpret", "play", "render", "seat_name"]

HUMAN = 0
COMPUTER = 1
_HELP = (
    "Draw: 'keep' (k) or 'reject' (r); at your first draw also 'double-nil' (d).  "
    "Exchange: 'exchange 2C 3D' (or card numbers, 'x 1 5'), 'exchange' to keep your cards.  "
    "Bid: 'bid 4', '4', 'nil'.  Play: 'play AS', 'AS', 'A♠' or the card's number.  "
    "'quit' leaves."
)


def seat_name(seat: int) -> str:
    return "You" if seat == HUMAN else "Computer"


def describe_event(event: Event) -> Text | None:
    """One line for an event as you saw it (None for the computer's silent draws)."""
    if isinstance(event, HandScored):
        seats = event.result.seats
        mine, theirs = seats[HUMAN].score, seats[COMPUTER].score
        verdict = ("You won the hand" if mine > theirs else
                   "The computer won the hand" if theirs > mine else "The hand is even")
        lines = Text(f"Hand over. {verdict}, {mine:+d} to {theirs:+d}; "
                     f"the score is {seats[HUMAN].total} to {seats[COMPUTER].total}.",
                     style="bold yellow")
        for seat, score in enumerate(seats):
            lines.append(f"\n  {seat_name(seat)}: {score.describe()}")
        return lines
    name = seat_name(event.seat)
    you = event.seat == HUMAN
    if isinstance(event, DoubleNilDeclared):
        return Text(f"{name} bid{'' if you else 's'} double nil!", style="bold magenta")
    if isinstance(event, Drew):
        if event.taken is None or event.discarded is None:
            return None
        if event.kept:
            return Text("You keep ").append_text(card_text(event.taken)).append(
                " and discard "
            ).append_text(card_text(event.discarded)).append(".")
        return Text("You reject ").append_text(card_text(event.discarded)).append(
            " and take "
        ).append_text(card_text(event.taken)).append(".")
    if isinstance(event, Exchanged):
        if event.given is None or event.received is None:
            return Text(f"Computer exchanges {event.swapped} card(s) with the discard pile.")
        if not event.given:
            return Text("You keep all your cards.")
        return Text("You give up ").append_text(cards_text(event.given)).append(
            " and draw "
        ).append_text(cards_text(event.received)).append(".")
    if isinstance(event, BidMade):
        return Text(f"{name} bid{'' if you else 's'} {bid_text(event.tricks)}.", style="bold")
    if isinstance(event, CardPlayed):
        return Text(f"{name} play{'' if you else 's'} ").append_text(card_text(event.card))
    if isinstance(event, SpadesBroken):
        return Text("Spades are broken.", style="cyan")
    assert isinstance(event, TrickWon)
    return Text(f"{name} take{'' if you else 's'} trick {event.trick}.", style="green")


def render(view: SpadesView, *, hand_number: int) -> RenderableType:
    """The table as you see it."""
    status = Table.grid(padding=(0, 2))
    status.add_column(style="dim")
    status.add_column()
    status.add_row("Hand", f"{hand_number}  (first player: {seat_name(view.first).lower()})")
    status.add_row("Target", str(view.rules.target))
    if view.phase is Phase.DRAW:
        status.add_row("Stock", f"{view.stock_left} cards")
    if view.spades_broken:
        status.add_row("Spades", "broken")

    scores = Table(header_style="bold", box=None, padding=(0, 1))
    for column in ("Player", "Bid", "Tricks", "Score", "Bags"):
        scores.add_column(column, justify="left" if column == "Player" else "right")
    for seat in (HUMAN, COMPUTER):
        bid = view.bids[seat]
        said = "—" if bid is None else bid_text(bid, view.double_nil[seat])
        scores.add_row(seat_name(seat), said, str(view.tricks_won[seat]),
                       f"{view.totals[seat]:+d}", str(view.bags[seat]))

    parts: list[RenderableType] = [status, Text(""), scores, Text("")]
    if view.discarded:
        parts.append(Text("Your discards: ").append_text(cards_text(view.discarded)))
    if view.exchange_given:
        assert view.exchange_received is not None
        parts.append(Text("Exchanged: ").append_text(cards_text(view.exchange_given))
                     .append(" → ").append_text(cards_text(view.exchange_received)))
    if view.tricks:
        parts.append(trick_table(view.tricks[-1], f"Last trick ({len(view.tricks)})", seat_name))
    if view.current_trick.cards:
        parts.append(trick_table(view.current_trick, "This trick", seat_name))
    parts.append(hand_line(view.hand, {a.card for a in view.legal_actions
                                       if a.kind is ActionKind.PLAY and a.card is not None}))
    if view.top_card is not None:
        parts.append(Text("Top of the stock: ", style="bold").append_text(
            card_text(view.top_card)))
    return Panel(Group(*parts), title="Spades for two", border_style="blue")


def _prompt(view: SpadesView) -> str:
    if view.phase is Phase.DRAW:
        if DOUBLE_NIL in view.legal_actions:
            return "Keep, reject, or double-nil? "
        return "Keep or reject? "
    if view.phase is Phase.EXCHANGE:
        return "Exchange up to three cards ('exchange 2C 3D', or 'exchange' for none): "
    if view.phase is Phase.BID:
        return "Your bid (0-13 or nil)? "
    return "Your card? "


def interpret(text: str, view: SpadesView) -> Action:
    """Turn what you typed into an action: short words, card names, numbers, or action text."""
    words = text.strip().split()
    if not words:
        raise ValueError("Type an action (or 'help').")
    first = words[0].lower()
    phase = view.phase

    if len(words) == 1 and first in ("k", "keep"):
        return KEEP
    if len(words) == 1 and first in ("r", "reject"):
        return REJECT
    if " ".join(words).lower() in ("d", "dn", "double-nil", "double nil", "blind nil"):
        return DOUBLE_NIL
    if first in ("x", "exchange"):
        if phase is Phase.DRAW:
            raise ValueError("There is nothing to exchange during the draw: 'keep' (k) or "
                             "'reject' (r) the top card. The exchange comes after a double nil.")
        return Action.exchange([card_at(w, view.hand) for w in words[1:]])
    if phase is Phase.EXCHANGE and " ".join(words).lower() in ("none", "keep all", "no"):
        return Action.exchange(())
    if first == "bid" and len(words) == 2 and words[1].isdigit():
        return Action.bid(int(words[1]))
    if len(words) == 1 and first == "nil":
        return Action.bid(0)
    if len(words) == 1 and first.isdigit() and phase is Phase.BID:
        return Action.bid(int(first))
    if first == "play" and len(words) == 2:
        return Action.play(card_at(words[1], view.hand))
    if len(words) == 1 and (first.isdigit() or first not in {k.value for k in ActionKind}):
        return Action.play(card_at(words[0], view.hand))
    return parse_action(text)


def play(
    *,
    seed: int | None,
    opponent: Player,
    target: int = 500,
    console: Console | None = None,
    input_fn: Callable[[str], str] = input,
) -> None:
    """Play a game in the terminal against ``opponent`` until someone reaches ``target``."""
    console = console or Console()
    game_seed: Seed = seed if seed is not None else random.SystemRandom().randrange(2**63)
    match = Match(seed=game_seed, rules=Rules(target=target))
    rng = random.Random(derive_seed(game_seed, "opponent"))
    console.print(Text(
        f"Spades for two — game seed {game_seed}, first to {target}. Type 'help' for help.",
        style="bold",
    ))
    hand_index = -1
    shown = 0
    with Screen(console, input_fn) as screen:
        while True:
            if len(match.hands) - 1 != hand_index:
                if hand_index >= 0:
                    _print_events(screen, match, hand_index, shown)
                    if screen.in_place:  # a pause to read how the hand went
                        screen.ask(render(match.hands[hand_index].view(HUMAN),
                                          hand_number=hand_index + 1),
                                   "Enter to go on: ")
                hand_index, shown = len(match.hands) - 1, 0
                if not match.is_over:
                    first = seat_name(match.hand.first).lower()
                    screen.say(Text(f"— Hand {hand_index + 1} (first to {target}): {first} "
                                    "draw first —", style="bold blue"))
            if match.is_over:
                break
            seat = match.to_move
            assert seat is not None
            if seat != HUMAN:
                match.apply(opponent.choose(match.view(seat), rng), seat=seat)
                continue
            shown = _print_events(screen, match, hand_index, shown)
            view = match.view(HUMAN)
            table = render(view, hand_number=hand_index + 1)
            answer = screen.ask(table, _prompt(view))
            command = answer.strip().lower()
            if command in QUIT_WORDS:
                screen.close()
                console.print("Game abandoned.")
                return
            if command in HELP_WORDS:
                screen.say(_HELP)
                continue
            try:
                action = asking_back(answer, partial(interpret, view=view),
                                     partial(screen.ask, table))
                match.apply(action, seat=HUMAN)
            except (IllegalAction, ValueError) as error:
                screen.say(Text(f"Not allowed: {error}", style="bold red"))
        _print_events(screen, match, hand_index, shown)
    _print_final(console, match)


def _print_events(screen: Screen, match: Match, hand_index: int, start: int) -> int:
    events = match.hands[hand_index].view(HUMAN).events
    for event in events[start:]:
        line = describe_event(event)
        if line is not None:
            screen.say(line)
    return len(events)


def _print_final(console: Console, match: Match) -> None:
    table = Table(title="Final score", header_style="bold")
    table.add_column("Player")
    table.add_column("Score", justify="right")
    table.add_column("Bags", justify="right")
    for seat in (HUMAN, COMPUTER):
        mark = " 🏆" if seat == match.winner else ""
        table.add_row(seat_name(seat) + mark, f"{match.totals[seat]:+d}", str(match.bags[seat]))
    console.print(table)
    console.print(Text("You win!" if match.winner == HUMAN else "The computer wins.",
                       style="bold yellow"))
