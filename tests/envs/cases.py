"""Which games and player counts the RL adapter tests cover."""

from __future__ import annotations

from typing import Any

import pytest

from gamenight.kernel.registry import game_class, spec

NO_ENCODER = pytest.mark.skip(reason="no observation encoder: see the encoder presence test")

# Options that shorten the games whose random playouts run long, for the tests that play
# many whole games through an adapter (OpenSpiel's and PettingZoo's own checks, search
# bots); the encoder tests play full-length games, but for Munchkin, whose random games
# last its whole safety limit of turns with every seat answering every window: twelve turns
# (`PLAYOUT_GAMES`, 500 to 900 states a game) reach combats, deaths, charity and curses.
SHORT_GAMES: dict[str, dict[str, Any]] = {
    "meow-dark-lord": {"max_turns": 12},
    "ninja-master": {"max_rounds": 6},
    "munchkin": {"max_turns": 8},
    "munchkin-fu": {"max_turns": 8},
}
PLAYOUT_GAMES: dict[str, dict[str, Any]] = {
    "munchkin": {"max_turns": 12},
    "munchkin-fu": {"max_turns": 12},
}
# Every how many states the playouts stop for the encoder tests to look (the last state is
# always shown): a Munchkin state moves by one pass at a time, so every eighth still sees
# each phase of a turn many times over.
PLAYOUT_STRIDE: dict[str, int] = {"munchkin": 8, "munchkin-fu": 8}

# The games whose whole random games cost far more than the others' (Munchkin: hundreds
# of window answers a turn) run a fraction of the adapter checks' games: `games`.
GAMES_SHARE: dict[str, float] = {"munchkin": 0.1, "munchkin-fu": 0.1}


def games(game_id: str, count: int) -> range:
    """The seeds of `count` games of an adapter check, cut to the game's `GAMES_SHARE`."""
    return range(max(1, round(count * GAMES_SHARE.get(game_id, 1.0))))


def player_counts(game_id: str) -> list[int]:
    """The fewest, a middle and the most players the game takes."""
    cls = game_class(game_id)
    return sorted({cls.min_players, (cls.min_players + cls.max_players) // 2, cls.max_players})


def has_encoder(game_id: str) -> bool:
    """Whether the game's manifest names an observation encoder."""
    return spec(game_id).observation is not None


def short_game(game_id: str) -> dict[str, Any]:
    """The options of `SHORT_GAMES` for a game (none for most games)."""
    return dict(SHORT_GAMES.get(game_id, {}))
