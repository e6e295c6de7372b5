"""Sheepshead in the terminal: you (seat 0) against four computer players, drawn with Rich in
place on a terminal (see ``screen``); each hand ends with who won, the bury and the unknown card.
Every word comes from the ``terminal`` catalogue in the player's language (``lang``); what the
player types (``pick``, ``bury QC 7H``, ``play 10D``) is the same in every language."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tricktable.cards import Card, parse_card
from tricktable.game import Action, ActionKind, Player, Seed, parse_action
from tricktable.i18n import Message, translate
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
from tricktable.sheepshead.scoring import HandKind, stake
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
    stakes_why,
)
from tricktable.terminal.screen import Screen
from tricktable.terminal.words import Refusal, and_list, fixed, line, refusal_words, signed

__all__ = ["describe_event", "hand_summary", "play", "render", "seat_name"]

HUMAN = 0

_SEAT_KEYS = ("terminal.seat.you", "terminal.seat.west", "terminal.seat.northwest",
              "terminal.seat.northeast", "terminal.seat.east")


HINT_WORDS = frozenset({"?", "hint"})
"""What asks for a hint (when the game offers hints; else '?' is help)."""


def seat_name(seat: int, viewer: int = HUMAN, lang: str = "en") -> str:
    """Seats as the human sees them: clockwise from you, West is on your left."""
    if viewer == HUMAN:
        return translate(lang, _SEAT_KEYS[seat])
    if seat == viewer:
        return translate(lang, "terminal.seat.you")
    return translate(lang, "terminal.seat.number", seat=seat)


# Each event's line as (said of you, said of another seat).
_PASSES = ("terminal.event.you-pass", "terminal.event.seat-passes")
_PICKS = ("terminal.event.you-pick", "terminal.event.seat-picks")
_BURIES_HIDDEN = ("terminal.event.you-bury-hidden", "terminal.event.seat-buries-hidden")
_BURIES = ("terminal.event.you-bury", "terminal.event.seat-buries")
_CALLS = ("terminal.event.you-call", "terminal.event.seat-calls")
_CALLS_UNKNOWN = ("terminal.event.you-call-unknown", "terminal.event.seat-calls-unknown")
_ALONE = ("terminal.event.you-go-alone", "terminal.event.seat-goes-alone")
_PLAYS = ("terminal.event.you-play", "terminal.event.seat-plays")
_PLAYS_UNKNOWN = ("terminal.event.you-play-unknown", "terminal.event.seat-plays-unknown")
_PARTNER = ("terminal.event.you-partner", "terminal.event.seat-partner")
_TAKES = ("terminal.event.you-take-trick", "terminal.event.seat-takes-trick")
_TAKES_HIDDEN = ("terminal.event.you-take-trick-hidden",
                 "terminal.event.seat-takes-trick-hidden")


def describe_event(event: Event, viewer: int = HUMAN, lang: str = "en") -> Text:
    """One line for an event, as the viewer saw it."""
    seat = getattr(event, "seat", viewer)
    you = seat == viewer
    name = seat_name(seat, viewer, lang)

    def said(keys: tuple[str, str], style: str = "", **params: Any) -> Text:
        return line(lang, keys[not you], style=style, name=name, **params)

    house = house_event_text(event, name, you=you, lang=lang)
    if house is not None:
        return house
    if isinstance(event, Passed):
        return said(_PASSES)
    if isinstance(event, Picked):
        return said(_PICKS, "bold")
    if isinstance(event, Buried):
        if event.cards is None:
            return said(_BURIES_HIDDEN)
        return said(_BURIES, cards=cards_text(event.cards))
    if isinstance(event, Called):
        return said(_CALLS_UNKNOWN if event.unknown else _CALLS, card=card_text(event.card))
    if isinstance(event, WentAlone):
        return said(_ALONE, "bold")
    if isinstance(event, LeasterBegins):
        return line(lang, "terminal.event.leaster", style="bold yellow")
    if isinstance(event, PassedOut):
        return line(lang, "terminal.event.passed-out-doubled" if event.doubled
                    else "terminal.event.passed-out", style="bold yellow")
    if isinstance(event, CardPlayed):
        return said(_PLAYS_UNKNOWN if event.face_down else _PLAYS, card=card_text(event.card))
    if isinstance(event, PartnerRevealed):
        return said(_PARTNER, "bold cyan")
    if isinstance(event, TrickWon):
        if event.points is None:
            return said(_TAKES_HIDDEN, "green", trick=event.trick)
        return said(_TAKES, "green", trick=event.trick, count=event.points)
    assert isinstance(event, HandScored)
    return line(lang, "terminal.event.hand-over", style="bold yellow")


def _partner_secret_key(hand: SheepsheadView) -> str:
    """What makes the player the secret partner: the called ace, the called ten or the J♦."""
    if hand.rules.jack_of_diamonds:
        return "terminal.table.partner-secret-jack"
    if hand.called is not None and hand.called.rank.text == "10":
        return "terminal.table.partner-secret-ten"
    return "terminal.table.partner-secret-ace"


def render(view: MatchView, lang: str = "en") -> RenderableType:
    """The table as the human sees it."""
    hand = view.hand
    name = partial(seat_name, viewer=HUMAN, lang=lang)

    def t(key: str, **params: Any) -> str:
        return translate(lang, key, **params)

    status = Table.grid(padding=(0, 2))
    status.add_column(style="dim")
    status.add_column()
    status.add_row(t("terminal.table.hand"),
                   t("terminal.table.hand-of-doubled", multiplier=hand.multiplier,
                     number=view.hand_number, hands=view.hands_in_game)
                   if hand.multiplier != 1 else
                   t("terminal.table.hand-of", number=view.hand_number,
                     hands=view.hands_in_game))
    status.add_row(t("terminal.table.dealer"), name(hand.dealer))
    if hand.picker is not None:
        status.add_row(t("terminal.table.picker"), name(hand.picker))
    elif hand.leaster:
        status.add_row(t("terminal.table.picker"), t("terminal.table.picker-none"))
    if hand.alone:
        status.add_row(t("terminal.table.called"), t("terminal.table.called-alone"))
    elif hand.called is not None:
        called = card_text(hand.called)
        if hand.unknown_set_aside:
            called = line(lang, "terminal.table.called-with-unknown", card=called)
        status.add_row(t("terminal.table.called"), called)
    if hand.is_partner and hand.called not in hand.played_cards and not hand.is_over:
        status.add_row(t("terminal.table.partner"),
                       Text(t(_partner_secret_key(hand)), style="bold cyan"))
    elif hand.partner is not None:
        status.add_row(t("terminal.table.partner"), name(hand.partner))
    house_status_rows(hand, status, lang)
    if hand.to_move is not None:
        status.add_row(t("terminal.table.turn"), name(hand.to_move))

    scores = Table(show_header=True, header_style="bold", box=None, padding=(0, 1))
    scores.add_column(t("terminal.table.player"), justify="left")
    for column in ("terminal.table.tricks", "terminal.table.points", "terminal.table.score"):
        scores.add_column(t(column), justify="right")
    for seat in range(5):
        scores.add_row(name(seat), fixed(lang, hand.tricks_by_seat[seat], places=0),
                       fixed(lang, hand.points_seen[seat], places=0),
                       signed(lang, view.totals[seat]))

    parts: list[RenderableType] = [status, Text(""), scores, Text("")]
    if hand.tricks:
        parts.append(trick_table(hand.tricks[-1], t("terminal.table.last-trick",
                                                    number=len(hand.tricks)), name))
    if hand.current_trick.cards:
        parts.append(trick_table(hand.current_trick, t("terminal.table.this-trick"), name))
    mine = hand_line(hand.hand, {a.card for a in hand.legal_actions
                                 if a.kind is ActionKind.PLAY and a.card is not None}, lang)
    if hand.unknown_set_aside and hand.unknown_card is not None and not hand.unknown_played:
        mine.append_text(line(lang, "terminal.hand.unknown", card=card_text(hand.unknown_card)))
    parts.append(mine)
    if hand.blind is not None and hand.picker == hand.seat and hand.phase.value == "bury":
        parts.append(line(lang, "terminal.hand.blind", cards=cards_text(hand.blind)))
    return Panel(Group(*parts), title=t("terminal.sheepshead.title"), border_style="blue")


def _options_text(hand: SheepsheadView, lang: str = "en") -> str:
    house = house_prompt(hand, lang)
    if house is not None:
        return house
    kinds = {a.kind for a in hand.legal_actions}
    if kinds == {ActionKind.PICK, ActionKind.PASS}:
        return translate(lang, "terminal.options.pick")
    if ActionKind.BURY in kinds:
        return translate(lang, "terminal.options.bury")
    if ActionKind.CALL in kinds or ActionKind.ALONE in kinds:
        calls = sorted({str(a) for a in hand.legal_actions if a.kind is ActionKind.CALL
                        and len(a.cards) == 1})
        options = [*calls, "alone"]
        if any(len(a.cards) == 2 for a in hand.legal_actions):
            options.insert(0, translate(lang, "terminal.options.call-unknown"))
        return translate(lang, "terminal.options.call", options=" / ".join(options))
    return translate(lang, "terminal.options.play")


def interpret(text: str, hand: SheepsheadView) -> Action:
    """Turn what the player typed into an action: numbers, card names, or action text."""
    words = text.strip().split()
    if not words:
        raise Refusal("terminal.error.empty")
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


_STAKE_KEYS = {
    3: "terminal.stake.schwarz-won",
    2: "terminal.stake.schneider-won",
    1: "terminal.stake.won",
    -1: "terminal.stake.lost",
    -2: "terminal.stake.schneider-lost",
    -3: "terminal.stake.schwarz-lost",
}
# The side's verdict, keyed by (who, won): you alone, another seat alone, your team, theirs.
_VERDICT_KEYS = {
    ("you-alone", True): "terminal.summary.you-alone-won",
    ("you-alone", False): "terminal.summary.you-alone-lost",
    ("seat-alone", True): "terminal.summary.seat-alone-won",
    ("seat-alone", False): "terminal.summary.seat-alone-lost",
    ("your-team", True): "terminal.summary.your-team-won",
    ("your-team", False): "terminal.summary.your-team-lost",
    ("seat-team", True): "terminal.summary.seat-team-won",
    ("seat-team", False): "terminal.summary.seat-team-lost",
}


def _picked_outcome(hand: SheepsheadView, lang: str) -> list[str]:
    """The sentences of a picked hand's end: who won and how, what the stakes were."""
    result = hand.result
    assert result is not None and result.picker is not None
    points = result.picker_team_points or 0
    tricks = result.picker_team_tricks or 0
    level, _ = stake(points, tricks, hand.rules)
    bumped = level < 0 and hand.rules.double_on_the_bump
    if bumped:
        level //= 2
    how = Message(_STAKE_KEYS[level], {"count": points})
    if result.alone or result.partner is None:
        side = "you-alone" if result.picker == HUMAN else "seat-alone"
    elif HUMAN in (result.picker, result.partner):
        side = "your-team"
    else:
        side = "seat-team"
    said = [translate(lang, _VERDICT_KEYS[side, bool(result.picker_won)], how=how,
                      name=seat_name(result.picker, lang=lang))]
    if bumped:
        said.append(translate(lang, "terminal.summary.on-the-bump"))
    if tricks == 0 and hand.rules.schwarz_paid_by_picker and result.partner is not None:
        said.append(translate(lang, "terminal.summary.paid-by-picker"))
    if not result.alone and result.called is not None:
        if result.partner is None:
            said.append(translate(lang, "terminal.summary.partner-nobody"))
        elif result.partner == HUMAN:
            said.append(translate(lang, "terminal.summary.partner-you"))
        else:
            said.append(translate(lang, "terminal.summary.partner",
                                  name=seat_name(result.partner, lang=lang)))
    return said


def _leaster_outcome(hand: SheepsheadView, lang: str) -> str:
    result = hand.result
    assert result is not None
    winner = result.leaster_winner
    if winner is None:
        return translate(lang, "terminal.summary.leaster-tied")
    points = result.points_by_seat[winner]
    if winner == HUMAN:
        return translate(lang, "terminal.summary.leaster-you", count=points)
    return translate(lang, "terminal.summary.leaster-seat", count=points,
                     name=seat_name(winner, lang=lang))


def hand_summary(hand: SheepsheadView, number: int, hands_in_game: int,
                 lang: str = "en") -> Text:
    """A finished hand for the human: who won and why, then the bury and the unknown card."""
    result = hand.result
    assert result is not None
    if result.kind is HandKind.PASSED_OUT:
        doubled = any(isinstance(e, PassedOut) and e.doubled for e in hand.events)
        said = [translate(lang, "terminal.summary.passed-out-doubled" if doubled
                          else "terminal.summary.passed-out")]
    elif result.kind is HandKind.LEASTER:
        said = [_leaster_outcome(hand, lang)]
    else:
        said = _picked_outcome(hand, lang)
    if result.multiplier != 1 and result.kind is not HandKind.PASSED_OUT:
        why = stakes_why(doubler=hand.multiplier != 1, cracked=result.cracked_by is not None,
                         recracked=result.recracked, blitzes=len(result.blitzed_by))
        said.append(translate(lang, "terminal.summary.stakes", multiplier=result.multiplier,
                              why=and_list(lang, [translate(lang, m) for m in why])))
    summary = line(lang, "terminal.summary.head", style="bold yellow", number=number,
                   hands=hands_in_game, outcome=" ".join(said))
    if hand.buried:
        summary.append("\n").append_text(
            line(lang, "terminal.summary.buried", cards=cards_text(hand.buried)))
    if hand.unknown_card is not None:
        summary.append("\n").append_text(
            line(lang, "terminal.summary.unknown", card=card_text(hand.unknown_card)))
    return summary


def play(
    *,
    seed: Seed | None = None,
    rules: Rules | None = None,
    opponents: Sequence[Player],
    console: Console | None = None,
    input_fn: Callable[[str], str] = input,
    hint: Callable[[SheepsheadView, str], str] | None = None,
    lang: str = "en",
) -> Match:
    """Play a game in the terminal, in ``lang``; returns the finished (or abandoned) match.
    ``hint`` (given the human's view and a seed) answers '?'."""
    console = console or Console()
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    match = Match(rules=rules, seed=seed)
    players: dict[int, Player] = dict(zip(range(1, 5), opponents, strict=True))
    rng = random.Random(f"{seed}/bots")
    shown = 0
    shown_deal = 0
    console.print(line(lang, "terminal.sheepshead.welcome", style="bold", seed=str(seed)))
    with Screen(console, input_fn) as screen:
        screen.say(line(lang, "terminal.sheepshead.hand-banner", style="bold blue",
                        number=1, hands=match.rules.hands))
        while not match.is_over:
            if len(match.deals) - 1 != shown_deal:
                _end_hand(screen, match, shown_deal, shown, lang=lang)
                shown_deal, shown = len(match.deals) - 1, 0
                screen.say(line(lang, "terminal.sheepshead.hand-banner", style="bold blue",
                                number=match.hand_number, hands=match.rules.hands))
            seat = match.to_move
            assert seat is not None
            if seat != HUMAN:
                bot_view = match.current.view(seat)
                match.apply(players[seat].choose(bot_view, rng), seat=seat)
                continue
            shown = _print_events(screen, match, shown_deal, shown, lang)
            view = match.view(HUMAN)
            automatic = automatic_action(view.hand)
            if automatic is not None:
                match.apply(automatic, seat=HUMAN)
                continue
            table = render(view, lang)
            answer = screen.ask(table, translate(lang, "terminal.sheepshead.prompt",
                                                 options=_options_text(view.hand, lang)) + " ")
            if answer.strip().lower() in QUIT_WORDS:
                screen.close()
                console.print(translate(lang, "terminal.game.abandoned"))
                return match
            if hint is not None and answer.strip().lower() in HINT_WORDS:
                screen.say(Text(hint(view.hand, f"{seed}/hint/{len(match.history)}"),
                                style="bold green"))
                continue
            if answer.strip().lower() in HELP_WORDS:
                screen.say(translate(lang, "terminal.sheepshead.help"))
                continue
            try:
                action = asking_back(answer, partial(interpret, hand=view.hand),
                                     partial(screen.ask, table), lang)
                match.apply(action, seat=HUMAN)
            except ValueError as error:
                screen.say(line(lang, "terminal.error.not-allowed", style="bold red",
                                reason=refusal_words(lang, error, answer)))
        _end_hand(screen, match, len(match.deals) - 1, shown, last=True, lang=lang)
    _print_final(console, match, lang)
    return match


def _end_hand(screen: Screen, match: Match, deal: int, shown: int, *, last: bool = False,
              lang: str = "en") -> None:
    """The rest of a finished deal's events and its summary; on a terminal, a pause to read it."""
    _print_events(screen, match, deal, shown, lang)
    hand = match.deals[deal].view(HUMAN)
    number = sum(1 for r in match.results[: deal + 1] if r.kind is not HandKind.PASSED_OUT)
    screen.say(hand_summary(hand, max(number, 1), match.rules.hands, lang))
    if screen.in_place:
        then = "terminal.sheepshead.enter-final" if last else "terminal.sheepshead.enter-next"
        screen.ask(render(replace_hand(match.view(HUMAN), hand), lang),
                   translate(lang, then) + " ")


def replace_hand(view: MatchView, hand: SheepsheadView) -> MatchView:
    """``view`` showing ``hand`` (a finished one) instead of the current hand."""
    return replace(view, hand=hand)


def _print_events(screen: Screen, match: Match, deal: int, start: int, lang: str = "en") -> int:
    events = match.deals[deal].view(HUMAN).events
    for event in events[start:]:
        screen.say(describe_event(event, lang=lang))
    return len(events)


def _print_final(console: Console, match: Match, lang: str = "en") -> None:
    table = Table(title=translate(lang, "terminal.sheepshead.final-title"), header_style="bold")
    table.add_column(translate(lang, "terminal.table.player"))
    table.add_column(translate(lang, "terminal.table.score"), justify="right")
    order = sorted(range(5), key=lambda s: -match.totals[s])
    for seat in order:
        mark = " 🏆" if seat in match.winners else ""
        table.add_row(seat_name(seat, lang=lang) + mark, signed(lang, match.totals[seat]))
    console.print(table)
