"""Random games with random actors: the State contract and the game's invariants.

At every step: every card is in exactly one place; levels stay within 1..10 and 10 is
reached only by a kill (which ends the game); actors and legal actions agree. Every few
steps: views are JSON-ready, show a seat its own hand and of the others only the cards it
knows, determinization keeps the seat's view, and a clone equals the state. At the end: the
state round-trips through JSON and the game replays exactly from its record.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamenight
from gamenight.games.munchkin import observation
from gamenight.games.munchkin.views import known_in_hands
from gamenight.kernel import Rng

from .helpers import CS, GAME

CHECK_EVERY = 37
GAMES = settings(
    max_examples=30,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


def zones(state) -> list[int]:
    cards = [
        *state.door_deck,
        *state.treasure_deck,
        *state.door_discard,
        *state.treasure_discard,
        *state.monsters,
        *state.enh[0::2],
        *state.body,
        *state.haul,
        *state.limbo,
    ]
    for seat in range(state.num_players):
        cards += state.hands[seat] + state.table[seat]
    return sorted(cards)


def check_views(state, encode: bool) -> None:
    features = observation.pieces(state.num_players, state.options).layout()
    for seat in (None, *range(state.num_players)):
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view
        if encode and seat in (None, state.turn):
            floats = observation.encode(view)
            assert len(floats) == len(features)
            if not all(
                low <= v <= high for v, (_, low, high) in zip(floats, features, strict=True)
            ):
                bad = [
                    name
                    for v, (name, low, high) in zip(floats, features, strict=True)
                    if not low <= v <= high
                ]
                raise AssertionError(f"out of bounds: {bad}")
        known = known_in_hands(state, seat)
        for other in range(state.num_players):
            shown = view["seats"][other]["known_hand"]
            if other == seat:
                assert shown == list(state.hands[seat]) == view["hand"]
            else:
                assert set(shown) <= known
        if seat is not None:
            world = state.determinize(seat, 7)
            assert world.view(seat) == view
            assert zones(world) == list(range(CS.size))


def check_step(state, new_events, full: bool) -> None:
    assert zones(state) == list(range(CS.size)), "a card was lost or duplicated"
    top = CS.rules.max_level
    assert all(1 <= level <= top for level in state.level)
    if max(state.level) >= top:
        assert state.is_over() and not state.truncated
        assert any(e.kind == "win" for e in new_events), "level 10 without a kill"
    actors = state.actors()
    assert (actors == ()) == state.is_over()
    for seat in range(state.num_players) if full else ():
        legal = state.legal_actions(seat)
        assert bool(legal) == (seat in actors)


@GAMES
@given(st.integers(3, 6), st.integers(0, 2**32), st.integers(1, 24))
def test_random_games_keep_the_rules_and_the_contract(players, seed, max_turns):
    state = gamenight.make(GAME, players, seed=seed, max_turns=max_turns)
    rng = Rng(seed)
    steps = 0
    while not state.is_over():
        seat = rng.choice(state.actors())
        action = rng.choice(state.legal_actions(seat))
        seen = len(state.events)
        state.apply(seat, action)
        steps += 1
        check_step(state, state.events[seen:], steps % 5 == 0)
        if steps % CHECK_EVERY == 0:
            check_views(state, encode=steps % (3 * CHECK_EVERY) == 0)
            assert state.clone().to_json() == state.to_json()
    check_views(state, encode=True)
    for event in state.events:
        if event.to is not None:
            assert event.kind in ("drawn", "gift_card"), event.kind
    text = state.to_json()
    assert gamenight.load(text).to_json() == text
    assert gamenight.replay(state.record()).to_json() == text
    assert len(state.history) <= observation.max_actions(players, state.options)
    outcome = state.outcome()
    assert outcome.truncated == (max(state.level) < CS.rules.max_level)
    assert set(outcome.winners) == {p for p in range(players) if state.level[p] == max(state.level)}


def test_clones_and_loaded_states_go_on_like_the_original():
    state = gamenight.make(GAME, 4, seed=11, max_turns=12)
    rng = Rng(3)
    while not state.is_over():
        if len(state.history) % 37 == 0:
            copy, loaded = state.clone(), gamenight.load(state.to_json())
            seat = state.actors()[-1]
            action = state.legal_actions(seat)[-1]
            for other in (copy, loaded):
                other.apply(seat, action)
            assert copy.to_json() == loaded.to_json()
        seat = rng.choice(state.actors())
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@settings(max_examples=12, deadline=None, derandomize=True)
@given(st.integers(3, 6), st.integers(0, 2**32), st.lists(st.booleans(), min_size=6, max_size=6))
def test_games_of_bots_and_random_players_keep_the_rules(players, seed, heuristic):
    from gamenight.agents.random_agent import RandomAgent
    from gamenight.games.munchkin.bots import HeuristicBot

    state = gamenight.make(GAME, players, seed=seed, max_turns=40)
    agents = [
        HeuristicBot(seed + p) if heuristic[p] else RandomAgent(seed + p) for p in range(players)
    ]
    rng = Rng(seed)
    while not state.is_over():
        seat = rng.choice(state.actors())
        seen = len(state.events)
        state.apply(seat, agents[seat].act(state.view(seat), state.legal_actions(seat)))
        check_step(state, state.events[seen:], False)
    assert gamenight.replay(state.record()).to_json() == state.to_json()
