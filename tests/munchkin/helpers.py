"""Shared helpers of the Munchkin scenario tests."""

from __future__ import annotations

from typing import Any

import pytest

from gamenight.games.munchkin import SETS, MunchkinState
from gamenight.games.munchkin.actions import KICK
from gamenight.kernel import PASS, Action, IllegalAction
from gamenight.testing import rigged


class CardSetRig:
    """Rigged positions and card lookups of one card set (one game id), so that the
    scenario tests of every set share them."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.cs = SETS[game_id].CS

    def game(self, players: int = 3, **setup: Any) -> MunchkinState:
        """A rigged position (keywords: see ``games/munchkin/rig.py``)."""
        return rigged(self.game_id, players=players, **setup)

    def fight(self, monster: str, **setup: Any) -> MunchkinState:
        """Seat 0 kicks open `monster` (the other keywords go to the rig)."""
        state = self.game(door=[monster], **setup)
        state.apply(0, KICK)
        return state

    def card(self, key: str, copy: int = 0) -> int:
        """The instance id of a design's `copy`-th card."""
        return self.cs.copies(key)[copy]

    def keys(self, cards: list[int]) -> list[str]:
        """The design keys of card ids."""
        return [self.cs.keys[c] for c in cards]


GAME = "munchkin"
CS = SETS[GAME].CS
A = SETS[GAME].A
_RIG = CardSetRig(GAME)
game, fight, card, keys = _RIG.game, _RIG.fight, _RIG.card, _RIG.keys


def to_fighter(state: MunchkinState) -> None:
    """The others pass: the fighter is the last seat waiting."""
    while state.actors() != (0,):
        state.apply(state.actors()[0], PASS)


def play(state: MunchkinState, *moves: tuple[int, Action]) -> None:
    """Apply ``(seat, action)`` moves in order."""
    for seat, action in moves:
        state.apply(seat, action)


def pass_all(state: MunchkinState) -> None:
    """Every seat waiting in the open window passes (in the order asked)."""
    assert state.window is not None, "no window is open"
    while state.window is not None and not state.stack:
        state.apply(state.actors()[0], PASS)


def events(state: MunchkinState, kind: str) -> list[dict[str, Any]]:
    """The data of every event of one kind, oldest first."""
    return [event.data for event in state.events if event.kind == kind]


def refused(state: MunchkinState, seat: int, action: Action) -> None:
    """`action` is illegal for `seat`: it raises and the state is unchanged."""
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(seat, action)
    assert state.to_json() == before
