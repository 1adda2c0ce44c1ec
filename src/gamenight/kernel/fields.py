"""A game's own fields, declared once: the kernel copies, writes and reads them.

A game's model declares its mutable fields by kind (`Fields`); `State.clone`,
`State.to_json` and `gamenight.load` then need no code of the game's own. A field that
fits none of the kinds (a game's own object) is handled by the game's model, which
extends `_copy_into`, `_dump` and `_load` and calls the kernel's first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, Self

from .limits import quote

try:
    from . import _native

    native_copy_fields = _native.copy_fields

    NATIVE = True
except ImportError:  # not built (a plain source tree): the Python loops of `copy_into`
    NATIVE = False

# What JSON reads back as one value of a scalar field or one entry of a list field.
_SCALAR_TYPES = (int, str, bool, float, type(None))


class Part(Protocol):
    """A kernel object kept in a field (`Window`, `DecisionStack`, `Offers`)."""

    def copy(self) -> Self: ...

    def to_json(self) -> Any: ...

    @classmethod
    def from_json(cls, data: Any, players: int) -> Self: ...


@dataclass(frozen=True)
class Fields:
    """A game's own mutable fields, by how they are copied.

    - `scalars`: immutable values (numbers, strings, enum members, ``None``);
    - `lists`: lists of immutable values (copied one level deep);
    - `nested`: lists of such lists, one per seat or per zone (copied two levels deep);
    - `parts`: ``(name, class)`` of kernel objects with ``copy``, ``to_json`` and
      ``from_json(data, players)``; a part may be ``None`` (a window not open).
    """

    scalars: tuple[str, ...] = ()
    lists: tuple[str, ...] = ()
    nested: tuple[str, ...] = ()
    parts: tuple[tuple[str, type[Part]], ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        """Every declared field's name."""
        return self.scalars + self.lists + self.nested + tuple(name for name, _ in self.parts)

    def copy_into(self, source: object, target: object) -> None:
        """Copy the fields of `source` into `target`, sharing only immutable values."""
        # Straight through the instance dicts: about half the time of getattr/setattr,
        # and search bots clone millions of times; in C when it is built (the same copies).
        mine, theirs = source.__dict__, target.__dict__
        if NATIVE:
            native_copy_fields(mine, theirs, self.scalars, self.lists, self.nested)
        else:
            self._copy_plain(mine, theirs)
        for name, _ in self.parts:
            part = mine[name]
            theirs[name] = None if part is None else part.copy()

    def _copy_plain(self, mine: dict[str, Any], theirs: dict[str, Any]) -> None:
        """The scalars, lists and nested lists of `copy_into`, in Python."""
        for name in self.scalars:
            theirs[name] = mine[name]
        for name in self.lists:
            theirs[name] = mine[name].copy()
        for name in self.nested:
            theirs[name] = [row.copy() for row in mine[name]]

    def dump(self, state: object) -> dict[str, Any]:
        """The fields as JSON-ready data."""
        mine = state.__dict__
        data = {name: mine[name] for name in self.scalars + self.lists + self.nested}
        for name, _ in self.parts:
            part = mine[name]
            data[name] = None if part is None else part.to_json()
        return data

    def load(self, state: object, data: dict[str, Any], players: int) -> None:
        """Set the fields from `dump`'s output, refusing a value of the wrong shape with a
        `ValueError` naming the field (the game's record decides the rest: `gamenight.load`
        replays it and compares)."""
        missing = [name for name in self.names if name not in data]
        if missing:
            raise ValueError(f"the state lacks {', '.join(missing)}")
        theirs = state.__dict__
        for name in self.scalars:
            value = data[name]
            if not isinstance(value, _SCALAR_TYPES):
                raise ValueError(f"{name} must be a number, a string or null, got {quote(value)}")
            theirs[name] = value
        for name in self.lists:
            theirs[name] = _flat_list(name, data[name])
        for name in self.nested:
            rows = data[name]
            if not isinstance(rows, list):
                raise ValueError(f"{name} must be a list of lists, got {quote(rows)}")
            theirs[name] = [_flat_list(name, row) for row in rows]
        for name, kind in self.parts:
            value = data[name]
            theirs[name] = None if value is None else kind.from_json(value, players)


def _flat_list(name: str, value: Any) -> list[Any]:
    if not isinstance(value, list) or not all(isinstance(x, _SCALAR_TYPES) for x in value):
        raise ValueError(f"{name} must be a list of numbers or strings, got {quote(value)}")
    return list(value)
