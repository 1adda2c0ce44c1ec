"""Shared helpers of the Ninja Master scenario tests."""

from __future__ import annotations

from typing import Any

from gamenight.games.ninja_master import NinjaMasterState
from gamenight.games.ninja_master.actions import DONE, Call, Grab
from gamenight.games.ninja_master.content import token_id
from gamenight.games.ninja_master.rig import carry_out, settle  # noqa: F401
from gamenight.testing import rigged

# One ninja of each colour and no Smoke (each Ninja token worth +1); one Katana against
# three Shurikens, so the Katana is not takeable; the Shuriken holder scores 3.
QUIET = ["red 1", "blue 1", "green 1", "yellow 1", "black 1", "katana"] + ["shuriken"] * 3


def game(players: int = 3, **setup: Any) -> NinjaMasterState:
    """A rigged position at the start of a grab (keywords: ``games/ninja_master/rig.py``).

    Without `dice` the roll is `QUIET`; without `reaction_ms` it is 0, so that a scenario
    can time its moves freely (the reaction floor has tests of its own).
    """
    setup.setdefault("dice", QUIET)
    setup.setdefault("reaction_ms", 0)
    return rigged("ninja-master", players=players, **setup)


def grab(token: str, ms: int) -> Grab:
    """Grab the ``"red"``...``"black"`` or ``"katana"`` token at `ms`."""
    return Grab(token_id(token), ms)


def call(total: int, ms: int) -> Call:
    return Call(total, ms)


def finish(state: NinjaMasterState) -> dict[str, Any]:
    """Every seat still grabbing is done: the round is scored. Returns its summary."""
    round_ = state.round
    while state.round == round_ and not state.is_over():
        for seat in state.actors():
            state.apply(seat, DONE)
    assert state.last_round is not None
    return state.last_round


def play(state: NinjaMasterState, *moves: tuple[int, Any]) -> None:
    """Carry out ``(seat, action)`` moves one by one (`rig.carry_out`)."""
    carry_out(state, *moves)
