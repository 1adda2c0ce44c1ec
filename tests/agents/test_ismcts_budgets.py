"""ISMCTS budgets and expansion: an iteration budget and a time budget in one name, the
count of decisions the time cut short, and new nodes that start from the rollout policy."""

from __future__ import annotations

import random

import pytest

import gamenight
from gamenight import agents
from gamenight.agents.ismcts import ISMCTS, _Edge, from_name
from gamenight.kernel import Clock, State
from gamenight.play.table import next_actor


def a_decision(game_id: str, seed: int) -> State:
    """A state of a random two-seat game where the seat asked next has a real choice."""
    state = gamenight.make(game_id, 2, seed)
    rng = random.Random(seed)
    while True:
        seat = next_actor(state)
        legal = state.legal_actions(seat)
        if len(legal) > 2:
            return state
        state.apply(seat, legal[rng.randrange(len(legal))])


def test_a_name_may_give_both_budgets_in_either_order():
    for name in ("ismcts:60:200ms:heuristic", "ismcts:200ms:60:heuristic"):
        searcher = agents.make(name, "meow-dark-lord", 1)
        assert isinstance(searcher, ISMCTS)
        assert (searcher.iterations, searcher.ms) == (60, 200)
    for bad in ("ismcts:5:6", "ismcts:5ms:6ms", "ismcts:5:6ms:7"):
        with pytest.raises(ValueError, match="ismcts"):
            agents.make(bad, "meow-dark-lord")


def test_the_decisions_a_time_budget_cut_short_are_counted():
    state = a_decision("meow-dark-lord", 3)
    seat = next_actor(state)
    legal = state.legal_actions(seat)
    cut = from_name("ismcts:10000000:1ms", "meow-dark-lord", 1)
    whole = from_name("ismcts:2:3600000ms", "meow-dark-lord", 1)
    timed_only = from_name("ismcts:1ms", "meow-dark-lord", 1)
    for searcher in (cut, whole, timed_only):
        assert searcher.act(state.view(seat), legal, Clock(), state) in legal
    assert (cut.capped, whole.capped, timed_only.capped) == (1, 0, 0)


@pytest.mark.parametrize("game_id", ["boss-quest", "meow-dark-lord"])
def test_a_new_node_first_adds_the_rollout_bots_move(game_id):
    """Below the root a node's first child is the move its seat's rollout bot makes, so
    the tree starts from the policy that the search improves on."""
    state = a_decision(game_id, 5)
    seat = next_actor(state)
    legal = state.legal_actions(seat)
    searcher = from_name("ismcts:4:heuristic", game_id, 2)
    assert searcher._rollout_bots is not None
    bots = searcher._rollout_bots()
    expected = from_name("ismcts:4:heuristic", game_id, 2)._rollout_bots
    assert expected is not None
    twin = expected()[seat]
    below_root = [(seat, _Edge())]
    chosen = searcher._expansion(state, seat, legal, legal, bots, None, below_root)
    assert chosen == twin.act(state.view(seat), legal, Clock())


def test_an_action_budget_counts_the_simulated_actions():
    """``1actions`` ends the search after its first iteration (which simulates one action
    at least), so it moves as ``ismcts:1`` does; a larger budget is repeatable."""
    state = a_decision("meow-dark-lord", 4)
    seat = next_actor(state)
    legal = state.legal_actions(seat)

    def move(name: str) -> object:
        return from_name(name, "meow-dark-lord", 6).act(state.view(seat), legal, Clock(), state)

    assert move("ismcts:1actions:heuristic") == move("ismcts:1:heuristic")
    assert move("ismcts:300actions") == move("ismcts:300actions")
    searcher = agents.make("ismcts:3000actions:200ms", "meow-dark-lord", 1)
    assert isinstance(searcher, ISMCTS)
    assert (searcher.iterations, searcher.actions, searcher.ms) == (None, 3000, 200)
    for bad in ("ismcts:0actions", "ismcts:5actions:6actions", "ismcts:actions"):
        with pytest.raises(ValueError, match="ismcts"):
            agents.make(bad, "meow-dark-lord")
