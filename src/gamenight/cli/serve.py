"""`gamenight serve`: tables in the browser for friends and bots."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Annotated

import typer

from gamenight.i18n import CATALOG

from .errors import fail
from .language import use_language

_ = CATALOG.gettext


def default_data() -> Path:
    """Where the tables are kept without ``--data``: the user's data folder."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "gamenight"


def serve_command(
    host: Annotated[str, typer.Option(help=_("the address to listen on"))] = "127.0.0.1",
    port: Annotated[int, typer.Option(help=_("the port to listen on"), min=1, max=65535)] = 8000,
    data: Annotated[
        Path | None,
        typer.Option(
            metavar="DIR",
            help=_("the folder of the SQLite database (default: ~/.local/share/gamenight)"),
        ),
    ] = None,
    db: Annotated[
        str | None,
        typer.Option(metavar="URL", help=_("a PostgreSQL database instead: postgresql://...")),
    ] = None,
    cors_origin: Annotated[
        list[str] | None,
        typer.Option(metavar="ORIGIN", help=_("a web origin allowed to call the API (repeatable)")),
    ] = None,
    post_rate: Annotated[
        float,
        typer.Option(min=0.1, max=10_000, help=_("POST requests a second per client address")),
    ] = 5.0,
) -> None:
    """The ``serve`` command (its help text is in `app`): open the store, start the server."""
    use_language(None)  # the locale's
    try:
        import uvicorn

        from gamenight.server import Store, create_app
        from gamenight.server.protocol import MAX_MESSAGE_CHARS
    except ModuleNotFoundError as exc:
        fail(
            _(
                "the server needs its extra ({module} is missing): pip install 'gamenight[server]'"
            ).format(module=exc.name)
        )
    if db is None:
        folder = data or default_data()
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            fail(
                _("{folder}: cannot keep the tables there: {reason}").format(
                    folder=folder, reason=exc.strerror
                )
            )
        db = f"sqlite:///{folder / 'gamenight.db'}"
    elif data is not None:
        fail(_("--data and --db name two databases: give one"))
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    try:
        store = Store(db)
    except Exception as exc:  # a bad URL, a database that cannot be reached
        fail(_("cannot open the database: {reason}").format(reason=str(exc).splitlines()[0]))
    typer.echo(
        _("gamenight: open http://{host}:{port} (Ctrl-C stops; the tables stay)").format(
            host=host, port=port
        )
    )
    uvicorn.run(
        create_app(store, cors_origin or (), post_rate),
        host=host,
        port=port,
        ws_max_size=4 * MAX_MESSAGE_CHARS,
        log_level="info",
    )
