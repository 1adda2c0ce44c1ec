"""A game's length: every turn is finite by rule, a per-turn safety limit ends a turn that
runs on anyway, and `observation.max_actions` is a true bound on a game's actions."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamenight
from gamenight.games.munchkin import SETS, observation
from gamenight.games.munchkin.actions import (
    KICK,
    Accept,
    Ask,
    Cancel,
    Counter,
    Decline,
    Discard,
    Done,
    Equip,
    FirstPick,
    Pick,
    Play,
    Sell,
    Trade,
    Treasures,
    Unequip,
    Use,
)
from gamenight.kernel import PASS, Action, Rng

from .helpers import events, game, play

# What prolongs a turn, most first: every other action (passing, kicking the door,
# rolling, ending the turn) comes last. Within a rank the choice is random.
PROLONGING: dict[type[Action], int] = {
    Trade: 0,
    Counter: 0,
    Equip: 1,
    Unequip: 1,
    Ask: 1,
    Pick: 2,
    Sell: 2,
    Treasures: 2,
    FirstPick: 2,
    Use: 3,
    Play: 3,
    Discard: 4,
    Done: 5,
    Accept: 5,
    Cancel: 6,
    Decline: 7,
}


def prolonging(rng: Rng, legal: list[Action]) -> Action:
    """One of the legal actions that prolong the turn most."""
    best = min(PROLONGING.get(type(a), 9) for a in legal)
    return rng.choice([a for a in legal if PROLONGING.get(type(a), 9) == best])


def test_a_turn_that_reaches_the_action_limit_ends_the_game_truncated():
    state = game(levels=[3, 5, 2], max_turn_actions=100)
    state.turn_actions = 98
    state.apply(0, KICK)  # the 99th action of the turn
    assert not state.is_over()
    play(state, (state.actors()[0], PASS))  # the 100th
    assert state.is_over() and state.truncated
    assert state.outcome().winners == (1,)
    assert events(state, "end")[-1]["truncated"]


def test_the_action_count_starts_again_with_each_turn():
    state = game(door=["warrior"], max_turn_actions=100)
    state.apply(0, KICK)
    while state.turn == 0:
        seat = state.actors()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.turn_actions == 0 and not state.is_over()


@pytest.mark.parametrize("game_id", sorted(SETS))
@settings(
    max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(st.integers(3, 6), st.integers(0, 2**32), st.integers(1, 12))
def test_a_policy_that_prolongs_every_turn_still_ends_within_max_actions(
    game_id, players, seed, turns
):
    """Equipping and unequipping, trading, countering, asking and playing whatever can be
    played, before passing: the rules' own bounds end every turn long before the safety
    limit, and the game within `max_actions`."""
    state = gamenight.make(game_id, players, seed=seed, max_turns=turns)
    limit = observation.max_actions(players, state.options)
    rng = Rng(seed)
    while not state.is_over() and len(state.history) <= limit:
        seat = rng.choice(state.actors())
        state.apply(seat, prolonging(rng, state.legal_actions(seat)))
    assert state.is_over() and len(state.history) <= limit
    assert state.turn_actions < state.options["max_turn_actions"], "a turn met the limit"
