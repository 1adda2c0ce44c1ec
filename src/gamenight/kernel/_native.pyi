"""The kernel's hot loops in C (`_native.c`): `rng.Rng`'s draws and `fields.Fields`'
copies call them when they are built."""

from typing import Any

from .actions import Action
from .events import Entry

def below(state: int, n: int, /) -> tuple[int, int]: ...
def next64(state: int, /) -> tuple[int, int]: ...
def shuffle(state: int, items: list[object], /) -> int: ...
def copy_fields(
    mine: dict[str, Any],
    theirs: dict[str, Any],
    scalars: tuple[str, ...],
    lists: tuple[str, ...],
    nested: tuple[str, ...],
    /,
) -> None: ...
def seen_by(
    entries: list[Entry],
    history: list[tuple[int, Action]],
    seat: int | None,
    hidden: list[tuple[int, Action]],
    /,
) -> tuple[list[Entry], list[tuple[int, Action]]]: ...
