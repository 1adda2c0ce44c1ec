"""The agent interface: bots, search agents and human seats all implement it."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, cast, runtime_checkable

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
        view: Mapping[str, Any],
        legal: list[Action],
        clock: Clock | None = None,
        state: State | None = None,
    ) -> Action: ...


ViewT = TypeVar("ViewT", bound=Mapping[str, Any])


class Bot(Generic[ViewT]):
    """The base of a game's view-only bots: a generator seeded at creation (`rng`), the
    only legal action taken at once, and `choose` for every real decision. With
    ``shuffle_ties = True`` the legal actions reach `choose` in an order drawn by `rng`,
    so a bot that takes the first of equally good actions takes a random one.

    A game's bots subclass ``Bot[TheGamesView]`` and read the game's typed view.
    """

    name = "bot"
    needs_state = False
    shuffle_ties = False

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def act(
        self,
        view: Mapping[str, Any],
        legal: list[Action],
        clock: Clock | None = None,
        state: State | None = None,
    ) -> Action:
        """The only legal action, else `choose` (the state is never read)."""
        if len(legal) == 1:
            return legal[0]
        if self.shuffle_ties:
            legal = legal.copy()
            self._rng.shuffle(legal)
        # The table hands a bot the views of the game it was made for: its game's type.
        return self.choose(cast(ViewT, view), legal)

    def choose(self, view: ViewT, legal: list[Action]) -> Action:
        """Choose one of two or more `legal` actions from `view`."""
        raise NotImplementedError
