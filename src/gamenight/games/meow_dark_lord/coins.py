"""Coins: the treasury pays what it has; a Steal cat's owner chooses where each coin
comes from (the treasury, or another player who has a coin).

The 36 coins only move between the treasury and the players, and every gain checks the
coin target, which ends the game at once.
"""

from __future__ import annotations

from gamenight.kernel import Frame

from . import end
from .content import CATS
from .model import TREASURY, EventKind, MeowModel, Step

_COINS = EventKind.COINS  # bound once: coins change hands on most moves


def victims(state: MeowModel, seat: int) -> list[int]:
    """The other players `seat` can steal from (those with coins)."""
    coins = state.coins
    return [s for s in range(state.num_players) if s != seat and coins[s] > 0]


def win(state: MeowModel, seat: int, card: int, amount: int) -> None:
    """`seat` wins `amount` coins through `card`.

    From the treasury (an empty one pays nothing). A Steal cat's owner chooses, for each
    coin, the treasury or another player who has a coin (a step on the stack); while no
    other player has one, the treasury pays, so Steal never wins less than a plain cat.
    """
    if amount <= 0:
        return
    if CATS[card].steal and victims(state, seat):
        state.stack.push(Frame(Step.STEAL, seat, (card, amount)))
        return
    paid = min(amount, state.treasury)
    state.treasury -= paid
    state.coins[seat] += paid
    state.log(_COINS, seat=seat, card=card, amount=paid, source=TREASURY)
    end.check_target(state, seat)


def steal(state: MeowModel, seat: int, card: int, source: int | None, amount: int) -> None:
    """A Steal cat's next coin of `amount`: from `source` (a player; None: the treasury).
    The rest is won as the first was, with a new choice for each coin."""
    if source is None:
        state.treasury -= 1
        state.coins[seat] += 1
        state.log(_COINS, seat=seat, card=card, amount=1, source=TREASURY)
        end.check_target(state, seat)
    else:
        rob(state, seat, card, source, 1)
    if not state.is_over():
        win(state, seat, card, amount - 1)


def rob(state: MeowModel, seat: int, card: int, victim: int, amount: int) -> None:
    """`seat` takes up to `amount` coins from `victim` (a Steal coin, Gang Boss's tax)."""
    taken = min(amount, state.coins[victim])
    state.coins[victim] -= taken
    state.coins[seat] += taken
    state.log(_COINS, seat=seat, card=card, amount=taken, source=victim)
    end.check_target(state, seat)


def tax(state: MeowModel, seat: int, card: int, amount: int) -> None:
    """`seat` takes up to `amount` coins from each other player."""
    for other in range(state.num_players):
        if other != seat and state.coins[other] > 0:
            rob(state, seat, card, other, amount)
            if state.is_over():
                return
