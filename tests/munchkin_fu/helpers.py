"""Shared helpers of the Munchkin Fu scenario tests."""

from __future__ import annotations

from typing import Any

from gamenight.games.munchkin import SETS, MunchkinState
from gamenight.games.munchkin.actions import KICK
from gamenight.kernel import PASS
from gamenight.testing import rigged

GAME = "munchkin-fu"
CS = SETS[GAME].CS


def game(players: int = 3, **setup: Any) -> MunchkinState:
    """A rigged Fu position (keywords: see ``games/munchkin/rig.py``)."""
    return rigged(GAME, players=players, **setup)


def fight(monster: str, **setup: Any) -> MunchkinState:
    """Seat 0 kicks open `monster` (the other keywords go to the rig)."""
    state = game(door=[monster], **setup)
    state.apply(0, KICK)
    return state


def card(key: str, copy: int = 0) -> int:
    """The instance id of a Fu design's `copy`-th card."""
    return CS.copies(key)[copy]


def keys(cards: list[int]) -> list[str]:
    return [CS.keys[c] for c in cards]


def strengths(state: MunchkinState) -> tuple[int, int]:
    """(the players' strength, the monsters' strength) of the fight."""
    fight = state.view(None)["combat"]
    return fight["players_strength"], fight["monsters_strength"]


def pass_others(state: MunchkinState) -> None:
    """Every seat but the fighter passes: the fighter is the last seat waiting."""
    while state.actors() != (0,):
        state.apply(next(seat for seat in state.actors() if seat != 0), PASS)


def pass_reinforcements(state: MunchkinState) -> None:
    """Every seat asked to add a monster to the fight (the ruleset's ``reinforce``)
    passes, in turn."""
    while state.stack:
        state.apply(state.actors()[0], PASS)


def pass_all(state: MunchkinState) -> None:
    """Every seat waiting in the open window passes."""
    while state.window is not None and not state.stack:
        state.apply(state.actors()[0], PASS)
