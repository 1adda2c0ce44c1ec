"""Gamenight against its peers: every game, RLCard's UNO and OpenSpiel's hearts in one run.

    python bench/peers.py [--rounds R] [--seconds S] [--players P] [--game ID ...]
                          [--seed N] [--json]

Every contestant plays random games, choosing uniformly among the legal actions with the
same seeded generator (`bench/timing.py`'s way):

- each registered gamenight game: ``legal_actions`` + ``apply``, no agents, no views;
- RLCard's UNO environment (``rlcard.make("uno")``, two players): ``step`` with a random
  legal action id;
- OpenSpiel's hearts (``pyspiel.load_game("hearts")``, C++ driven from Python):
  ``legal_actions`` + ``apply_action``, chance nodes (the pass direction, the deal)
  sampled; only the players' decisions are counted.

Each of `--rounds` rounds measures every contestant in turn, in an order shuffled by
`--seed`: `--seconds` of CPU time of random play, then ``determinize`` (gamenight) or
``resample_from_infostate`` (hearts) and ``clone`` for `--seconds / 4` each, µs per call
on mid-game states sampled from other random games (at most 1,000 per game, evenly
spread). Interleaving the rounds spreads any change of load on the machine over every
contestant. The table gives the medians over the rounds and each contestant's speed
relative to UNO's and hearts' (above 1: faster).
Printed, never asserted; see bench/README.md for a record of runs.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from importlib.metadata import version
from itertools import count
from typing import Any

from rich import box
from rich.console import Console
from rich.progress import Progress
from rich.table import Table
from timing import (
    SAMPLE_EVERY,
    SAMPLE_GAMES,
    clone,
    determinize,
    games_within,
    mid_game_states,
    per_call_us,
    random_game,
)

import gamenight
from gamenight.kernel import Rng
from gamenight.kernel.registry import game_class

try:
    import pyspiel
    import rlcard
except ImportError as missing:
    sys.exit(
        f"bench/peers.py measures against RLCard and OpenSpiel, and {missing.name} is not "
        "installed: install the `bench` extra (pip install -e '.[bench]')"
    )

UNO = "uno"
HEARTS = "hearts"
SEARCH = ("determinize", "clone")  # the search primitives timed per call
# Every round times at least one pass over the mid-game states: Munchkin's long random
# games give about 22,000 of them, of which an even selection is enough.
MAX_STATES = 1_000


@dataclass
class Contestant:
    """One game under test, its seeds and the figures of every round."""

    name: str
    source: str  # who implements it, with the version
    players: int
    play: Callable[[int], int]  # plays game `seed`; the decisions made
    # µs per call of each search primitive within a budget (s); none for UNO
    search: dict[str, Callable[[float], float]]
    # one stream of seeds for every round: each round plays new games
    seeds: Iterator[int] = field(default_factory=count)
    rates: list[float] = field(default_factory=list)  # decisions per CPU second
    costs: dict[str, list[float]] = field(default_factory=dict)  # µs per call

    def run_round(self, seconds: float) -> None:
        """Random play for `seconds` of CPU time, then each search primitive."""
        _, decisions, elapsed = games_within(self.play, self.seeds, seconds)
        self.rates.append(decisions / elapsed)
        for name, cost in self.search.items():
            self.costs.setdefault(name, []).append(cost(seconds / 4))

    def median_rate(self) -> float:
        """Decisions per CPU second, the median over the rounds."""
        return statistics.median(self.rates)

    def median_cost(self, name: str) -> float | None:
        """µs per call of search primitive `name`, the median; None if not measured."""
        return statistics.median(self.costs[name]) if name in self.costs else None


def gamenight_contestant(game_id: str, players: int) -> Contestant:
    """A registered game at `players` seats (clamped to its range)."""
    cls = game_class(game_id)
    players = min(max(players, cls.min_players), cls.max_players)
    states = mid_game_states(game_id, players)
    states = states[:: -(-len(states) // MAX_STATES)]  # every n-th, n rounded up
    return Contestant(
        game_id,
        f"gamenight {version('gamenight')}",
        players,
        partial(random_game, game_id, players),
        {
            "determinize": partial(per_call_us, states, determinize),
            "clone": partial(per_call_us, states, clone),
        },
    )


def uno_contestant() -> Contestant:
    """RLCard's UNO environment, two players: each ``step`` also builds the next player's
    observation, as RLCard's agents receive it."""
    env = rlcard.make(UNO)

    def play(seed: int) -> int:
        env.seed(seed)
        state, _ = env.reset()
        rng = Rng(1_000_000 + seed)
        decisions = 0
        while not env.is_over():
            legal = list(state["legal_actions"])  # action ids, the keys of a dict
            state, _ = env.step(legal[rng.below(len(legal))])
            decisions += 1
        return decisions

    return Contestant(UNO, f"RLCard {version('rlcard')}", env.num_players, play, {})


def hearts_game(game: Any, seed: int, sample: list[Any] | None = None) -> int:
    """Play OpenSpiel game `seed` of `game` at random; the decisions made (chance aside).

    `sample`, when given, collects a copy of the state before every few decisions.
    """
    state = game.new_initial_state()
    rng = Rng(1_000_000 + seed)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            # Hearts' chance outcomes are uniform: a uniform pick among them is exact.
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.below(len(outcomes))][0])
        else:
            if sample is not None and decisions % SAMPLE_EVERY == SAMPLE_EVERY - 1:
                sample.append(state.clone())
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
            decisions += 1
    return decisions


def hearts_contestant(seed: int) -> Contestant:
    """OpenSpiel's hearts, C++ driven from Python; `seed` seeds its resampling."""
    game = pyspiel.load_game(HEARTS)
    states: list[Any] = []
    for sample_game in range(SAMPLE_GAMES):
        hearts_game(game, 10_000 + sample_game, states)
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)

    def resample(state: Any, i: int) -> object:
        return state.resample_from_infostate(state.current_player(), sampler)

    def copy(state: Any, i: int) -> object:
        return state.clone()

    return Contestant(
        HEARTS,
        f"OpenSpiel {version('open_spiel')}",
        game.num_players(),
        partial(hearts_game, game),
        {
            "determinize": partial(per_call_us, states, resample),
            "clone": partial(per_call_us, states, copy),
        },
    )


def speed_ratio(figure: float | None, peer: float | None, *, cost: bool) -> float | None:
    """How many times faster `figure` is than `peer`: a rate's quotient, a cost's inverse."""
    if figure is None or peer is None:
        return None
    return peer / figure if cost else figure / peer


def summary(contestants: list[Contestant], args: argparse.Namespace) -> dict[str, Any]:
    """Every figure of the run, as the JSON output gives it (the table shows the medians)."""
    by_name = {contestant.name: contestant for contestant in contestants}
    uno_rate, hearts = by_name[UNO].median_rate(), by_name[HEARTS]
    figures = {}
    for contestant in contestants:
        rate = contestant.median_rate()
        costs = {name: contestant.median_cost(name) for name in SEARCH}
        figures[contestant.name] = {
            "source": contestant.source,
            "players": contestant.players,
            "decisions_per_s": rate,
            **{f"{name}_us": costs[name] for name in SEARCH},
            "speed_vs": {
                "random_play_uno": speed_ratio(rate, uno_rate, cost=False),
                "random_play_hearts": speed_ratio(rate, hearts.median_rate(), cost=False),
                **{
                    f"{name}_hearts": speed_ratio(costs[name], hearts.median_cost(name), cost=True)
                    for name in SEARCH
                },
            },
            "rounds": {
                "decisions_per_s": contestant.rates,
                **{f"{name}_us": contestant.costs.get(name, []) for name in SEARCH},
            },
        }
    return {
        "machine": {
            "python": f"{platform.python_implementation()} {platform.python_version()}",
            "cores": os.cpu_count(),
            "platform": f"{platform.machine()} {platform.system()}",
            "load_average": list(os.getloadavg()),
        },
        "rounds": args.rounds,
        "seconds": args.seconds,
        "seed": args.seed,
        "contestants": figures,
    }


def table(run: dict[str, Any]) -> Table:
    """The medians and the speed ratios, a contestant per row."""

    def number(value: float | None, digits: int) -> str:
        return "—" if value is None else f"{value:,.{digits}f}"

    contestants = run["contestants"]
    table = Table(
        title="Random play and search primitives (medians over the rounds)",
        box=box.SIMPLE_HEAD,  # no vertical rules: the table fits 100 columns
        caption=f"{UNO}: {contestants[UNO]['source']}; {HEARTS}: {contestants[HEARTS]['source']}, "
        f"whose determinize is resample_from_infostate. "
        "×: speed relative to the peer (above 1: faster).",
    )
    table.add_column("")
    for column in (
        "seats",
        "decisions/s",
        "×UNO",
        "×hearts",
        "determinize\nµs",
        "×hearts",
        "clone\nµs",
        "×hearts",
    ):
        table.add_column(column, justify="right")
    for name, figures in contestants.items():
        speed = figures["speed_vs"]
        table.add_row(
            name,
            str(figures["players"]),
            number(figures["decisions_per_s"], 0),
            number(speed["random_play_uno"], 2),
            number(speed["random_play_hearts"], 2),
            number(figures["determinize_us"], 1),
            number(speed["determinize_hearts"], 2),
            number(figures["clone_us"], 2),
            number(speed["clone_hearts"], 2),
        )
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--rounds", type=int, default=9, help="interleaved rounds; the figures are medians"
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=1.0,
        help="CPU seconds of random play per contestant and round",
    )
    parser.add_argument(
        "--players", type=int, default=4, help="seats of the gamenight games (clamped)"
    )
    parser.add_argument(
        "--game",
        action="append",
        choices=gamenight.games(),
        help="a gamenight game to measure (repeatable; default: every registered game)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seeds the order of each round")
    parser.add_argument(
        "--json", action="store_true", help="print every figure as JSON instead of the table"
    )
    args = parser.parse_args()
    if args.rounds < 1 or args.seconds <= 0:
        parser.error("--rounds must be at least 1 and --seconds positive")

    builders: dict[str, Callable[[], Contestant]] = {
        game_id: partial(gamenight_contestant, game_id, args.players)
        for game_id in args.game or gamenight.games()
    }
    builders[UNO] = uno_contestant
    builders[HEARTS] = partial(hearts_contestant, args.seed)

    # The progress bar goes to stderr: stdout carries the table or the JSON alone.
    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("", total=len(builders) * (1 + args.rounds))
        contestants = []
        for name, build in builders.items():
            progress.update(task, description=f"sampling states: {name}")
            contestants.append(build())
            progress.advance(task)
        order = list(contestants)
        rng = Rng(args.seed)
        for round_number in range(1, args.rounds + 1):
            rng.shuffle(order)
            for contestant in order:
                progress.update(
                    task, description=f"round {round_number}/{args.rounds}: {contestant.name}"
                )
                contestant.run_round(args.seconds)
                progress.advance(task)

    run = summary(contestants, args)
    if args.json:
        print(json.dumps(run, indent=2))
        return
    console = Console()
    machine = run["machine"]
    console.print(
        f"{machine['python']}, {machine['cores']} cores, {machine['platform']}, load average "
        + ", ".join(f"{load:.1f}" for load in machine["load_average"])
        + f"; rounds: {args.rounds}, {args.seconds:g} s each"
    )
    console.print(table(run))


if __name__ == "__main__":
    main()
