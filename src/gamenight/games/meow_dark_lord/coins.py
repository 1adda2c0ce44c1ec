"""Coins: the treasury pays what it has; a Steal cat's owner chooses where each coin
comes from (the treasury, or another player who has a coin).

The 36 coins only move between the treasury and the players, and every gain checks the
coin target, which ends the game at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamenight.kernel import Frame

from . import end
from .content import CATS

if TYPE_CHECKING:
    from .state import MeowState

STEAL = "steal"  # the step where a Steal cat's owner chooses where its next coin comes from


def victims(state: MeowState, seat: int) -> list[int]:
    """The other players `seat` can steal from (those with coins)."""
    coins = state.coins
    return [s for s in range(state.num_players) if s != seat and coins[s] > 0]


def win(state: MeowState, seat: int, card: int, amount: int) -> None:
    """`seat` wins `amount` coins through `card`.

    From the treasury (an empty one pays nothing). A Steal cat's owner chooses, for each
    coin, the treasury or another player who has a coin (a step on the stack); while no
    other player has one, the treasury pays, so Steal never wins less than a plain cat.
    """
    if amount <= 0:
        return
    if CATS[card].steal and victims(state, seat):
        state.stack.push(Frame(STEAL, seat, (card, amount)))
        return
    paid = min(amount, state.treasury)
    state.treasury -= paid
    state.coins[seat] += paid
    state.log("coins", seat=seat, card=card, amount=paid, source="treasury")
    end.check_target(state, seat)


def steal(state: MeowState, seat: int, card: int, source: int | None, amount: int) -> None:
    """A Steal cat's next coin of `amount`: from `source` (a player; None: the treasury).
    The rest is won as the first was, with a new choice for each coin."""
    if source is None:
        state.treasury -= 1
        state.coins[seat] += 1
        state.log("coins", seat=seat, card=card, amount=1, source="treasury")
        end.check_target(state, seat)
    else:
        rob(state, seat, card, source, 1)
    if state.phase != end.OVER:
        win(state, seat, card, amount - 1)


def rob(state: MeowState, seat: int, card: int, victim: int, amount: int) -> None:
    """`seat` takes up to `amount` coins from `victim` (a Steal coin, Gang Boss's tax)."""
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
