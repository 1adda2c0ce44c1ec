"""Actions and the fixed integer codec every game provides.

An action is a small frozen dataclass, one class per kind of move. Its JSON form is
``{"type": "<ClassName>", **fields}``. A game's `ActionCodec` enumerates every action the
game can ever offer, in a fixed documented order, so that RL adapters see ``0..N-1``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from itertools import repeat
from typing import Any

from .errors import N_, IllegalAction
from .limits import QUOTE_CHARS, clip, quote


@dataclasses.dataclass(frozen=True, order=True, slots=True)
class Action:
    """Base class of every action. Subclasses are frozen dataclasses."""

    def to_json(self) -> dict[str, Any]:
        """The action as a JSON-ready dict."""
        data: dict[str, Any] = {"type": type(self).__name__}
        for name in field_names(type(self)):
            data[name] = getattr(self, name)
        return data

    def __str__(self) -> str:
        args = ", ".join(str(getattr(self, name)) for name in field_names(type(self)))
        return f"{type(self).__name__}({args})"


@dataclasses.dataclass(frozen=True, order=True, slots=True)
class Pass(Action):
    """Decline to act in a window (a response window, a round of claims or bids).

    The kernel's one pass: a game that opens windows lists `PASS` in its codec, and a
    missed deadline in a window applies it (`State.timeout_action`).
    """


PASS = Pass()


@dataclasses.dataclass(frozen=True, order=True, slots=True)
class Hidden(Action):
    """Another seat's action as a determinized world records it (`State.determinize`):
    that it happened is known, what it was is not. No game's codec lists it, so such a
    world's record does not replay and its snapshot does not load."""


HIDDEN = Hidden()


_FIELD_NAMES: dict[type[Action], tuple[str, ...]] = {}


def field_names(action_type: type[Action]) -> tuple[str, ...]:
    """The field names of an action class (cached: records and RL adapters ask often)."""
    names = _FIELD_NAMES.get(action_type)
    if names is None:
        names = _FIELD_NAMES[action_type] = tuple(f.name for f in dataclasses.fields(action_type))
    return names


class ActionCodec:
    """A fixed bijection between a game's actions and the integers ``0..size-1``."""

    def __init__(self, actions: Iterable[Action]) -> None:
        self.actions: tuple[Action, ...] = tuple(actions)
        self._index = {action: i for i, action in enumerate(self.actions)}
        self._canonical = {action: action for action in self.actions}
        # The codec's own instances, which games hand out, by identity: no dataclass hash
        # (a Python call per action) on the RL adapters' masks.
        self._by_identity = {id(action): i for i, action in enumerate(self.actions)}
        if len(self._index) != len(self.actions):
            raise ValueError("an action codec must not list the same action twice")
        self._types = {type(a).__name__: type(a) for a in self.actions}

    @property
    def size(self) -> int:
        """How many actions the game can ever offer (the ``N`` of ``Discrete(N)``)."""
        return len(self.actions)

    def encode(self, action: Action) -> int:
        """The integer of an action."""
        try:
            return self._index[action]
        except (KeyError, TypeError):  # TypeError: an unhashable value is no action either
            raise IllegalAction(f"{quote(action)} is not an action of this game") from None

    def encode_all(self, actions: Sequence[Action]) -> list[int]:
        """The integers of many actions (a legal-actions list), in order, as `encode` gives
        them."""
        indices = list(map(self._by_identity.get, map(id, actions), repeat(-1)))
        if -1 in indices:  # an equal action built elsewhere: looked up by value
            return [self.encode(action) for action in actions]
        return indices

    def is_canonical(self, action: Action) -> bool:
        """Whether `action` is one of the codec's actions, field types included.

        ``Equip(1.0)`` and ``Equip(True)`` compare equal to ``Equip(1)``, but would put a
        float or a bool into the game's state; they are not canonical.
        """
        canonical = self._canonical.get(action)
        if canonical is action:  # the shared instances games hand out: the fast path
            return True
        return canonical is not None and all(
            type(getattr(action, name)) is type(getattr(canonical, name))
            for name in field_names(type(action))
        )

    def decode(self, index: int) -> Action:
        """The action of an integer."""
        if type(index) is not int or not 0 <= index < len(self.actions):
            raise IllegalAction(
                f"action index {quote(index)} is outside 0..{len(self.actions) - 1}"
            )
        return self.actions[index]

    def from_json(self, data: Any) -> Action:
        """Parse an action from its JSON form; a bad form raises `IllegalAction`."""
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise IllegalAction(
                N_("an action must be an object with a 'type', got {value}"), value=quote(data)
            )
        cls = self._types.get(data["type"])
        if cls is None:
            # Clipped: an error message stays short however many kinds a game has.
            known = clip(", ".join(sorted(self._types)), QUOTE_CHARS // 2)
            raise IllegalAction(
                N_("unknown action type {kind}; known: {known}"),
                kind=quote(data["type"]),
                known=known,
            )
        fields = {k: v for k, v in data.items() if k != "type"}
        if set(fields) != set(field_names(cls)):
            if not field_names(cls):
                raise IllegalAction(
                    N_("bad fields for {kind}: expected no fields, got {fields}"),
                    kind=data["type"],
                    fields=quote(list(fields)),
                )
            raise IllegalAction(
                N_("bad fields for {kind}: expected {expected}, got {fields}"),
                kind=data["type"],
                expected=", ".join(field_names(cls)),
                fields=quote(list(fields)),
            )
        action = cls(**fields)
        try:
            index = self._index.get(action)
        except TypeError:  # a list or object where a number belongs
            index = None
        # Equal is not enough: 1.0 and True equal 1, but a field must keep its own type.
        if index is None or any(
            type(value) is not type(getattr(self.actions[index], name))
            for name, value in fields.items()
        ):
            raise IllegalAction(N_("{action} is not an action of this game"), action=quote(data))
        return self.actions[index]
