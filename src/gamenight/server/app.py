"""The web application: the lobby's API, the tables' websockets and the pages.

Pages (plain HTML, JS and SVG shipped in the package, nothing fetched elsewhere):
``/`` the lobby, ``/t/{id}`` a table (a seat's token travels in the link's fragment,
which browsers never send to a server), ``/replay/{id}`` a finished game card by card.
A game's own drawing is served from its web package at ``/games/{game}/{file}``.

API: ``GET /api/words?lang=&game=`` (the pages' words, and a game's table's, in a
language: ``static/words.js``); ``GET /api/games``; ``GET /api/games/{game}/catalog?lang=``
(what a game's drawing needs, from its web package's ``catalog``); ``GET/POST /api/tables``;
``GET /api/tables/{id}``; ``POST /api/tables/{id}/claim|join|leave|start``;
``GET /api/tables/{id}/replay?n=`` and ``/record`` (finished tables only). Websocket:
``/ws/{id}`` (`protocol`).

Errors are one JSON line (``{"error": "..."}``); no traceback ever reaches a client (it
goes to the server's log). Cross-origin requests are refused unless `cors_origins`
names the origin; request bodies and websocket messages are bounded, and both are rate
limited.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import re
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from importlib.resources import files
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import gamenight
from gamenight import agents, i18n
from gamenight.kernel import GameSpec, spec
from gamenight.kernel.errors import N_
from gamenight.kernel.errors import message as error_text
from gamenight.kernel.limits import QUOTE_CHARS, clip
from gamenight.sim.extra import game_words

from . import updates
from .protocol import (
    MAX_MESSAGE_CHARS,
    MAX_REFUSED,
    MESSAGE,
    RATE_BURST,
    RATE_PER_SECOND,
    Act,
    Back,
    Claim,
    Created,
    CreateTable,
    Hello,
    Invite,
    Join,
    Joined,
    Ping,
    Ready,
    SeatInfo,
    Status,
    TableInfo,
    error_message,
    welcome_message,
)
from .store import FINISHED, SeatRow, Store, TableRow
from .tables import Hall, Table, TableError

log = logging.getLogger("gamenight.server")

STATIC = files(__package__) / "static"
MAX_BODY_BYTES = 64 * 1024
"""The largest request body accepted (a new table's settings are well under 1 KiB)."""
POST_RATE = 5.0
"""POST requests (new tables, seats taken) a client address may make per second."""
HELLO_SECONDS = 10.0
"""How long a new websocket has to say who it is."""
QUEUE_MESSAGES = 256
"""Messages waiting for a slow browser before the server drops its connection (it comes
back and gets the whole table again)."""
_FILE_NAME = re.compile(r"^[A-Za-z0-9_-][A-Za-z0-9_.-]*$")
_SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class RateLimit:
    """A token bucket: `rate` per second on average, `burst` at once."""

    def __init__(self, rate: float = RATE_PER_SECOND, burst: int = RATE_BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Connection:
    """One browser's websocket at a table (a `tables.Listener`)."""

    def __init__(self, socket: WebSocket) -> None:
        self.socket = socket
        self.seat: int | None = None
        self.lang = "en"
        self.cursor = updates.Cursor()
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(QUEUE_MESSAGES)
        self.rate = RateLimit()

    def send(self, text: str) -> None:
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:  # a browser that does not read: let it come back
            log.info("dropping a connection that does not keep up")
            self.close()

    def refuse(self, refusal: TableError) -> None:
        """Tell the browser why its message or connection was refused, in its language
        (gamenight's catalog; the English is the error's own text, for the logs)."""
        translate = i18n.translations(i18n.CORE, self.lang).gettext
        self.send(error_message(clip(error_text(refusal, translate), 2 * QUOTE_CHARS)))

    def close(self) -> None:
        """Close the connection once the messages queued are sent (all of them are
        dropped if the queue is full)."""
        try:
            self.queue.put_nowait(None)
        except asyncio.QueueFull:
            self.queue = asyncio.Queue(1)
            self.queue.put_nowait(None)

    async def write(self) -> None:
        """Send the queued messages until the connection closes."""
        while (message := await self.queue.get()) is not None:
            await self.socket.send_text(message)
        await self.socket.close()


class Guard:
    """The HTTP requests' guard (a plain ASGI middleware: Starlette's `BaseHTTPMiddleware`
    costs a task and its streams per request): bodies of at most `MAX_BODY_BYTES`,
    `post_rate` POST requests a second per client address (four times as many at once),
    and the security headers on every answer."""

    def __init__(self, app: ASGIApp, post_rate: float) -> None:
        self.app = app
        self.post_rate = post_rate
        self.post_rates: dict[str, RateLimit] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = Headers(scope=scope).get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY_BYTES):
            refused = _error(413, f"a request body is at most {MAX_BODY_BYTES} bytes")
            await refused(scope, receive, send)
            return
        if scope["method"] == "POST":
            client = scope["client"][0] if scope.get("client") else "?"
            if len(self.post_rates) > 10_000:
                self.post_rates.clear()
            rate = self.post_rates.setdefault(
                client, RateLimit(self.post_rate, int(4 * self.post_rate))
            )
            if not rate.allow():
                await _error(429, "too many requests: slow down")(scope, receive, send)
                return

        async def send_secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                MutableHeaders(scope=message).update(_SECURITY_HEADERS)
            await send(message)

        await self.app(scope, receive, send_secured)


def create_app(
    store: Store, cors_origins: Sequence[str] = (), post_rate: float = POST_RATE
) -> FastAPI:
    """The application over `store` (the tables are resumed when it starts); each client
    address may make `post_rate` POST requests a second (four times as many at once)."""
    hall = Hall(store)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        _settle()
        resumed = hall.resume()
        log.info("gamenight server ready: %d tables resumed", resumed)
        yield
        hall.close()

    app = FastAPI(title="gamenight", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.hall = hall
    if cors_origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=list(cors_origins),
            allow_methods=["GET", "POST"],
            allow_headers=["Content-Type"],
        )
    app.add_middleware(Guard, post_rate=post_rate)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return _error(422, _first_error(exc.errors()))

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, exc: HTTPException) -> JSONResponse:
        return _error(exc.status_code, str(exc.detail))

    @app.exception_handler(Exception)
    async def crashed(request: Request, _exc: Exception) -> JSONResponse:
        log.exception("%s %s failed", request.method, request.url.path)
        return _error(500, "internal error")

    # ----- pages ------------------------------------------------------------------------

    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(str(STATIC / "lobby.html"))

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(str(STATIC / "table.html"))

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> FileResponse:
        return FileResponse(str(STATIC / "replay.html"))

    @app.get("/games/{game}/{name}", include_in_schema=False)
    async def game_file(game: str, name: str) -> FileResponse:
        """A file of a game's web package (its drawing)."""
        folder = _web_folder(game)
        if folder is None or not _FILE_NAME.match(name) or name.endswith(".py"):
            raise HTTPException(404, "no such file")
        path = folder / name
        if not path.is_file():
            raise HTTPException(404, "no such file")
        return FileResponse(str(path))

    # ----- the lobby's API -----------------------------------------------------------------

    @app.get("/api/words")
    async def words(lang: str = "en", game: str | None = None) -> dict[str, Any]:
        """The pages' words in `lang`, with those of `game`'s browser table."""
        try:
            web = None if game is None else spec(game).web
        except ValueError:
            raise HTTPException(404, "no such game") from None
        try:
            return i18n.page_words(clip(lang, QUOTE_CHARS), web)
        except ValueError as exc:  # an unknown language: the message lists them
            raise HTTPException(422, str(exc)) from None

    @app.get("/api/games")
    async def list_games(lang: str = "en") -> list[dict[str, Any]]:
        """Every game, its options' help and its bots' descriptions in `lang`."""
        try:
            with i18n.speaking(clip(lang, QUOTE_CHARS)):
                return [_game_info(game_id) for game_id in gamenight.games()]
        except ValueError as exc:  # an unknown language: the message lists them
            raise HTTPException(422, str(exc)) from None

    @app.get("/api/games/{game}/catalog")
    async def game_catalog(game: str, lang: str = "en") -> dict[str, Any]:
        """The public data a game's drawing needs (Munchkin: its card set) in `lang`."""
        try:
            game_spec = spec(game)
        except ValueError:
            raise HTTPException(404, "no such game") from None
        catalog = getattr(game_spec.part("web"), "catalog", None)
        if catalog is None:
            raise HTTPException(404, "this game's table has no catalog")
        unknown = _unknown_language(game_spec, lang)
        if unknown is not None:
            raise HTTPException(422, str(unknown))
        data: dict[str, Any] = catalog(game, lang)
        return data

    @app.get("/api/tables")
    async def list_tables(status: Status | None = None) -> list[TableInfo]:
        found = []
        for row in store.tables(status):
            table = hall.tables.get(row.id)
            found.append(table.info() if table else _stored_info(row, store.seats(row.id)))
        return found

    @app.post("/api/tables")
    async def create_table(request: CreateTable) -> Created:
        try:
            table, tokens = hall.create(request)
        except ValueError as exc:
            raise HTTPException(400, clip(str(exc), 2 * QUOTE_CHARS)) from None
        table.wake()
        invites = [Invite(seat=s, token=t, link=_link(table.row.id, s, t)) for s, t in tokens]
        return Created(id=table.row.id, invites=invites)

    @app.get("/api/tables/{table_id}")
    async def table_info(table_id: str) -> TableInfo:
        return _table(table_id).info()

    @app.post("/api/tables/{table_id}/claim")
    async def claim(table_id: str, request: Claim) -> Joined:
        seat = await _refusing(_table(table_id).claim(request.token, request.name))
        return Joined(seat=seat, token=request.token, link=_link(table_id, seat, request.token))

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: Join) -> Joined:
        seat, token = await _refusing(_table(table_id).join(request.name))
        return Joined(seat=seat, token=token, link=_link(table_id, seat, token))

    @app.post("/api/tables/{table_id}/leave")
    async def leave(table_id: str, request: Claim) -> dict[str, int]:
        return {"seat": await _refusing(_table(table_id).leave(request.token))}

    @app.post("/api/tables/{table_id}/start")
    async def start(table_id: str, request: Claim) -> TableInfo:
        table = _table(table_id)
        await _refusing(table.start(request.token))
        return table.info()

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> dict[str, Any]:
        """A finished game's record (`gamenight replay` plays it)."""
        table = _finished(table_id)
        data: dict[str, Any] = json.loads(table.state.record().to_json())
        return data

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, n: int = 0, lang: str = "en") -> dict[str, Any]:
        """A finished game after its first `n` actions, every seat's view shown."""
        table = _finished(table_id)
        history = table.state.history
        n = max(0, min(n, len(history)))
        row, game_spec = table.row, table.spec
        unknown = _unknown_language(game_spec, lang)
        if unknown is not None:
            raise HTTPException(422, str(unknown))
        state = gamenight.make(row.game, row.players, row.seed, **row.options)
        for seat, action in history[: max(0, n - 1)]:
            state.apply(seat, action)
        last = None
        if n:
            seat, action = history[n - 1]
            words = updates.label(game_spec, state.view(seat), action, lang)
            last = {"seat": seat, "action": action.to_json(), "label": words}
            state.apply(seat, action)
        return {
            "n": n,
            "total": len(history),
            "table": table.info().model_dump(),
            "last": last,
            "views": [state.view(seat) for seat in range(state.num_players)],
            "public": state.view(None),
            "log": updates.log_lines(game_spec, state.events, lang, None),
            "outcome": updates.outcome(state),
        }

    def _table(table_id: str) -> Table:
        table = hall.get(table_id) if len(table_id) <= 32 else None
        if table is None:
            raise HTTPException(404, "no such table")
        return table

    def _finished(table_id: str) -> Table:
        table = _table(table_id)
        if table.status != FINISHED:
            raise HTTPException(409, "the game is not over: its record is its players' secret")
        return table

    # ----- the tables' websockets ---------------------------------------------------------

    @app.websocket("/ws/{table_id}")
    async def table_socket(socket: WebSocket, table_id: str) -> None:
        if not _same_origin(socket, cors_origins):
            await socket.close(code=1008)
            return
        await socket.accept()
        connection = Connection(socket)
        writer = asyncio.create_task(connection.write())
        table: Table | None = None
        try:
            table = _seat_connection(connection, await _hello(socket), table_id)
            if table is not None:
                await table.connect(connection)
                await _serve(connection, table)
        except WebSocketDisconnect:
            pass
        except Exception:
            log.exception("table %s: a connection failed", table_id)
            connection.refuse(TableError(N_("internal error")))
        finally:
            if table is not None:
                await table.disconnect(connection)
                hall.forget(table)
            connection.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 5)

    def _seat_connection(
        connection: Connection, hello: Hello | None, table_id: str
    ) -> Table | None:
        """Check who a new connection is (a `Welcome`), or tell it why not (None)."""
        if hello is None:
            connection.refuse(TableError(N_("the first message must be a valid hello")))
            return None
        if hello.lang in i18n.LANGUAGES:  # the refusals below are told in it too
            connection.lang = hello.lang
        table = hall.get(table_id) if len(table_id) <= 32 else None
        if table is None:
            connection.refuse(TableError(N_("no such table")))
            return None
        if hello.token is not None:
            connection.seat = table.seat_of(hello.token)
            if connection.seat is None:
                connection.refuse(TableError(N_("this token is not valid for this table")))
                return None
        unknown = _unknown_language(table.spec, hello.lang)
        if unknown is not None:
            connection.refuse(unknown)
            return None
        connection.send(welcome_message(table.info(), connection.seat))
        return table

    return app


def _settle() -> None:
    """Import what every game's tables use, then freeze everything in memory so far out
    of the garbage collector's sight: modules and their tables never become garbage, and a
    full collection going over them all paused every table for a tenth of a second or more
    (the tables' own objects, far fewer, are still collected)."""
    for game_id in gamenight.games():
        game_spec = spec(game_id)
        game_spec.part("renderer")
        game_spec.part("web")
        agents.available(game_id)
    gc.freeze()


async def _hello(socket: WebSocket) -> Hello | None:
    """The connection's first message, if it is a valid `Hello` in time."""
    try:
        text = await asyncio.wait_for(socket.receive_text(), HELLO_SECONDS)
        if len(text) > MAX_MESSAGE_CHARS:
            return None
        message = MESSAGE.validate_json(text)
    except (TimeoutError, ValidationError, KeyError):
        return None
    return message if isinstance(message, Hello) else None


async def _serve(connection: Connection, table: Table) -> None:
    """Answer one connection's messages until it closes."""
    refused = 0
    while True:
        received = await connection.socket.receive()
        if received["type"] == "websocket.disconnect":
            return
        text = received.get("text")
        if not connection.rate.allow():
            refused += 1
            if refused > MAX_REFUSED:
                return
            connection.refuse(TableError(N_("too many messages: slow down")))
            continue
        refused = 0
        if text is None or len(text) > MAX_MESSAGE_CHARS:
            connection.refuse(
                TableError(
                    N_("a message is JSON text of at most {count} characters"),
                    count=MAX_MESSAGE_CHARS,
                )
            )
            continue
        try:
            message = MESSAGE.validate_json(text)
        except ValidationError as exc:
            connection.refuse(TableError(N_("bad message: {why}"), why=_first_error(exc.errors())))
            continue
        try:
            await _dispatch(connection, table, message)
        except TableError as exc:
            connection.refuse(exc)


async def _dispatch(connection: Connection, table: Table, message: Any) -> None:
    if isinstance(message, Ping):
        return
    if isinstance(message, Hello):
        raise TableError(N_("hello again? this connection is set already"))
    seat = connection.seat
    if seat is None:
        raise TableError(N_("spectators watch: only a seat may act"))
    if isinstance(message, Act):
        await table.act(seat, message.action)
    elif isinstance(message, Ready):
        await table.ready(seat)
    elif isinstance(message, Back):
        await table.back(seat)


def _same_origin(socket: WebSocket, allowed: Sequence[str]) -> bool:
    """A browser's websocket from another site is refused unless `allowed` names it
    (a websocket is not covered by CORS)."""
    origin = socket.headers.get("origin")
    if origin is None or origin in allowed:
        return True
    host = socket.headers.get("host", "")
    return origin.split("://", 1)[-1] == host


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=_SECURITY_HEADERS)


def _first_error(errors: Sequence[Any]) -> str:
    """The first validation error in words (never the input itself)."""
    if not errors:
        return "invalid request"
    first = errors[0]
    where = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
    return clip(
        f"{where}: {first.get('msg', 'invalid')}" if where else first.get("msg", ""), QUOTE_CHARS
    )


def _unknown_language(game_spec: GameSpec, lang: str) -> TableError | None:
    """Why `lang` is refused for the game (None: the game speaks it)."""
    if lang in game_spec.languages:
        return None
    return TableError(
        N_("unknown language {lang}; known: {known}"),
        lang=clip(repr(lang), QUOTE_CHARS),
        known=", ".join(game_spec.languages),
    )


def _link(table_id: str, seat: int, token: str) -> str:
    return f"/t/{table_id}#seat={seat}&token={token}"


def _web_folder(game: str) -> Path | None:
    try:
        module = spec(game).part("web")
    except ValueError:
        return None
    if module is None or module.__file__ is None:
        return None
    return Path(module.__file__).parent


def _game_info(game_id: str) -> dict[str, Any]:
    """What the lobby shows of a game, in the language in use."""
    game_spec = spec(game_id)
    translate = game_words(game_id)
    cls = game_spec.state
    web = game_spec.part("web")
    return {
        "id": game_id,
        "title": i18n.game_title(game_id),
        "min_players": cls.min_players,
        "max_players": cls.max_players,
        "options": [
            {
                "name": option.name,
                "help": option.described(translate),
                "type": option.type.__name__,
                "defaults": {
                    str(p): option.default_for(p)
                    for p in range(cls.min_players, cls.max_players + 1)
                },
                "min": option.min,
                "max": option.max,
                "choices": list(option.choices) if option.choices else None,
            }
            for option in cls.options_spec
        ],
        "bots": agents.available(game_id),
        "bot_descriptions": {
            name: i18n.bot_description(name) for name in agents.available(game_id)
        },
        "default_bot": agents.default(game_id),
        "languages": list(game_spec.languages),
        "web": web is not None,
        "real_time": cls.real_time,
        "playable": not cls.real_time or getattr(web, "WAIT", None) is not None,
        "rules": getattr(web, "RULES", None),
    }


def _stored_info(row: TableRow, seats: list[SeatRow]) -> TableInfo:
    """A table not in memory (finished), as the lobby lists it."""
    game_spec = spec(row.game)
    return TableInfo(
        id=row.id,
        game=row.game,
        title=game_spec.state.title,
        players=row.players,
        options=row.options,
        name=row.name,
        status=row.status,
        turn_seconds=row.turn_seconds,
        window_seconds=row.window_seconds,
        max_missed=row.max_missed,
        seats=[
            SeatInfo(
                seat=s.seat,
                kind=s.kind,
                bot=s.bot,
                name=s.name,
                claimed=s.claimed,
                connected=False,
                standin=False,
            )
            for s in seats
        ],
        web=game_spec.web is not None,
        real_time=game_spec.state.real_time,
    )


async def _refusing(awaitable: Any) -> Any:
    """Await a table's request; its refusal becomes a 409 with the reason."""
    try:
        return await awaitable
    except TableError as exc:
        raise HTTPException(409, str(exc)) from None
