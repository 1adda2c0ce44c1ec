"""The decision stack: choices made in several steps, one small action at a time.

Playing a card, then choosing its target, then a slot; a trigger that asks another seat;
a cost paid before an ability: each pending step is a `Frame` on the game's
`DecisionStack`. The top frame decides: while the stack is not empty, a game's
``actors()`` is ``(stack.actor,)`` and its legal actions are the top frame's choices.
Resolving a frame pops it (and may push the next one).

A frame is an immutable ``(kind, seat, args)``: `kind` names the step, `seat` makes the
choice, `args` holds a few ints or strings (a card, a slot, an amount). Its JSON form is
the flat list ``[kind, seat, *args]``.

>>> stack = DecisionStack()
>>> stack.push(Frame("target", 2, (7,)))  # seat 2 played card 7: which seat does it hit?
>>> stack.actor
2
>>> stack.pop()
Frame(kind='target', seat=2, args=(7,))
>>> bool(stack)
False
"""

from __future__ import annotations

from typing import Any, NamedTuple, SupportsIndex

from .limits import quote


class Frame(NamedTuple):
    """One pending step: `seat` chooses, `kind` says what, `args` are its details."""

    kind: str
    seat: int
    args: tuple[int | str, ...] = ()

    def to_json(self) -> list[int | str]:
        """``[kind, seat, *args]``."""
        return [self.kind, self.seat, *self.args]

    @staticmethod
    def from_json(data: Any, players: int | None = None) -> Frame:
        """Parse ``[kind, seat, *args]``; with `players`, the seat must be below it.
        A malformed frame raises `ValueError` naming the bad part."""
        if not isinstance(data, list) or len(data) < 2:
            raise ValueError(f"a frame is a list [kind, seat, *args], got {quote(data)}")
        kind, seat, *args = data
        if not isinstance(kind, str):
            raise ValueError(f"a frame's kind must be a string, got {quote(kind)}")
        if type(seat) is not int or seat < 0 or (players is not None and seat >= players):
            raise ValueError(
                f"frame {quote(kind)}: seat must be a seat of the table, got {quote(seat)}"
            )
        for arg in args:
            if type(arg) not in (int, str):
                raise ValueError(
                    f"frame {quote(kind)}: args must be integers or strings, got {quote(arg)}"
                )
        return Frame(kind, seat, tuple(args))


class DecisionStack(list[Frame]):
    """A stack of `Frame`s, the last pushed on top. Cheap to copy (frames are shared).

    It is a list (bottom first), so that ``if stack`` and ``len(stack)``, asked on every
    move of a game, cost no Python call.
    """

    __slots__ = ()

    def push(self, frame: Frame) -> None:
        """Put `frame` on top: it decides next."""
        self.append(frame)

    def pop(self, index: SupportsIndex = -1) -> Frame:
        """Take the top frame off and return it."""
        if not self:
            raise IndexError("the decision stack is empty")
        return super().pop(index)

    @property
    def top(self) -> Frame:
        """The frame that decides now."""
        if not self:
            raise IndexError("the decision stack is empty")
        return self[-1]

    @property
    def actor(self) -> int:
        """The seat that decides now (the top frame's)."""
        return self.top.seat

    def copy(self) -> DecisionStack:
        """An independent copy."""
        return DecisionStack(self)

    def to_json(self) -> list[list[int | str]]:
        """The frames bottom first, each as ``[kind, seat, *args]``."""
        return [frame.to_json() for frame in self]

    @classmethod
    def from_json(cls, data: Any, players: int | None = None) -> DecisionStack:
        """Restore a stack from `to_json` output (frames checked as `Frame.from_json`)."""
        if not isinstance(data, list):
            raise ValueError(f"a decision stack is a list of frames, got {quote(data)}")
        return cls(Frame.from_json(frame, players) for frame in data)

    def __repr__(self) -> str:
        return f"DecisionStack({list(self)!r})"
