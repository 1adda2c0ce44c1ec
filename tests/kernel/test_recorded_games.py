"""Games recorded before the speed work replay to the same bytes, seed by seed.

``records/<game>.json`` holds, for 5 seeds × 2 player counts of random play (the table's
`next_actor`, uniform legal choices from a seeded generator), the game's record, its final
snapshot, and a digest of a world determinized halfway and played on for a few actions.
``records/boss-quest-heuristic.json`` holds the digests of games between Boss Quest's
heuristic bots, whose speed-ups must not change one choice. A change that alters any game
(its rules, the generator, the event log, `determinize`, a bot's choices) fails here. Munchkin's rules are still changing, so its games are checked only against
themselves: the record replays to the same snapshot, which loads back to the same bytes.

Rewrite the files only for a change of rules that is meant to alter games:
``python -m tests.kernel.test_recorded_games``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

import gamenight
import gamenight.games.munchkin  # registers the game in this process
from gamenight import agents
from gamenight.kernel import GameRecord, Rng, State
from gamenight.play.table import next_actor, play

RECORDS = Path(__file__).parent / "records"
RECORDED = ("boss-quest", "meow-dark-lord", "ninja-master")
SEEDS = range(5)
PLAYERS = (2, 4)
WORLD_SEED = 7
WORLD_ACTIONS = 10
BOT_GAMES = 3  # per player count: Boss Quest's heuristic bots against each other


def random_game(game_id: str, players: int, seed: int, **options: Any) -> tuple[State, str]:
    """Play game `seed` with uniform random choices; the final state and the digest of
    a world determinized halfway (for the first actor then) and played on a little."""
    state = gamenight.make(game_id, players, seed=seed, **options)
    choices = Rng(1_000 + seed)
    states = []
    while not state.is_over():
        states.append(state.clone())
        seat = next_actor(state)
        legal = state.legal_actions(seat)
        state.apply(seat, legal[choices.below(len(legal))])
    halfway = states[len(states) // 2]
    world = halfway.determinize(next_actor(halfway), WORLD_SEED)
    for _ in range(WORLD_ACTIONS):
        if world.is_over():
            break
        seat = next_actor(world)
        legal = world.legal_actions(seat)
        world.apply(seat, legal[choices.below(len(legal))])
    return state, hashlib.sha256(world.to_json().encode()).hexdigest()


def entries(game_id: str) -> list[dict[str, Any]]:
    """What the records file of `game_id` holds, played now."""
    found = []
    for players in PLAYERS:
        for seed in SEEDS:
            state, world = random_game(game_id, players, seed)
            found.append(
                {"record": state.record().to_json(), "snapshot": state.to_json(), "world": world}
            )
    return found


@pytest.mark.parametrize("game_id", RECORDED)
def test_recorded_games_replay_to_the_same_bytes(game_id):
    kept = json.loads((RECORDS / f"{game_id}.json").read_text())
    assert len(kept) == len(PLAYERS) * len(SEEDS)
    for entry in kept:
        replayed = gamenight.replay(GameRecord.from_json(entry["record"]))
        assert replayed.to_json() == entry["snapshot"]
    assert entries(game_id) == kept  # random play, the event log and determinize alike


def bot_games(game_id: str) -> list[str]:
    """Digests of the final snapshots of games between the game's heuristic bots."""
    digests = []
    for players in PLAYERS:
        for seed in range(BOT_GAMES):
            state = gamenight.make(game_id, players, seed=seed)
            bots = [agents.make("heuristic", game_id, seed * 10 + s) for s in range(players)]
            play(state, bots)
            digests.append(hashlib.sha256(state.to_json().encode()).hexdigest())
    return digests


def test_heuristic_bots_play_the_recorded_games():
    kept = json.loads((RECORDS / "boss-quest-heuristic.json").read_text())
    assert bot_games("boss-quest") == kept


@pytest.mark.parametrize("players", (3, 4))
def test_munchkin_games_replay_and_reload_themselves(players):
    for seed in range(3):
        state, world = random_game("munchkin", players, seed, max_turns=12)
        text = state.to_json()
        assert gamenight.replay(state.record()).to_json() == text
        assert gamenight.load(text).to_json() == text
        assert random_game("munchkin", players, seed, max_turns=12)[1] == world


if __name__ == "__main__":
    for game_id in RECORDED:
        (RECORDS / f"{game_id}.json").write_text(json.dumps(entries(game_id), indent=1) + "\n")
    bots = json.dumps(bot_games("boss-quest"), indent=1)
    (RECORDS / "boss-quest-heuristic.json").write_text(bots + "\n")
