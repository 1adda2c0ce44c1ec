"""The dice actions of the Dungeon phase (Search and Attack), wounds and deaths.

A cat rolls one die per heart token on it; each die showing at most its power succeeds.
"""

from __future__ import annotations

from typing import Final

from . import cards, coins
from .content import DECOY, POWER
from .model import EventKind, MeowModel

# Bound once: looking a member up on its enum class costs about as much as logging the
# event, and these are logged on most moves.
_SEARCH, _ATTACK, _WOUND = EventKind.SEARCH, EventKind.ATTACK, EventKind.WOUND
_KILLED: Final = EventKind.KILLED


def roll_hits(state: MeowModel, card: int) -> tuple[list[int], int]:
    """Roll `card`'s dice: ``(dice, successes)``."""
    dice = state.roll(state.hearts[card])
    power = POWER[card]
    return dice, sum(1 for d in dice if d <= power)


def search(state: MeowModel, seat: int, card: int) -> None:
    """`card` searches: one coin per success."""
    dice, hits = roll_hits(state, card)
    state.log(_SEARCH, seat=seat, card=card, dice=dice, hits=hits)
    coins.win(state, seat, card, hits)


def attack_targets(state: MeowModel, seat: int) -> list[int]:
    """The cats `seat` may attack: any cat in any dungeon, except that an opponent with a
    Decoy cat may be attacked only through their Decoy cats."""
    targets: list[int] = []
    for other, dungeon in enumerate(state.dungeons):
        if other != seat:
            decoys = [c for c in dungeon if DECOY[c]]
            if decoys:
                targets.extend(decoys)
                continue
        targets.extend(dungeon)
    return targets


def attack(state: MeowModel, seat: int, card: int, target: int) -> None:
    """`card` attacks `target`: one heart lost per success."""
    dice, hits = roll_hits(state, card)
    state.log(_ATTACK, seat=seat, card=card, target=target, dice=dice, hits=hits)
    wound(state, target, hits)


def wound(state: MeowModel, target: int, amount: int) -> None:
    """`target` loses `amount` hearts; with none left it goes to the Graveyard."""
    if amount <= 0:
        return
    left = max(0, state.hearts[target] - amount)
    state.hearts[target] = left
    state.log(_WOUND, card=target, amount=amount, hearts=left)
    if left == 0:
        cards.to_graveyard(state, target, _KILLED)
