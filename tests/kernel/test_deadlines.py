"""`State.timeout_action`: what a missed deadline applies, for every game (a window's
`PASS` is tested on the mini game, tests/minigame)."""

from __future__ import annotations

import pytest

import gamenight
from gamenight.games.boss_quest.actions import VISIT_MAGE, Discard
from gamenight.games.meow_dark_lord.actions import Draw
from gamenight.games.ninja_master.actions import DONE
from gamenight.kernel import IllegalAction
from gamenight.testing import random_moves


@pytest.mark.parametrize("game_id", gamenight.games())
def test_every_game_declares_a_legal_move_for_a_missed_deadline(game_id):
    for seed in range(20):
        state = random_moves(gamenight.make(game_id, players=3, seed=seed), 8 * seed, seed)
        if state.is_over():
            continue
        for seat in state.actors():
            assert state.timeout_action(seat) in state.legal_actions(seat) or (
                state.real_time and state.timeout_action(seat) == DONE
            )


def test_the_default_moves_are_the_cautious_ones():
    stops = 0
    for seed in range(40):
        quest = random_moves(gamenight.make("boss-quest", players=3, seed=seed), seed, seed)
        if quest.is_over():
            continue
        seat = quest.actors()[0]
        legal = quest.legal_actions(seat)
        safe = [a for a in legal if a == VISIT_MAGE or type(a) is Discard]
        if safe:  # ending the round without drawing is possible: it does so
            assert quest.timeout_action(seat) == safe[0]
            stops += 1
    assert stops > 5
    meow = gamenight.make("meow-dark-lord", players=3, seed=1)
    assert type(meow.timeout_action(meow.actors()[0])) is Draw
    assert gamenight.make("ninja-master", players=3, seed=1).timeout_action(1) == DONE


def test_a_seat_that_may_not_act_has_no_timeout_action():
    state = gamenight.make("boss-quest", players=3, seed=1)
    waiting = next(s for s in range(3) if s not in state.actors())
    with pytest.raises(IllegalAction, match="may not act now"):
        state.timeout_action(waiting)
