"""The end of the game: the coin target, the 4th Rigor Mortis (or the turn limit), and the
tie-break chain, for Rigor Mortis allows no draws.
"""

from __future__ import annotations

from gamenight.kernel import Outcome

from .model import EndReason, EventKind, MeowModel, Phase, TieBreak

# The ranking when the Dark Lord returns: coins, then cats in the dungeon, then hearts on
# those cats, then cards in hand; a die roll-off settles what is still tied.
TIE_BREAKS = (TieBreak.COINS, TieBreak.CATS, TieBreak.HEARTS, TieBreak.HAND)


def check_target(state: MeowModel, seat: int) -> None:
    """End the game at once if `seat` has reached the coin target (call after a gain)."""
    if state.coins[seat] >= state.options["coin_target"]:
        finish(state, seat, EndReason.COIN_TARGET, TieBreak.COINS)


def rank_key(state: MeowModel, seat: int) -> tuple[int, int, int, int]:
    """`seat`'s values along `TIE_BREAKS`."""
    dungeon = state.dungeons[seat]
    hearts = state.hearts
    return (
        state.coins[seat],
        len(dungeon),
        sum(hearts[c] for c in dungeon),
        len(state.hands[seat]),
    )


def by_ranking(state: MeowModel, reason: EndReason) -> None:
    """End the game now; the best by the tie-break chain wins (``reason``: why it ended)."""
    seats = list(range(state.num_players))
    keys = [rank_key(state, s) for s in seats]
    for step, name in enumerate(TIE_BREAKS):
        best = max(keys[s][step] for s in seats)
        seats = [s for s in seats if keys[s][step] == best]
        if len(seats) == 1:
            finish(state, seats[0], reason, name)
            return
    finish(state, _roll_off(state, seats), reason, TieBreak.ROLL_OFF)


def _roll_off(state: MeowModel, seats: list[int]) -> int:
    """Tied players each roll a die; the highest wins, the tied highest roll again."""
    while len(seats) > 1:
        dice = state.roll(len(seats))
        state.log(EventKind.ROLL_OFF, seats=seats, dice=dice)
        best = max(dice)
        seats = [s for s, d in zip(seats, dice, strict=True) if d == best]
    return seats[0]


def finish(state: MeowModel, winner: int, reason: EndReason, decided_by: TieBreak) -> None:
    """Record the end: `winner`, why the game ended, and which tie-break step decided."""
    state.phase = Phase.OVER
    state.winner = winner
    state.end_reason = reason
    state.decided_by = decided_by
    state.stack.clear()
    state.log(
        EventKind.GAME_OVER,
        winner=winner,
        reason=reason,
        decided_by=decided_by,
        coins=list(state.coins),
    )


def outcome(state: MeowModel) -> Outcome:
    """One winner. A seat's score counts the seats it ranks above (winner first, then the
    tie-break chain), so scores order every seat."""
    n = state.num_players
    keys = [(s == state.winner, *rank_key(state, s)) for s in range(n)]
    scores = tuple(float(sum(keys[s] > keys[o] for o in range(n))) for s in range(n))
    return Outcome((state.winner,), scores, state.end_reason == EndReason.TURN_LIMIT)
