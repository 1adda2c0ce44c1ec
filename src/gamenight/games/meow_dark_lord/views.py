"""Meow, Dark Lord!: what each seat may see, and determinization for search.

Hidden: each hand (its owner sees it; the others see its size and the cards they saw go
into it from the Graveyard) and the Tower's order, Rigor Mortis positions included. Public:
dungeons and hearts, coins, the treasury, the Graveyard, the Rigor track, and how many of
the Tower's top cards the set-up keeps free of Rigor Mortis.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamenight.kernel.rng import Rng

from . import abilities
from .content import CATS, NUM_CATS, RIGOR

if TYPE_CHECKING:
    from .state import MeowState


def card_json(card: int) -> dict[str, Any]:
    return {"card": card, "cat": CATS[card].key}


def view(state: MeowState, seat: int | None) -> dict[str, Any]:
    """Exactly what `seat` may know (``None``: a spectator)."""
    state.check_seat(seat)
    revealed, acted, hearts = state.revealed, state.acted, state.hearts
    seats = []
    for s in range(state.num_players):
        hand = state.hands[s]
        seats.append(
            {
                "seat": s,
                "coins": state.coins[s],
                "hand_size": len(hand),
                "hand": [card_json(c) for c in hand] if s == seat else None,
                "known_hand": [card_json(c) for c in hand if c in revealed],
                "dungeon": [
                    {**card_json(c), "hearts": hearts[c], "acted": c in acted}
                    for c in state.dungeons[s]
                ],
            }
        )
    pending = None
    if state.stack and abilities.is_choice(state.stack.top):
        kind, controller, (card, amount) = state.stack.top
        pending = {"step": kind, "seat": controller, "card": card, "amount": amount}
    return {
        "game": state.game_id,
        "seat": seat,
        "players": state.num_players,
        "turn": state.turn,
        "turn_number": state.turn_number,
        "phase": state.phase,
        "to_act": list(state.actors()),
        "pending": pending,
        "coin_target": state.options["coin_target"],
        "treasury": state.treasury,
        "tower": len(state.tower),
        "tower_safe_top": state.safe_top,
        "rigor_mortis": len(state.track),
        "rigor_mortis_total": len(RIGOR),
        "graveyard": [card_json(c) for c in state.graveyard],
        "seats": seats,
        "winner": state.winner if state.winner >= 0 else None,
        "end_reason": state.end_reason or None,
        "decided_by": state.decided_by or None,
    }


def resample_hidden(state: MeowState, seat: int | None, rng: Rng) -> None:
    """Redeal everything `seat` cannot see, keeping all it has seen.

    The unseen cats (the other hands, less the cards seen going into them, and the Tower's
    cats) are shuffled and dealt back: each hand keeps its size and its seen cards, the
    Tower's top `safe_top` cards are cats, and the unrevealed Rigor Mortis cards are
    shuffled with the remaining cats below them, as the set-up would have put them.
    """
    others = [s for s in range(state.num_players) if s != seat]
    seen = set(state.revealed)
    # Sorted: the world drawn must not depend on where the real cards lie.
    pool = [c for s in others for c in state.hands[s] if c not in seen]
    pool += [c for c in state.tower if c < NUM_CATS]
    pool.sort()
    rng.shuffle(pool)
    for s in others:
        hand = [c for c in state.hands[s] if c in seen]  # seen cards, in the order shown
        hand += [pool.pop() for _ in range(len(state.hands[s]) - len(hand))]
        state.hands[s] = hand
    top = [pool.pop() for _ in range(state.safe_top)]
    bottom = sorted(pool + [c for c in state.tower if c >= NUM_CATS])
    rng.shuffle(bottom)
    state.tower = bottom + top
