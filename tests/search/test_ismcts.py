"""The ISMCTS agent: legal moves in every game, a seeded search is repeatable, and it
searches only what its seat knows."""

from __future__ import annotations

import random
import time

import pytest

import gamenight
from gamenight import agents
from gamenight.agents.ismcts import ISMCTS, from_name
from gamenight.games.ninja_master.actions import DONE, WAIT
from gamenight.kernel import Clock, State
from gamenight.play import play
from gamenight.play.live import LiveTable
from gamenight.play.table import ask, next_actor

GAMES = gamenight.games()


def decision_points(game_id: str, players: int, seed: int, count: int, every: int) -> list[State]:
    """States of a random game where the seat asked next has a real choice."""
    state = gamenight.make(game_id, players, seed)
    rng = random.Random(seed)
    found: list[State] = []
    played = 0
    while not state.is_over() and len(found) < count:
        seat = next_actor(state)
        legal = state.legal_actions(seat)
        if len(legal) > 1 and played % every == 0:
            found.append(state.clone())
        state.apply(seat, legal[rng.randrange(len(legal))])
        played += 1
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_it_chooses_a_legal_action_in_every_game(game_id):
    for state in decision_points(game_id, 3, seed=5, count=3, every=7):
        seat = next_actor(state)
        before = state.to_json()
        action = ask(agents.make("ismcts:3", game_id, seed=1), state, seat)
        assert action in state.legal_actions(seat)
        assert state.to_json() == before  # it only cloned and determinized


@pytest.mark.parametrize("game_id", ["boss-quest", "ninja-master"])
def test_it_plays_whole_games_against_the_game_bots(game_id):
    players = 2
    state = gamenight.make(game_id, players, seed=3)
    bot = agents.default(game_id)
    table = [agents.make("ismcts:6", game_id, 1), agents.make(bot, game_id, 2)]
    play(state, table)
    assert state.is_over()


def test_the_same_seed_and_iteration_budget_give_the_same_game():
    games = []
    for _ in range(2):
        state = gamenight.make("meow-dark-lord", 2, seed=9)
        play(
            state,
            [
                agents.make("ismcts:5", "meow-dark-lord", 4),
                agents.make("random", "meow-dark-lord", 5),
            ],
        )
        games.append(state.record().to_json())
    assert games[0] == games[1]


@pytest.mark.parametrize("game_id", ["boss-quest", "meow-dark-lord", "munchkin"])
def test_it_searches_only_what_its_seat_knows(game_id):
    """A world drawn for the seat has the seat's view and events and nothing else: the
    search from it chooses what the search from the real game chooses."""
    for state in decision_points(game_id, 3, seed=2, count=2, every=5):
        seat = next_actor(state)
        world = state.determinize(seat, 12345)
        assert world.view(seat) == state.view(seat)
        legal = state.legal_actions(seat)
        real = from_name("ismcts:4", game_id, 8).act(state.view(seat), legal, Clock(), state)
        seen = from_name("ismcts:4", game_id, 8).act(world.view(seat), legal, Clock(), world)
        assert real == seen


def test_names_set_the_budget_and_the_rollouts():
    bare = agents.make("ismcts", "boss-quest")
    assert bare.iterations == 200 and bare.ms == 1000  # whichever ends first
    searcher = agents.make("ismcts:500", "boss-quest", 1)
    assert isinstance(searcher, ISMCTS) and searcher.iterations == 500 and searcher.ms is None
    timed = agents.make("ismcts:40ms:heuristic", "ninja-master", 1)
    assert timed.iterations is None and timed.ms == 40 and timed.name == "ismcts:40ms:heuristic"
    for bad in ("ismcts:0", "ismcts:fast", "ismcts:5ms5", "ismcts:-3", "ismcts:1:greedy"):
        with pytest.raises(ValueError, match="ismcts"):
            agents.make(bad, "boss-quest")
    with pytest.raises(ValueError, match="ismcts"):
        agents.make("ismctz", "boss-quest")  # the error lists it among the agents


def test_a_time_budget_and_a_clock_bound_each_decision():
    state = decision_points("meow-dark-lord", 2, seed=1, count=1, every=1)[0]
    seat = next_actor(state)
    legal = state.legal_actions(seat)
    for agent, clock in (
        (from_name("ismcts:30ms", "meow-dark-lord", 1), Clock()),
        (from_name("ismcts:1000000", "meow-dark-lord", 1), Clock(remaining=0.06)),
    ):
        started = time.perf_counter()
        assert agent.act(state.view(seat), legal, clock, state) in legal
        assert time.perf_counter() - started < 1.5  # the budget, plus one iteration at most


def test_it_seals_timed_moves_at_a_live_table():
    """A real-time game: a searching bot is asked by the live table with the clock's time
    left and seals a legal timed move from the reaction floor on."""
    state = gamenight.make("ninja-master", 2, seed=4)
    now = [10**12]
    live = LiveTable(
        state, [agents.make("ismcts:8", "ninja-master", 3), None], DONE, WAIT, lambda: now[0]
    )
    live.begin()
    sealed = state.sealed[0]
    assert sealed is not None and state.sealed[1] is None
    assert sealed in (DONE, WAIT) or sealed.ms >= state.options["reaction_ms"]


def test_in_real_time_the_prior_move_is_made_as_soon_as_allowed():
    from gamenight.agents.ismcts import _soonest
    from gamenight.games.ninja_master.actions import Grab

    state = gamenight.make("ninja-master", 2, seed=4)
    legal = state.legal_actions(next_actor(state))
    soonest = _soonest(Grab(2, 1000), legal)
    assert isinstance(soonest, Grab) and soonest.token == 2
    assert soonest.ms == min(a.ms for a in legal if isinstance(a, Grab))
    assert _soonest(DONE, legal) is DONE


def test_it_needs_the_state():
    with pytest.raises(ValueError, match="state"):
        ISMCTS(4).act({"seat": 0}, [DONE, WAIT])


def test_simulate_seats_it_by_name():
    from typer.testing import CliRunner

    from gamenight.cli.app import app

    args = ["simulate", "boss-quest", "--agents", "ismcts:3,heuristic", "-n", "2", "-p", "2"]
    result = CliRunner().invoke(app, args, env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    assert "ismcts:3" in result.stdout and "heuristic" in result.stdout
