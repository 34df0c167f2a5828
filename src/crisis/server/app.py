"""The web server: the HTTP API, the websocket, and the browser client's static files.

``create_app(database)`` builds the FastAPI application; ``serve`` runs it with uvicorn. On
SQLite one process serves every table. On PostgreSQL any number of processes, on one machine
(``serve(workers=N)``) or several behind a load balancer, are one site: each keeps in memory
only what the database also holds, and they keep each other in step through it
(:mod:`crisis.server.play.site`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import os
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, MutableMapping
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware

from crisis.server import accounts, limits
from crisis.server.docs import add_docs
from crisis.server.errors import TableError
from crisis.server.lobby import coach, invitations, lessons, open_games
from crisis.server.lobby import routes as lobby_routes
from crisis.server.lobby.replays import Replays
from crisis.server.mail.notices import notice
from crisis.server.mail.outbox import MailConfig
from crisis.server.mail.turns import TurnNotices
from crisis.server.play import sockets
from crisis.server.play.hall import Hall
from crisis.server.play.workers import Workers
from crisis.server.ratings import rate
from crisis.server.ratings import routes as ratings_routes
from crisis.server.settings import DEFAULT_DATABASE, Settings
from crisis.server.store import retention
from crisis.server.store.repository import Store
from crisis.server.text import has_surrogate

WEB = Path(str(resources.files("crisis") / "web"))

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (
        b"content-security-policy",
        b"default-src 'self'; connect-src 'self'; img-src 'self' data:; "
        b"style-src 'self'; script-src 'self'; frame-ancestors 'none'",
    ),
]


class Guard:
    """ASGI middleware: refuse HTTP bodies over ``limits.MAX_BODY`` and JSON bodies holding
    text that is not Unicode (a lone surrogate, which could not be stored), with coded errors,
    and add security headers."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > limits.MAX_BODY):
            await _too_large(send)
            return
        # Read the whole body first (it is small), so that a chunked body without a length
        # is refused with the same coded 413 before any handler sees it.
        messages: list[Message] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                messages.append(message)
                break
            seen += len(message.get("body", b""))
            if seen > limits.MAX_BODY:
                await _too_large(send)
                return
            messages.append(message)
            if not message.get("more_body", False):
                break
        if _not_unicode(b"".join(m.get("body", b"") for m in messages)):
            await _refuse(send, 400, "bad_message", "the body holds text that is not Unicode")
            return

        async def replay_receive() -> Message:
            if messages:
                return messages.pop(0)
            return await receive()

        async def secured_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, replay_receive, secured_send)


def _not_unicode(body: bytes) -> bool:
    """Whether a body is not UTF-8 (strictly: encoded surrogates included), or is JSON that
    decodes to text holding a lone surrogate (escaped as backslash-u d800)."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return True
    if "\\u" not in text:
        return False
    try:
        return has_surrogate(json.loads(text))
    except (ValueError, RecursionError):
        return False  # not JSON: the route's own validation refuses it


async def _too_large(send: Send) -> None:
    await _refuse(send, 413, "too_large", "request body too large")


async def _refuse(send: Send, status: int, code: str, message: str) -> None:
    body = json.dumps({"type": "error", "code": code, "message": message}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), *SECURITY_HEADERS],
        }
    )
    await send({"type": "http.response.body", "body": body})


def create_app(database: str | Settings = DEFAULT_DATABASE, **changes: Any) -> FastAPI:
    """The application of a site: ``database`` is its :class:`Settings` or, for short, the
    database's URL, and ``changes`` change single settings (``create_app(url,
    bot_delay=0)``). This is where the concerns are put together: the play core
    (:class:`~crisis.server.play.hall.Hall`), its storage, the ratings written with a rated
    game's end, and the turn notices that subscribe to its events; the lobby's, the
    ratings' and the sockets' routes. Accounts and mail are added by
    :func:`crisis.server.accounts.install`.
    """
    settings = database if isinstance(database, Settings) else Settings(database=database)
    settings = settings.changed(**changes)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(settings.database)
        workers = Workers(
            search=settings.bot_workers,
            think_seconds=min(settings.think_seconds, limits.THINK_SECONDS),
            wait=settings.bot_wait,
        )
        hall = Hall(
            store,
            bot_delay=settings.bot_delay,
            workers=workers,
            bot_tables_per_address=settings.bot_tables_per_address,
            settle=rate.rate_end,  # a rated game's end and its ratings: one transaction
        )
        hall.tables_per_minute = settings.tables_per_minute
        # Turn and end notices, decided from the hall's events; they go out where the site
        # has accounts (accounts.install), else nowhere.
        turn_notices = TurnNotices(hall, functools.partial(notice, app))
        turn_notices.subscribe(hall.events)
        app.state.store, app.state.hall = store, hall
        app.state.ratings = rate.Ratings(store.engine)
        app.state.turn_notices = turn_notices
        if settings.start_workers:  # before anything is served (see Workers.start)
            await asyncio.to_thread(workers.start)
        woken = await hall.start(settings.clock_every)
        if woken:
            logging.getLogger("crisis.server").info("took over the bots of %d tables", woken)
        sweep = asyncio.create_task(
            retention.sweep_forever(
                store,
                every=retention.SWEEP_EVERY,
                older_than=settings.abandoned_after,
                keep=hall.busy,
                forget=hall.forget,
            )
        )
        try:
            yield
        finally:
            sweep.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweep
            await hall.close()
            store.close()

    app = FastAPI(title="crisis", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.settings = settings
    app.state.allow_seed = settings.allow_seed
    app.state.origins = frozenset(o.rstrip("/").lower() for o in settings.origins)
    per_minute = {**limits.HTTP_PER_MINUTE, **settings.http_per_minute}
    app.state.http_limits = {
        route: limits.PerAddress(n / 60, limits.burst(n, route)) for route, n in per_minute.items()
    }
    app.state.messages_per_second = settings.messages_per_second
    app.state.replays = Replays()
    # Open websockets per address across the site's processes: waiting to say hello,
    # spectating, and holding seats (a ceiling far above what players share an address for).
    app.state.socket_limits = {
        "pending": limits.CONNECTIONS_PER_ADDRESS,
        "spectator": limits.CONNECTIONS_PER_ADDRESS,
        "seat": limits.SEAT_CONNECTIONS_PER_ADDRESS,
    }
    app.state.opens = limits.PerAddress(
        limits.OPENS_PER_MINUTE / 60, limits.burst(limits.OPENS_PER_MINUTE)
    )
    app.state.hello_seconds = limits.HELLO_SECONDS

    @app.exception_handler(TableError)
    async def table_error(_request: Request, exc: TableError) -> JSONResponse:
        return JSONResponse(exc.to_json(), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e.get('loc', ())[1:]) or 'body'}: {e.get('msg')}"
            for e in exc.errors()[:5]
        )
        return JSONResponse(
            {"type": "error", "code": "bad_message", "message": problems or "bad request"},
            status_code=400,
        )

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        # A person's browser asking for a page that is not there gets a page saying so, with
        # the way back to the lobby (a mistyped address, an old link).
        if (
            exc.status_code == 404
            and request.method in ("GET", "HEAD")
            and "text/html" in request.headers.get("accept", "")
            and not request.url.path.startswith("/api/")
        ):
            return FileResponse(WEB / "missing.html", status_code=404)
        # Unknown routes, wrong methods, unreadable bodies: the same coded body as every
        # other refusal.
        codes = {404: "not_found", 405: "bad_request", 413: "too_large"}
        return JSONResponse(
            {
                "type": "error",
                "code": codes.get(exc.status_code, "bad_message"),
                "message": str(exc.detail),
            },
            status_code=exc.status_code,
        )

    app.include_router(lobby_routes.router)
    app.include_router(open_games.router)
    app.include_router(invitations.router)
    app.include_router(sockets.router)
    app.include_router(lessons.router)
    app.include_router(coach.router)
    app.include_router(ratings_routes.router)
    add_docs(app)  # /api/docs with Swagger UI's files served from here (the CSP allows no CDN)

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/ratings", include_in_schema=False)
    async def ratings_page() -> FileResponse:
        return FileResponse(WEB / "ratings.html")

    @app.get("/players/{name}", include_in_schema=False)
    async def player_page(name: str) -> FileResponse:
        return FileResponse(WEB / "ratings.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(WEB / "table.html")

    app.mount("/static", StaticFiles(directory=WEB), name="static")
    # Compressed HTTP answers for clients that ask (the page's scripts, the map, replays);
    # the websocket's updates stay uncompressed (see ``serve``).
    app.add_middleware(GZipMiddleware, minimum_size=1024, compresslevel=6)
    app.add_middleware(Guard)
    return app


#: The environment variable that hands ``serve``'s settings to each of its worker processes.
SETTINGS_ENV = "CRISIS_SERVE_SETTINGS"


def listening_url(host: str, port: int) -> str:
    """``http://HOST:PORT``, the address a server listening on ``host`` and ``port`` is
    reached at from this machine (an address of every interface reads as ``localhost``):
    where mailed links start on a site without SMTP and public URL (the mails only reach the
    log, for whoever runs the server)."""
    shown = host.strip("[]")
    if shown in ("", "0.0.0.0", "::"):
        shown = "localhost"
    elif ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}"


def mail_config(
    host: str,
    port: int,
    smtp_url: str | None = None,
    public_url: str | None = None,
    mail_from: str | None = None,
) -> MailConfig:
    """The mail settings ``serve`` would run with (each else from the environment);
    :class:`ValueError`, saying what to set, for settings it refuses to start with: SMTP
    without a public URL above all (mailed links are built from the public URL only)."""
    return MailConfig.make(smtp_url, public_url, mail_from, listening_url(host, port))


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    database: str = DEFAULT_DATABASE,
    *,
    bot_delay: float = 0.25,
    allow_seed: bool = False,
    tables_per_minute: int = limits.TABLES_PER_MINUTE,
    log_level: str = "info",
    forwarded_allow_ips: str | None = None,
    think_seconds: float = limits.THINK_SECONDS,
    bot_workers: int | None = None,
    origins: Iterable[str] = (),
    workers: int = 1,
    smtp_url: str | None = None,
    public_url: str | None = None,
    mail_from: str | None = None,
) -> None:
    """Run the server until interrupted. ``forwarded_allow_ips`` names the reverse proxies
    (comma-separated addresses) whose ``X-Forwarded-For`` header is believed; by default no
    one's is, so a client cannot pose as another address to escape the per-address limits.

    ``workers`` processes share the port (uvicorn's supervisor restarts one that dies); more
    than one needs a database server, since a SQLite file serves one process. The cores for
    searching bots are shared among them (``bot_workers`` is per process when given).

    The site has accounts and mail (:mod:`crisis.server.accounts`): ``smtp_url`` (e.g.
    ``smtp://user:secret@mail.example:587``), ``public_url`` (the site's address, for the
    links in mails) and ``mail_from``, each else from ``CRISIS_SMTP_URL``,
    ``CRISIS_PUBLIC_URL`` and ``CRISIS_MAIL_FROM``; without SMTP, mails are kept in the
    database and written to the log, and their links start with ``http://HOST:PORT``. SMTP
    without a public URL is refused (:class:`ValueError`) before anything starts. The other
    settings are :func:`create_app`'s."""
    import uvicorn

    mail_config(host, port, smtp_url, public_url, mail_from)  # refused here, not at a mail
    if workers < 1:
        raise ValueError("workers: at least 1")
    if workers > 1 and database.startswith("sqlite"):
        raise ValueError(
            "several worker processes need a database server (PostgreSQL): "
            "a SQLite file serves one process"
        )
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    if bot_workers is None and workers > 1:
        bot_workers = max(1, ((os.cpu_count() or 2) - 1) // workers)
    settings = Settings(
        database=database,
        bot_delay=bot_delay,
        allow_seed=allow_seed,
        tables_per_minute=tables_per_minute,
        think_seconds=think_seconds,
        bot_workers=bot_workers,
        origins=tuple(origins),
        smtp_url=smtp_url,
        public_url=public_url,
        mail_from=mail_from,
        local_url=listening_url(host, port),
    )
    common: dict[str, Any] = {
        "host": host,
        "port": port,
        "log_level": log_level,
        "proxy_headers": bool(forwarded_allow_ips),
        "forwarded_allow_ips": forwarded_allow_ips or "",
        "ws_max_size": 4 * limits.MAX_MESSAGE,
        "ws_ping_interval": 20,
        "ws_ping_timeout": 20,
        "ws_per_message_deflate": False,  # compressing every update costs more than it saves
    }
    if workers == 1:
        uvicorn.run(_tuned(settings), **common)
        return
    # Each worker process builds its own application from the same settings.
    os.environ[SETTINGS_ENV] = settings.to_json()
    uvicorn.run("crisis.server.app:app_from_environment", factory=True, workers=workers, **common)


def app_from_environment() -> FastAPI:
    """The application of one of ``serve``'s worker processes, built from the settings
    ``serve`` left in :data:`SETTINGS_ENV`."""
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    return _tuned(Settings.from_json(os.environ[SETTINGS_ENV]))


#: The collector's thresholds in a serving process (``gc.set_threshold``). A busy server holds
#: hundreds of thousands of young objects that live for seconds (each table's caches of its
#: current version, each connection's coroutines) and CPython lowers the young generation's
#: count for every container freed, old ones included, so a collection walks all of them
#: whatever the threshold: at 1,000 tables, 30-100 ms each for the youngest generation and
#: about 200 ms for the middle one with (20,000, 20, 20). Collecting each generation about
#: five times less often takes most of those pauses out of the players' round trips
#: (docs/measurements/load.md).
COLLECTOR_THRESHOLDS = (100_000, 100, 100)


def _tuned(settings: Settings) -> FastAPI:
    """:func:`create_app` with ``settings``, in a process tuned for serving: its collector
    tuned, and its bots' worker processes started before it serves."""
    import gc

    gc.set_threshold(*COLLECTOR_THRESHOLDS)
    app = create_app(settings.changed(start_workers=True))
    accounts.install(
        app,
        smtp_url=settings.smtp_url,
        public_url=settings.public_url,
        mail_from=settings.mail_from,
        local_url=settings.local_url,
    )
    # Everything made so far (modules, the titles' data, the application) lives as long as
    # the process: collect once, then move it out of the collector's sight, so that no
    # collection scans it again (a full one walked it all, a pause of hundreds of ms).
    gc.collect()
    gc.freeze()
    return app
