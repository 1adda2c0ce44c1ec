"""Positions drawn by hypothesis for the kernel's property tests."""

from __future__ import annotations

from hypothesis import strategies as st

import gamenight
from gamenight.kernel import State
from gamenight.kernel.registry import game_class
from gamenight.testing import random_moves


def drawn_game(data: st.DataObject, game_id: str, most_moves: int) -> State:
    """A game of a drawn player count and seed after up to `most_moves` random moves."""
    cls = game_class(game_id)
    players = data.draw(st.integers(cls.min_players, cls.max_players), label="players")
    seed = data.draw(st.integers(0, 2**40), label="seed")
    moves = data.draw(st.integers(0, most_moves), label="moves")
    return random_moves(gamenight.make(game_id, players, seed=seed), moves, seed)
