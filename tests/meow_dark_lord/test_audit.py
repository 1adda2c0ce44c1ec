"""Meow, Dark Lord!: Steal with an empty treasury (rules page: "Steal still works")."""

from __future__ import annotations

from gamenight.games.meow_dark_lord.actions import Rob, Search

from .helpers import game, play


def test_steal_still_works_when_the_treasury_is_empty():
    # Every coin is with the players: a Night Prowler (power 4) rolling 2 and 3 wins two
    # coins, each taken from a chosen player although the treasury could pay nothing.
    state = game(phase="dungeon", dungeons={0: ["prowler"]}, coins=[0, 30, 6], dice=[2, 3])
    assert state.treasury == 0
    play(state, (0, Search(state.dungeons[0][0])))
    assert state.legal_actions(0) == [Rob(1), Rob(2)]  # the empty treasury is no choice
    play(state, (0, Rob(2)), (0, Rob(2)))
    assert state.coins == [2, 30, 4] and state.treasury == 0
