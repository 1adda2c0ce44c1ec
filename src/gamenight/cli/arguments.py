"""Arguments and options several commands share, with one help text each."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from gamenight.i18n import CATALOG

_ = CATALOG.gettext

GameArgument = Annotated[
    str,
    typer.Argument(help=_("the game, e.g. boss-quest (see gamenight games)"), show_default=False),
]
WorkersOption = Annotated[
    int, typer.Option("--workers", "-w", help=_("processes to spread the games over"))
]
RayOption = Annotated[
    str | None,
    typer.Option(
        "--ray",
        metavar="auto|ADDRESS",
        help=_(
            "run the games on Ray instead of local processes: auto (the Ray instance of this machine, started if none runs) or a cluster's address, e.g. ray://host:10001"
        ),
        show_default=False,
    ),
]
SeatsOption = Annotated[
    int | None,
    typer.Option(
        "--players",
        "-p",
        help=_("seats per game (default: one per agent named, at least the minimum)"),
    ),
]
GameOptions = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="NAME=VALUE",
        help=_("a game option, e.g. -o key_target=3 (repeatable; see gamenight games)"),
        show_default=False,
    ),
]
JsonOption = Annotated[
    Path | None,
    typer.Option("--json", metavar="FILE", help=_("also write the summary to FILE as JSON")),
]
