"""Bad input of every kind, on every registered game: a clear error, and nothing changes.

Seats, actions, JSON, records and snapshots that are wrong raise a clear error and leave
the state byte-identical; determinize and views refuse seats that do not exist.
"""

from __future__ import annotations

import json

import pytest
from envs.cases import short_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamenight
from gamenight import GameRecord, IllegalAction
from gamenight.kernel import Rng
from gamenight.kernel.actions import Action, field_names
from gamenight.kernel.registry import game_class
from gamenight.testing import random_moves

GAMES = gamenight.games()
BAD_SEATS = [-1, 99, True, False, 1.0, "0", None]
NOT_SEATS = [-1, 99, True, 1.0, "0"]  # None is the spectator for views and determinize


def played(game: str, steps: int = 15, seed: int = 4) -> gamenight.State:
    """A game of the minimum table after up to `steps` random legal actions."""
    state = gamenight.make(game, players=game_class(game).min_players, seed=seed)
    return random_moves(state, steps, seed)


def refused(state: gamenight.State, seat, action) -> str:
    """Apply a bad action: it must raise `IllegalAction` and change nothing."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, action)
    assert state.to_json() == before
    return str(info.value)


# ----- apply --------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seat", BAD_SEATS)
def test_a_seat_that_is_not_an_acting_int_is_refused(game, seat):
    state = played(game)
    actor = state.actors()[0]
    if seat in state.actors() and type(seat) is int:
        return
    message = refused(state, seat, state.legal_actions(actor)[0])
    assert repr(seat) in message or "may not act" in message


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_refuses_every_action(game):
    # the short options of the adapter tests: a random game must end within the steps
    state = gamenight.make(game, players=game_class(game).min_players, seed=4, **short_game(game))
    state = random_moves(state, 5000, 4)
    assert state.is_over()
    for seat in range(state.num_players):
        assert refused(state, seat, state.codec.actions[0]) == "the game is over"


# Field values that equal no legal value, or equal one with the wrong type.
GARBAGE = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True),
    st.booleans(),
    st.none(),
    st.text(max_size=3),
    st.lists(st.integers(), max_size=2).map(tuple),
)


@pytest.mark.parametrize("game", GAMES)
@settings(
    max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(data=st.data())
def test_fuzzed_actions_are_refused_or_legal_and_never_corrupt(game, data):
    state = played(game, steps=data.draw(st.integers(0, 40)))
    seat = data.draw(st.sampled_from(state.actors() or (0,)))  # a finished game refuses all
    # Any game's action type, with garbage or legal-looking field values.
    types = sorted({type(a) for g in GAMES for a in game_class(g).codec.actions}, key=str)
    kind = data.draw(st.sampled_from(types))
    values = {name: data.draw(GARBAGE) for name in field_names(kind)}
    action = kind(**values)
    before = state.to_json()
    try:
        state.apply(seat, action)
    except IllegalAction:
        assert state.to_json() == before
    else:  # accepted: it was a canonical legal action of this game
        assert state.codec.is_canonical(action) or game == "ninja-master"
        assert gamenight.load(state.to_json()).to_json() == state.to_json()


@pytest.mark.parametrize("game", GAMES)
def test_legal_actions_of_a_bad_seat_are_empty(game):
    state = played(game)
    for seat in [*NOT_SEATS, None]:
        assert state.legal_actions(seat) == []


# ----- the codec ----------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("value", [[1], {}, [[]]])
def test_from_json_with_unhashable_fields_is_an_illegal_action(game, value):
    codec = game_class(game).codec
    kind = next(type(a) for a in codec.actions if field_names(type(a)))
    data = {"type": kind.__name__, **dict.fromkeys(field_names(kind), value)}
    with pytest.raises(IllegalAction, match="not an action of this game"):
        codec.from_json(data)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("value", [{}, [], "x", None, Action()])
def test_encode_refuses_what_is_not_an_action_of_the_game(game, value):
    with pytest.raises(IllegalAction, match="not an action of this game"):
        game_class(game).codec.encode(value)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("index", [True, False, -1, 1.0, "1", None])
def test_decode_refuses_what_is_not_an_index(game, index):
    with pytest.raises(IllegalAction, match="action index"):
        game_class(game).codec.decode(index)


# ----- records and snapshots ----------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seat", [True, 0.5, "0", None])
def test_a_record_whose_seat_is_not_an_int_is_refused(game, seat):
    record = json.loads(played(game, steps=3).record().to_json())
    record["actions"][0][0] = seat
    with pytest.raises(ValueError, match="seat"):
        gamenight.replay(GameRecord.from_json(json.dumps(record)))


def edited(game_id: str, **changes) -> str:
    """The snapshot of a game in progress, with some top-level fields replaced."""
    snapshot = json.loads(played(game_id).to_json())
    snapshot.update(changes)
    return json.dumps(snapshot)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"format": 99}, "format"),
        ({"players": "2"}, "players"),
        ({"players": 99}, "players"),
        ({"seed": "1"}, "seed"),
        ({"rng": "x"}, "rng"),
        ({"rng": -1}, "rng"),
        ({"options": {"bogus": 1}}, "bogus"),
        ({"events": [1]}, "event"),
        ({"events": [{"kind": "x"}]}, "event"),
        ({"history": [[True, {"type": "Nope"}]]}, "history"),
        ({"history": 5}, "history"),
        ({"state": None}, "state"),
    ],
)
def test_load_refuses_an_edited_snapshot_naming_what_is_wrong(game, changes, message):
    with pytest.raises(ValueError, match=f"not a gamenight state: .*{message}"):
        gamenight.load(edited(game, **changes))


@pytest.mark.parametrize("game", GAMES)
def test_load_refuses_a_game_block_of_nulls(game):
    snapshot = json.loads(gamenight.make(game, players=3, seed=1).to_json())
    snapshot["state"] = dict.fromkeys(snapshot["state"])
    with pytest.raises(ValueError, match="not a gamenight state"):
        gamenight.load(json.dumps(snapshot))


@pytest.mark.parametrize("game", GAMES)
def test_load_refuses_another_games_snapshot_relabelled(game):
    other = next(g for g in GAMES if g != game)
    with pytest.raises(ValueError, match="not a gamenight state"):
        gamenight.load(edited(game, game=other))


# ----- hidden information and determinize ---------------------------------------------


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seat", NOT_SEATS)
def test_views_events_and_determinize_refuse_a_seat_that_does_not_exist(game, seat):
    state = played(game)
    before = state.to_json()
    for ask in (state.view, state.events_for, lambda s: state.determinize(s, 1)):
        with pytest.raises(ValueError, match="no seat"):
            ask(seat)
    assert state.to_json() == before


@pytest.mark.parametrize("game", GAMES)
def test_determinize_is_deterministic_and_reseeds_the_future(game):
    state = played(game, steps=10)
    for seat in [None, *range(state.num_players)]:
        first, again = state.determinize(seat, 9), state.determinize(seat, 9)
        assert first.to_json() == again.to_json()
        assert first.view(seat) == state.view(seat)
        assert first.events_for(seat) == state.events_for(seat)
        assert first.rng.state != state.rng.state


@pytest.mark.parametrize("game", GAMES)
def test_the_same_actions_through_clones_and_reloads_give_the_same_game(game):
    straight = gamenight.make(game, players=game_class(game).max_players, seed=11)
    hopping = straight.clone()
    rng = Rng(2)
    # Each reload replays the whole history, so the cost grows with the square of the game's
    # length: 400 actions play the other games to their end and a long stretch of Munchkin.
    while not straight.is_over() and len(straight.history) < 400:
        seat = rng.choice(straight.actors())
        action = rng.choice(straight.legal_actions(seat))
        straight.apply(seat, action)
        hopping = gamenight.load(hopping.clone().to_json())
        hopping.apply(seat, action)
    assert hopping.to_json() == straight.to_json()
