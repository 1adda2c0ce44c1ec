"""Coins: the treasury pays what it has; a Steal cat's coins come from a chosen player.

The 36 coins only move between the treasury and the players, and every gain checks the
coin target, which ends the game at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import end
from .content import CATS

if TYPE_CHECKING:
    from .state import MeowState

STEAL = "steal"  # the step where a Steal cat's controller chooses whom to rob


def victims(state: MeowState, seat: int) -> list[int]:
    """The other players `seat` can steal from (those with coins)."""
    coins = state.coins
    return [s for s in range(state.num_players) if s != seat and coins[s] > 0]


def win(state: MeowState, seat: int, card: int, amount: int) -> None:
    """`seat` wins `amount` coins through `card`.

    From the treasury (an empty one pays nothing), or, when the cat has Steal, from another
    player the seat chooses next; with nobody to rob, Steal takes nothing.
    """
    if amount <= 0:
        return
    if CATS[card].steal:
        if victims(state, seat):
            state.stack.append((STEAL, seat, card, amount))
        else:
            state.log("coins", seat=seat, card=card, amount=0, source=None)
        return
    paid = min(amount, state.treasury)
    state.treasury -= paid
    state.coins[seat] += paid
    state.log("coins", seat=seat, card=card, amount=paid, source="treasury")
    end.check_target(state, seat)


def rob(state: MeowState, seat: int, card: int, victim: int, amount: int) -> None:
    """`seat` takes up to `amount` coins from `victim` (Steal)."""
    taken = min(amount, state.coins[victim])
    state.coins[victim] -= taken
    state.coins[seat] += taken
    state.log("coins", seat=seat, card=card, amount=taken, source=victim)
    end.check_target(state, seat)


def tax(state: MeowState, seat: int, card: int, amount: int) -> None:
    """`seat` takes up to `amount` coins from each other player."""
    for other in range(state.num_players):
        if other != seat and state.coins[other] > 0:
            rob(state, seat, card, other, amount)
            if state.phase == end.OVER:
                return
