"""Rig a mini game position for scenario tests (see `gamenight.testing.rigged`)."""

from __future__ import annotations

from collections.abc import Sequence

from .actions import NUM_CARDS
from .state import MiniState


def rig(
    state: MiniState,
    *,
    hands: Sequence[Sequence[int]] | None = None,
    gems: Sequence[Sequence[int]] | None = None,
    coins: Sequence[int] | None = None,
    vault: Sequence[int] | None = None,
) -> MiniState:
    """Set hands (card ids per seat; the other cards are unused), gem slots, coins and
    vaults, at the start of the first round's bids."""
    if hands is not None:
        state.hands = [sorted(hand) for hand in hands]
        held = {card for hand in hands for card in hand}
        state.unused = [card for card in range(NUM_CARDS) if card not in held]
    if gems is not None:
        state.gems = [list(slots) for slots in gems]
    if coins is not None:
        state.coins = list(coins)
    if vault is not None:
        state.vault = list(vault)
    return state
