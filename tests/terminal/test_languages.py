"""The terminal game in every language: whole games played by typing, in which the language's
words appear and no English word of the terminal catalogue does; the language from --lang or
the environment; a clear error for a language we do not speak."""

from __future__ import annotations

import io
import itertools
import json
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tests.terminal.helpers import scripted
from tests.terminal.test_review_cli import _record
from tricktable.cli import app, hint_line
from tricktable.game import RandomPlayer, parse_action
from tricktable.i18n import LANGUAGES, translate
from tricktable.i18n.catalogues import locales_dir
from tricktable.i18n.errors import WordedError
from tricktable.sheepshead.rules import PRESETS
from tricktable.terminal.language import UnknownLanguage, terminal_language
from tricktable.terminal.sheepshead import play as play_sheepshead
from tricktable.terminal.spades import play as play_spades

OTHERS = [lang for lang in LANGUAGES if lang != "en"]

COMMANDS = frozenset({
    "pick", "pass", "bury", "call", "alone", "play", "keep", "reject", "double", "nil", "bid",
    "exchange", "crack", "recrack", "blitz", "help", "quit", "unknown", "hint", "none",
})
"""The words players type: the engine's action text, the same in every language."""

_WORD = re.compile(r"[^\W\d_]{3,}")
_PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def _words(lang: str) -> set[str]:
    catalogue = {
        key: value
        for domain in ("terminal", "engine", "reasons")
        for key, value in json.loads(
            (locales_dir() / lang / f"{domain}.json").read_text(encoding="utf-8")).items()
    }
    texts = [t for v in catalogue.values() for t in ([v] if isinstance(v, str) else v.values())]
    return {w.lower() for text in texts for w in _WORD.findall(_PLACEHOLDER.sub(" ", text))}


def english_leftovers(text: str, lang: str) -> set[str]:
    """English words of the terminal's and the engine's catalogues (not the language's own, not
    a command) in ``text``."""
    english = _words("en") - _words(lang) - COMMANDS
    return {w for w in _WORD.findall(text) if w.lower() in english}


def flat(text: str) -> str:
    """``text`` with its line breaks and runs of spaces as single spaces (Rich wraps lines)."""
    return " ".join(text.split())


def say(lang: str, key: str, **params: object) -> str:
    return translate(lang, key, **params)


def _console(out: io.StringIO) -> Console:
    return Console(file=out, width=400, color_system=None)


def _parser_reason(lang: str, typed: str) -> str:
    """What the parser says of ``typed``, in ``lang``: the terminal shows the parser's reason."""
    with pytest.raises(WordedError) as refused:
        parse_action(typed)
    return refused.value.words(lang)


@pytest.mark.parametrize("lang", OTHERS)
def test_a_whole_sheepshead_game_in_the_language(lang: str) -> None:
    out = io.StringIO()
    prompts, answer = scripted(
        ["help", "pick", "bury 1 2", "call AS", "call AH", "call AC", "alone",
         "1", "2", "3", "4", "5", "6", "7", "8", "AH", "fly", "fly away", "9"])
    match = play_sheepshead(seed=12, rules=replace(PRESETS["milwaukee"], hands=5),
                            opponents=[RandomPlayer() for _ in range(4)],
                            console=_console(out), input_fn=answer, lang=lang)
    text = out.getvalue() + "\n" + "\n".join(prompts)
    assert match.is_over and match.hands_played == 5
    for expected in (
        say(lang, "terminal.sheepshead.welcome", seed="12"),
        say(lang, "terminal.sheepshead.hand-banner", number=5, hands=5),
        say(lang, "terminal.sheepshead.help"),
        say(lang, "terminal.sheepshead.final-title"),
        say(lang, "terminal.table.dealer"),
        say(lang, "terminal.hand.yours", cards=""),
        say(lang, "terminal.summary.head", number=5, hands=5, outcome=""),
        say(lang, "terminal.error.not-allowed", reason=""),
        say(lang, "terminal.card.not-a-card", word="fly"),
        _parser_reason(lang, "fly away"),
        say(lang, "terminal.sheepshead.prompt", options=say(lang, "terminal.options.pick")),
        say(lang, "terminal.sheepshead.prompt", options=say(lang, "terminal.options.play")),
    ):
        assert flat(expected) in flat(text), expected
    assert english_leftovers(text, lang) == set()


@pytest.mark.parametrize("lang", OTHERS)
def test_a_wisconsin_game_with_cracks_and_blitzes_in_the_language(lang: str) -> None:
    out = io.StringIO()
    prompts: list[str] = []
    numbers = itertools.cycle("12345678")

    def answer(prompt: str) -> str:
        """Pass on every pick, take every crack, recrack and blitz offered (the typed words are
        in every language's prompt); play by number."""
        prompts.append(prompt)
        for word in ("recrack", "crack", "blitz"):
            if word in prompt:
                return word
        return "pass" if "'pick'" in prompt else next(numbers)

    match = play_sheepshead(seed=4, rules=replace(PRESETS["wisconsin-jd"], hands=5),
                            opponents=[RandomPlayer() for _ in range(4)],
                            console=_console(out), input_fn=answer, lang=lang)
    text = out.getvalue() + "\n" + "\n".join(prompts)
    assert match.is_over
    assert say(lang, "terminal.house.you-crack") in text
    assert say(lang, "terminal.table.stakes") in text
    assert any(say(lang, "terminal.options.crack", multiplier=m) in text for m in (1, 2, 4))
    assert english_leftovers(text, lang) == set()


def spades_typist(lang: str, limit: int) -> tuple[list[str], Callable[[str], str]]:
    """Answers each prompt as it is worded in ``lang``: one double nil, keeps and rejects,
    exchanges, nil bids, and cards by their number."""
    prompts: list[str] = []
    kinds = {say(lang, key) + " ": key for key in (
        "terminal.spades.prompt-draw-double-nil", "terminal.spades.prompt-draw",
        "terminal.spades.prompt-exchange", "terminal.spades.prompt-bid",
        "terminal.spades.prompt-play")}
    numbers = itertools.cycle([str(n) for n in range(1, 14)])

    def answer(prompt: str) -> str:
        prompts.append(prompt)
        kind = kinds.get(prompt)
        if len(prompts) > limit:
            return "quit"
        if len(prompts) == 1:
            return "help"
        if kind == "terminal.spades.prompt-draw-double-nil":
            return "d" if len(prompts) < 4 else "k"
        if kind == "terminal.spades.prompt-draw":
            return "r" if len(prompts) % 2 else "keep"
        if kind == "terminal.spades.prompt-exchange":
            return "x 1 2"
        if kind == "terminal.spades.prompt-bid":
            return "nil"
        return next(numbers)

    return prompts, answer


@pytest.mark.parametrize("lang", OTHERS)
def test_a_spades_game_in_the_language(lang: str) -> None:
    out = io.StringIO()
    prompts, answer = spades_typist(lang, limit=20000)
    play_spades(seed=8, opponent=RandomPlayer(), target=1, console=_console(out),
                input_fn=answer, lang=lang)
    text = out.getvalue() + "\n" + "\n".join(prompts)
    for expected in (
        say(lang, "terminal.spades.welcome", seed="8", target=1),
        say(lang, "terminal.spades.help"),
        say(lang, "terminal.spades.you-double-nil"),
        say(lang, "terminal.spades.top-card", card=""),
        say(lang, "terminal.spades.final-title"),
        say(lang, "terminal.spades.prompt-play"),
        say(lang, "terminal.spades.bid"),
    ):
        assert flat(expected) in flat(text), expected
    assert (say(lang, "terminal.spades.you-win") in text
            or say(lang, "terminal.spades.computer-wins") in text)
    assert any(say(lang, key, mine="", theirs="", total_mine="", total_theirs="")[:12] in text
               for key in ("terminal.spades.hand-over-won", "terminal.spades.hand-over-lost",
                           "terminal.spades.hand-over-even"))
    assert english_leftovers(text, lang) == set()


@pytest.mark.parametrize("lang", OTHERS)
def test_a_rank_alone_is_asked_back_in_the_language(lang: str) -> None:
    from tricktable.cards import parse_cards
    from tricktable.terminal.drawing import AmbiguousCard, card_at

    with pytest.raises(AmbiguousCard) as doubt:
        card_at("9", parse_cards("QC 9C 9S"))
    question = doubt.value.question(lang)
    assert question.startswith(say(lang, "terminal.card.which", rank="9", cards="")[:4])
    assert "9♣" in question and "9♠" in question and english_leftovers(question, lang) == set()


# --- Choosing the language ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("chosen", "environ", "expected"),
    [
        (None, {}, "en"),
        (None, {"LANG": "nl_NL.UTF-8"}, "nl"),
        (None, {"LANG": "de_AT.UTF-8"}, "de"),
        (None, {"LC_MESSAGES": "sv_SE.UTF-8", "LANG": "nl_NL.UTF-8"}, "sv"),
        (None, {"LC_ALL": "fi_FI.UTF-8", "LC_MESSAGES": "sv_SE", "LANG": "nl_NL"}, "fi"),
        (None, {"LC_ALL": "", "LANG": "id_ID.UTF-8"}, "id"),  # set but empty: not set
        (None, {"LC_ALL": "C", "LANG": "nl_NL.UTF-8"}, "en"),  # C is English
        (None, {"LANG": "ja_JP.UTF-8"}, "en"),
        (None, {"LANG": "de_DE@euro"}, "de"),
        ("nl", {"LANG": "de_DE.UTF-8"}, "nl"),
        ("SV", {}, "sv"),
        ("fi-FI", {}, "fi"),
    ],
)
def test_the_language_comes_from_lang_else_the_environment(
    chosen: str | None, environ: dict[str, str], expected: str
) -> None:
    assert terminal_language(chosen, environ) == expected


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(UnknownLanguage, match="unknown language 'xx'"):
        terminal_language("xx", {"LANG": "nl_NL.UTF-8"})


_NO_LOCALE = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": ""}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_play_lang_speaks_the_language(lang: str) -> None:
    done = CliRunner().invoke(app, ["play", "--lang", lang, "--seed", "1"], input="quit\n",
                              env=_NO_LOCALE)
    assert done.exit_code == 0, done.output
    assert say(lang, "terminal.sheepshead.welcome", seed="1") in done.output
    assert say(lang, "terminal.game.abandoned") in done.output
    done = CliRunner().invoke(app, ["play", "spades", "--lang", lang, "--seed", "1"],
                              input="quit\n", env=_NO_LOCALE)
    assert done.exit_code == 0 and say(lang, "terminal.game.abandoned") in done.output


def test_play_without_lang_takes_the_environment_s_language() -> None:
    done = CliRunner().invoke(app, ["play", "--seed", "1"], input="quit\n",
                              env={**_NO_LOCALE, "LANG": "de_DE.UTF-8"})
    assert done.exit_code == 0 and say("de", "terminal.game.abandoned") in done.output
    done = CliRunner().invoke(app, ["play", "--seed", "1"], input="quit\n",
                              env={**_NO_LOCALE, "LC_ALL": "C.UTF-8", "LANG": "fi_FI.UTF-8"})
    assert done.exit_code == 0 and "Game abandoned." in done.output


def test_a_bad_lang_is_an_error_naming_the_languages() -> None:
    done = CliRunner().invoke(app, ["play", "--lang", "klingon"], env=_NO_LOCALE)
    assert done.exit_code == 2
    assert "klingon" in done.output and "Unknown language" in done.output
    assert all(f"{code} (" in flat(done.output) for code in LANGUAGES)
    done = CliRunner().invoke(app, ["play", "--lang", "xx"],
                              env={**_NO_LOCALE, "LANG": "nl_NL.UTF-8"})
    assert done.exit_code == 2 and "Onbekende taal 'xx'" in flat(done.output)


# --- Hints and reviews ------------------------------------------------------------------------


def test_the_hint_is_framed_in_the_language() -> None:
    from tricktable.sheepshead.match import Match

    match = Match(rules=PRESETS["milwaukee"], seed=3)
    view = match.current.view(match.to_move or 0)
    line = hint_line(view, "s", lang="de")
    assert line.startswith("Tipp: ") and "erwartete Punkte" in line
    assert "," in line.split("erwartete Punkte: ")[1]  # German decimals


def test_review_speaks_the_language_and_its_json_does_not(tmp_path: Path) -> None:
    path = _record(tmp_path)
    runner = CliRunner()
    done = runner.invoke(app, ["review", str(path), "--samples", "4", "--seat", "1",
                               "--lang", "nl"], env=_NO_LOCALE)
    assert done.exit_code == 0, done.output
    last = done.output.strip().splitlines()[-1]
    count = int(last.split(": ")[1].split()[0])
    assert last.startswith("Stoel 1: ")
    assert say("nl", "terminal.review.decisions", count=count) in last
    assert english_leftovers(done.output, "nl") == set()
    english = runner.invoke(app, ["review", str(path), "--samples", "4", "--seat", "1",
                                  "--json"], env=_NO_LOCALE)
    dutch = runner.invoke(app, ["review", str(path), "--samples", "4", "--seat", "1",
                                "--json", "--lang", "nl"], env=_NO_LOCALE)
    assert json.loads(english.output) == json.loads(dutch.output)
    refused = runner.invoke(app, ["review", str(path), "--seat", "7", "--lang", "de"],
                            env=_NO_LOCALE)
    assert refused.exit_code == 2 and "Platz 7 gibt es nicht" in refused.output
    refused = runner.invoke(app, ["review", str(path), "--seat", "7", "--json", "--lang", "de"],
                            env=_NO_LOCALE)
    assert json.loads(refused.output)["error"] == "Seat 7 is not a seat (0 to 4)."
