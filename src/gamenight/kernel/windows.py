"""Windows: moments when several seats may answer, and who must still answer.

A game keeps a `Window` in its state while one is open and returns `Window.waiting` from
``actors()``. Every eligible seat is listed, even one that can only pass, so that the
list of actors never reveals who holds a playable card.

- ``RESET_ON_PLAY`` (a response window: "anyone may play now"): a material play makes
  every eligible seat answer again, starting with the seat after the player, the player
  last. The window closes when every eligible seat has passed since the last play.
- ``EACH_SEAT_ONCE`` (a round of claims or bids): each eligible seat answers once.

Seats answer in table order (seat numbers increase clockwise), starting after the opener,
who answers last when eligible. Any waiting seat may answer, in or out of order.

>>> window = Window(RESET_ON_PLAY, seats=(0, 1, 2), opener=0)
>>> window.waiting
(1, 2, 0)
>>> window.passed(1)
>>> window.played(2)  # a counter: everyone answers again, seat 2 last
>>> window.waiting
(0, 1, 2)
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Any

from .errors import IllegalAction
from .limits import quote


class WindowMode(StrEnum):
    """How a window treats a material play (see the module docstring)."""

    RESET_ON_PLAY = "reset_on_play"
    EACH_SEAT_ONCE = "each_seat_once"


RESET_ON_PLAY = WindowMode.RESET_ON_PLAY
EACH_SEAT_ONCE = WindowMode.EACH_SEAT_ONCE

_FIELDS = ("mode", "opener", "seats", "waiting")


class Window:
    """An open window: its `mode`, eligible `seats` (sorted), `opener` and the seats
    `waiting` to answer, in answering order. Mutable; `copy` is cheap (tuples only)."""

    __slots__ = _FIELDS
    flat_copy = True  # `copy` shares every slot: the C clone copies it (`fields.Part`)

    mode: WindowMode
    seats: tuple[int, ...]
    opener: int
    waiting: tuple[int, ...]

    def __init__(self, mode: WindowMode | str, seats: Iterable[int], opener: int) -> None:
        """Open a window for the eligible `seats`, opened by `opener` (eligible or not)."""
        self.mode = WindowMode(mode)
        self.seats = tuple(sorted(seats))
        if len(set(self.seats)) != len(self.seats):
            raise ValueError(f"a window lists each seat once, got {self.seats}")
        self.opener = opener
        self.waiting = _after(self.seats, opener)

    @property
    def closed(self) -> bool:
        """Whether every seat has answered (the game resolves and drops the window)."""
        return not self.waiting

    def passed(self, seat: int) -> None:
        """`seat` declined to act."""
        self._answer(seat)

    def played(self, seat: int) -> None:
        """`seat` made a material play (a counter, a bid, a claim)."""
        if self.mode is RESET_ON_PLAY:
            self._check(seat)
            self.waiting = _after(self.seats, seat)
        else:
            self._answer(seat)

    def copy(self) -> Window:
        """An independent copy."""
        new = object.__new__(Window)
        new.mode, new.seats = self.mode, self.seats
        new.opener, new.waiting = self.opener, self.waiting
        return new

    def to_json(self) -> dict[str, Any]:
        """The window as a JSON-ready dict (`from_json` restores it)."""
        return {
            "mode": self.mode.value,
            "opener": self.opener,
            "seats": list(self.seats),
            "waiting": list(self.waiting),
        }

    @classmethod
    def from_json(cls, data: Any, players: int | None = None) -> Window:
        """Restore a window from `to_json` output; with `players`, seats are checked to
        be ``0..players-1``. A malformed field raises `ValueError` naming it."""
        if not isinstance(data, dict) or set(data) != set(_FIELDS):
            raise ValueError(f"a window is an object with {', '.join(_FIELDS)}, got {quote(data)}")
        if data["mode"] not in [mode.value for mode in WindowMode]:
            modes = ", ".join(mode.value for mode in WindowMode)
            raise ValueError(f"window mode must be one of {modes}, got {quote(data['mode'])}")
        new = object.__new__(cls)
        new.mode = WindowMode(data["mode"])
        new.opener = _seat("opener", data["opener"], players)
        new.seats = _seats("seats", data["seats"], players)
        if list(new.seats) != sorted(new.seats):
            raise ValueError(f"window seats must be sorted, got {quote(data['seats'])}")
        new.waiting = _seats("waiting", data["waiting"], players)
        if new.waiting:
            if not set(new.waiting) <= set(new.seats):
                raise ValueError(
                    f"window waiting {quote(data['waiting'])} lists a seat not in seats"
                )
            start = new.seats.index(new.waiting[0])
            cycle = new.seats[start:] + new.seats[:start]
            if tuple(s for s in cycle if s in new.waiting) != new.waiting:
                raise ValueError(f"window waiting {quote(data['waiting'])} is not in table order")
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Window):
            return NotImplemented
        return self.to_json() == other.to_json()

    def __repr__(self) -> str:
        return f"<Window {self.mode.value} seats={self.seats} waiting={self.waiting}>"

    def _check(self, seat: int) -> None:
        if seat not in self.waiting:
            raise IllegalAction(
                f"seat {quote(seat)} is not waiting to answer (waiting: {self.waiting})"
            )

    def _answer(self, seat: int) -> None:
        self._check(seat)
        self.waiting = tuple(s for s in self.waiting if s != seat)


def _after(seats: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """`seats` in table order starting after `seat` (`seat` last when listed)."""
    return tuple(s for s in seats if s > seat) + tuple(s for s in seats if s <= seat)


def _seat(field: str, value: Any, players: int | None) -> int:
    if type(value) is not int or value < 0 or (players is not None and value >= players):
        limit = "" if players is None else f" below {players}"
        raise ValueError(
            f"window {field} must be a seat (an integer from 0{limit}), got {quote(value)}"
        )
    return value


def _seats(field: str, value: Any, players: int | None) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise ValueError(f"window {field} must be a list of seats, got {quote(value)}")
    seats = tuple(_seat(field, seat, players) for seat in value)
    if len(set(seats)) != len(seats):
        raise ValueError(f"window {field} lists a seat twice: {quote(value)}")
    return seats
