"""Saved games and records written by an earlier version still load and replay.

The files in ``saved/`` were written on 2026-12-01, before the games' fields moved to
their model modules; they must load byte for byte for as long as the formats last.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import gamenight
import gamenight.games.munchkin  # registers the game in this process
from gamenight.kernel import GameRecord

SAVED = Path(__file__).parent / "saved"
GAMES = ("boss-quest", "meow-dark-lord", "ninja-master", "munchkin")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_snapshot_saved_before_loads_and_writes_the_same_bytes(game_id):
    text = (SAVED / f"{game_id}.snapshot.json").read_text().strip()
    state = gamenight.load(text)
    assert state.game_id == game_id and not state.is_over()
    assert state.to_json() == text
    assert state.legal_actions(state.actors()[0])  # it plays on


@pytest.mark.parametrize("game_id", GAMES)
def test_a_record_saved_before_replays_to_the_saved_position(game_id):
    record = GameRecord.from_json((SAVED / f"{game_id}.record.json").read_text())
    state = gamenight.replay(record)
    assert state.to_json() == (SAVED / f"{game_id}.snapshot.json").read_text().strip()
