"""The agent interface: bots, search agents and human seats all implement it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from .actions import Action
from .state import State


@dataclass(frozen=True)
class Clock:
    """Time information the table loop passes to an agent.

    `remaining`: seconds left before the seat's deadline (``None``: no deadline).
    """

    remaining: float | None = None


@runtime_checkable
class Agent(Protocol):
    """Chooses an action from what its seat may see.

    Search agents set ``needs_state = True`` and receive the state as `state`, which they
    may only `clone` and `determinize` for their own seat. Agents that never read the view
    may set ``needs_view = False``: the table loop then passes an empty dict instead of
    building it (both attributes are optional; without them the view is built and no
    state is passed).
    """

    name: str

    def act(
        self,
        view: dict[str, Any],
        legal: list[Action],
        clock: Clock | None = None,
        state: State | None = None,
    ) -> Action: ...
