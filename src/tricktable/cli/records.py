"""``tricktable review`` and ``tricktable replay``: what a hand or game record says, judged or
retold."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console

from tricktable.cli.common import JsonOption, LangOption, fail, language, read_json
from tricktable.game import RecordError
from tricktable.i18n import Message, translate
from tricktable.terminal.words import fixed, words

if TYPE_CHECKING:
    from tricktable.ai.teaching.review import Decision


def review(
    file: Annotated[Path, typer.Argument(help="A Sheepshead hand or game record (JSON).")],
    seat: Annotated[int, typer.Option(help="Whose decisions to judge (0-4).")] = 0,
    seed: Annotated[int, typer.Option(help="Seed of the search.")] = 0,
    samples: Annotated[int | None, typer.Option(help="Deals sampled a decision.")] = None,
    as_json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Review a seat's decisions in a record: each judged from that seat's view at the time,
    marked as an inaccuracy, a mistake or a blunder when it cost points, with the better option."""
    from tricktable.ai.teaching.evaluation import EvaluationSettings
    from tricktable.ai.teaching.review import ReviewSettings
    from tricktable.ai.teaching.review import review as review_record

    spoken = "en" if as_json else language(lang)
    if not 0 <= seat < 5:
        fail(as_json, Message("terminal.review.bad-seat", {"seat": seat}), None, spoken)
    try:
        text = file.read_text(encoding="utf-8")
        record = read_json(text)
    except (OSError, UnicodeDecodeError) as error:
        fail(as_json, Message("terminal.review.unreadable",
                              {"file": str(file), "error": str(error)}), None, spoken)
    except ValueError as error:
        fail(as_json, Message("terminal.review.not-json",
                              {"file": str(file), "error": str(error)}), None, spoken)
    if not isinstance(record, dict) or record.get("game") != "sheepshead":
        fail(as_json, Message("terminal.review.not-sheepshead"), None, spoken)
    evaluation = EvaluationSettings() if samples is None else EvaluationSettings(samples=samples)
    try:
        result = review_record(record, seat, seed=seed,
                               settings=ReviewSettings(evaluation=evaluation))
    except RecordError as error:
        fail(as_json, words(spoken, error), error.action_index, spoken)
    except ValueError as error:
        fail(as_json, words(spoken, error), None, spoken)
    if as_json:
        typer.echo(json.dumps(result.to_json()))
        return
    console = Console()
    for decision in result.decisions:
        style = {"blunder": "bold red", "mistake": "red", "inaccuracy": "yellow"}.get(
            decision.mark or "", "")
        console.print(decision_line(decision, spoken), style=style, highlight=False)
    counts = result.counts()
    console.print(translate(
        spoken,
        "terminal.review.summary" if result.complete else "terminal.review.summary-incomplete",
        seat=seat,
        decisions=Message("terminal.review.decisions", {"count": len(result.decisions)}),
        blunders=Message("terminal.review.blunders", {"count": counts["blunder"]}),
        mistakes=Message("terminal.review.mistakes", {"count": counts["mistake"]}),
        inaccuracies=Message("terminal.review.inaccuracies", {"count": counts["inaccuracy"]}),
    ), style="bold", highlight=False)


_PHASE_KEYS = {
    "pick": "terminal.review.phase-pick",
    "bury": "terminal.review.phase-bury",
    "call": "terminal.review.phase-call",
    "crack": "terminal.review.phase-crack",
    "recrack": "terminal.review.phase-recrack",
    "blitz": "terminal.review.phase-blitz",
    "play": "terminal.review.phase-play",
}
_MARK_KEYS = {
    "blunder": "terminal.review.blunder",
    "mistake": "terminal.review.mistake",
    "inaccuracy": "terminal.review.inaccuracy",
}


def decision_line(decision: Decision, lang: str) -> str:
    """One judged decision: what was played, what it cost, what was better."""
    from tricktable.ai.teaching.evaluation import action_text

    where = (Message(_PHASE_KEYS[decision.phase.value]) if decision.trick is None
             else Message("terminal.review.trick", {"trick": decision.trick + 1}))
    head = Message("terminal.review.head", {"deal": decision.deal + 1, "where": where,
                                            "action": action_text(decision.chosen)})
    if not decision.judged:
        return translate(lang, "terminal.review.not-judged", head=head)
    chosen = fixed(lang, decision.chosen_value or 0.0)
    if decision.mark is None or decision.best is None:
        return translate(lang, "terminal.review.good", head=head, value=chosen)
    return translate(lang, "terminal.review.marked", head=head,
                     mark=Message(_MARK_KEYS[decision.mark]), loss=fixed(lang, decision.loss),
                     best=action_text(decision.best), value=chosen,
                     best_value=fixed(lang, decision.best_value or 0.0))


def replay(
    file: Annotated[Path, typer.Argument(help="A hand or game record (JSON); - for stdin.")],
    as_json: JsonOption = False,
) -> None:
    """Replay a hand or game record and print what happened.  A record that cannot be replayed
    ends the command with exit code 2 and one line saying why (in JSON with ``--json``)."""
    try:
        text = sys.stdin.read() if str(file) == "-" else file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        fail(as_json, f"Cannot read {file}: {error}", None)
    try:
        record = read_json(text)
    except ValueError as error:
        fail(as_json, f"{file} is not JSON: {error}", None)
    try:
        summary, description = replayed_record(record)
    except RecordError as error:
        fail(as_json, str(error), error.action_index)
    if as_json:
        typer.echo(json.dumps(summary))
    else:
        Console().print(description, highlight=False)


def replayed_record(record: Any) -> tuple[dict[str, Any], str]:
    """A record replayed: its JSON summary and its description in words."""
    from tricktable.record_checks import check_root, shown

    game = check_root(record).get("game")
    if game == "sheepshead":
        from tricktable.sheepshead import records as sheepshead_records
        from tricktable.sheepshead.match import Match

        replayed = sheepshead_records.replay(record)
        if isinstance(replayed, Match):
            return (sheepshead_records.game_summary(replayed),
                    sheepshead_records.describe_game(replayed))
        return (sheepshead_records.hand_summary(replayed),
                sheepshead_records.describe_hand(replayed))
    if game == "spades":
        from tricktable.spades import records as spades_records
        from tricktable.spades.match import Match as SpadesMatch

        spades = spades_records.replay(record)
        if isinstance(spades, SpadesMatch):
            return spades_records.game_summary(spades), spades_records.describe_game(spades)
        return spades_records.hand_summary(spades), spades_records.describe_hand(spades)
    raise RecordError(Message("record.game", {"game": shown(game)}))
