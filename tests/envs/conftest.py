"""Shared parametrization for the RL adapter tests: every registered game, several
player counts, and random playouts."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

import gamenight
from gamenight.kernel import State
from gamenight.testing import playout as random_playout

from .cases import NO_ENCODER, PLAYOUT_GAMES, PLAYOUT_STRIDE, has_encoder, player_counts


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """``registered_game`` runs a test on every game. ``game_id`` runs it on every game,
    skipped for a game without an encoder (which fails the presence test once instead of
    every test); with ``players`` too, at each of the game's `player_counts`."""
    names = metafunc.fixturenames
    if "registered_game" in names:
        metafunc.parametrize("registered_game", gamenight.games())
    elif "game_id" in names and "players" in names:
        cases = [
            pytest.param(g, p, id=f"{g}-{p}p", marks=() if has_encoder(g) else NO_ENCODER)
            for g in gamenight.games()
            for p in player_counts(g)
        ]
        metafunc.parametrize(("game_id", "players"), cases)
    elif "game_id" in names:
        cases = [
            pytest.param(g, id=g, marks=() if has_encoder(g) else NO_ENCODER)
            for g in gamenight.games()
        ]
        metafunc.parametrize("game_id", cases)


Playout = Callable[[str, int, int], Iterator[State]]


@pytest.fixture
def playout() -> Playout:
    """``playout(game_id, players, seed)`` yields every state of one random game (every
    `PLAYOUT_STRIDE`-th for the long ones), the finished one included: the same object,
    advanced one action at a time."""

    def states(game_id: str, players: int, seed: int) -> Iterator[State]:
        options = PLAYOUT_GAMES.get(game_id, {})
        return random_playout(game_id, players, seed, PLAYOUT_STRIDE.get(game_id, 1), **options)

    return states
