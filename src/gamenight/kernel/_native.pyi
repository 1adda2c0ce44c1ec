"""The kernel's hot loops in C (`_native.c`): `rng.Rng`'s draws, `fields.copy_state`,
`state.seen_by` and `appendlog.AppendLog` are these when they are built;
`fields.Fields.plan` makes a `Layout`."""

from collections.abc import Sequence
from typing import Any

from .actions import Action
from .appendlog import AppendLog
from .events import Entry
from .fields import ClonePlan

def below(state: int, n: int, /) -> tuple[int, int]: ...
def next64(state: int, /) -> tuple[int, int]: ...
def shuffle(state: int, items: list[object], /) -> int: ...

class Layout:
    """A class's clone plan as slot offsets and kinds (made by `layout`)."""

def layout(
    owner: type,
    shared: tuple[Any, ...],
    lists: tuple[Any, ...],
    nested: tuple[Any, ...],
    parts: tuple[tuple[Any, type], ...],
    slotted: tuple[tuple[Any, Any], ...],
    /,
) -> Layout: ...
def clone(source: object, plan: ClonePlan, /) -> Any: ...
def seen_by(
    entries: Sequence[Entry],
    history: Sequence[tuple[int, Action]],
    seat: int | None,
    hidden: list[tuple[int, Action]],
    /,
) -> tuple[AppendLog[Entry], AppendLog[tuple[int, Action]]]: ...
