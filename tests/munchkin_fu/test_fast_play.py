"""Random games under Fu's fast-play option (start hands of 4 + 4, claims on the discard
piles): no crash, every card in one place, claims made and settled, replays exact."""

from __future__ import annotations

from munchkin.test_random_games import zones

import gamenight
from gamenight.kernel import Rng

from .helpers import GAME


def test_random_fast_play_games_keep_every_card_and_replay_exactly():
    claims = 0
    for seed in range(12):
        state = gamenight.make(GAME, 3 + seed % 4, seed=seed, max_turns=40, fast_play=True)
        rng = Rng(seed)
        while not state.is_over():
            seat = rng.choice(state.actors())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            assert zones(state) == list(range(state.CS.size))
        claims += sum(1 for event in state.events if event.kind == "claimed")
        assert gamenight.replay(state.record()).to_json() == state.to_json()
    assert claims > 0
