"""Meow, Dark Lord!: what each seat may see, and determinization for search.

Hidden: each hand (its owner sees it; the others see its size and the cards they saw go
into it from the Graveyard) and the Tower's order, Rigor Mortis positions included. Public:
dungeons and hearts, coins, the treasury, the Graveyard, the Rigor track, and how many of
the Tower's top cards the set-up keeps free of Rigor Mortis.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TypedDict

from gamenight.kernel.rng import Rng

from . import abilities
from .content import CATS, NUM_CATS, RIGOR
from .model import EndReason, MeowModel, Phase, TieBreak


class CardView(TypedDict):
    """A card by instance id (`card`, as actions name it) and design key (`cat`)."""

    card: int
    cat: str


class DungeonCatView(CardView):
    """A cat in a dungeon: its heart tokens, and whether it has acted this turn."""

    hearts: int
    acted: bool


class SeatView(TypedDict):
    """A seat: its coins, its hand as far as the viewer knows it, and its dungeon."""

    seat: int
    coins: int
    hand_size: int
    hand: list[CardView] | None  # the viewer's own hand; None for the others
    known_hand: list[CardView]  # the cards everybody saw go into it (from the Graveyard)
    dungeon: list[DungeonCatView]


class PendingView(TypedDict):
    """The choice the top step waits for: its kind, who chooses, its source card, its
    amount (hearts to take or heal, coins still to steal; 0 if none)."""

    step: str  # an `Effect` or a `Step`
    seat: int
    card: int
    amount: int


class MeowView(TypedDict):
    """What a seat (``None``: a spectator) may know of a game."""

    game: str
    seat: int | None
    players: int
    turn: int  # whose turn it is
    turn_number: int
    phase: Phase
    to_act: list[int]
    pending: PendingView | None
    coin_target: int
    treasury: int
    tower: int  # cards in the Tower
    tower_safe_top: int  # its top cards known to hold no Rigor Mortis
    rigor_mortis: int  # Rigor Mortis cards revealed
    rigor_mortis_total: int
    graveyard: list[CardView]  # bottom first
    seats: list[SeatView]
    winner: int | None
    end_reason: EndReason | None
    decided_by: TieBreak | None


def card_view(card: int) -> CardView:
    """A card as views show it."""
    return {"card": card, "cat": CATS[card].key}


def view(state: MeowModel, seat: int | None) -> MeowView:
    """Exactly what `seat` may know (``None``: a spectator)."""
    state.check_seat(seat)
    revealed, acted, hearts = state.revealed, state.acted, state.hearts
    seats: list[SeatView] = []
    for s in range(state.num_players):
        hand = state.hands[s]
        seats.append(
            {
                "seat": s,
                "coins": state.coins[s],
                "hand_size": len(hand),
                "hand": [card_view(c) for c in hand] if s == seat else None,
                "known_hand": [card_view(c) for c in hand if c in revealed],
                "dungeon": [
                    {"card": c, "cat": CATS[c].key, "hearts": hearts[c], "acted": c in acted}
                    for c in state.dungeons[s]
                ],
            }
        )
    pending: PendingView | None = None
    if state.stack and abilities.is_choice(state.stack.top):
        kind, controller, (card, amount) = state.stack.top
        assert type(card) is int and type(amount) is int  # a step's args (`abilities.py`)
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
        "graveyard": [card_view(c) for c in state.graveyard],
        "seats": seats,
        "winner": state.winner if state.winner >= 0 else None,
        "end_reason": state.end_reason or None,
        "decided_by": state.decided_by or None,
    }


def resample_hidden(state: MeowModel, seat: int | None, rng: Rng) -> None:
    """Redeal everything `seat` cannot see, keeping all it has seen.

    The unseen cats (the other hands, less the cards seen going into them, and the Tower's
    cats) are shuffled and dealt back: each hand keeps its size and its seen cards, the
    Tower's top `safe_top` cards are cats, and the unrevealed Rigor Mortis cards are
    shuffled with the remaining cats below them, as the set-up would have put them.
    """
    hands = state.hands
    others = [s for s in range(state.num_players) if s != seat]
    # Sorted: the world drawn must not depend on where the real cards lie. The Tower's
    # cats come first, then its Rigor Mortis cards.
    tower = sorted(state.tower)
    cats = bisect_left(tower, NUM_CATS)
    pool = tower[:cats]
    seen = set(state.revealed)
    kept = [[c for c in hands[s] if c in seen] if seen else [] for s in others]
    for s in others:
        pool += [c for c in hands[s] if c not in seen] if seen else hands[s]
    pool.sort()
    rng.shuffle(pool)
    for s, hand in zip(others, kept, strict=True):
        hand += _deal(pool, len(hands[s]) - len(hand))  # seen cards first, in the order shown
        hands[s] = hand
    top = _deal(pool, state.safe_top)
    pool += tower[cats:]
    pool.sort()
    rng.shuffle(pool)
    pool += top
    state.tower = pool


def _deal(pool: list[int], count: int) -> list[int]:
    """Take `count` cards off the end of `pool`, last first (as `count` pops would), in
    one slice: a search determinizes often."""
    dealt = pool[: -count - 1 : -1]
    del pool[len(pool) - count :]
    return dealt
