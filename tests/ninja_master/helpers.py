"""Shared helpers of the Ninja Master scenario tests."""

from __future__ import annotations

from typing import Any

from gamenight.games.ninja_master import NinjaMasterState
from gamenight.games.ninja_master.actions import DONE, Call, Grab
from gamenight.games.ninja_master.content import token_id
from gamenight.testing import rigged

# One ninja of each colour and no Smoke (each Ninja token worth +1); one Katana against
# three Shurikens, so the Katana is not takeable; the Shuriken holder scores 3.
QUIET = ["red 1", "blue 1", "green 1", "yellow 1", "black 1", "katana"] + ["shuriken"] * 3


def game(players: int = 3, **setup: Any) -> NinjaMasterState:
    """A rigged position at the start of a grab (keywords: ``games/ninja_master/rig.py``).

    Without `dice` the roll is `QUIET`.
    """
    setup.setdefault("dice", QUIET)
    return rigged("ninja-master", players=players, **setup)


def grab(token: str, ms: int) -> Grab:
    """Grab the ``"red"``...``"black"`` or ``"katana"`` token at `ms`."""
    return Grab(token_id(token), ms)


def call(total: int, ms: int) -> Call:
    return Call(total, ms)


def finish(state: NinjaMasterState) -> dict[str, Any]:
    """Every seat still grabbing is done: the round is scored. Returns its summary."""
    for seat in state.actors():
        state.apply(seat, DONE)
    assert state.last_round is not None
    return state.last_round


def play(state: NinjaMasterState, *moves: tuple[int, Any]) -> None:
    """Apply ``(seat, action)`` moves in order."""
    for seat, action in moves:
        state.apply(seat, action)
