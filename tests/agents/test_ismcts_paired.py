"""Common worlds (``ismcts:…:paired``): every world is played after each root move, and
the prior's move stays unless another beats it on those same worlds by a clear margin."""

from __future__ import annotations

import itertools

import pytest

from gamenight import agents
from gamenight.agents.ismcts import ISMCTS, from_name
from gamenight.kernel import Clock, State
from gamenight.play.table import next_actor

from .test_ismcts_budgets import a_decision

NAME = "ismcts:6:heuristic:value:paired"


def test_the_name_turns_it_on_once():
    assert from_name(NAME, "boss-quest", 1).paired
    assert not from_name("ismcts:6:heuristic:value", "boss-quest", 1).paired
    with pytest.raises(ValueError, match="ismcts"):
        agents.make("ismcts:6:paired:paired", "boss-quest")


@pytest.mark.parametrize(
    ("game_id", "name"),
    [
        ("boss-quest", NAME),
        ("meow-dark-lord", "ismcts:4:paired"),
        ("ninja-master", "ismcts:3:heuristic:paired"),
    ],
)
def test_it_is_repeatable_and_only_reads_the_state(game_id, name):
    state = a_decision(game_id, 3)
    seat = next_actor(state)
    legal = state.legal_actions(seat)
    before = state.to_json()
    moves = [from_name(name, game_id, 4).act(state.view(seat), legal, Clock(), state)]
    moves.append(from_name(name, game_id, 4).act(state.view(seat), legal, Clock(), state))
    assert moves[0] == moves[1] and moves[0] in legal
    assert state.to_json() == before


def test_one_world_tells_no_margin_so_the_prior_stays():
    state = a_decision("boss-quest", 5)
    seat = next_actor(state)
    legal = state.legal_actions(seat)
    searcher = from_name("ismcts:1:heuristic:value:paired", "boss-quest", 2)
    prior = from_name("ismcts:1:heuristic:value:paired", "boss-quest", 2)._prior
    assert prior is not None
    expected = prior.act(state.view(seat), legal, Clock())
    assert searcher.act(state.view(seat), legal, Clock(), state) == expected


class Scripted:
    """Rollouts whose result for the searching seat depends on the root move taken and
    on the world's number: what a search on common worlds must read right."""

    def __init__(self, seat: int, reward) -> None:
        self.seat = seat
        self.reward = reward  # (root move, world number) -> the seat's reward
        self.calls: list[tuple[int, object]] = []  # (world seed, root move)
        self.worlds: dict[int, int] = {}

    def __call__(self, world: State, bots, rng) -> list[float]:
        number = self.worlds.setdefault(world.seed, len(self.worlds))
        move = world.history[-1][1]
        self.calls.append((world.seed, move))
        rewards = [0.0] * world.num_players
        rewards[self.seat] = self.reward(move, number)
        return rewards


def scripted_search(reward, iterations: int = 8) -> tuple[object, object, list, Scripted]:
    """The move of a paired search of `iterations` worlds whose rollouts `reward` scores,
    the prior's move, the legal moves and the script."""
    state = a_decision("boss-quest", 7)
    seat = next_actor(state)
    legal = state.legal_actions(seat)
    searcher = from_name(f"ismcts:{iterations}:heuristic:paired", "boss-quest", 3)
    assert isinstance(searcher, ISMCTS) and searcher._prior is not None
    prior = from_name("ismcts:1:heuristic", "boss-quest", 3)._prior
    assert prior is not None
    first = prior.act(state.view(seat), legal, Clock())
    script = Scripted(seat, lambda move, number: reward(move, number, first, legal))
    searcher._rollout = script  # type: ignore[method-assign]
    return searcher.act(state.view(seat), legal, Clock(), state), first, legal, script


def test_each_world_is_played_after_every_root_move():
    _move, _first, legal, script = scripted_search(lambda move, number, first, legal: 0.5)
    runs = [list(calls) for _, calls in itertools.groupby(script.calls, key=lambda c: c[0])]
    assert len(runs) == len(script.worlds) == 8  # one run of calls per world, in turn
    assert all([move for _, move in calls] == legal for calls in runs)


def test_a_move_better_on_every_world_replaces_the_prior():
    def better(move, number, first, legal):
        target = next(action for action in legal if action != first)
        return 0.5 + 0.1 * (move == target) + 0.3 * (number % 2)  # worlds vary, not the gap

    move, first, _legal, _script = scripted_search(better)
    assert move != first


def test_a_move_better_on_average_but_not_clearly_leaves_the_prior():
    def luckier(move, number, first, legal):
        target = next(action for action in legal if action != first)
        if move != target:
            return 0.5
        return 1.0 if number < 5 else 0.0  # ahead on five worlds of eight, far behind on three

    move, first, _legal, _script = scripted_search(luckier)
    assert move == first
