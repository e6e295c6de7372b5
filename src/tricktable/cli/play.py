"""``tricktable play``: a game in the terminal against computer players, with hints on '?'."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from tricktable.cli.common import GameName, LangOption, language
from tricktable.i18n import translate
from tricktable.terminal.words import Refusal, fixed, words


def table_options(pairs: list[str]) -> dict[str, Any]:
    """``["crack=true", "max_doubles=2"]`` → ``{"crack": True, "max_doubles": 2}``."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key.strip():
            raise Refusal("terminal.cli.table-option", option=repr(pair))
        try:
            value = json.loads(text)
        except json.JSONDecodeError:
            value = text  # a word such as jack-of-diamonds
        options[key.strip().replace("-", "_")] = value
    return options


def play(
    game: Annotated[GameName, typer.Argument(help="Which game.")] = GameName.sheepshead,
    seed: Annotated[int | None, typer.Option(help="Game seed (random if omitted).")] = None,
    opponent: Annotated[str, typer.Option(help="Computer player(s): a name.")] = "basic",
    preset: Annotated[str, typer.Option(
        help="Sheepshead table: milwaukee, pagat, tavern, wisconsin-jd.")] = "milwaukee",
    option: Annotated[list[str] | None, typer.Option(
        help="A Sheepshead table option, KEY=VALUE, repeatable: partner=jack-of-diamonds, "
             "crack=true, blitz=true, max_doubles=2, double_on_the_bump=false …")] = None,
    hands: Annotated[int | None, typer.Option(help="Sheepshead hands: 5, 10, 15 or 20.")] = None,
    target: Annotated[int, typer.Option(help="Spades: points to win.")] = 500,
    lang: LangOption = None,
) -> None:
    """Play a game in the terminal against the computer."""
    from functools import partial

    from tricktable.ai.players import make_player

    spoken = language(lang)
    console = Console()
    try:
        if game is GameName.sheepshead:
            from dataclasses import replace

            from tricktable.sheepshead.rules import rules_from_json
            from tricktable.terminal.sheepshead import play as play_sheepshead

            rules = rules_from_json({"preset": preset, **table_options(option or [])})
            if hands is not None:
                rules = replace(rules, hands=hands)
            opponents = [make_player("sheepshead", opponent) for _ in range(4)]
            play_sheepshead(seed=seed, rules=rules, opponents=opponents, console=console,
                            hint=partial(hint_line, lang=spoken), lang=spoken)
        else:
            from tricktable.terminal.spades import play as play_spades

            play_spades(
                seed=seed, opponent=make_player("spades", opponent), target=target,
                console=console, lang=spoken,
            )
    except ValueError as error:
        console.print(f"[bold red]{escape(words(spoken, error))}[/]")
        raise typer.Exit(2) from None
    except (EOFError, KeyboardInterrupt):
        console.print("\n" + translate(spoken, "terminal.game.goodbye"))


def hint_line(view: Any, seed: str, lang: str = "en") -> str:
    """The terminal's answer to '?': the recommendation, its reason, the top options."""
    from tricktable.ai.teaching.evaluation import action_text
    from tricktable.ai.teaching.hint import hint

    found = hint(view, seed)
    options = "; ".join(f"{action_text(o.action)} {fixed(lang, o.expected, sign=True)}"
                        for o in found.options)
    if not options:
        return translate(lang, "terminal.hint.line", action=action_text(found.action),
                         reason=words(lang, found.reason))
    return translate(lang, "terminal.hint.line-options", action=action_text(found.action),
                     reason=words(lang, found.reason), options=options)
