"""The OpenSpiel games under OpenSpiel's own random simulation test, and with its Python
ISMCTS and MCTS bots."""

from __future__ import annotations

import math

import numpy as np
import pytest

pytest.importorskip("pyspiel", reason="the RL adapters need the rl extra")

import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import gamenight
from gamenight.envs.openspiel import game_name
from gamenight.kernel import IllegalAction, game_class
from gamenight.play.table import next_actor

from .cases import games, player_counts, short_game

SIMULATIONS = 100  # random games per game, spread over its player counts


def load(game_id: str, players: int, **params) -> pyspiel.Game:
    return pyspiel.load_game(game_name(game_id), {"players": players, **params})


def deal(game: pyspiel.Game, outcome: int = 0) -> pyspiel.State:
    state = game.new_initial_state()
    assert state.is_chance_node()
    state.apply_action(outcome)
    return state


def test_random_sim_test(game_id, players):
    sims = math.ceil(len(games(game_id, SIMULATIONS)) / len(player_counts(game_id)))
    game = load(game_id, players, **short_game(game_id))
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_each_move_is_the_seat_the_table_asks_and_a_finished_game_takes_none(game_id):
    """The current player is kept for a move (OpenSpiel asks several times): it must be
    the seat `next_actor` asks after every action, and the seat the move is applied for."""
    state = deal(load(game_id, game_class(game_id).min_players, **short_game(game_id)), 2)
    rng = np.random.default_rng(2)
    while not state.is_terminal():
        player = state.current_player()
        assert player == next_actor(state.game)
        state.apply_action(int(rng.choice(state.legal_actions())))
        assert state.game.history[-1][0] == player
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    with pytest.raises(IllegalAction, match="over"):
        state.apply_action(0)


def test_python_callers_get_what_cpp_gives(game_id):
    """`legal_actions` and `observation_tensor` answer Python callers without C++'s round
    trips: for the deal, every seat, the seat to move, a finished game and a
    pseudo-player, the same answers as C++ (compared by each float's bits)."""
    game = load(game_id, game_class(game_id).min_players, **short_game(game_id))
    state = game.new_initial_state()
    cpp = pyspiel.State  # OpenSpiel's own methods, through its C++ state
    assert state.legal_actions() == cpp.legal_actions(state) == list(range(game.deals))
    assert state.observation_tensor(0) == cpp.observation_tensor(state, 0)
    state.apply_action(3)
    with pytest.raises(pyspiel.SpielError, match="pseudo-player"):
        state.legal_actions(pyspiel.PlayerId.CHANCE)
    rng = np.random.default_rng(3)
    while not state.is_terminal():
        assert state.legal_actions() == cpp.legal_actions(state)
        assert bits(state.observation_tensor()) == bits(cpp.observation_tensor(state))
        for seat in range(game.num_players()):
            assert state.legal_actions(seat) == cpp.legal_actions(state, seat)
            assert bits(state.observation_tensor(seat)) == bits(cpp.observation_tensor(state, seat))
        legal = state.legal_actions()
        legal.clear()  # the caller's own list: the next answer is whole again
        assert state.legal_actions() == cpp.legal_actions(state) != []
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.legal_actions() == cpp.legal_actions(state) == []
    assert state.legal_actions(0) == cpp.legal_actions(state, 0) == []
    assert bits(state.observation_tensor(0)) == bits(cpp.observation_tensor(state, 0))
    with pytest.raises(pyspiel.SpielError):
        state.observation_tensor()  # no player to move


def bits(values: list[float]) -> list[str]:
    return [value.hex() for value in values]


def test_load_game_by_name_with_options(game_id):
    cls = game_class(game_id)
    game = pyspiel.load_game(f"{game_name(game_id)}(players={cls.max_players})")
    assert game.num_players() == cls.max_players
    assert game.num_distinct_actions() == cls.codec.size
    with pytest.raises(ValueError, match="players"):
        load(game_id, cls.max_players + 1)


def test_a_deal_is_the_gamenight_game_of_its_seed(game_id):
    players = game_class(game_id).min_players
    state = deal(load(game_id, players, rng_seed=3, deals=10), outcome=7)
    assert state.game.to_json() == gamenight.make(game_id, players, seed=37).to_json()


def test_serialization_goes_through_to_json(game_id, players):
    game = load(game_id, players)
    state = deal(game, 5)
    for action in state.legal_actions()[:1]:
        state.apply_action(action)
    text = pyspiel.serialize_game_and_state(game, state)
    _, copy = pyspiel.deserialize_game_and_state(text)
    assert copy.game.to_json() == state.game.to_json()
    assert copy.history() == state.history()


def test_resampling_keeps_what_the_player_knows(game_id, players):
    game = load(game_id, players, **short_game(game_id))
    state = deal(game, 11)
    rng = np.random.RandomState(0)
    while not state.is_terminal():
        player = state.current_player()
        world = state.resample_from_infostate(player, rng.random_sample)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.observation_string(player) == state.observation_string(player)
        assert world.observation_tensor(player) == state.observation_tensor(player)
        assert world.legal_actions() == state.legal_actions()
        state.apply_action(rng.choice(state.legal_actions()))


def test_a_player_remembers_each_of_its_own_actions(game_id, players):
    """Perfect recall: a seat's information state changes with every action it takes, even
    one that logs no event (a Munchkin trade begun and dropped), so that a search never
    takes two positions that offer different actions for one."""
    game = load(game_id, players, **short_game(game_id))
    state = deal(game, 4)
    rng = np.random.RandomState(4)
    for _ in range(300):
        if state.is_terminal():
            break
        player = state.current_player()
        before = state.information_state_string(player)
        state.apply_action(rng.choice(state.legal_actions()))
        assert state.information_state_string(player) != before


@pytest.mark.parametrize("bot", ["ismcts", "mcts"])
def test_openspiels_search_bots_play_a_whole_game(game_id, bot):
    players = game_class(game_id).min_players
    game = load(game_id, players, **short_game(game_id))
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    if bot == "ismcts":
        searcher = ismcts.ISMCTSBot(game, evaluator, 2.0, max_simulations=8, random_state=rng)
        # OpenSpiel's default sampler seeds itself from the system: the worlds (and so the
        # test) would differ from run to run.
        searcher.set_resampler(
            lambda state, player: state.resample_from_infostate(player, rng.random_sample)
        )
    else:
        searcher = mcts.MCTSBot(game, 2.0, max_simulations=8, evaluator=evaluator, random_state=rng)
    state = deal(game, 2)
    while not state.is_terminal():
        if state.current_player() == 0:
            action = searcher.step(state)
        else:
            action = rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.returns()) == players


def test_the_observer_offers_each_piece_by_name_with_its_shape(game_id):
    players = game_class(game_id).min_players
    game = load(game_id, players)
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False))
    state = deal(game, 2)
    observer.set_from(state, player=0)
    pieces = gamenight.envs.encoding.encoder(game_id).pieces(players, state.game.options)
    assert list(observer.dict) == [piece.name for piece in pieces.pieces]
    for piece in pieces.pieces:
        named = observer.dict[piece.name]
        assert named.shape == piece.shape
        flat = observer.tensor[pieces.slices[piece.name]]
        assert np.array_equal(named.reshape(-1), flat)  # a view of the same floats
        assert np.shares_memory(named, observer.tensor)
