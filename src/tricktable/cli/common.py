"""What the ``tricktable`` commands share: the game and log-format choices, ``--lang``, and
ending a command with an error line."""

from __future__ import annotations

import json
import os
from enum import StrEnum
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from tricktable.i18n import Message, translate
from tricktable.terminal.language import UnknownLanguage, languages_text, terminal_language
from tricktable.terminal.words import words


class GameName(StrEnum):
    sheepshead = "sheepshead"
    spades = "spades"


class LogFormat(StrEnum):
    text = "text"
    json = "json"


LangOption = Annotated[str | None, typer.Option(
    "--lang", metavar="LANGUAGE",
    help="The language to speak: en, nl, de, sv, fi or id (default: from LC_ALL, LC_MESSAGES "
         "or LANG, else English).")]

JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]


def language(chosen: str | None) -> str:
    """``--lang``, else the environment's; an unknown ``--lang`` ends the command with an error
    that names the languages (in the environment's language)."""
    try:
        return terminal_language(chosen, os.environ)
    except UnknownLanguage as error:
        said = translate(terminal_language(None, os.environ), "terminal.cli.unknown-language",
                         lang=error.asked, languages=languages_text())
        die(said)


def die(message: str) -> NoReturn:
    """End the command with exit code 2 and ``message`` in bold red on stderr."""
    Console(stderr=True).print(f"[bold red]{escape(message)}[/]", highlight=False,
                               soft_wrap=True)
    raise typer.Exit(2)


def fail(as_json: bool, message: Message | str, action_index: int | None,
         lang: str = "en") -> NoReturn:
    """End the command with ``message``: in JSON (English, language-free) or in ``lang``."""
    if as_json:
        typer.echo(json.dumps({"error": str(message), "action_index": action_index}))
        raise typer.Exit(2)
    die(words(lang, message))


def read_json(text: str) -> Any:
    """``json.loads``; nesting too deep to parse (a ``RecursionError``) and a number with more
    digits than Python converts are ValueErrors that say so in a few words."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise
    except RecursionError:
        raise ValueError("it nests too deeply to read") from None
    except ValueError:
        raise ValueError("a number in it has too many digits") from None
