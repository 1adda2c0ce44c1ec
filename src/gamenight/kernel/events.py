"""The event log: what happened, and who may see it."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import partial
from typing import Any, NamedTuple, overload

from .appendlog import AppendLog


class Event(NamedTuple):
    """One entry of a state's append-only log.

    ``to`` is ``None`` for a public event, or the seats that may see a private one.
    """

    kind: str
    data: dict[str, Any]
    to: tuple[int, ...] | None = None

    def visible_to(self, seat: int | None) -> bool:
        """Whether `seat` (``None`` = spectator) may see this event."""
        return self.to is None or (seat is not None and seat in self.to)

    def copy(self) -> Event:
        """The same event with its own copy of `data`, for a reader to change freely."""
        return Event(self.kind, json_copy(self.data), self.to)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "data": self.data,
            "to": None if self.to is None else list(self.to),
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Event:
        to = data.get("to")
        return Event(data["kind"], data["data"], None if to is None else tuple(to))


# How the log keeps an event: a plain ``(kind, data, to)`` tuple, which costs a fraction
# of an `Event` to build; `EventLog` makes the `Event` when it is read.
Entry = tuple[str, dict[str, Any], tuple[int, ...] | None]

# `Event` from an entry without the named tuple's own (Python) constructor.
_as_event = partial(tuple.__new__, Event)


class EventLog(Sequence[Event]):
    """A state's append-only event log (`State.events`): a sequence of `Event`s, kept
    as plain entries and built into `Event`s only when read (most are never read). The
    entries are an `AppendLog`: a copy shares their beginning."""

    __slots__ = ("entries",)

    def __init__(self, entries: Iterable[Entry] = ()) -> None:
        self.entries: AppendLog[Entry] = AppendLog(entries)

    @classmethod
    def of(cls, entries: AppendLog[Entry]) -> EventLog:
        """A log holding `entries` itself, not a copy (a new log of the caller's)."""
        log = cls.__new__(cls)
        log.entries = entries
        return log

    def __len__(self) -> int:
        return len(self.entries)

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | list[Event]:
        if isinstance(index, slice):
            return list(map(_as_event, self.entries[index]))
        return _as_event(self.entries[index])

    def __iter__(self) -> Iterator[Event]:
        return map(_as_event, self.entries)

    def __reversed__(self) -> Iterator[Event]:
        return map(_as_event, reversed(self.entries))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog):
            return self.entries == other.entries
        return isinstance(other, list) and list(self) == other

    def __repr__(self) -> str:
        return f"EventLog({list(self)!r})"

    def append(self, event: Event) -> None:
        """Add an event at the end (games call `State.log`, which also copies its data)."""
        self.entries.append(event)

    def clear(self) -> None:
        """Forget every event (rigged test positions start with an empty log)."""
        self.entries.clear()

    def copy(self) -> EventLog:
        """An independent log with the same events (their data shared, never changed)."""
        return EventLog.of(self.entries.copy())


_LEAVES = frozenset({int, float, str, bool, type(None)})


def json_copy(value: Any) -> Any:
    """A copy of JSON-ready data sharing no list or dict with `value` (numbers, strings
    and other immutable leaves are shared; tuples are rebuilt around copied items)."""
    kind = type(value)
    if kind is dict:
        return {k: v if type(v) in _LEAVES else json_copy(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _LEAVES else json_copy(v) for v in value]
    if kind is tuple:
        return tuple(json_copy(v) for v in value)
    return value
