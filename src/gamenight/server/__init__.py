"""The game server: tables for friends and bots in the browser (``gamenight serve``).

`create_app(store)` builds the web application over a `Store` (SQLite in a data folder,
or PostgreSQL by URL); `tables` runs each game, `protocol` defines every message, and
`updates` builds what each seat is sent, from its own view and events only.
"""

from .app import create_app
from .store import Store

__all__ = ["Store", "create_app"]
