"""`AppendLog`: a list that grows at its end, whose copies share their beginning.

A state's history and its event log grow by an entry or two an action, and every `clone`
copies them: a search clones millions of times, and a Munchkin game runs to thousands of
entries. An `AppendLog` keeps its entries as sealed chunks of `CHUNK` (tuples, which
copies share) and a tail of fewer (a list of its own), so a copy costs the tail, not the
whole log. It reads like a list (``len``, indexing, slices as lists, iteration, ``==``
with a list) and changes only at its end (``append``, ``pop``, ``clear``).

In C when it is built (`_native.c`), where a copy shares the tail too until either log
changes it (copy on write: a clone dropped unchanged copies no entry); `PythonAppendLog`
is the same log for a plain source tree, copying its tail at once.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, SupportsIndex, TypeVar, overload

T = TypeVar("T")

CHUNK = 32  # entries a sealed chunk holds (the C code's too)


class PythonAppendLog(Sequence[T]):
    """The Python `AppendLog` (see the module docstring)."""

    __slots__ = ("_chunks", "_tail")

    def __init__(self, entries: Iterable[T] = ()) -> None:
        self._chunks: tuple[tuple[T, ...], ...] = ()
        self._tail: list[T] = []
        for entry in entries:
            self.append(entry)

    def __len__(self) -> int:
        return len(self._chunks) * CHUNK + len(self._tail)

    def _entries(self) -> list[T]:
        return [entry for chunk in self._chunks for entry in chunk] + self._tail

    @overload
    def __getitem__(self, index: SupportsIndex) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: SupportsIndex | slice) -> T | list[T]:
        if isinstance(index, slice):
            return self._entries()[index]
        if not hasattr(index, "__index__"):
            raise TypeError(
                f"AppendLog indices must be integers or slices, not {type(index).__name__}"
            )
        i, length = operator.index(index), len(self)
        if i < 0:
            i += length
        if not 0 <= i < length:
            raise IndexError("AppendLog index out of range")
        sealed = len(self._chunks) * CHUNK
        return self._tail[i - sealed] if i >= sealed else self._chunks[i // CHUNK][i % CHUNK]

    def __iter__(self) -> Iterator[T]:
        return iter(self._entries())

    def append(self, entry: T) -> None:
        """Add an entry at the end."""
        self._tail.append(entry)
        if len(self._tail) == CHUNK:  # sealed: copies made before keep the old chunks
            self._chunks += (tuple(self._tail),)
            self._tail.clear()

    def pop(self) -> T:
        """Remove and return the last entry."""
        if not self._tail:
            if not self._chunks:
                raise IndexError("pop from an empty AppendLog")
            self._tail[:] = self._chunks[-1]
            self._chunks = self._chunks[:-1]
        return self._tail.pop()

    def clear(self) -> None:
        """Remove every entry."""
        self._chunks = ()
        self._tail.clear()

    def copy(self) -> PythonAppendLog[T]:
        """A copy that shares the sealed chunks and owns the rest."""
        new = object.__new__(type(self))
        new._chunks = self._chunks
        new._tail = self._tail.copy()
        return new

    def __eq__(self, other: object) -> bool:
        if isinstance(other, list | PythonAppendLog):
            return self._entries() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # it changes

    def __repr__(self) -> str:
        return f"AppendLog({self._entries()!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self._entries(),)


if TYPE_CHECKING:
    AppendLog = PythonAppendLog
else:
    try:
        from . import _native

        AppendLog = _native.AppendLog
    except ImportError:  # not built (a plain source tree): the same log in Python
        AppendLog = PythonAppendLog
    Sequence.register(AppendLog)
