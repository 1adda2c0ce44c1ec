"""The tables' store: SQLite in a data folder by default, PostgreSQL by URL.

Three tables (the schema is `migrations/`, applied by Alembic when a store opens):
``tables`` (a game's settings and status), ``seats`` (who plays each seat: a person,
known only by a hash of their seat token, or a bot) and ``actions`` (every accepted
action, numbered from 0, with why it was made). A game is never stored as a snapshot:
its record is its seed and its actions, and a restart replays it.

Every change is one transaction. `append` writes a batch of actions and the table's new
status together, so a table is never stored half-way through a move.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from importlib.resources import as_file, files
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Connection,
    Engine,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    select,
    update,
)
from sqlalchemy.exc import SQLAlchemyError

from .protocol import SeatKind, Status

OPEN: Status = "open"
RUNNING: Status = "running"
FINISHED: Status = "finished"

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),  # JSON: every option, resolved
    Column("seed", BigInteger, nullable=False),
    Column("name", String(80), nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("turn_seconds", Integer, nullable=False),  # 0: no deadline
    Column("window_seconds", Integer, nullable=False),
    Column("max_missed", Integer, nullable=False),
    Column("bot_delay_ms", Integer, nullable=False),
    Column("created_at", BigInteger, nullable=False),  # ms since the epoch
    Column("updated_at", BigInteger, nullable=False),  # its last change of status
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # human | bot
    Column("bot", String(32), nullable=False),  # the bot, or a person's stand-in
    Column("name", String(40), nullable=False),  # the person's name ("": a free seat)
    Column("token_hash", String(64), nullable=True),  # sha256 of the seat token
    Column("claimed", Boolean, nullable=False),
)

actions = Table(
    "actions",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("n", Integer, primary_key=True),  # 0, 1, 2... : the game's history
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),  # the action's JSON
    Column("cause", String(8), nullable=False),  # player | bot | standin | timeout | auto
    Column("at", BigInteger, nullable=False),  # ms since the epoch
)


@dataclass(frozen=True)
class TableRow:
    """A table's settings and status as stored."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    name: str
    status: Status
    turn_seconds: int
    window_seconds: int
    max_missed: int
    bot_delay_ms: int
    created_at: int = 0
    updated_at: int = 0


@dataclass(frozen=True)
class SeatRow:
    """One seat as stored."""

    seat: int
    kind: SeatKind
    bot: str
    name: str = ""
    token_hash: str | None = None
    claimed: bool = False


@dataclass(frozen=True)
class ActionRow:
    """One accepted action as stored."""

    seat: int
    action: dict[str, Any]
    cause: str


def now_ms() -> int:
    """Milliseconds since the epoch (stored times)."""
    return time.time_ns() // 1_000_000


def database_url(url: str) -> str:
    """SQLAlchemy's URL for a ``postgresql://`` URL (the psycopg 3 driver), else `url`."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url.removeprefix(prefix)
    return url


class Store:
    """The database of tables, seats and actions (see the module docstring)."""

    def __init__(self, url: str) -> None:
        self.engine: Engine = create_engine(database_url(url))
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self.migrate()
        # Every action goes through `append`: its statement is compiled once, in the
        # database's own parameter style, and run on a connection kept for writing (the
        # pool and SQLAlchemy's statement building cost more than the write itself).
        insert = actions.insert().compile(dialect=self.engine.dialect)
        self._insert_actions = str(insert)
        self._insert_order: Sequence[str] | None = insert.positiontup  # None: named
        self._writer: Connection | None = None

    def migrate(self) -> None:
        """Bring the schema up to date (Alembic's ``upgrade head``)."""
        with as_file(files(__package__) / "migrations") as folder, self.engine.begin() as db:
            config = Config()
            config.set_main_option("script_location", str(folder))
            config.attributes["connection"] = db
            command.upgrade(config, "head")

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        self.engine.dispose()

    @contextmanager
    def _transaction(self) -> Iterator[Connection]:
        """One transaction on the connection kept for writing (a new one after a failure)."""
        if self._writer is None:
            self._writer = self.engine.connect()
        try:
            with self._writer.begin():
                yield self._writer
        except SQLAlchemyError:
            self._writer.close()
            self._writer = None
            raise

    # ----- writing ----------------------------------------------------------------------

    def create(self, table: TableRow, seat_rows: Sequence[SeatRow]) -> None:
        """Store a new table and its seats."""
        stamp = now_ms()
        row = {**table.__dict__, "options": json.dumps(table.options, sort_keys=True)}
        row["created_at"] = row["updated_at"] = stamp
        with self._transaction() as db:
            db.execute(tables.insert(), [row])
            db.execute(
                seats.insert(), [{"table_id": table.id, **seat.__dict__} for seat in seat_rows]
            )

    def append(
        self, table_id: str, first: int, entries: Sequence[ActionRow], status: Status | None = None
    ) -> None:
        """Store actions numbered from `first` (and the table's new status), together.

        A number stored already (another writer's) fails the whole transaction."""
        stamp = now_ms()
        rows = [
            {
                "table_id": table_id,
                "n": first + i,
                "seat": entry.seat,
                "action": json.dumps(entry.action, sort_keys=True),
                "cause": entry.cause,
                "at": stamp,
            }
            for i, entry in enumerate(entries)
        ]
        order = self._insert_order
        with self._transaction() as db:
            if rows:
                db.exec_driver_sql(
                    self._insert_actions,
                    rows if order is None else [tuple(row[k] for k in order) for row in rows],
                )
            if status is not None:  # the lobby orders tables by their last change of status
                db.execute(
                    update(tables)
                    .where(tables.c.id == table_id)
                    .values(status=status, updated_at=stamp)
                )

    def update_seat(self, table_id: str, seat: SeatRow) -> None:
        """Store a seat's new holder (name, token hash, claimed)."""
        with self._transaction() as db:
            db.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat.seat)
                .values(name=seat.name, token_hash=seat.token_hash, claimed=seat.claimed)
            )

    def set_status(self, table_id: str, status: Status) -> None:
        self.append(table_id, 0, (), status)

    # ----- reading ----------------------------------------------------------------------

    def table(self, table_id: str) -> TableRow | None:
        """A table's row (None: no such table)."""
        with self.engine.connect() as db:
            row = db.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
        return None if row is None else _table_row(row)

    def tables(self, status: Status | None = None, limit: int = 100) -> list[TableRow]:
        """Tables, the most recently changed first (all statuses, or one)."""
        query = select(tables).order_by(tables.c.updated_at.desc()).limit(limit)
        if status is not None:
            query = query.where(tables.c.status == status)
        with self.engine.connect() as db:
            return [_table_row(row) for row in db.execute(query).mappings()]

    def unfinished(self) -> list[str]:
        """The ids of every table not finished (to resume at start)."""
        query = select(tables.c.id).where(tables.c.status != FINISHED).order_by(tables.c.id)
        with self.engine.connect() as db:
            return list(db.execute(query).scalars())

    def seats(self, table_id: str) -> list[SeatRow]:
        query = select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
        with self.engine.connect() as db:
            return [
                SeatRow(
                    seat=row["seat"],
                    kind=row["kind"],
                    bot=row["bot"],
                    name=row["name"],
                    token_hash=row["token_hash"],
                    claimed=bool(row["claimed"]),
                )
                for row in db.execute(query).mappings()
            ]

    def actions(self, table_id: str) -> list[ActionRow]:
        """Every stored action of a table, in order."""
        query = select(actions).where(actions.c.table_id == table_id).order_by(actions.c.n)
        with self.engine.connect() as db:
            return [
                ActionRow(row["seat"], json.loads(row["action"]), row["cause"])
                for row in db.execute(query).mappings()
            ]


def _table_row(row: Any) -> TableRow:
    return TableRow(**{**row, "options": json.loads(row["options"])})


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """WAL: readers never block the writer, and a commit survives the process being
    killed (``synchronous=NORMAL`` leaves only a power cut to fear)."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
