"""The public State contract (docs/architecture.md) on every registered game."""

from __future__ import annotations

import json
import re

import pytest

import gamenight
from gamenight import GameRecord, IllegalAction
from gamenight.kernel import Event, Rng, game_class
from gamenight.testing import random_moves

GAMES = gamenight.games()


def played(game_id, seed=3, steps=12, players=None):
    """A game after `steps` random legal actions."""
    cls = game_class(game_id)
    players = players or min(max(cls.min_players, 4), cls.max_players)
    return random_moves(gamenight.make(game_id, players=players, seed=seed), steps, seed)


def an_illegal_action(state, seat):
    """An action of the game's codec that `seat` may not take now."""
    legal = set(state.legal_actions(seat))
    return next(action for action in state.codec.actions if action not in legal)


@pytest.mark.parametrize("game_id", GAMES)
def test_actors_and_legal_actions(game_id):
    state = played(game_id, steps=0)
    acting = state.actors()
    assert acting
    for seat in range(state.num_players):
        assert bool(state.legal_actions(seat)) == (seat in acting)
    assert state.legal_actions(99) == []


# ----- illegal input changes nothing ------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("who", ["illegal action", "not acting", "no such seat", "not an action"])
def test_an_illegal_action_raises_and_leaves_the_state_byte_identical(game_id, who):
    state = played(game_id)
    actor = state.actors()[0]
    idle = [seat for seat in range(state.num_players) if seat not in state.actors()]
    seat, action, message = {
        "illegal action": (actor, an_illegal_action(state, actor), "is not legal for seat"),
        "not acting": (
            idle[0] if idle else actor,
            state.legal_actions(actor)[0],
            "may not act now" if idle else "",
        ),
        "no such seat": (7, state.legal_actions(actor)[0], "there is no seat 7"),
        "not an action": (actor, "Pass()", "expected an action, got 'Pass()'"),
    }[who]
    if who == "not acting" and not idle:
        pytest.skip("every seat acts now in this game")
    before = state.to_json()
    history, events = len(state.history), len(state.events)
    with pytest.raises(IllegalAction, match=re.escape(message)):
        state.apply(seat, action)
    assert state.to_json() == before
    assert (len(state.history), len(state.events)) == (history, events)


@pytest.mark.parametrize("game_id", GAMES)
def test_an_illegal_action_is_a_value_error_too(game_id):
    state = played(game_id)
    seat = state.actors()[0]
    with pytest.raises(ValueError):
        state.apply(seat, an_illegal_action(state, seat))


# ----- persistence and replay -------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("steps", [0, 25, 400])
def test_to_json_and_load_round_trip_exactly(game_id, steps):
    state = played(game_id, steps=steps)
    text = state.to_json()
    loaded = gamenight.load(text)
    assert loaded.to_json() == text
    assert loaded.view(0) == state.view(0)
    assert loaded.history == state.history
    if not state.is_over():
        # The restored game goes on exactly like the original.
        seat = state.actors()[0]
        action = state.legal_actions(seat)[-1]
        state.apply(seat, action)
        loaded.apply(seat, action)
        assert loaded.to_json() == state.to_json()


@pytest.mark.parametrize("text", ["", "{}", "[1, 2]", '{"game": "chess"}', "not json"])
def test_load_refuses_what_is_not_a_state(text):
    with pytest.raises(ValueError):
        gamenight.load(text)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("steps", [0, 30, 400])
def test_record_and_replay_rebuild_the_game_exactly(game_id, steps):
    state = played(game_id, steps=steps)
    record = state.record()
    assert (record.game_id, record.players, record.seed) == (game_id, state.num_players, 3)
    assert gamenight.replay(record).to_json() == state.to_json()
    again = GameRecord.from_json(record.to_json())
    assert gamenight.replay(again).to_json() == state.to_json()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_same_seed_and_actions_give_the_same_game(game_id):
    assert (
        played(game_id, seed=9, steps=200).to_json() == played(game_id, seed=9, steps=200).to_json()
    )
    assert played(game_id, seed=9, steps=5).to_json() != played(game_id, seed=10, steps=5).to_json()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_record_that_does_not_replay_says_which_action(game_id):
    state = played(game_id, steps=3)
    record = state.record()
    seat = state.actors()[0]
    wrong = an_illegal_action(state, seat).to_json()
    bad = GameRecord(
        record.game_id,
        record.players,
        record.options,
        record.seed,
        (*record.actions, (seat, wrong)),
    )
    with pytest.raises(ValueError, match=f"record action {len(record.actions)} does not replay"):
        gamenight.replay(bad)
    with pytest.raises(ValueError, match="not a gamenight game record"):
        GameRecord.from_json("{}")


# ----- clone and determinize --------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_a_clone_is_equal_and_independent(game_id):
    state = played(game_id)
    original = state.to_json()
    twin = state.clone()
    assert twin.to_json() == original
    random_moves(twin, 30, seed=1)
    assert state.to_json() == original
    assert twin.to_json() != original


@pytest.mark.parametrize("game_id", GAMES)
def test_a_clone_draws_the_same_chance_as_the_original(game_id):
    state = played(game_id, steps=10)
    twin = state.clone()
    for game in (state, twin):  # the same moves: the same shuffles and rolls
        random_moves(game, 300, seed=8)
    assert twin.to_json() == state.to_json()


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seat", [0, 1, None])
def test_determinize_keeps_the_view_and_leaves_the_original_alone(game_id, seat):
    state = played(game_id, steps=13)
    original = state.to_json()
    first = state.determinize(seat, seed=5)
    assert state.to_json() == original  # the game's own generator untouched
    assert first.to_json() == state.determinize(seat, seed=5).to_json()
    assert first.view(seat) == state.view(seat)
    if seat is not None:
        assert first.actors() == state.actors()
        assert first.legal_actions(seat) == state.legal_actions(seat)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_determinized_state_plays_on_legally(game_id):
    guess = played(game_id, steps=13).determinize(1, seed=2)
    rng = Rng(4)
    for _ in range(200):
        if guess.is_over():
            break
        seat = rng.choice(guess.actors())
        guess.apply(seat, rng.choice(guess.legal_actions(seat)))


# ----- events -----------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_events_for_gives_each_seat_the_public_events_and_its_own(game_id):
    state = played(game_id, steps=40)
    for seat in range(state.num_players):
        seen = state.events_for(seat)
        assert [e for e in state.events if e.to is None or seat in e.to] == seen
    assert state.events_for(None) == [e for e in state.events if e.to is None]


def test_events_round_trip_through_json():
    event = Event("hidden_weapon", {"seat": 1, "weapon": 4}, (1,))
    assert Event.from_json(json.loads(json.dumps(event.to_json()))) == event
    assert event.visible_to(1) and not event.visible_to(0) and not event.visible_to(None)
    public = Event("visit", {"seat": 0})
    assert public.visible_to(None) and public.visible_to(3)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_event_log_is_append_only(game_id):
    state = played(game_id, steps=10)
    before = list(state.events)
    random_moves(state, 5, seed=2)
    assert state.events[: len(before)] == before


@pytest.mark.parametrize("game_id", GAMES)
def test_a_finished_game_has_an_outcome(game_id):
    state = played(game_id, steps=50_000)
    assert state.is_over() and state.actors() == ()
    outcome = state.outcome()
    assert outcome.winners and len(outcome.scores) == state.num_players
    assert all(outcome.scores[w] == max(outcome.scores) for w in outcome.winners)
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply(0, state.codec.actions[0])
