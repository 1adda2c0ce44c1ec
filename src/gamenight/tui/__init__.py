"""Full-screen terminal apps for real-time games, one module per game (Textual).

`gamenight play` sends a real-time game here; turn-based games keep the prompt of
`gamenight.cli`. A game's live app (its `GameSpec`'s ``live_app``) provides:

- ``run(state, agents, seat, lang) -> str | None``: play the game in the terminal, seat
  `seat` for the person and `agents[s]` for every other seat; the closing words when the
  game is over, ``None`` when the person left before the end.

Textual comes with the ``tui`` extra and is imported only when a game's app is loaded, so
the rest of the command line works without it.
"""

from __future__ import annotations

from types import ModuleType

from gamenight.kernel import State, spec


def is_live(state: State) -> bool:
    """Whether `state` is played in real time (`State.real_time`) and not over."""
    return state.real_time and not state.is_over()


def live_app(game_id: str) -> ModuleType:
    """The live app module of a real-time game; `ValueError` saying what is missing."""
    try:
        module = spec(game_id).part("live_app")
    except ModuleNotFoundError as exc:
        if exc.name is not None and exc.name.split(".")[0] == "textual":
            raise ValueError(
                "real-time play in the terminal needs Textual: pip install 'gamenight[tui]'"
            ) from None
        raise
    if module is None:
        raise ValueError(f"{game_id} cannot be played live in the terminal yet")
    return module
