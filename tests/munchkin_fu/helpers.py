"""Shared helpers of the Munchkin Fu scenario tests."""

from __future__ import annotations

from munchkin.helpers import CardSetRig

from gamenight.games.munchkin import SETS, MunchkinState
from gamenight.kernel import PASS

GAME = "munchkin-fu"
CS = SETS[GAME].CS
_RIG = CardSetRig(GAME)
game, fight, card, keys = _RIG.game, _RIG.fight, _RIG.card, _RIG.keys


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
