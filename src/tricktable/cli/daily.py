"""``tricktable verify-daily``: check a Daily's revealed seed against its published commitment."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console

from tricktable.cli.common import GameName, die


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
        die(f"--date {date!r} is not a date: write it as YYYY-MM-DD.")
    if not seed:
        die("Give the revealed seed with --seed.")
    if (commitment is None) == (server is None):
        die("Give the commitment with --commitment HEX, or a server to fetch it from with "
            "--server URL (one of the two).")
    if commitment is None:
        assert server is not None
        commitment = fetch_commitment(server, game.value, day.isoformat())
    try:
        check_daily_seed(day, seed, commitment)
    except VerifyError as error:
        die(f"Not verified: {error}")
    console.print(f"Verified: the seed's SHA-256 is the commitment {commitment.lower()} "
                  f"for the {game.value} Daily of {day.isoformat()}.")
    console.print(describe_daily_deals(game.value, seed, hands))


def fetch_commitment(server: str, game: str, day: str) -> str:
    """The commitment a server publishes at ``/api/daily/seed`` (the standard library's HTTP:
    the command needs no extra package)."""
    import urllib.error
    import urllib.parse
    import urllib.request

    url = server.rstrip("/") + "/api/daily/seed?" + urllib.parse.urlencode(
        {"game": game, "date": day})
    if not url.startswith(("http://", "https://")):
        die(f"--server {server!r} is not an http:// or https:// address.")
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            data = json.loads(response.read())
    except urllib.error.HTTPError as error:
        try:
            message = json.loads(error.read()).get("message")
        except (ValueError, AttributeError):
            message = None
        die(f"{url} answered {error.code}: {message or error.reason}")
    except (urllib.error.URLError, OSError, ValueError) as error:
        die(f"Cannot fetch the commitment from {url}: {error}")
    found = data.get("commitment") if isinstance(data, dict) else None
    if not isinstance(found, str):
        die(f"{url} sent no commitment.")
    return found
