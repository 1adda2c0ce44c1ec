"""Every game's observation encoder, through the generic `Encoding`: present, consistent
with its layout, within bounds, and blind to what the observing seat may not know."""

from __future__ import annotations

import copy

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the RL adapters need the rl extra")

import gamenight
from gamenight.envs import encoding as encoding_module
from gamenight.envs.encoding import Encoding, MissingEncoder, encoder
from gamenight.kernel import GameSpec, IllegalAction
from gamenight.kernel.registry import game_class
from gamenight.play.table import next_actor

SEEDS = range(8)


def test_every_game_has_an_observation_encoder(registered_game):
    try:
        encoder(registered_game)
    except MissingEncoder as exc:
        pytest.fail(f"{exc}. Every game brings its encoder and these tests (README).")


def test_a_game_without_an_encoder_is_refused_with_a_clear_message(monkeypatch):
    bare = GameSpec(state=game_class("boss-quest"))  # the rules alone
    monkeypatch.setattr(encoding_module, "spec", lambda game_id: bare)
    with pytest.raises(MissingEncoder, match=r"boss-quest has no observation encoder: name "):
        encoder("boss-quest")


def test_observations_follow_the_layout_and_stay_in_bounds(game_id, players, playout):
    encoding = Encoding(game_id, players, {})
    assert len(set(encoding.names)) == encoding.size, "layout names must be unique"
    assert np.all(encoding.low <= encoding.high)
    for seed in SEEDS:
        for state in playout(game_id, players, seed):
            for seat in [None, *range(players)]:
                observation = encoding.observation(state, seat)
                assert observation.shape == (encoding.size,)
                outside = (observation < encoding.low) | (observation > encoding.high)
                assert not outside.any(), [
                    (encoding.names[i], observation[i]) for i in np.flatnonzero(outside)
                ]
                assert encoding.text(state, seat)


def test_masks_are_exactly_the_legal_actions(game_id, players, playout):
    encoding = Encoding(game_id, players, {})
    for seed in SEEDS:
        for state in playout(game_id, players, seed):
            for seat in range(players):
                legal = state.legal_actions(seat)
                mask = encoding.mask(state, seat)
                assert mask.sum() == len(legal), "every legal action must be in the codec once"
                assert {state.codec.decode(int(i)) for i in np.flatnonzero(mask)} == set(legal)


def test_masks_of_actions_built_elsewhere_are_looked_up_by_value(monkeypatch):
    """An equal action that is not the codec's own instance (a game or a test built it)
    is found by value, by the C mask and by the Python loop alike."""
    state = gamenight.make("boss-quest", 3, seed=1)
    seat = next_actor(state)
    encoding = Encoding("boss-quest", 3, {})
    expected, expected_ids = encoding.mask(state, seat), encoding.legal_ids(state, seat)
    copies = [copy.copy(action) for action in state.legal_actions(seat)]
    monkeypatch.setattr(state, "legal_actions", lambda seat: copies)
    assert np.array_equal(encoding.mask(state, seat), expected)
    assert encoding.legal_ids(state, seat) == expected_ids
    monkeypatch.setattr(encoding_module, "NATIVE_MASKS", False)
    assert np.array_equal(encoding.mask(state, seat), expected)
    assert encoding.legal_ids(state, seat) == expected_ids


def test_the_c_index_finds_its_own_objects_only():
    masks = pytest.importorskip("gamenight.envs._masks")
    first, second, third = object(), object(), object()
    index = masks.Index((first, second, third, first))  # listed twice: its first id
    assert index.size == 4
    assert masks.ids([third, first], index) == [0, 2]
    assert masks.mask([third, first], index) == bytearray([1, 0, 1, 0])
    assert masks.ids([], index) == []
    assert masks.mask([second, object()], index) is None  # an equal copy is looked up by value
    assert masks.ids((second, "an action built elsewhere"), index) is None
    with pytest.raises(TypeError):
        masks.mask([first], {id(first): 0})
    with pytest.raises(TypeError, match="sequence"):
        masks.ids(7, index)
    with pytest.raises(TypeError):
        masks.Index([first])


def test_the_c_float_list_is_numpys_bit_for_bit():
    masks = pytest.importorskip("gamenight.envs._masks")
    tensor = np.random.default_rng(5).random(500).astype(np.float32)
    tensor[::3], tensor[1::7], tensor[10:14] = 0.0, 1.0, 0.25  # zeros, ones and a run
    tensor[[5, 6, 7, 8]] = [-0.0, np.inf, -1.0, 1e-42]  # a signed zero, a subnormal
    listed = masks.floats(tensor)
    assert [value.hex() for value in listed] == [value.hex() for value in tensor.tolist()]
    assert masks.floats(np.zeros(0, np.float32)) == []
    with pytest.raises(TypeError, match="float32"):
        masks.floats(np.zeros(3, np.float64))
    with pytest.raises(TypeError):
        masks.floats([0.0, 1.0])  # no buffer


def test_the_c_mask_and_ids_are_the_python_ones(game_id, players, playout, monkeypatch):
    """On every state of two games (a playout advances one state: each is asked as it
    comes)."""
    encoding, built = Encoding(game_id, players, {}), encoding_module.NATIVE_MASKS
    choices = 0
    for seed in SEEDS[:2]:
        for state in playout(game_id, players, seed):
            for seat in range(players):
                native = encoding.mask(state, seat), encoding.legal_ids(state, seat)
                monkeypatch.setattr(encoding_module, "NATIVE_MASKS", False)
                python = encoding.mask(state, seat), encoding.legal_ids(state, seat)
                monkeypatch.setattr(encoding_module, "NATIVE_MASKS", built)
                assert np.array_equal(native[0], python[0])
                assert native[1] == python[1]
                choices += len(native[1]) > 1
    assert choices, "the games must offer choices"


def test_games_stay_within_the_declared_length_and_scores(game_id, players, playout):
    encoding = Encoding(game_id, players, {})
    low, high = encoding.scores
    for seed in SEEDS:
        *_, final = playout(game_id, players, seed)
        assert len(final.history) <= encoding.max_actions
        assert all(low <= score <= high for score in final.outcome().scores)


def test_no_observation_reveals_what_its_seat_may_not_know(game_id, players, playout):
    """Resampling everything a seat cannot see must leave its observation and text as they
    were: an observation that carried another seat's hidden card would change (that
    resampling does change hidden cards is each game's own test, e.g. Boss Quest's)."""
    encoding = Encoding(game_id, players, {})
    for seed in SEEDS:
        for state in playout(game_id, players, seed):
            for seat in range(players):
                observation, text = encoding.observation(state, seat), encoding.text(state, seat)
                for k in range(2):
                    world = state.determinize(seat, seed * 1000 + k)
                    assert np.array_equal(encoding.observation(world, seat), observation)
                    assert encoding.text(world, seat) == text


def test_bad_settings_and_actions_are_refused(game_id):
    with pytest.raises(ValueError, match="players"):
        Encoding(game_id, 99, {})
    with pytest.raises(ValueError, match="unknown option"):
        Encoding(game_id, game_class(game_id).min_players, {"no_such_option": 1})
    encoding = Encoding(game_id, game_class(game_id).min_players, {})
    state = encoding.new_state(seed=1)
    seat = next_actor(state)
    before = state.to_json()
    for bad in (-1, encoding.num_actions, 1.5, "0", None):
        with pytest.raises(IllegalAction):
            state.apply(seat, encoding.decode(bad))
    illegal = np.flatnonzero(encoding.mask(state, seat) == 0)
    if illegal.size:
        with pytest.raises(IllegalAction):
            state.apply(seat, encoding.decode(int(illegal[0])))
    assert state.to_json() == before


@pytest.mark.parametrize("flag", [True, False, np.bool_(True), np.bool_(False)])
def test_booleans_are_not_action_ids(game_id, flag):
    # operator.index takes True for 1: a bool would have played codec action 0 or 1.
    encoding = Encoding(game_id, game_class(game_id).min_players, {})
    with pytest.raises(IllegalAction, match="an action is an integer codec id"):
        encoding.decode(flag)
    assert encoding.decode(np.int64(0)) == encoding.decode(0)
