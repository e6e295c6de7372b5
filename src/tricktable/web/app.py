"""The ASGI app: ``create_app(settings)``.

At start the app migrates the database (Alembic), reads or creates the server secret, and starts
the computer players' worker pool.  Around the routes, one middleware per idea: trusted proxy
headers (:mod:`~tricktable.web.edges.proxy`), request logs, metrics, security headers (HSTS over
HTTPS), ``no-store`` on the API, the header limit (431), other sites' requests refused (403), the
body limit (413), the identity cookie and the rate limits (429).  The pages are drawn from templates
in the visitor's language (:mod:`~tricktable.web.pages.render`).  Routes (all JSON errors:
``{"error", "message"}``; the pages also answer ``HEAD``):

=========================  =========================================================
``GET /``                  the home page (choose a game; New game, Daily, continue)
                           and the tables (``?game=spades`` opens on Spades)
``GET /leaderboard``       a Daily leaderboard (``?game=spades``), my history, statistics
``GET /rules``             the rules we play (``?game=spades`` for Spades)
``GET /healthz``           ``{"ok": true}``: alive (``GET /api/health`` too, for old clients)
``GET /readyz``            ``{"ready", "problems"}``: database, migrations, workers (else 503)
``GET /metrics``           Prometheus metrics
``GET /api/openapi.json``  the contract: every route's statuses and bodies (``/api/docs``)
``GET /api/options``       games (Sheepshead, Spades), tables, difficulties, today's date
``GET|PUT /api/me``        my anonymous id and nickname
``GET /api/me/stats``      ``?game=``: my history and statistics in a game
``GET|POST /api/games``    my games / start one ``{"game", "preset", "difficulty", "hands",
                           "coached"}``
``GET|POST /api/daily``    today's Daily (``?game=`` / ``{"game"}``): whether mine is (or
                           would be) ranked and why not / my one Daily of the day
``GET /api/daily/commitments``  ``?game=``: SHA-256 of the seeds of today and 7 days ahead
``GET /api/daily/seed``    ``?game=&date=``: a day's commitment; its seed once it has ended
``GET /api/games/{id}``    my seat's view (``?since=N``: events after event N)
``GET /api/games/{id}/record``  a finished game's record (a Daily's: after its day, for all)
``GET /api/games/{id}/share``   my finished Daily's spoiler-free Share text
``POST /api/games/{id}/actions``   ``{"action", "version", "since"?}``
``GET /api/leaderboard``   ``?game=&date=YYYY-MM-DD``: a day's ranking (default today)
``POST /api/games/{id}/hint``   a hint for my seat now (New games; a Daily: 403)
``GET|POST /api/games/{id}/review``  my decisions judged / start the review (202)
``GET /api/games/{id}/replay``  finished deals face up, with reasons and marks
``GET /api/games/{id}/coach``   a coached game: the coach's line on my last decision
``POST /api/games/{id}/undo``   a coached game: undo my last decision ``{"version"}``
``GET /replay``            the replay page (``?game=ID``)
``GET /api/i18n``          the browser's words in the request's language (cookie, else
                           ``Accept-Language``) and the languages on offer
``GET /language``          ``?lang=nl&next=/path``: the language menu; remembers the choice
                           (cookie) and goes back to the page
=========================  =========================================================
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from http.cookies import SimpleCookie

import anyio
from fastapi import FastAPI
from starlette.datastructures import MutableHeaders
from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tricktable.web.assets import PREFIX, StaticAssets, static_assets
from tricktable.web.contract import install_docs, install_openapi
from tricktable.web.daily.ranking import DailyRanking
from tricktable.web.edges.access_log import AccessLogMiddleware
from tricktable.web.edges.asgi import HttpMiddleware
from tricktable.web.edges.body_limit import BodyLimitMiddleware
from tricktable.web.edges.compression import CompressPages
from tricktable.web.edges.header_limit import HeaderLimitMiddleware
from tricktable.web.edges.methods import HeadAsGet
from tricktable.web.edges.metrics import MetricsMiddleware
from tricktable.web.edges.no_store import NoStoreMiddleware
from tricktable.web.edges.origin import OriginMiddleware, parse_origins
from tricktable.web.edges.proxy import ProxyHeadersMiddleware
from tricktable.web.edges.rate_limit import RateLimitMiddleware, RateLimits
from tricktable.web.edges.security_headers import SecurityHeadersMiddleware
from tricktable.web.errors import UnexpectedErrors, install_error_handlers
from tricktable.web.games.computer import ComputerPool
from tricktable.web.games.service import GameService
from tricktable.web.identity import (
    COOKIE_MAX_AGE,
    COOKIE_NAME,
    new_player_id,
    sign,
    subkey,
    verify,
)
from tricktable.web.language import LanguageMiddleware
from tricktable.web.learn import routes as learn_routes
from tricktable.web.review.service import ReviewService
from tricktable.web.routes import (
    games,
    health,
    i18n,
    language,
    leaderboard,
    pages,
    players,
    review,
    table_replays,
    tables,
    testing,
)
from tricktable.web.settings import Settings
from tricktable.web.store.db import make_engine, migrate
from tricktable.web.store.games import Store
from tricktable.web.tables.app import install as install_tables

__all__ = ["create_app"]


class IdentityMiddleware(HttpMiddleware):
    """Gives every visitor an anonymous player id in a signed, HttpOnly, SameSite=Lax cookie and
    puts it in ``request.state.player_id``; never in a static file's answer (a file kept in a
    cache, perhaps a shared one, must not carry a player's cookie)."""

    def __init__(self, app: ASGIApp, *, key: bytes, secure: bool | None) -> None:
        super().__init__(app)
        self.key = key
        self.secure = secure

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        cookies: SimpleCookie = SimpleCookie()
        for name, value in scope.get("headers", ()):
            if name == b"cookie":
                try:
                    cookies.load(value.decode("latin-1"))
                except Exception:  # a malformed Cookie header: treat as no cookie
                    cookies = SimpleCookie()
        morsel = cookies.get(COOKIE_NAME)
        player = verify(self.key, morsel.value if morsel else None)
        scope.setdefault("state", {})
        if player is not None:
            scope["state"]["player_id"] = player
            await self.app(scope, receive, send)
            return
        player = new_player_id()
        scope["state"]["player_id"] = player
        if scope.get("path", "").startswith(PREFIX):
            await self.app(scope, receive, send)
            return
        secure = self.secure if self.secure is not None else scope.get("scheme") == "https"
        cookie = (
            f"{COOKIE_NAME}={sign(self.key, player)}; Path=/; Max-Age={COOKIE_MAX_AGE}; "
            "HttpOnly; SameSite=Lax" + ("; Secure" if secure else "")
        )

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                MutableHeaders(scope=message).append("set-cookie", cookie)
            await send(message)

        await self.app(scope, receive, send_with_cookie)


def create_app(settings: Settings | None = None) -> FastAPI:
    """A fresh app on the settings' database (migrated now, before the first request)."""
    settings = settings or Settings()
    engine = make_engine(settings.database_url)
    migrate(engine)
    store = Store(engine)
    secret = settings.secret or store.secret()
    pool = ComputerPool(kind=settings.executor, workers=settings.workers,
                        timeout=settings.computer_timeout)
    service = GameService(store=store, pool=pool, secret=secret, clock=settings.now,
                          cache_size=settings.cache_size, test_options=settings.test_options,
                          ranking=DailyRanking(
                              per_ipv4=settings.daily_ranked_per_ipv4,
                              per_ipv6=settings.daily_ranked_per_ipv6,
                              new_browsers_unranked=settings.daily_new_browsers_unranked))

    parse_origins(settings.allowed_origins)  # a typo stops the app here, not at a request
    reviews = ReviewService(service)
    limits = RateLimits.from_settings(settings, engine, secret=secret,
                                      transaction=store._writing)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await anyio.to_thread.run_sync(pool.start)
        app.state.started = True
        try:
            async with live_tables():
                yield
        finally:
            app.state.started = False
            reviews.shutdown()
            await anyio.to_thread.run_sync(pool.shutdown)
            engine.dispose()

    app = FastAPI(title="Tricktable", lifespan=lifespan, docs_url=None,
                  redoc_url=None, openapi_url="/api/openapi.json")
    app.state.settings = settings
    app.state.service = service
    app.state.reviews = reviews
    app.state.pool = pool
    app.state.engine = engine
    app.state.started = False
    live_tables = install_tables(app, service, grace=settings.table_grace_seconds,
                                 idle_seconds=settings.table_idle_seconds)
    install_error_handlers(app)
    install_openapi(app)
    install_docs(app)  # Swagger UI from a package, on this origin: no third-party host
    # The first added runs innermost: the rate limits need the player id, the identity cookie
    # the scheme the proxy headers give, an error anywhere inside the security headers is
    # answered there (a database that does not answer: 503, even from the rate limits), and
    # the logs and metrics see every answer; the answer's language is settled first of all.
    # Huge headers (431) and other sites' requests (403) are refused before anything reads a
    # cookie or counts a limit; every API answer, refusals included, is no-store.
    app.add_middleware(CompressPages)  # the pages' HTML: no secrets in it (BREACH)
    app.add_middleware(HeadAsGet)
    app.add_middleware(RateLimitMiddleware, limits=limits)
    app.add_middleware(IdentityMiddleware, key=subkey(secret, "cookie"),
                       secure=settings.cookie_secure)
    app.add_middleware(BodyLimitMiddleware, limit=settings.body_limit)
    app.add_middleware(UnexpectedErrors)
    app.add_middleware(OriginMiddleware, allowed=settings.allowed_origins)
    app.add_middleware(HeaderLimitMiddleware, limit=settings.header_limit)
    app.add_middleware(NoStoreMiddleware)
    app.add_middleware(SecurityHeadersMiddleware, hsts=settings.hsts)
    app.add_middleware(MetricsMiddleware)
    app.add_middleware(AccessLogMiddleware)
    app.add_middleware(ProxyHeadersMiddleware, trusted=settings.trusted_proxies)
    app.add_middleware(LanguageMiddleware)

    for router in (health.router, games.router, players.router, leaderboard.router,
                   tables.router, table_replays.router, tables.pages, pages.router,
                   review.router, i18n.router, language.router):
        app.include_router(router)
    app.include_router(learn_routes.router)
    if settings.test_options:
        app.include_router(testing.router)
    app.mount(PREFIX.rstrip("/"), GZipMiddleware(StaticAssets(static_assets())), name="static")
    return app
