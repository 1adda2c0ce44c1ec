"""Shared helpers of the Meow, Dark Lord! scenario tests."""

from __future__ import annotations

from typing import Any

from gamenight.games.meow_dark_lord import MeowState
from gamenight.games.meow_dark_lord.content import CATS
from gamenight.kernel import Action
from gamenight.testing import rigged


def game(players: int = 3, **setup: Any) -> MeowState:
    """A rigged position (keywords: see ``games/meow_dark_lord/rig.py``)."""
    return rigged("meow-dark-lord", players=players, **setup)


def play(state: MeowState, *moves: tuple[int, Action]) -> None:
    """Apply ``(seat, action)`` moves in order."""
    for seat, action in moves:
        state.apply(seat, action)


def events(state: MeowState, kind: str) -> list[dict[str, Any]]:
    """The data of every event of one kind, oldest first."""
    return [event.data for event in state.events if event.kind == kind]


def keys(cards: list[int]) -> list[str]:
    """The design keys of card ids (to compare zones with what a rig named)."""
    return [CATS[c].key for c in cards]
