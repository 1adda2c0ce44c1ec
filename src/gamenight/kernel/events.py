"""The event log: what happened, and who may see it."""

from __future__ import annotations

from typing import Any, NamedTuple


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
