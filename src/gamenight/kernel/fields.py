"""A game's own fields, declared once: the kernel copies, writes and reads them.

A game's model declares its mutable fields by kind (`Fields`); `State.clone`,
`State.to_json` and `gamenight.load` then need no code of the game's own. A field that
fits none of the kinds (a game's own object) is handled by the game's model, which
extends `_copy_into`, `_dump` and `_load` (calling the kernel's `_dump` and `_load`
first).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol, Self

from .limits import quote

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

    def plan(
        self,
        shared: tuple[str, ...],
        lists: tuple[str, ...],
        slotted: tuple[tuple[str, Any], ...],
        dropped: tuple[str, ...] = (),
    ) -> ClonePlan:
        """How `copy_state` copies an object with these fields and the owner's own:
        `shared`, `lists`, `slotted` and `dropped` (see `ClonePlan`)."""
        copied = lists + self.lists
        every = shared + self.scalars + copied + self.nested
        parts = tuple(name for name, _ in self.parts)
        every += parts + tuple(name for name, _ in slotted)
        if len(set(every)) != len(every):
            raise ValueError(f"a field is declared twice: {every}")
        return ClonePlan(
            frozenset(every), shared + self.scalars, copied, self.nested, parts, slotted, dropped
        )

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


class ClonePlan(NamedTuple):
    """What a copy of an object carries (`copy_state`), by how each field is copied.

    - `names`: every field of a copy (any other value of the original, such as a cache,
      stays behind);
    - `shared`: the fields shared as they are (immutable values);
    - `lists`, `nested`, `parts`: as in `Fields`;
    - `slotted`: ``(name, member descriptor)`` of kernel objects with one slot and no
      other state (`Rng`, `EventLog`): copied as a new object of the slot's class (a
      subclass's instance, such as a test's loaded dice, gives a plain one) holding the
      same value, or its own copy of a list;
    - `dropped`: values outside `names` that an original often holds (the kernel's
      latest `legal_actions` answer): the C code looks for these first, before it scans.
    """

    names: frozenset[str]
    shared: tuple[str, ...]
    lists: tuple[str, ...]
    nested: tuple[str, ...]
    parts: tuple[str, ...]
    slotted: tuple[tuple[str, Any], ...]
    dropped: tuple[str, ...]


def copy_state_python(source: object, plan: ClonePlan, /) -> Any:
    """A new instance of `source`'s class (no `__init__` run) with the fields `plan`
    names, copied as it says: nothing mutable is shared with `source`. A KeyError names a
    field `source` lacks."""
    new = object.__new__(type(source))
    # Straight through the instance dicts: about half the time of getattr/setattr.
    mine, theirs = source.__dict__, new.__dict__
    for name in plan.shared:
        theirs[name] = mine[name]
    for name in plan.lists:
        theirs[name] = mine[name].copy()
    for name in plan.nested:
        theirs[name] = [row.copy() for row in mine[name]]
    for name in plan.parts:
        part = mine[name]
        theirs[name] = None if part is None else part.copy()
    for name, slot in plan.slotted:
        kept = mine[name]
        value = slot.__get__(kept)
        theirs[name] = copy = object.__new__(slot.__objclass__)
        slot.__set__(copy, value.copy() if type(value) is list else value)
    return new


try:
    from . import _native

    copy_state = _native.clone
except (ImportError, AttributeError):  # not built, or built before `clone`: in Python
    copy_state = copy_state_python


def _flat_list(name: str, value: Any) -> list[Any]:
    if not isinstance(value, list) or not all(isinstance(x, _SCALAR_TYPES) for x in value):
        raise ValueError(f"{name} must be a list of numbers or strings, got {quote(value)}")
    return list(value)
