"""The terminal table of the card set ``data/fu.toml``: the shared Munchkin renderer
(`terminal`: the table, the choices and the end read the game from the view), with the
events' cards named from this set (events carry no game id)."""

from __future__ import annotations

from collections.abc import Sequence

from gamenight.kernel import Event

from .. import BY_FILE
from . import terminal
from .terminal import choice, compact_table, result, table

GAME = BY_FILE["fu"].game_id


def events(events: Sequence[Event], lang: str, me: int | None = None) -> list[str]:
    """One line per event, its cards named from this set (see `terminal.events`)."""
    return terminal.events(events, lang, me, GAME)


__all__ = ["choice", "compact_table", "events", "result", "table"]
