"""Ninja Master: invariants over many random games (hypothesis picks seeds and sizes).

A random game here picks, at each step, a random acting seat and a random kind of legal
action (grabs more often than calls, stopping or waiting), at a representative time or at an exact
millisecond, and calls the right total four times in five: a uniform choice among the
legal actions calls a wrong number nearly every round, so that nobody ever reaches the
target (such games end at the round limit; they are played through the table loop below).

Every game must end without a crash, keep scores at 0 or more and every hand at two
tokens at most, account for every point by its source, resolve every round in time
order, give one winner at or above the target (or the leaders at the round limit), show
every seat the same table without the dice still to be rolled, and replay exactly.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

import gamenight
from gamenight.agents import RandomAgent
from gamenight.games.ninja_master import NinjaMasterState
from gamenight.games.ninja_master.actions import CODEC, Call, Done, Grab, Wait
from gamenight.games.ninja_master.scoring import SOURCES
from gamenight.play import play

from .strategies import RANDOM_GAMES

CHECK_EVERY = 10  # check legal actions, views and determinization every so many actions
WEIGHTS = {Grab: 3, Call: 1, Done: 1, Wait: 1}


def random_action(state: NinjaMasterState, rng: random.Random) -> tuple[int, object]:
    seat = rng.choice(state.actors())
    by_kind: dict[type, list] = {}
    for action in state.legal_actions(seat):
        by_kind.setdefault(type(action), []).append(action)
    kinds = list(by_kind)
    kind = rng.choices(kinds, [WEIGHTS[k] for k in kinds])[0]
    action = rng.choice(by_kind[kind])
    if kind is Done or kind is Wait:
        return seat, action
    ms = action.ms
    if rng.random() < 0.3:  # an exact time, as a live table stamps it
        ms = rng.randint(state.floor, ms)
    if kind is Call:
        total = state.dice.total if rng.random() < 0.8 else action.total
        return seat, Call(total, ms)
    return seat, Grab(action.token, ms)


def check_invariants(state: NinjaMasterState) -> None:
    n, options = state.num_players, state.options
    assert min(state.scores) >= 0
    for seat in range(n):
        assert state.holder.count(seat) <= 2
        total = options["start_score"]
        total += sum(getattr(state, f"{source}_points")[seat] for source in SOURCES)
        assert total == state.scores[seat], "a point came from nowhere"
    if state.is_over():
        assert state.actors() == ()
        return
    actors = state.actors()
    assert actors and len(set(actors)) == len(actors)
    assert 0 <= state.now <= options["time_limit_ms"]
    callers = [seat for seat, _, _ in state.calls]
    assert len(set(callers)) == len(callers) and not set(callers) & set(actors)
    if state.calls:
        first = state.calls[0][2]
        assert all(first <= ms <= first + options["tie_window_ms"] for _, _, ms in state.calls)
        assert max(state.taken_at) <= first, "a token was taken after the first call"


def check_moves(state: NinjaMasterState) -> None:
    for seat in range(state.num_players):
        legal = state.legal_actions(seat)
        if seat in state.actors():
            assert legal and all(0 <= CODEC.encode(a) < CODEC.size for a in legal)
        else:
            assert legal == []


def check_views(state: NinjaMasterState, rng: random.Random) -> None:
    """Every seat sees the same table but for its own sealed proposal; determinizing keeps
    it and redraws the dice to come."""
    spectator = state.view(None)
    for seat in range(state.num_players):
        view = state.view(seat)
        proposal = state.sealed[seat]
        assert view["proposal"] == (proposal.to_json() if proposal else None)
        assert view == {**spectator, "seat": seat, "proposal": view["proposal"]}
        world = state.determinize(seat, rng.randrange(1 << 30))
        assert world.view(seat) == view
    if state.is_over():
        return
    worlds = [state.determinize(None, rng.randrange(1 << 30)) for _ in range(2)]
    for world in worlds:
        while world.round == state.round and not world.is_over():
            for seat in world.actors():
                world.apply(seat, Done())
    if not worlds[0].is_over():
        assert worlds[0].dice.faces != worlds[1].dice.faces, "the next roll was decided early"


def check_end(state: NinjaMasterState) -> None:
    outcome = state.outcome()
    scores = state.scores
    assert outcome.scores == tuple(float(s) for s in scores)
    top = max(scores)
    leaders = tuple(seat for seat in range(len(scores)) if scores[seat] == top)
    if state.round < state.options["max_rounds"]:
        # Won by reaching the target: a single highest score at or above it.
        assert outcome.winners == leaders and len(leaders) == 1
        assert top >= state.options["target"]
        assert not outcome.truncated
    else:  # the round limit: the leaders share (a single one at the target won anyway)
        assert outcome.winners == leaders
        if len(leaders) > 1 or top < state.options["target"]:
            assert outcome.truncated  # only the 20-point rule ends a game untruncated
    # Grabs and calls of each round were resolved in time order.
    times: list[int] = []
    for event in state.events:
        if event.kind == "roll":
            times = []
        elif event.kind in ("grab", "call"):
            assert not times or times[-1] <= event.data["ms"]
            times.append(event.data["ms"])


@RANDOM_GAMES
@given(seed=st.integers(0, 2**40), players=st.integers(2, 5))
def test_random_games_keep_every_invariant(seed, players):
    state = gamenight.make("ninja-master", players=players, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over():
        check_invariants(state)
        if steps % CHECK_EVERY == 0:
            check_moves(state)
            check_views(state, rng)
        state.apply(*random_action(state, rng))
        steps += 1
    check_invariants(state)
    check_views(state, rng)
    check_end(state)
    text = state.to_json()
    assert gamenight.load(text).to_json() == text
    assert gamenight.replay(state.record()).to_json() == text


def test_random_games_mostly_reach_the_target_and_some_go_to_sudden_death():
    ended_by_target = sudden_death = 0
    for seed in range(400):
        state = gamenight.make("ninja-master", players=2 + seed % 4, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            state.apply(*random_action(state, rng))
        ended_by_target += max(state.scores) >= state.options["target"]
        sudden_death += state.sudden_death
    assert ended_by_target >= 360
    assert sudden_death >= 4


def test_uniformly_random_agents_at_the_table_end_at_the_round_limit_at_worst():
    for seed in range(40):
        players = 2 + seed % 4
        state = gamenight.make("ninja-master", players=players, seed=seed, max_rounds=10)
        play(state, [RandomAgent(seed * 10 + s) for s in range(players)])
        check_invariants(state)
        check_end(state)
        assert gamenight.replay(state.record()).to_json() == state.to_json()
