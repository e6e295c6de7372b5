"""Two-player Spades in the terminal: you (seat 0) against a computer player, drawn with Rich in
place on a terminal (see ``screen``).  Every word comes from the ``terminal`` catalogue in the
player's language (``lang``); what the player types (``keep``, ``bid 4``, ``play AS``) is the
same in every language."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import Any

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
    Player,
    Seed,
    derive_seed,
    parse_action,
)
from tricktable.i18n import Message, translate
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
from tricktable.spades.scoring import BAG_PENALTY, SeatScore
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
from tricktable.terminal.words import Refusal, fixed, line, refusal_words, signed

__all__ = ["card_text", "describe_event", "interpret", "play", "render", "seat_name"]

HUMAN = 0
COMPUTER = 1


def seat_name(seat: int, lang: str = "en") -> str:
    return translate(lang, "terminal.seat.you" if seat == HUMAN else "terminal.spades.computer")


def bid_words(bid: int, double_nil: bool = False) -> Message | int:
    """A bid for people: a number of tricks, nil or double nil (the words in the catalogue)."""
    if double_nil:
        return Message("terminal.bid.double-nil")
    return Message("terminal.bid.nil") if bid == 0 else bid


def _verdict_key(score: SeatScore) -> str:
    if score.made:
        return "terminal.spades.made"
    return "terminal.spades.failed" if score.bid == 0 else "terminal.spades.set"


def score_words(score: SeatScore, name: str, lang: str = "en") -> str:
    """``You: bid 4, took 5 (made): +40, 1 bag (+1) = +41``."""
    parts = [signed(lang, score.contract)]
    if score.bags:
        parts.append(translate(lang, "terminal.spades.bags-part", count=score.bags))
    if score.penalties:
        parts.append(translate(lang, "terminal.spades.sandbagged-part", count=score.penalties,
                               penalty=BAG_PENALTY * score.penalties))
    return translate(lang, "terminal.spades.score-line", name=name,
                     bid=bid_words(score.bid, score.double_nil), tricks=score.tricks,
                     verdict=Message(_verdict_key(score)), parts=", ".join(parts),
                     score=signed(lang, score.score))


_HAND_OVER = {1: "terminal.spades.hand-over-won", -1: "terminal.spades.hand-over-lost",
              0: "terminal.spades.hand-over-even"}
# Each event's line as (said of you, said of the computer).
_DOUBLE_NIL = ("terminal.spades.you-double-nil", "terminal.spades.computer-double-nil")
_BIDS = ("terminal.spades.you-bid", "terminal.spades.computer-bids")
_PLAYS = ("terminal.spades.you-play", "terminal.spades.computer-plays")
_TAKES = ("terminal.spades.you-take-trick", "terminal.spades.computer-takes-trick")


def describe_event(event: Event, lang: str = "en") -> Text | None:
    """One line for an event as you saw it (None for the computer's silent draws)."""
    if isinstance(event, HandScored):
        seats = event.result.seats
        mine, theirs = seats[HUMAN].score, seats[COMPUTER].score
        lines = line(lang, _HAND_OVER[(mine > theirs) - (mine < theirs)], style="bold yellow",
                     mine=signed(lang, mine), theirs=signed(lang, theirs),
                     total_mine=seats[HUMAN].total, total_theirs=seats[COMPUTER].total)
        for seat, score in enumerate(seats):
            lines.append(f"\n  {score_words(score, seat_name(seat, lang), lang)}")
        return lines
    you = event.seat == HUMAN
    if isinstance(event, DoubleNilDeclared):
        return line(lang, _DOUBLE_NIL[not you], style="bold magenta")
    if isinstance(event, Drew):
        if event.taken is None or event.discarded is None:
            return None
        return line(lang, "terminal.spades.you-keep" if event.kept
                    else "terminal.spades.you-reject",
                    taken=card_text(event.taken), discarded=card_text(event.discarded))
    if isinstance(event, Exchanged):
        if event.given is None or event.received is None:
            return line(lang, "terminal.spades.computer-exchanges", count=event.swapped)
        if not event.given:
            return line(lang, "terminal.spades.you-keep-all")
        return line(lang, "terminal.spades.you-exchange", given=cards_text(event.given),
                    received=cards_text(event.received))
    if isinstance(event, BidMade):
        return line(lang, _BIDS[not you], style="bold", bid=bid_words(event.tricks))
    if isinstance(event, CardPlayed):
        return line(lang, _PLAYS[not you], card=card_text(event.card))
    if isinstance(event, SpadesBroken):
        return line(lang, "terminal.spades.broken", style="cyan")
    assert isinstance(event, TrickWon)
    return line(lang, _TAKES[not you], style="green", trick=event.trick)


def render(view: SpadesView, *, hand_number: int, lang: str = "en") -> RenderableType:
    """The table as you see it."""
    def t(key: str, **params: Any) -> str:
        return translate(lang, key, **params)

    name = partial(seat_name, lang=lang)
    status = Table.grid(padding=(0, 2))
    status.add_column(style="dim")
    status.add_column()
    status.add_row(t("terminal.table.hand"),
                   t("terminal.spades.hand-you-first" if view.first == HUMAN
                     else "terminal.spades.hand-computer-first", number=hand_number))
    status.add_row(t("terminal.spades.target"), fixed(lang, view.rules.target, places=0))
    if view.phase is Phase.DRAW:
        status.add_row(t("terminal.spades.stock"),
                       t("terminal.spades.stock-cards", count=view.stock_left))
    if view.spades_broken:
        status.add_row(t("terminal.spades.spades"), t("terminal.spades.spades-broken"))

    scores = Table(header_style="bold", box=None, padding=(0, 1))
    scores.add_column(t("terminal.table.player"), justify="left")
    for column in ("terminal.spades.bid", "terminal.table.tricks", "terminal.table.score",
                   "terminal.spades.bags"):
        scores.add_column(t(column), justify="right")
    for seat in (HUMAN, COMPUTER):
        bid = view.bids[seat]
        said = "—" if bid is None else translate(lang, "terminal.spades.bid-value",
                                                  bid=bid_words(bid, view.double_nil[seat]))
        scores.add_row(name(seat), said, fixed(lang, view.tricks_won[seat], places=0),
                       signed(lang, view.totals[seat]), fixed(lang, view.bags[seat], places=0))

    parts: list[RenderableType] = [status, Text(""), scores, Text("")]
    if view.discarded:
        parts.append(line(lang, "terminal.spades.your-discards",
                          cards=cards_text(view.discarded)))
    if view.exchange_given:
        assert view.exchange_received is not None
        parts.append(line(lang, "terminal.spades.exchanged",
                          given=cards_text(view.exchange_given),
                          received=cards_text(view.exchange_received)))
    if view.tricks:
        parts.append(trick_table(view.tricks[-1],
                                 t("terminal.table.last-trick", number=len(view.tricks)), name))
    if view.current_trick.cards:
        parts.append(trick_table(view.current_trick, t("terminal.table.this-trick"), name))
    parts.append(hand_line(view.hand, {a.card for a in view.legal_actions
                                       if a.kind is ActionKind.PLAY and a.card is not None},
                           lang))
    if view.top_card is not None:
        parts.append(line(lang, "terminal.spades.top-card", style="bold",
                          card=card_text(view.top_card)))
    return Panel(Group(*parts), title=t("terminal.spades.title"), border_style="blue")


def _prompt(view: SpadesView, lang: str = "en") -> str:
    if view.phase is Phase.DRAW:
        if DOUBLE_NIL in view.legal_actions:
            key = "terminal.spades.prompt-draw-double-nil"
        else:
            key = "terminal.spades.prompt-draw"
    elif view.phase is Phase.EXCHANGE:
        key = "terminal.spades.prompt-exchange"
    elif view.phase is Phase.BID:
        key = "terminal.spades.prompt-bid"
    else:
        key = "terminal.spades.prompt-play"
    return translate(lang, key) + " "


def interpret(text: str, view: SpadesView) -> Action:
    """Turn what you typed into an action: short words, card names, numbers, or action text."""
    words = text.strip().split()
    if not words:
        raise Refusal("terminal.error.empty")
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
            raise Refusal("terminal.spades.no-exchange-in-draw")
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
    lang: str = "en",
) -> None:
    """Play a game in the terminal, in ``lang``, against ``opponent`` until someone reaches
    ``target``."""
    console = console or Console()
    game_seed: Seed = seed if seed is not None else random.SystemRandom().randrange(2**63)
    match = Match(seed=game_seed, rules=Rules(target=target))
    rng = random.Random(derive_seed(game_seed, "opponent"))
    console.print(line(lang, "terminal.spades.welcome", style="bold", seed=str(game_seed),
                       target=target))
    hand_index = -1
    shown = 0
    with Screen(console, input_fn) as screen:
        while True:
            if len(match.hands) - 1 != hand_index:
                if hand_index >= 0:
                    _print_events(screen, match, hand_index, shown, lang)
                    if screen.in_place:  # a pause to read how the hand went
                        screen.ask(render(match.hands[hand_index].view(HUMAN),
                                          hand_number=hand_index + 1, lang=lang),
                                   translate(lang, "terminal.spades.enter-next") + " ")
                hand_index, shown = len(match.hands) - 1, 0
                if not match.is_over:
                    key = ("terminal.spades.hand-banner-you" if match.hand.first == HUMAN
                           else "terminal.spades.hand-banner-computer")
                    screen.say(line(lang, key, style="bold blue", number=hand_index + 1,
                                    target=target))
            if match.is_over:
                break
            seat = match.to_move
            assert seat is not None
            if seat != HUMAN:
                match.apply(opponent.choose(match.view(seat), rng), seat=seat)
                continue
            shown = _print_events(screen, match, hand_index, shown, lang)
            view = match.view(HUMAN)
            table = render(view, hand_number=hand_index + 1, lang=lang)
            answer = screen.ask(table, _prompt(view, lang))
            command = answer.strip().lower()
            if command in QUIT_WORDS:
                screen.close()
                console.print(translate(lang, "terminal.game.abandoned"))
                return
            if command in HELP_WORDS:
                screen.say(translate(lang, "terminal.spades.help"))
                continue
            try:
                action = asking_back(answer, partial(interpret, view=view),
                                     partial(screen.ask, table), lang)
                match.apply(action, seat=HUMAN)
            except ValueError as error:
                screen.say(line(lang, "terminal.error.not-allowed", style="bold red",
                                reason=refusal_words(lang, error, answer)))
        _print_events(screen, match, hand_index, shown, lang)
    _print_final(console, match, lang)


def _print_events(screen: Screen, match: Match, hand_index: int, start: int,
                  lang: str = "en") -> int:
    events = match.hands[hand_index].view(HUMAN).events
    for event in events[start:]:
        said = describe_event(event, lang)
        if said is not None:
            screen.say(said)
    return len(events)


def _print_final(console: Console, match: Match, lang: str = "en") -> None:
    table = Table(title=translate(lang, "terminal.spades.final-title"), header_style="bold")
    table.add_column(translate(lang, "terminal.table.player"))
    table.add_column(translate(lang, "terminal.table.score"), justify="right")
    table.add_column(translate(lang, "terminal.spades.bags"), justify="right")
    for seat in (HUMAN, COMPUTER):
        mark = " 🏆" if seat == match.winner else ""
        table.add_row(seat_name(seat, lang) + mark, signed(lang, match.totals[seat]),
                      fixed(lang, match.bags[seat], places=0))
    console.print(table)
    console.print(line(lang, "terminal.spades.you-win" if match.winner == HUMAN
                       else "terminal.spades.computer-wins", style="bold yellow"))
