"""The end of the game: the coin target, the 4th Rigor Mortis (or the turn limit), and the
tie-break chain, for Rigor Mortis allows no draws.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamenight.kernel import Outcome

if TYPE_CHECKING:
    from .state import MeowState

OVER = "over"
# The ranking when the Dark Lord returns: coins, then cats in the dungeon, then hearts on
# those cats, then cards in hand; a die roll-off settles what is still tied.
TIE_BREAKS = ("coins", "cats", "hearts", "hand")


def check_target(state: MeowState, seat: int) -> None:
    """End the game at once if `seat` has reached the coin target (call after a gain)."""
    if state.coins[seat] >= state.options["coin_target"]:
        finish(state, seat, "coin_target", "coins")


def rank_key(state: MeowState, seat: int) -> tuple[int, int, int, int]:
    """`seat`'s values along `TIE_BREAKS`."""
    dungeon = state.dungeons[seat]
    hearts = state.hearts
    return (
        state.coins[seat],
        len(dungeon),
        sum(hearts[c] for c in dungeon),
        len(state.hands[seat]),
    )


def by_ranking(state: MeowState, reason: str) -> None:
    """End the game now; the best by the tie-break chain wins (``reason``: why it ended)."""
    seats = list(range(state.num_players))
    keys = [rank_key(state, s) for s in seats]
    for step, name in enumerate(TIE_BREAKS):
        best = max(keys[s][step] for s in seats)
        seats = [s for s in seats if keys[s][step] == best]
        if len(seats) == 1:
            finish(state, seats[0], reason, name)
            return
    finish(state, _roll_off(state, seats), reason, "roll_off")


def _roll_off(state: MeowState, seats: list[int]) -> int:
    """Tied players each roll a die; the highest wins, the tied highest roll again."""
    while len(seats) > 1:
        dice = state.roll(len(seats))
        state.log("roll_off", seats=seats, dice=dice)
        best = max(dice)
        seats = [s for s, d in zip(seats, dice, strict=True) if d == best]
    return seats[0]


def finish(state: MeowState, winner: int, reason: str, decided_by: str) -> None:
    """Record the end: `winner`, why the game ended, and which tie-break step decided."""
    state.phase = OVER
    state.winner = winner
    state.end_reason = reason
    state.decided_by = decided_by
    state.stack.clear()
    state.log(
        "game_over",
        winner=winner,
        reason=reason,
        decided_by=decided_by,
        coins=list(state.coins),
    )


def outcome(state: MeowState) -> Outcome:
    """One winner. A seat's score counts the seats it ranks above (winner first, then the
    tie-break chain), so scores order every seat."""
    n = state.num_players
    keys = [(s == state.winner, *rank_key(state, s)) for s in range(n)]
    scores = tuple(float(sum(keys[s] > keys[o] for o in range(n))) for s in range(n))
    return Outcome((state.winner,), scores, state.end_reason == "turn_limit")
