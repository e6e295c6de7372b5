"""``tricktable serve``: the web server, with its proxy, logging and metrics settings checked
before it starts."""

from __future__ import annotations

from typing import Annotated

import typer

from tricktable.cli.common import LogFormat


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
    allowed_origin: Annotated[list[str] | None, typer.Option(
        "--allowed-origin", metavar="URL",
        help="Another site (https://games.example.org) whose pages may send state-changing "
        "requests and open WebSockets here; the server's own origin always may. Repeat for "
        "several (also $TRICKTABLE_ALLOWED_ORIGINS, comma-separated).")] = None,
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
    from tricktable.web.edges.origin import parse_origins
    from tricktable.web.edges.proxy import parse_networks
    from tricktable.web.server import serve as run_server

    try:
        parse_networks(trusted_proxy or ())
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint="--trusted-proxy") from None
    try:
        parse_origins(allowed_origin or ())
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint="--allowed-origin") from None
    if metrics_address:
        try:
            parse_address(metrics_address)
        except ValueError as error:
            raise typer.BadParameter(str(error), param_hint="--metrics-address") from None
    run_server(host=host, port=port, database=database, workers=workers, processes=processes,
               trusted_proxies=tuple(trusted_proxy or ()),
               allowed_origins=tuple(allowed_origin or ()),
               log_format="json" if log_format is LogFormat.json else "text",
               metrics_token=metrics_token, metrics_address=metrics_address)
