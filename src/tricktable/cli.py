"""The ``tricktable`` command: play in the terminal, replay records, run benchmarks.

``play`` and ``review`` speak the player's language (``--lang``, else the environment's locale);
their ``--json`` output stays language-free.
"""

from __future__ import annotations

import json
import os
import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from tricktable.game import RecordError
from tricktable.i18n import Message, translate
from tricktable.terminal.language import UnknownLanguage, languages_text, terminal_language
from tricktable.terminal.words import Refusal, fixed, words

if TYPE_CHECKING:
    from tricktable.ai.teaching.review import Decision

app = typer.Typer(
    help="Sheepshead and two-player Spades against computer players.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)
bench_app = typer.Typer(help="Benchmarks that print figures.", no_args_is_help=True)
app.add_typer(bench_app, name="bench")


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


def _language(chosen: str | None) -> str:
    """``--lang``, else the environment's; an unknown ``--lang`` ends the command with an error
    that names the languages (in the environment's language)."""
    try:
        return terminal_language(chosen, os.environ)
    except UnknownLanguage as error:
        said = translate(terminal_language(None, os.environ), "terminal.cli.unknown-language",
                         lang=error.asked, languages=languages_text())
        Console(stderr=True).print(f"[bold red]{escape(said)}[/]", highlight=False)
        raise typer.Exit(2) from None


def _table_options(pairs: list[str]) -> dict[str, Any]:
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


@app.command()
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

    language = _language(lang)
    console = Console()
    try:
        if game is GameName.sheepshead:
            from dataclasses import replace

            from tricktable.sheepshead.rules import rules_from_json
            from tricktable.terminal.sheepshead import play as play_sheepshead

            rules = rules_from_json({"preset": preset, **_table_options(option or [])})
            if hands is not None:
                rules = replace(rules, hands=hands)
            opponents = [make_player("sheepshead", opponent) for _ in range(4)]
            play_sheepshead(seed=seed, rules=rules, opponents=opponents, console=console,
                            hint=partial(_hint_line, lang=language), lang=language)
        else:
            from tricktable.terminal.spades import play as play_spades

            play_spades(
                seed=seed, opponent=make_player("spades", opponent), target=target,
                console=console, lang=language,
            )
    except ValueError as error:
        console.print(f"[bold red]{escape(words(language, error))}[/]")
        raise typer.Exit(2) from None
    except (EOFError, KeyboardInterrupt):
        console.print("\n" + translate(language, "terminal.game.goodbye"))


def _hint_line(view: Any, seed: str, lang: str = "en") -> str:
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


@app.command()
def review(
    file: Annotated[Path, typer.Argument(help="A Sheepshead hand or game record (JSON).")],
    seat: Annotated[int, typer.Option(help="Whose decisions to judge (0-4).")] = 0,
    seed: Annotated[int, typer.Option(help="Seed of the search.")] = 0,
    samples: Annotated[int | None, typer.Option(help="Deals sampled a decision.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    lang: LangOption = None,
) -> None:
    """Review a seat's decisions in a record: each judged from that seat's view at the time,
    marked as an inaccuracy, a mistake or a blunder when it cost points, with the better option."""
    from tricktable.ai.teaching.evaluation import EvaluationSettings
    from tricktable.ai.teaching.review import ReviewSettings
    from tricktable.ai.teaching.review import review as review_record

    language = "en" if as_json else _language(lang)
    if not 0 <= seat < 5:
        _fail(as_json, Message("terminal.review.bad-seat", {"seat": seat}), None, language)
    try:
        text = file.read_text(encoding="utf-8")
        record = _json(text)
    except (OSError, UnicodeDecodeError) as error:
        _fail(as_json, Message("terminal.review.unreadable",
                               {"file": str(file), "error": str(error)}), None, language)
    except ValueError as error:
        _fail(as_json, Message("terminal.review.not-json",
                               {"file": str(file), "error": str(error)}), None, language)
    if not isinstance(record, dict) or record.get("game") != "sheepshead":
        _fail(as_json, Message("terminal.review.not-sheepshead"), None, language)
    evaluation = EvaluationSettings() if samples is None else EvaluationSettings(samples=samples)
    try:
        result = review_record(record, seat, seed=seed,
                               settings=ReviewSettings(evaluation=evaluation))
    except RecordError as error:
        _fail(as_json, words(language, error), error.action_index, language)
    except ValueError as error:
        _fail(as_json, words(language, error), None, language)
    if as_json:
        typer.echo(json.dumps(result.to_json()))
        return
    console = Console()
    for decision in result.decisions:
        style = {"blunder": "bold red", "mistake": "red", "inaccuracy": "yellow"}.get(
            decision.mark or "", "")
        console.print(_decision_line(decision, language), style=style, highlight=False)
    counts = result.counts()
    console.print(translate(
        language,
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


def _decision_line(decision: Decision, lang: str) -> str:
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


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A hand or game record (JSON); - for stdin.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Replay a hand or game record and print what happened.  A record that cannot be replayed
    ends the command with exit code 2 and one line saying why (in JSON with ``--json``)."""
    try:
        text = sys.stdin.read() if str(file) == "-" else file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        _fail(as_json, f"Cannot read {file}: {error}", None)
    try:
        record = _json(text)
    except ValueError as error:
        _fail(as_json, f"{file} is not JSON: {error}", None)
    try:
        summary, description = _replay(record)
    except RecordError as error:
        _fail(as_json, str(error), error.action_index)
    if as_json:
        typer.echo(json.dumps(summary))
    else:
        Console().print(description, highlight=False)


def _json(text: str) -> Any:
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


def _replay(record: Any) -> tuple[dict[str, Any], str]:
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


def _fail(as_json: bool, message: Message | str, action_index: int | None,
          lang: str = "en") -> NoReturn:
    """End the command with ``message``: in JSON (English, language-free) or in ``lang``."""
    if as_json:
        typer.echo(json.dumps({"error": str(message), "action_index": action_index}))
    else:
        Console(stderr=True).print(f"[bold red]{escape(words(lang, message))}[/]",
                                   highlight=False, soft_wrap=True)
    raise typer.Exit(2)


@app.command("verify-daily")
def verify_daily(
    game: Annotated[GameName, typer.Option(help="Which game's Daily.")] = GameName.sheepshead,
    date: Annotated[str, typer.Option(help="The day, YYYY-MM-DD (US Central).")] = "",
    seed: Annotated[str, typer.Option(help="The revealed seed of that day.")] = "",
    commitment: Annotated[str | None, typer.Option(
        help="The commitment published before the day (SHA-256 of the seed, hex).")] = None,
    server: Annotated[str | None, typer.Option(
        help="Or fetch the commitment from this server (e.g. https://example.org).")] = None,
    hands: Annotated[int | None, typer.Option(help="How many deals to print.")] = None,
) -> None:
    """Check a Daily's revealed seed against its commitment and print that day's deals."""
    from datetime import date as Date

    from tricktable.web.daily.verify import VerifyError, check_daily_seed, describe_daily_deals

    console = Console(highlight=False)
    try:
        day = Date.fromisoformat(date)
    except ValueError:
        _die(f"--date {date!r} is not a date: write it as YYYY-MM-DD.")
    if not seed:
        _die("Give the revealed seed with --seed.")
    if (commitment is None) == (server is None):
        _die("Give the commitment with --commitment HEX, or a server to fetch it from with "
             "--server URL (one of the two).")
    if commitment is None:
        assert server is not None
        commitment = _fetch_commitment(server, game.value, day.isoformat())
    try:
        check_daily_seed(day, seed, commitment)
    except VerifyError as error:
        _die(f"Not verified: {error}")
    console.print(f"Verified: the seed's SHA-256 is the commitment {commitment.lower()} "
                  f"for the {game.value} Daily of {day.isoformat()}.")
    console.print(describe_daily_deals(game.value, seed, hands))


def _fetch_commitment(server: str, game: str, day: str) -> str:
    """The commitment a server publishes at ``/api/daily/seed`` (the standard library's HTTP:
    the command needs no extra package)."""
    import urllib.error
    import urllib.parse
    import urllib.request

    url = server.rstrip("/") + "/api/daily/seed?" + urllib.parse.urlencode(
        {"game": game, "date": day})
    if not url.startswith(("http://", "https://")):
        _die(f"--server {server!r} is not an http:// or https:// address.")
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            data = json.loads(response.read())
    except urllib.error.HTTPError as error:
        try:
            message = json.loads(error.read()).get("message")
        except (ValueError, AttributeError):
            message = None
        _die(f"{url} answered {error.code}: {message or error.reason}")
    except (urllib.error.URLError, OSError, ValueError) as error:
        _die(f"Cannot fetch the commitment from {url}: {error}")
    found = data.get("commitment") if isinstance(data, dict) else None
    if not isinstance(found, str):
        _die(f"{url} sent no commitment.")
    return found


def _die(message: str) -> NoReturn:
    Console(stderr=True).print(f"[bold red]{message}[/]", highlight=False)
    raise typer.Exit(2)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database: Annotated[str | None, typer.Option(
        help="SQLAlchemy database URL (default: $TRICKTABLE_DATABASE_URL, else SQLite in the "
        "user data directory).")] = None,
    workers: Annotated[int | None, typer.Option(help="Computer-player worker processes.")] = None,
    processes: Annotated[int, typer.Option(help="Server processes sharing the database.")] = 1,
    trusted_proxy: Annotated[list[str] | None, typer.Option(
        "--trusted-proxy", metavar="ADDRESS",
        help="A reverse proxy's address or network (10.0.0.0/8) whose "
        "X-Forwarded-For/-Proto and Forwarded headers are believed; repeat for several "
        "(also $TRICKTABLE_TRUSTED_PROXIES, comma-separated).")] = None,
    log_format: Annotated[LogFormat, typer.Option(
        help="Logs as plain text, or as one JSON object a line (a line per request).")
    ] = LogFormat.text,
    metrics_token: Annotated[str | None, typer.Option(
        help="Serve /metrics only to requests with 'Authorization: Bearer TOKEN' (also "
        "$TRICKTABLE_METRICS_TOKEN). Without this or --metrics-address anyone may read them.")
    ] = None,
    metrics_address: Annotated[str | None, typer.Option(
        metavar="HOST:PORT",
        help="Serve the metrics on this address of their own (like 127.0.0.1:9100) and not at "
        "/metrics on the players' port (also $TRICKTABLE_METRICS_ADDRESS).")] = None,
) -> None:
    """Serve Sheepshead and Spades in the browser (New game, Daily, leaderboard)."""
    from tricktable.web.edges.metrics import parse_address
    from tricktable.web.edges.proxy import parse_networks
    from tricktable.web.server import serve as run_server

    try:
        parse_networks(trusted_proxy or ())
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint="--trusted-proxy") from None
    if metrics_address:
        try:
            parse_address(metrics_address)
        except ValueError as error:
            raise typer.BadParameter(str(error), param_hint="--metrics-address") from None
    run_server(host=host, port=port, database=database, workers=workers, processes=processes,
               trusted_proxies=tuple(trusted_proxy or ()),
               log_format="json" if log_format is LogFormat.json else "text",
               metrics_token=metrics_token, metrics_address=metrics_address)


@app.command()
def arena(
    game: Annotated[GameName, typer.Argument(help="Which game.")],
    players: Annotated[str, typer.Option(
        help="Players seat by seat, comma-separated; the last fills the empty seats. A "
             "player's settings may be comma-separated too: strong:play_z=0.25,samples=48,basic.")],
    deals: Annotated[int, typer.Option(help="Deals, each played in every seating.")] = 1000,
    baseline: Annotated[str | None, typer.Option(
        help="Also play each deal with this player in the first player's seat; report the gain."
    )] = None,
    jobs: Annotated[int | None, typer.Option(help="Processes (default: all cores).")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the deals and the players' choices.")] = 1,
    json_file: Annotated[Path | None, typer.Option(
        "--json", help="Also write the figures as JSON to this file (- for stdout).")] = None,
    preset: Annotated[str | None, typer.Option(help="Table rules preset.")] = None,
    cpu_clock: Annotated[bool, typer.Option(
        help="Budget and time decisions in CPU seconds, not wall seconds: figures that do not "
             "depend on how loaded a shared machine is.")] = False,
    ray: Annotated[str | None, typer.Option(
        help="Play the deals on this Ray cluster instead of local processes: auto, local, "
             "ray://HEAD:10001 (needs the ray extra; --jobs then means the cluster's CPUs).",
        metavar="ADDRESS")] = None,
) -> None:
    """Computer players against each other by duplicate play; prints figures per player."""
    from tricktable.ai.arena.cli import arena_main
    from tricktable.ai.arena.runner import ArenaSpec, default_jobs, split_lineup

    console = Console()
    try:
        spec = ArenaSpec(
            game=game.value, players=split_lineup(players), deals=deals, seed=seed,
            baseline=baseline, jobs=jobs or default_jobs(), preset=preset,
            cpu_clock=cpu_clock, ray=ray,
        )
        arena_main(spec, json_file=json_file, console=console)
    except ValueError as error:
        console.print(f"[bold red]{escape(str(error))}[/]")
        raise typer.Exit(2) from None


@bench_app.command("engine")
def bench_engine(
    game: Annotated[GameName, typer.Option(help="Which game.")] = GameName.sheepshead,
    hands: Annotated[int, typer.Option(help="Random hands to play.")] = 20000,
    seed: Annotated[int, typer.Option(help="Seed of the random choices.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Random complete hands per second through the public API, on one core."""
    from tricktable.benchmarks import engine_benchmark

    figures = engine_benchmark(game.value, hands=hands, seed=seed)
    if as_json:
        typer.echo(json.dumps(figures))
        return
    console = Console()
    console.print(
        f"{figures['game']}: {figures['hands_per_second']:,.0f} hands/s, "
        f"{figures['actions_per_second']:,.0f} actions/s, "
        f"legal-action query {figures['legal_actions_us']:.2f} µs "
        f"({figures['hands']} hands in {figures['seconds']} s)"
    )


@bench_app.command("solver")
def bench_solver(
    deals: Annotated[int, typer.Option(help="Sampled deals to solve.")] = 60,
    seed: Annotated[int, typer.Option(help="Seed of the deals and samples.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Time to solve a complete sampled Sheepshead deal from the first lead."""
    from tricktable.benchmarks import solver_benchmark

    figures = solver_benchmark(deals=deals, seed=seed)
    if as_json:
        typer.echo(json.dumps(figures))
        return
    Console().print(
        f"double-dummy solve from the first lead: median {figures['median_ms']} ms, "
        f"p95 {figures['p95_ms']} ms, max {figures['max_ms']} ms, "
        f"{figures['nodes_per_second']:,} nodes/s ({figures['deals']} deals)"
    )


@bench_app.command("rl")
def bench_rl(
    game: Annotated[GameName, typer.Option(help="Which game.")] = GameName.sheepshead,
    hands: Annotated[int, typer.Option(help="Hands to play.")] = 2000,
    seed: Annotated[int, typer.Option(help="Seed of the hands and the random choices.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """PettingZoo environment steps per second with random legal actions (the rl extra)."""
    try:
        from tricktable.rl.benchmark import rl_benchmark
    except ImportError as error:
        Console(stderr=True).print(f"[bold red]{error}[/]")
        raise typer.Exit(2) from None

    figures = rl_benchmark(game.value, hands=hands, seed=seed)
    if as_json:
        typer.echo(json.dumps(figures))
        return
    Console().print(
        f"{figures['game']}: {figures['steps_per_second']:,.0f} environment steps/s "
        f"({figures['cpu_steps_per_second']:,.0f} per CPU second), "
        f"{figures['hands_per_second']:,.0f} hands/s "
        f"({figures['steps']:,} steps in {figures['hands']} hands, {figures['seconds']} s)"
    )


def main() -> None:
    app()


if __name__ == "__main__":
    main()
