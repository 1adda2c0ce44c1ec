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
    state is passed). A bot whose game reads a seat's share of the state directly, exactly
    what the seat's view shows, sets ``reads_state = True``: the table loop then asks
    ``act_in(state, seat, legal, clock)`` instead and builds no view (see `Bot`).
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

    A game's bots subclass ``Bot[TheGamesView]`` and read the game's typed view. A bot
    that overrides `choose_in` to read its seat's share of the state through its game's
    reader (which shows exactly what the seat's view shows, and is tested against it) sets
    ``reads_state = True``; the table loop then calls `act_in` and builds no view.
    """

    name = "bot"
    needs_state = False
    reads_state = False
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
        # The table hands a bot the views of the game it was made for: its game's type.
        return self.choose(cast(ViewT, view), self._offered(legal))

    def act_in(
        self, state: State, seat: int, legal: list[Action], clock: Clock | None = None
    ) -> Action:
        """`act` on `seat`'s view of `state`, the same action: the only legal one, else
        `choose_in` (which reads no more of the state than the view shows)."""
        if len(legal) == 1:
            return legal[0]
        return self.choose_in(state, seat, self._offered(legal))

    def _offered(self, legal: list[Action]) -> list[Action]:
        """`legal` in the order `choose` sees it: with ``shuffle_ties``, a copy shuffled by
        the bot's generator."""
        if self.shuffle_ties:
            legal = legal.copy()
            self._rng.shuffle(legal)
        return legal

    def choose(self, view: ViewT, legal: list[Action]) -> Action:
        """Choose one of two or more `legal` actions from `view`."""
        raise NotImplementedError

    def choose_in(self, state: State, seat: int, legal: list[Action]) -> Action:
        """`choose` from `seat`'s view of `state`; a bot with ``reads_state`` reads the same
        from the state directly."""
        return self.choose(cast(ViewT, state.view(seat)), legal)
