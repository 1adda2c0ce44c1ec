"""`gamenight.load` accepts only states the game can reach, and `apply` never loses a game.

A snapshot is rebuilt from its own record (seed and history replayed); an edited field is
refused by name. A bug in a game's code during `apply` leaves the state as it was.
"""

from __future__ import annotations

import json

import pytest

import gamenight
from gamenight.kernel import Rng, game_class
from gamenight.testing import random_moves

GAMES = gamenight.games()


def first_int_field(block: dict) -> str:
    return next(name for name, value in sorted(block.items()) if type(value) is int)


@pytest.mark.parametrize("game", GAMES)
def test_an_edited_field_of_the_game_is_refused_by_name(game):
    state = random_moves(gamenight.make(game, 3, seed=4), 30, 4)
    snapshot = json.loads(state.to_json())
    name = first_int_field(snapshot["state"])
    snapshot["state"][name] += 1
    with pytest.raises(ValueError, match=f"state.{name} is not what the game's own record gives"):
        gamenight.load(json.dumps(snapshot))


@pytest.mark.parametrize("game", GAMES)
def test_a_shortened_history_or_another_generator_is_refused(game):
    state = random_moves(gamenight.make(game, 3, seed=5), 30, 5)
    snapshot = json.loads(state.to_json())
    with pytest.raises(ValueError, match="is not what the game's own record gives"):
        gamenight.load(json.dumps({**snapshot, "history": snapshot["history"][:-1]}))
    with pytest.raises(ValueError, match="rng is not what"):
        gamenight.load(json.dumps({**snapshot, "rng": (snapshot["rng"] + 1) % 2**64}))


@pytest.mark.parametrize("game", GAMES)
def test_every_snapshot_load_accepts_plays_on_saves_and_loads_again(game):
    rng = Rng(9)
    cls = game_class(game)
    for seed in range(6):
        players = min(cls.min_players + seed % 3, cls.max_players)
        state = random_moves(gamenight.make(game, players, seed=seed), 5 * seed * seed, seed)
        loaded = gamenight.load(state.to_json())
        assert loaded.to_json() == state.to_json()
        if not loaded.is_over():
            seat = rng.choice(loaded.actors())
            loaded.apply(seat, rng.choice(loaded.legal_actions(seat)))
        assert gamenight.load(loaded.to_json()).to_json() == loaded.to_json()


@pytest.mark.parametrize("game", GAMES)
def test_a_bug_during_apply_leaves_the_game_as_it_was(game, monkeypatch):
    state = random_moves(gamenight.make(game, 3, seed=6), 12, 6)
    before = state.to_json()
    cls = type(state)
    real_apply = cls._apply

    moves = len(state.history)

    def broken(self, seat, action):  # a bug hit by this move only
        real_apply(self, seat, action)  # the work done, then a crash
        if len(self.history) > moves:
            raise RuntimeError("a bug")

    monkeypatch.setattr(cls, "_apply", broken)
    seat = state.actors()[0]
    action = state.legal_actions(seat)[0]
    with pytest.raises(RuntimeError, match="a bug") as error:
        state.apply(seat, action)
    note = " ".join(error.value.__notes__)
    assert game in note and f"seat {seat}" in note and str(action) in note
    assert f"seed {state.seed}" in note and "as it was before" in note
    assert state.to_json() == before
    monkeypatch.setattr(cls, "_apply", real_apply)
    state.apply(seat, action)  # and the game plays on
