"""OpenSpiel's Python ISMCTS against random players on Boss Quest; prints the win rate.

    python examples/ismcts_boss_quest.py [--games 20] [--players 4] [--simulations 100]

ISMCTS sits in seat 0 and searches worlds drawn with ``resample_from_infostate``
(gamenight's ``determinize``), so it never sees the other seats' hidden weapons. A win is
a game in which seat 0 is among the winners (several seats may share a win).
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import gamenight.envs.openspiel  # noqa: F401  (registers the gamenight games)


def play(game: pyspiel.Game, bots: list[pyspiel.Bot], rng: np.random.RandomState) -> list[float]:
    """One game; returns each seat's final score."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(outcomes, p=probabilities))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state.returns()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    game = pyspiel.load_game("gamenight_boss_quest", {"players": args.players})
    rng = np.random.RandomState(args.seed)
    searcher = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        uct_c=2.0,
        max_simulations=args.simulations,
        random_state=rng,
    )
    others = [
        pyspiel.make_uniform_random_bot(seat, args.seed + seat) for seat in range(1, args.players)
    ]
    wins = 0
    for number in range(1, args.games + 1):
        returns = play(game, [searcher, *others], rng)
        wins += returns[0] == max(returns)
        print(f"game {number}: returns {returns}  ISMCTS win rate so far {wins / number:.0%}")
    print(
        f"ISMCTS ({args.simulations} simulations) won {wins} of {args.games} games "
        f"against {args.players - 1} random players: {wins / args.games:.0%} "
        f"(a random seat wins about {1 / args.players:.0%})"
    )


if __name__ == "__main__":
    main()
