"""Terminal renderers, one module per game, named by its `GameSpec` (``renderer``).

A game becomes playable in the terminal with a module of the four functions of
`Renderer`; `gamenight play` and `gamenight replay` stay generic.
Renderers build everything from views and events, never from a state's hidden fields.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, cast

from rich.console import RenderableType

from gamenight.kernel import Action, Event, spec

View = dict[str, Any]


class Renderer(Protocol):
    """What a game's renderer module provides. `lang` localizes card names."""

    def table(
        self, view: View, lang: str, me: int | None = None, reveal: Sequence[View] | None = None
    ) -> RenderableType:
        """The table as `view` shows it, from seat `me`'s side (``None``: a spectator).

        `reveal` (post-mortem only): every seat's own view, indexed by seat, so that each
        seat's hidden cards are shown as that seat saw them.
        """
        ...

    def choice(self, view: View, action: Action, lang: str) -> str:
        """A legal action of the seat whose `view` this is, in words."""
        ...

    def events(self, events: Sequence[Event], lang: str, me: int | None = None) -> list[str]:
        """Readable lines (Rich markup) for consecutive events, told to seat `me`."""
        ...

    def result(self, view: View, lang: str, me: int | None = None) -> RenderableType:
        """The end of a finished game: winners and final standing."""
        ...


def renderer(game_id: str) -> Renderer:
    """The terminal renderer of a game; `ValueError` if it has none yet."""
    module = spec(game_id).part("renderer")  # an unknown game id: ValueError naming the known
    if module is None:
        raise ValueError(f"{game_id} cannot be played in the terminal yet (no renderer)")
    return cast(Renderer, module)
