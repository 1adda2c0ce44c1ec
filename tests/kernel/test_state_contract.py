"""The public State contract (ARCHITECTURE.md §2, §5) on a real game."""

from __future__ import annotations

import json
import re

import pytest

import gamenight
from gamenight import GameRecord, IllegalAction
from gamenight.games.boss_quest.actions import ChooseWeapon, Equip, VisitMage
from gamenight.kernel import Event, Rng
from gamenight.testing import random_moves


def played(seed=3, steps=12, players=4):
    """A game after `steps` random legal actions."""
    state = gamenight.make("boss-quest", players=players, seed=seed)
    return random_moves(state, steps, seed)


def test_actors_and_legal_actions():
    state = played(steps=0)
    (seat,) = state.actors()
    assert state.legal_actions(seat)
    for other in range(state.num_players):
        if other != seat:
            assert state.legal_actions(other) == []
    assert state.legal_actions(99) == []


# ----- illegal input changes nothing ------------------------------------------------------


@pytest.mark.parametrize(
    ("who", "action", "message"),
    [
        ("actor", ChooseWeapon(0), "ChooseWeapon(0) is not legal for seat"),
        ("actor", Equip(1.0), "is not legal for seat"),
        ("other", Equip(1), "may not act now; waiting for seat"),
        (7, Equip(1), "there is no seat 7"),
        ("actor", "Equip(1)", "expected an action, got 'Equip(1)'"),
        ("actor", {"type": "Equip", "count": 1}, "expected an action"),
    ],
)
def test_an_illegal_action_raises_and_leaves_the_state_byte_identical(who, action, message):
    state = played()
    (actor,) = state.actors()
    seat = actor if who == "actor" else (actor + 1) % 4 if who == "other" else who
    before = state.to_json()
    history, events = len(state.history), len(state.events)
    with pytest.raises(IllegalAction, match=re.escape(message)):
        state.apply(seat, action)
    assert state.to_json() == before
    assert (len(state.history), len(state.events)) == (history, events)


def test_an_illegal_action_is_a_value_error_too():
    state = played()
    with pytest.raises(ValueError):
        state.apply(state.actors()[0], ChooseWeapon(0))


# ----- persistence and replay -------------------------------------------------------------


@pytest.mark.parametrize("steps", [0, 25, 400])
def test_to_json_and_load_round_trip_exactly(steps):
    state = played(steps=steps)
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


@pytest.mark.parametrize("steps", [0, 30, 400])
def test_record_and_replay_rebuild_the_game_exactly(steps):
    state = played(steps=steps)
    record = state.record()
    assert (record.game_id, record.players, record.seed) == ("boss-quest", 4, 3)
    assert gamenight.replay(record).to_json() == state.to_json()
    again = GameRecord.from_json(record.to_json())
    assert gamenight.replay(again).to_json() == state.to_json()


def test_the_same_seed_and_actions_give_the_same_game():
    assert played(seed=9, steps=200).to_json() == played(seed=9, steps=200).to_json()
    assert played(seed=9, steps=5).to_json() != played(seed=10, steps=5).to_json()


def test_a_record_that_does_not_replay_says_which_action():
    state = played(steps=3)
    record = state.record()
    bad = GameRecord(
        record.game_id,
        record.players,
        record.options,
        record.seed,
        (*record.actions, (record.actions[0][0], {"type": "Equip", "count": 9})),
    )
    with pytest.raises(ValueError, match="record action 3 does not replay"):
        gamenight.replay(bad)
    with pytest.raises(ValueError, match="not a gamenight game record"):
        GameRecord.from_json("{}")


# ----- clone and determinize --------------------------------------------------------------


def test_a_clone_is_equal_and_independent():
    state = played()
    original = state.to_json()
    twin = state.clone()
    assert twin.to_json() == original
    seat = twin.actors()[0]
    twin.apply(seat, twin.legal_actions(seat)[0])
    twin.hidden[0] = -1
    twin.visible[1].append(-1)
    twin.keys[2] += 1
    assert state.to_json() == original
    assert twin.to_json() != original


def test_a_clone_draws_the_same_chance_as_the_original():
    state = played(steps=10)
    twin, start = state.clone(), state.round
    for game in (state, twin):  # play both into the next round's shuffle
        while not game.is_over() and game.round == start:
            seat = game.actors()[0]
            game.apply(seat, game.legal_actions(seat)[-1])
    assert twin.to_json() == state.to_json()


@pytest.mark.parametrize("seat", [0, 2, None])
def test_determinize_keeps_the_view_and_leaves_the_original_alone(seat):
    state = played(steps=13)
    original = state.to_json()
    first = state.determinize(seat, seed=5)
    assert state.to_json() == original  # the game's own generator untouched
    assert first.to_json() == state.determinize(seat, seed=5).to_json()
    assert first.view(seat) == state.view(seat)
    resampled = [state.determinize(seat, seed=s) for s in range(20)]
    assert any(d.weapon_deck != state.weapon_deck for d in resampled)
    if seat is not None:
        assert all(d.hidden[seat] == state.hidden[seat] for d in resampled)


def test_a_determinized_state_plays_on_legally():
    state = played(steps=13)
    guess = state.determinize(1, seed=2)
    rng = Rng(4)
    for _ in range(200):
        if guess.is_over():
            break
        seat = guess.actors()[0]
        guess.apply(seat, rng.choice(guess.legal_actions(seat)))
    weapons = guess.weapon_deck + guess.hidden + [w for v in guess.visible for w in v]
    assert sorted(weapons) == list(range(35))


# ----- events -----------------------------------------------------------------------------


def test_events_for_filters_private_events():
    state = played(steps=20)
    private = [e for e in state.events if e.to is not None]
    assert private
    for seat in range(4):
        seen = state.events_for(seat)
        assert [e for e in state.events if e.to is None or seat in e.to] == seen
    assert state.events_for(None) == [e for e in state.events if e.to is None]


def test_events_round_trip_through_json():
    event = Event("hidden_weapon", {"seat": 1, "weapon": 4}, (1,))
    assert Event.from_json(json.loads(json.dumps(event.to_json()))) == event
    assert event.visible_to(1) and not event.visible_to(0) and not event.visible_to(None)
    public = Event("visit", {"seat": 0})
    assert public.visible_to(None) and public.visible_to(3)


def test_the_event_log_is_append_only():
    state = played(steps=10)
    before = list(state.events)
    seat = state.actors()[0]
    state.apply(seat, state.legal_actions(seat)[0])
    assert state.events[: len(before)] == before


def test_a_finished_game_has_an_outcome():
    state = played(steps=5000)
    assert state.is_over() and state.actors() == ()
    outcome = state.outcome()
    assert outcome.winners and len(outcome.scores) == 4
    assert all(outcome.scores[w] == max(outcome.scores) for w in outcome.winners)
    with pytest.raises(IllegalAction):
        state.apply(0, VisitMage())
