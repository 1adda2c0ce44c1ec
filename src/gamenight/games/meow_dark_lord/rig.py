"""Rig a Meow, Dark Lord! position for scenario tests (see `gamenight.testing.rig`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from gamenight.kernel import DecisionStack
from gamenight.kernel.rng import Rng

from .content import CATS, HEARTS, NUM_CATS, RIGOR, TOTAL_COINS
from .model import MeowModel, Phase
from .turn import settle

PHASES = (Phase.HIRE1, Phase.DUNGEON, Phase.HIRE2, Phase.SACRIFICE)


class LoadedDice(Rng):
    """A generator whose next die rolls are given; after them it rolls as usual."""

    __slots__ = ("faces",)

    def __init__(self, state: int, faces: Sequence[int]) -> None:
        super().__init__(state=state)
        self.faces = list(faces)

    def below(self, n: int) -> int:
        if self.faces:
            if n != 6:
                raise ValueError(f"a loaded die was used for a draw among {n}")
            return self.faces.pop(0) - 1
        return super().below(n)


def rig(
    state: MeowModel,
    *,
    hands: Mapping[int, Sequence[str]] | None = None,
    dungeons: Mapping[int, Sequence[str | tuple[str, int]]] | None = None,
    graveyard: Sequence[str] = (),
    tower: Sequence[str] = (),
    rigor: int = 0,
    coins: Sequence[int] | None = None,
    turn: int = 0,
    phase: str = Phase.HIRE1,
    dice: Sequence[int] = (),
) -> MeowModel:
    """Set up a position from scratch; cards are named by design key (``"tabby"``).

    - `hands`, `dungeons`: by seat; seats not named have none. A dungeon cat is a key
      (printed hearts) or ``(key, hearts)``. Copies are taken lowest card id first, in the
      order given, so ``state.hands[0]`` lists them as named.
    - `graveyard`: bottom first. `tower`: its top cards, top first (``"rigor"`` for a
      Rigor Mortis card); every other cat lies below them, the other Rigor Mortis cards
      at the very bottom.
    - `rigor`: Rigor Mortis cards already revealed on the track.
    - `coins`: per seat; the treasury holds the rest of the coins.
    - `turn`, `phase` (``hire1``, ``dungeon``, ``hire2`` or ``sacrifice``): where play is.
    - `dice`: the next die results (1-6), in order; then the dice roll at random.
    """
    n = state.num_players
    if phase not in PHASES:
        raise ValueError(f"phase must be one of {', '.join(PHASES)}, got {phase!r}")
    if not 0 <= rigor < len(RIGOR):
        raise ValueError(f"rigor must be 0..{len(RIGOR) - 1}, got {rigor}")
    free: dict[str, list[int]] = {}
    for card in range(NUM_CATS):
        free.setdefault(CATS[card].key, []).append(card)
    free_rigor = list(RIGOR[rigor:])

    def take(key: str) -> int:
        if key == "rigor":
            if not free_rigor:
                raise ValueError("no Rigor Mortis card left to place")
            return free_rigor.pop(0)
        if key not in free:
            raise ValueError(f"no cat {key!r}; cats: {', '.join(free)}")
        if not free[key]:
            raise ValueError(f"every copy of {key!r} is already placed")
        return free[key].pop(0)

    state.hearts = [0] * NUM_CATS
    state.hands = [[take(k) for k in (hands or {}).get(s, ())] for s in range(n)]
    state.dungeons = [[] for _ in range(n)]
    for s, cats in (dungeons or {}).items():
        for entry in cats:
            key, hearts = (entry, None) if isinstance(entry, str) else entry
            card = take(key)
            state.dungeons[s].append(card)
            state.hearts[card] = HEARTS[card] if hearts is None else hearts
    state.graveyard = [take(k) for k in graveyard]
    top = [take(k) for k in tower]
    rest = sorted(c for cards in free.values() for c in cards)
    state.tower = free_rigor + rest[::-1] + top[::-1]
    state.safe_top = 0
    state.track = list(RIGOR[:rigor])
    state.coins = list(coins) if coins is not None else [0] * n
    state.treasury = TOTAL_COINS - sum(state.coins)
    if state.treasury < 0:
        raise ValueError(f"the players hold more than the {TOTAL_COINS} coins")
    state.turn, state.phase, state.turn_number = turn, Phase(phase), 1
    state.acted, state.revealed, state.stack = [], [], DecisionStack()
    state.winner, state.end_reason, state.decided_by = -1, "", ""
    state.rng = LoadedDice(state.rng.state, dice)
    state.events.clear()
    state.history.clear()
    settle(state)  # automatic phase changes happen: an empty dungeon phase ends by itself
    return state
