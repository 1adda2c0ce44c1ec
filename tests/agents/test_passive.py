"""The `passive` agent: a pass in every window, otherwise `random`'s seeded choice."""

from __future__ import annotations

import pytest

import gamenight
import gamenight.games.munchkin  # registers Munchkin's card sets in this process
from gamenight import agents
from gamenight.agents import PassiveAgent, RandomAgent
from gamenight.games.munchkin.actions import KICK
from gamenight.kernel import PASS, Action
from gamenight.kernel.registry import game_class
from gamenight.play.table import ask, next_actor
from gamenight.testing import rigged

GAMES = gamenight.games()
SHORT = {"munchkin": {"max_turns": 12}}  # options that keep a game of passive seats short


def some_actions(game_id: str, count: int) -> list[Action]:
    """Actions of a game's codec other than the pass."""
    codec = game_class(game_id).codec
    return [a for a in map(codec.decode, range(min(codec.size, count + 1))) if a != PASS]


def test_every_game_lists_it_and_makes_it():
    assert "munchkin" in GAMES
    for game_id in GAMES:
        assert "passive" in agents.available(game_id)
        agent = agents.make("passive", game_id, seed=1)
        assert isinstance(agent, PassiveAgent) and agent.name == "passive"
        assert not agent.needs_view and not agent.needs_state


def test_it_passes_whenever_it_may():
    actions = some_actions("munchkin", 4)
    agent = PassiveAgent(seed=3)
    for legal in ([PASS], [*actions, PASS], [PASS, *actions], [actions[0], PASS, actions[1]]):
        assert agent.act({}, legal) is PASS


def test_in_a_munchkin_window_every_passive_seat_passes_and_the_window_closes():
    state = rigged("munchkin", players=4, door=["elf"])
    state.apply(0, KICK)
    seats = [PassiveAgent(seed=s) for s in range(4)]
    asked = []
    while state.window is not None:
        seat = next_actor(state)
        asked.append(seat)
        state.apply(seat, ask(seats[seat], state, seat))
    assert sorted(asked) == [0, 1, 2, 3] and state.phase == "loot"


def test_otherwise_it_chooses_as_random_does_with_the_same_seed():
    actions = some_actions("munchkin", 9)
    choices = [actions[: 2 + k % 7] for k in range(40)]
    passive, random = PassiveAgent(seed=11), RandomAgent(seed=11)
    for legal in choices:
        assert passive.act({}, legal) == random.act({}, legal)


def test_a_pass_draws_nothing_from_its_generator():
    actions = some_actions("munchkin", 9)
    passive, random = PassiveAgent(seed=5), RandomAgent(seed=5)
    for k in range(30):
        legal = actions[: 2 + k % 7]
        assert passive.act({}, [*legal, PASS]) is PASS
        assert passive.act({}, legal) == random.act({}, legal)


@pytest.mark.parametrize("game_id", GAMES)
def test_it_plays_every_game_to_the_end_passing_in_every_window(game_id):
    cls = game_class(game_id)
    for players in sorted({cls.min_players, cls.max_players}):
        state = gamenight.make(game_id, players, seed=players, **SHORT.get(game_id, {}))
        seats = [
            agents.make("passive" if s % 2 == 0 else "random", game_id, seed=s)
            for s in range(players)
        ]
        while not state.is_over():
            seat = next_actor(state)
            legal = state.legal_actions(seat)
            action = ask(seats[seat], state, seat)
            assert action in legal
            if seats[seat].name == "passive" and PASS in legal:
                assert action is PASS
            state.apply(seat, action)
        assert gamenight.replay(state.record()).to_json() == state.to_json()
