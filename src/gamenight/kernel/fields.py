"""A game's own fields, declared once: the kernel copies, writes and reads them.

A game's model declares its mutable fields by kind (`Fields`) and makes each a slot
(``__slots__ = fields.names``); `State.clone`, `State.to_json` and `gamenight.load` then
need no code of the game's own. A field that fits none of the kinds (a game's own object)
is handled by the game's model, which extends `_copy_into`, `_dump` and `_load` (calling
the kernel's `_dump` and `_load` first).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from types import MemberDescriptorType
from typing import Any, NamedTuple, Protocol, Self

from .appendlog import AppendLog
from .limits import quote

try:
    from . import _native

    native_clone, native_layout = _native.clone, _native.layout
    NATIVE = True
except (ImportError, AttributeError):  # not built, or built before `layout`: in Python
    NATIVE = False

# The values a one-slot object's copy copies (`EventLog`'s entries); others are shared.
_LOGS = (list, AppendLog)

# What JSON reads back as one value of a scalar field or one entry of a list field.
_SCALAR_TYPES = (int, str, bool, float, type(None))


class Part(Protocol):
    """A kernel object kept in a field (`Window`, `DecisionStack`, `Offers`).

    A class of slots only whose `copy` is a new instance holding the same slot values, a
    list or a dict copied one level, says so with ``flat_copy = True``: the C clone then
    makes that copy itself, without the Python call (`tests/kernel/test_native.py`
    compares the two).
    """

    def copy(self) -> Self: ...

    def to_json(self) -> Any: ...

    @classmethod
    def from_json(cls, data: Any, players: int) -> Self: ...


@dataclass(frozen=True)
class Fields:
    """A game's own mutable fields, by how they are copied.

    - `scalars`: immutable values (numbers, strings, enum members, ``None``);
    - `lists`: lists of immutable values (copied one level deep);
    - `tuples`: tuples of immutable values, or tuples of such tuples (one per seat), which
      the game replaces rather than changes (``s.seen += (seat, card)``): a copy shares
      them, so a field that changes a few times a turn, or is mostly empty, costs a clone
      nothing;
    - `nested`: lists of such lists, one per seat or per zone (copied two levels deep);
    - `parts`: ``(name, class)`` of kernel objects with ``copy``, ``to_json`` and
      ``from_json(data, players)``; a part may be ``None`` (a window not open);
    - `own_scalars`, `own_lists`: copied as `scalars` and `lists`, but written and read
      by the game's own `_dump` and `_load` (values that are no JSON as they are: an
      action, a roll).
    """

    scalars: tuple[str, ...] = ()
    lists: tuple[str, ...] = ()
    tuples: tuple[str, ...] = ()
    nested: tuple[str, ...] = ()
    parts: tuple[tuple[str, type[Part]], ...] = ()
    own_scalars: tuple[str, ...] = ()
    own_lists: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        """Every declared field's name: the class that declares them makes them its
        ``__slots__``."""
        parts = tuple(name for name, _ in self.parts)
        return (
            self.scalars
            + self.lists
            + self.tuples
            + self.nested
            + parts
            + self.own_scalars
            + self.own_lists
        )

    def plan(
        self,
        owner: type,
        shared: tuple[str, ...],
        lists: tuple[str, ...],
        slotted: tuple[tuple[str, Any], ...],
    ) -> ClonePlan:
        """How `copy_state` copies an instance of `owner`: these fields and the owner's
        own `shared`, `lists` and `slotted` (see `ClonePlan`). Every one must be a slot
        of `owner`'s (a `TypeError` names one that is not)."""
        shared += self.scalars + self.tuples + self.own_scalars
        lists += self.lists + self.own_lists
        every = shared + lists + self.nested + tuple(n for n, _ in self.parts + slotted)
        if len(set(every)) != len(every):
            raise ValueError(f"a field is declared twice: {every}")
        for name in every:
            if not isinstance(getattr(owner, name, None), MemberDescriptorType):
                raise TypeError(
                    f"{owner.__name__}.{name} is no slot: the class that declares the "
                    "fields makes them its __slots__ (`__slots__ = fields.names`)"
                )
        layout: _native.Layout | None = None
        if NATIVE:
            slot = partial(getattr, owner)  # on the class: the slot's member descriptor
            layout = native_layout(
                owner,
                tuple(map(slot, shared)),
                tuple(map(slot, lists)),
                tuple(map(slot, self.nested)),
                tuple(map(_part_layout, (slot(name) for name, _ in self.parts), self.parts)),
                tuple((slot(name), descriptor) for name, descriptor in slotted),
            )
        return ClonePlan(every, shared, lists, self.nested, self.parts, slotted, layout)

    def dump(self, state: object) -> dict[str, Any]:
        """The fields as JSON-ready data (the `own_` kinds left to the game)."""
        data = {name: getattr(state, name) for name in self.scalars + self.lists + self.nested}
        data.update((name, _thawed(getattr(state, name))) for name in self.tuples)
        for name, _ in self.parts:
            part = getattr(state, name)
            data[name] = None if part is None else part.to_json()
        return data

    def load(self, state: object, data: dict[str, Any], players: int) -> None:
        """Set the fields from `dump`'s output, refusing a value of the wrong shape with a
        `ValueError` naming the field (the game's record decides the rest: `gamenight.load`
        replays it and compares)."""
        written = self.scalars + self.lists + self.tuples + self.nested
        written += tuple(name for name, _ in self.parts)
        missing = [name for name in written if name not in data]
        if missing:
            raise ValueError(f"the state lacks {', '.join(missing)}")
        for name in self.scalars:
            value = data[name]
            if not isinstance(value, _SCALAR_TYPES):
                raise ValueError(f"{name} must be a number, a string or null, got {quote(value)}")
            setattr(state, name, value)
        for name in self.lists:
            setattr(state, name, _flat_list(name, data[name]))
        for name in self.tuples:
            setattr(state, name, _frozen(name, data[name]))
        for name in self.nested:
            rows = data[name]
            if not isinstance(rows, list):
                raise ValueError(f"{name} must be a list of lists, got {quote(rows)}")
            setattr(state, name, [_flat_list(name, row) for row in rows])
        for name, kind in self.parts:
            value = data[name]
            setattr(state, name, None if value is None else kind.from_json(value, players))


class ClonePlan(NamedTuple):
    """What a copy of an object carries (`copy_state`), by how each field is copied.

    - `names`: every field of a copy, each a slot (any value in the original's instance
      dict, such as a cache, stays behind);
    - `shared`: the fields shared as they are (immutable values);
    - `lists`, `nested`: as in `Fields`;
    - `parts`: ``(name, class)`` as in `Fields`;
    - `slotted`: ``(name, member descriptor)`` of kernel objects with one slot and no
      other state (`Rng`, `EventLog`): copied as a new object of the slot's class (a
      subclass's instance, such as a test's loaded dice, gives a plain one) holding the
      same value, or its own copy of a list or an `AppendLog`;
    - `layout`: the same as slot offsets, for the C code (None when it is not built).
    """

    names: tuple[str, ...]
    shared: tuple[str, ...]
    lists: tuple[str, ...]
    nested: tuple[str, ...]
    parts: tuple[tuple[str, type[Part]], ...]
    slotted: tuple[tuple[str, Any], ...]
    layout: _native.Layout | None


def _part_layout(descriptor: Any, part: tuple[str, type[Part]]) -> tuple[Any, ...]:
    """How `layout` takes a part: ``(descriptor, class)``, and for a part copied flat
    (`Part`) its slots' member descriptors too."""
    kind = part[1]
    if not getattr(kind, "flat_copy", False):
        return descriptor, kind
    return descriptor, kind, tuple(vars(kind)[name] for name in vars(kind)["__slots__"])


def copy_state_python(source: object, plan: ClonePlan, /) -> Any:
    """A new instance of `source`'s class (no `__init__` run) with the fields `plan`
    names, copied as it says: nothing mutable is shared with `source`. An AttributeError
    names a field `source` lacks."""
    new = object.__new__(type(source))
    for name in plan.shared:
        setattr(new, name, getattr(source, name))
    for name in plan.lists:
        setattr(new, name, getattr(source, name).copy())
    for name in plan.nested:
        setattr(new, name, [row.copy() for row in getattr(source, name)])
    for name, _ in plan.parts:
        part = getattr(source, name)
        setattr(new, name, None if part is None else part.copy())
    for name, slot in plan.slotted:
        value = slot.__get__(getattr(source, name))
        copy = object.__new__(slot.__objclass__)
        slot.__set__(copy, value.copy() if type(value) in _LOGS else value)
        setattr(new, name, copy)
    return new


# In C when it is built (search bots clone millions of times): the same copies.
copy_state = native_clone if NATIVE else copy_state_python


def _thawed(value: tuple[Any, ...]) -> list[Any]:
    """A `tuples` field as JSON-ready lists."""
    return [list(row) if type(row) is tuple else row for row in value]


def _frozen(name: str, value: Any) -> tuple[Any, ...]:
    """A `tuples` field read back from `_thawed`'s lists (a list of lists: one per seat)."""
    if isinstance(value, list) and value and all(isinstance(row, list) for row in value):
        return tuple(tuple(_flat_list(name, row)) for row in value)
    return tuple(_flat_list(name, value))


def _flat_list(name: str, value: Any) -> list[Any]:
    if not isinstance(value, list) or not all(isinstance(x, _SCALAR_TYPES) for x in value):
        raise ValueError(f"{name} must be a list of numbers or strings, got {quote(value)}")
    return list(value)
